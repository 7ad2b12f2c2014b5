// The report's tables: overall per model, then the `--by` groups, each metric's mean with its 95%
// bootstrap interval. The numbers are model.report (exactly `waypoint report --json`), only formatted.
import type { ReportGroup, ResultsModel } from '../../src/protocol/results';
import { costCell, hasCostColumn } from '../../src/core/runs/format';
import { ci, count, el, fixed, glossaryLegend, heading, keyText, meaningOf, countedNoun } from './dom';

/** Group tables longer than this show their first rows and say so (the CSV has them all). */
const MAX_TABLE_ROWS = 2000;

function numberCell(text: string): HTMLTableCellElement {
  return el('td', 'num', text);
}

function metricCell(group: ReportGroup, metric: string): HTMLTableCellElement {
  const cell = el('td', 'metric');
  const summary = group.metrics[metric];
  if (!summary) {
    cell.append(el('span', 'mean none', '—'));
    return cell;
  }
  cell.dataset.metric = metric;
  cell.append(el('span', 'mean', fixed(summary.mean)));
  if (summary.ci95) cell.append(el('span', 'ci', ci(summary.ci95)));
  // The metric's own n only when it differs from the group's (it applies to some records only).
  if (summary.n !== group.n) cell.append(el('span', 'metric-n', `n=${count(summary.n)}`));
  return cell;
}

/** What the cut columns count, as their tooltips say it. */
const CUT_MEANING: Record<CutColumn, string> = {
  truncated: 'Replies the server cut at the token limit (finish_reason "length"): their answers may be incomplete.',
  context_truncated:
    'Answers to prompts the server cut without an error (it counted far fewer prompt tokens than were sent; Ollama does this past its context).',
};

type CutColumn = 'truncated' | 'context_truncated';

/** The cut columns some group has (none when no record was cut). */
function cutColumns(groups: readonly ReportGroup[]): CutColumn[] {
  return (['truncated', 'context_truncated'] as const).filter((name) => groups.some((group) => (group[name] ?? 0) > 0));
}

function groupTable(
  keys: readonly string[],
  metrics: readonly string[],
  groups: readonly ReportGroup[],
  caption: string,
  glossary?: ResultsModel['glossary'],
): HTMLElement {
  const wrap = el('div', 'table-wrap');
  const table = el('table', 'results-table');
  table.append(el('caption', undefined, caption));
  const head = el('tr');
  for (const key of keys) {
    const th = el('th', 'key', key);
    const meaning = meaningOf(glossary, key);
    if (meaning) th.title = `${key}: ${meaning}`;
    head.append(th);
  }
  for (const name of ['n', 'valid', 'errors']) head.append(el('th', 'num', name));
  const cuts = cutColumns(groups);
  for (const name of cuts) {
    const th = el('th', 'num cut', name);
    th.title = `${name}: ${CUT_MEANING[name]}`;
    head.append(th);
  }
  for (const metric of metrics) {
    const th = el('th', 'metric');
    th.append(el('span', 'metric-name', metric), el('span', 'ci-head', 'mean [95% CI]'));
    const meaning = meaningOf(glossary, metric);
    if (meaning) th.title = `${metric}: ${meaning}`;
    head.append(th);
  }
  // Last, as in `waypoint report`: only when some group cost something or its cost is unknown.
  const cost = hasCostColumn(groups);
  if (cost) {
    const th = el('th', 'num cost', 'cost');
    th.title =
      'cost: US dollars from the profile\'s prices or the provider\'s figure; "unknown" counts the records whose cost nobody knows.';
    head.append(th);
  }
  const thead = el('thead');
  thead.append(head);
  const body = el('tbody');
  for (const group of groups.slice(0, MAX_TABLE_ROWS)) {
    const row = el('tr');
    for (const key of keys) row.append(el('td', 'key', keyText(group.key[key])));
    row.append(numberCell(count(group.n)), numberCell(count(group.valid)), numberCell(count(group.errors)));
    if (group.errors > 0) (row.lastElementChild as HTMLElement).classList.add('bad');
    for (const name of cuts) row.append(numberCell(count(group[name] ?? 0)));
    for (const metric of metrics) row.append(metricCell(group, metric));
    if (cost) row.append(numberCell(costCell(group)));
    body.append(row);
  }
  table.append(thead, body);
  wrap.append(table);
  if (groups.length > MAX_TABLE_ROWS)
    wrap.append(
      el('p', 'note', `First ${count(MAX_TABLE_ROWS)} of ${count(groups.length)} groups; Share → CSV has them all.`),
    );
  return wrap;
}

