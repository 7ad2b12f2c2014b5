// The failure breakdown: a bar per answer diagnostic code (records with it, and all occurrences);
// a bar's click opens the questions behind it in the matrix.
import type { ResultsModel } from '../../src/protocol/results';
import { button, el, heading, plural } from './dom';

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
      el('td', 'num bad', plural(entry.records, 'record')),
      el('td', 'note', String(entry.example)),
    );
    body.append(row);
  }
  table.append(thead, body);
  const wrap = el('div', 'table-wrap');
  wrap.append(heading('Errors', 'failed model calls by kind, HTTP status and server type'), table);
  return wrap;
}

export function renderFailures(model: ResultsModel, open: (code: number) => void): HTMLElement {
  const section = el('section', 'results-failures');
  const errors = errorKinds(model);
  if (errors) section.append(errors);
  const { failures, records } = model.report;
  section.append(heading('Failure breakdown', 'answer diagnostics by code · click a bar for its questions'));
  if (failures.length === 0) {
    section.append(el('p', 'empty', 'No answer diagnostics in these records.'));
    return section;
  }
  const most = Math.max(...failures.map((failure) => failure.records));
  const list = el('div', 'failure-bars');
  for (const failure of failures) {
    const bar = button(
      '',
      'failure-bar',
      `Show the ${plural(failure.records, 'record')} with ${failure.code} in the question matrix`,
    );
    bar.dataset.code = failure.code;
    const track = el('span', 'failure-track');
    const fill = el('span', 'failure-fill');
    fill.style.width = `${Math.max(0.5, (failure.records / most) * 100)}%`;
    track.append(fill);
    // The share is of all records; a record can hold a code more than once, hence two counts.
    const share = records > 0 ? ` · ${((failure.records / records) * 100).toFixed(1)}% of all` : '';
    bar.append(
      el('span', 'failure-code', failure.code),
      track,
      el('span', 'failure-count', `${plural(failure.records, 'record')}${share}`),
      el('span', 'failure-occurrences', plural(failure.count, 'occurrence')),
    );
    bar.addEventListener('click', () => open(model.strings.indexOf(failure.code)));
    list.append(bar);
  }
  section.append(list);
  return section;
}
