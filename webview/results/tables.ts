// The report's tables: overall per model, then the `--by` groups, each metric's mean with its 95%
// bootstrap interval. The numbers are model.report (exactly `waypoint report --json`), only formatted.
import type { ReportGroup, ResultsModel } from '../../src/protocol/results';
import { ci, count, el, fixed, glossaryLegend, heading, keyText, meaningOf } from './dom';

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

export function groupTable(keys: readonly string[], metrics: readonly string[], groups: readonly ReportGroup[], caption: string, glossary?: ResultsModel['glossary']): HTMLElement {
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
  for (const metric of metrics) {
    const th = el('th', 'metric');
    th.append(el('span', 'metric-name', metric), el('span', 'ci-head', 'mean [95% CI]'));
    const meaning = meaningOf(glossary, metric);
    if (meaning) th.title = `${metric}: ${meaning}`;
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
    for (const metric of metrics) row.append(metricCell(group, metric));
    body.append(row);
  }
  table.append(thead, body);
  wrap.append(table);
  if (groups.length > MAX_TABLE_ROWS) wrap.append(el('p', 'note', `First ${count(MAX_TABLE_ROWS)} of ${count(groups.length)} groups; Share → CSV has them all.`));
  return wrap;
}

export function renderTables(model: ResultsModel): HTMLElement {
  const section = el('section', 'results-tables');
  const { report } = model;
  section.append(heading('Overall', `per model · ${model.report.records.toLocaleString('en-US')} records`), groupTable(['model'], model.metrics, model.overall, 'Overall per model', model.glossary));
  const sameAsOverall = report.by.length === 1 && report.by[0] === 'model';
  if (!sameAsOverall && report.groups.length > 0) {
    section.append(heading(`By ${report.by.join(' × ')}`, `${report.groups.length.toLocaleString('en-US')} groups`), groupTable(report.by, model.metrics, report.groups, `By ${report.by.join(', ')}`, model.glossary));
  }
  const where = Object.entries(report.where);
  if (where.length > 0) section.append(el('p', 'note', `Only records where ${where.map(([field, values]) => `${field} ∈ {${values.join(', ')}}`).join(' and ')}.`));
  const legend = glossaryLegend(model.glossary);
  if (legend) section.append(legend);
  return section;
}