/**
 * How the means treat cut records, and the switch that changes it (`waypoint report
 * --include-truncated`); the host recomputes the report and sends the model again.
 */
function truncatedTreatment(model: ResultsModel, include: (value: boolean) => void): HTMLElement {
  const { report } = model;
  const included = report.truncated_treatment === 'included';
  const cut = (report.truncated ?? 0) + (report.context_truncated ?? 0);
  const box = el('p', 'note truncated-treatment');
  box.id = 'truncated-treatment';
  const parts = [
    report.truncated ? `${countedNoun(report.truncated, 'reply', 'replies')} cut at the token limit` : '',
    report.context_truncated ? `${countedNoun(report.context_truncated, 'answer')} to prompts the server cut` : '',
  ].filter(Boolean);
  const said = included
    ? 'Means include truncated records, scored as given'
    : 'Means exclude truncated records (counted in their own columns)';
  box.append(el('span', undefined, `${said}${parts.length > 0 ? `: ${parts.join(', ')}.` : '; none here.'} `));
  const toggle = el('input');
  toggle.type = 'checkbox';
  toggle.id = 'include-truncated';
  toggle.checked = included;
  toggle.disabled = cut === 0 && !included;
  toggle.addEventListener('change', () => include(toggle.checked));
  const label = el('label', 'matrix-check');
  label.title = 'As waypoint report --include-truncated: score answers to cut replies and cut prompts as given';
  label.append(toggle, el('span', undefined, 'Count them in the means'));
  box.append(label);
  return box;
}

/**
 * How the headline treats questions without a correct answer at their cutoff, and the switch that
 * changes it (`waypoint report --include-unanswerable`); null when the records have none.
 */
function unanswerableTreatment(model: ResultsModel, include: (value: boolean) => void): HTMLElement | null {
  const { report } = model;
  const unanswerable = report.unanswerable ?? 0;
  if (unanswerable === 0) return null;
  const included = report.unanswerable_treatment === 'included';
  const box = el('p', 'note truncated-treatment');
  box.id = 'unanswerable-treatment';
  const records = countedNoun(unanswerable, 'record');
  box.append(
    el(
      'span',
      undefined,
      included
        ? `Means include ${records} whose question has no correct answer at its cutoff. `
        : `${records} whose question has no correct answer at its cutoff: out of the means, in their own table below. `,
    ),
  );
  const toggle = el('input');
  toggle.type = 'checkbox';
  toggle.id = 'include-unanswerable';
  toggle.checked = included;
  toggle.addEventListener('change', () => include(toggle.checked));
  const label = el('label', 'matrix-check');
  label.title = 'As waypoint report --include-unanswerable: count them in the headline means';
  label.append(toggle, el('span', undefined, 'Count them in the means'));
  box.append(label);
  return box;
}

export function renderTables(
  model: ResultsModel,
  include: (value: boolean) => void = () => undefined,
  includeUnanswerable: (value: boolean) => void = () => undefined,
): HTMLElement {
  const section = el('section', 'results-tables');
  const { report } = model;
  section.append(truncatedTreatment(model, include));
  const unanswerable = unanswerableTreatment(model, includeUnanswerable);
  if (unanswerable) section.append(unanswerable);
  section.append(
    heading('Overall', `per model · ${model.report.records.toLocaleString('en-US')} records`),
    groupTable(['model'], model.metrics, model.overall, 'Overall per model', model.glossary),
  );
  const sameAsOverall = report.by.length === 1 && report.by[0] === 'model';
  if (!sameAsOverall && report.groups.length > 0) {
    section.append(
      heading(`By ${report.by.join(' × ')}`, `${report.groups.length.toLocaleString('en-US')} groups`),
      groupTable(report.by, model.metrics, report.groups, `By ${report.by.join(', ')}`, model.glossary),
    );
  }
  const apart = report.unanswerable_groups ?? [];
  if (apart.length > 0) {
    const table = groupTable(report.by, model.metrics, apart, 'Unanswerable at the cutoff', model.glossary);
    table.id = 'unanswerable-table';
    section.append(heading('Unanswerable at the cutoff', 'no correct answer · not in the means above'), table);
  }
  const where = Object.entries(report.where);
  if (where.length > 0)
    section.append(
      el(
        'p',
        'note',
        `Only records where ${where.map(([field, values]) => `${field} ∈ {${values.join(', ')}}`).join(' and ')}.`,
      ),
    );
  const legend = glossaryLegend(model.glossary);
  if (legend) section.append(legend);
  return section;
}
