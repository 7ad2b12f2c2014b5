// The failure breakdown: per model, a bar per answer diagnostic code (records with it, and all
// occurrences), informational notes apart; each code's meaning as its tooltip and in a legend. A
// bar's click opens the questions behind it in the matrix.
import type { ResultsModel } from '../../src/protocol/results';
import type { CodeCount } from '../../src/core/runs/reportTypes';
import { button, el, heading, countedNoun } from './dom';

/** The errored records by kind, HTTP status and server type: what failed, never split by message text. */
function errorKinds(model: ResultsModel): HTMLElement | null {
  const kinds = Array.isArray(model.report.errors_by_kind) ? model.report.errors_by_kind : [];
  if (kinds.length === 0) return null;
  const table = el('table', 'results-table error-kinds');
  table.id = 'error-kinds';
  table.append(el('caption', undefined, 'Errors (failed model calls) by kind'));
  const head = el('tr');
  for (const name of ['kind', 'status', 'type', 'records', 'example'])
    head.append(el('th', name === 'records' || name === 'status' ? 'num' : 'key', name));
  const thead = el('thead');
  thead.append(head);
  const body = el('tbody');
  for (const entry of kinds) {
    const row = el('tr');
    row.append(
      el('td', 'key', String(entry.kind)),
      el('td', 'num', entry.status === undefined ? '—' : String(entry.status)),
      el('td', 'key', entry.type ?? '—'),
      el('td', 'num bad', countedNoun(entry.records, 'record')),
      el('td', 'note', String(entry.example)),
    );
    body.append(row);
  }
  table.append(thead, body);
  const wrap = el('div', 'table-wrap');
  wrap.append(heading('Errors', 'failed model calls by kind, HTTP status and server type'), table);
  return wrap;
}

/** A code's meaning as its tooltip and legend say it: the declared meaning, else its first message. */
const meaningOf = (entry: CodeCount): string => entry.meaning ?? `e.g. ${entry.example}`;

/** Bars for some codes: `of` records are the share's whole (a model's records, or all). */
function bars(entries: readonly CodeCount[], of: number, open: (code: string) => void, model?: string): HTMLElement {
  const most = Math.max(1, ...entries.map((entry) => entry.records));
  const list = el('div', 'failure-bars');
  for (const entry of entries) {
    const meaning = meaningOf(entry);
    const bar = button(
      '',
      'failure-bar',
      `${entry.code}: ${meaning}\nShow the records with ${entry.code} in the question matrix`,
    );
    bar.dataset.code = entry.code;
    if (model !== undefined) bar.dataset.model = model;
    const track = el('span', 'failure-track');
    const fill = el('span', 'failure-fill');
    fill.style.width = `${Math.max(0.5, (entry.records / most) * 100)}%`;
    track.append(fill);
    // The share is of the model's records (all records for notes); a record can hold a code more than once, hence two counts.
    const share =
      of > 0 ? ` · ${((entry.records / of) * 100).toFixed(1)}% of ${model === undefined ? 'all' : model}` : '';
    bar.append(
      el('span', 'failure-code', entry.code),
      track,
      el('span', 'failure-count', `${countedNoun(entry.records, 'record')}${share}`),
      el('span', 'failure-occurrences', countedNoun(entry.count, 'occurrence')),
    );
    bar.addEventListener('click', () => open(entry.code));
    list.append(bar);
  }
  return list;
}

/** Every code shown, with what it means: the legend under the bars. */
function legend(entries: readonly CodeCount[]): HTMLElement {
  const list = el('dl', 'glossary code-legend');
  list.id = 'code-legend';
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.code)) continue;
    seen.add(entry.code);
    list.append(el('dt', undefined, entry.code), el('dd', undefined, meaningOf(entry)));
  }
  return list;
}

/** The distinct failure codes (notes left out): the tab's count. */
export function failureCodeCount(model: ResultsModel): number {
  const byModel = model.report.failures_by_model ?? [];
  return new Set(byModel.flatMap((entry) => entry.failures.map((failure) => failure.code))).size;
}

export function renderFailures(model: ResultsModel, open: (code: number) => void): HTMLElement {
  const section = el('section', 'results-failures');
  const errors = errorKinds(model);
  if (errors) section.append(errors);
  const byModel = model.report.failures_by_model ?? [];
  const notes = model.report.notes ?? [];
  const openCode = (code: string) => open(model.strings.indexOf(code));
  section.append(
    heading(
      'Failure breakdown',
      'answer diagnostics per model · hover a code for what it means · click a bar for its questions',
    ),
  );
  const failing = byModel.filter((entry) => entry.failures.length > 0);
  if (failing.length === 0) section.append(el('p', 'empty', 'No failures in these records.'));
  for (const entry of failing) {
    const block = el('div', 'failure-model');
    block.dataset.model = entry.model;
    block.append(el('h3', 'failure-model-name', `${entry.model} · ${countedNoun(entry.records, 'record')}`));
    block.append(bars(entry.failures, entry.records, openCode, entry.model));
    section.append(block);
  }
  const clean = byModel.filter((entry) => entry.failures.length === 0).map((entry) => entry.model);
  if (failing.length > 0 && clean.length > 0) section.append(el('p', 'note', `No failures: ${clean.join(', ')}.`));
  if (notes.length > 0) {
    const block = el('div', 'failure-notes');
    block.id = 'failure-notes';
    block.append(heading('Notes', 'informational codes, not failures'), bars(notes, model.report.records, openCode));
    section.append(block);
  }
  const shown = [...failing.flatMap((entry) => entry.failures), ...notes];
  if (shown.length > 0) section.append(el('h3', undefined, 'What the codes mean'), legend(shown));
  return section;
}
