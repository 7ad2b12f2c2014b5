// `waypoint report --html FILE` (runs.md §4): one self-contained page. Styles, the script and the
// plots (SVG) are inline; the Content-Security-Policy allows nothing else (no request leaves the
// file) and runs only the report's own script, by its hash, so even a record that slipped past
// escaping could not run code. Everything from records is HTML-escaped here, or embedded as JSON
// (with `<` escaped) that the script shows as text.
import { formatInterval } from './numbers';
import type { RunRecord } from '../eval/types';
import type { BenchmarkReport } from '../benchmark/registry';
import { sha256 } from '../util/sha256';
import {
  costCell,
  cutColumns,
  formatNumber,
  hasCostColumn,
  metricColumns,
  treatmentSentence,
  unanswerableSentence,
} from './format';
import { failuresHtml } from './failureHtml';
import { type GlossaryEntry, glossaryEntries } from './glossary';
import type { ReplayResult } from './replays';
import { PACK_LEVELS, type PackedData, PageTexts, packRows } from './htmlData';
import { DRILL_DOWN_SCRIPT } from './htmlScript';
import { escapeHtml, plotsHtml } from './plots';
import { headlineRows, overallGroups, type ReportGroup, type ReportJson, type ReportRow } from './report';

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #ddd;padding:2px 8px;text-align:left;vertical-align:top}th{background:#f4f4f4}
td.n{text-align:right;font-variant-numeric:tabular-nums}.ci{color:#777;font-size:.85em}
th[title]{text-decoration:underline dotted;cursor:help}dl.glossary{display:grid;grid-template-columns:max-content 1fr;gap:3px 14px;max-width:60em}dl.glossary dt{font-weight:600}dl.glossary dd{margin:0;color:#444}
figure{margin:1em 0}figcaption{font-weight:600;margin-bottom:4px}svg text{font:11px system-ui,sans-serif}svg text.v{fill:#444}
#rows>tr{cursor:pointer}#rows>tr:hover{background:#f6f9ff}#rows>tr.expanded{cursor:auto;background:none}#rows tr.error{background:#fff0f0}#rows tr.invalid{background:#fffbe6}
.detail pre{white-space:pre-wrap;word-break:break-word;background:#f8f8f8;padding:6px;max-height:24em;overflow:auto;margin:0 0 .5em}
.detail h4{margin:.4em 0 .2em}.note{color:#555}
.replay{border:1px solid #ddd;border-radius:4px;padding:8px 10px;margin:0 0 .5em;max-width:60em}.rp-title{font-weight:600}
.rp-controls{display:flex;gap:8px;align-items:center;margin:6px 0}.rp-controls input{flex:1;max-width:24em}.rp-controls button{min-width:2.4em}
.rp-body{display:flex;gap:20px;align-items:flex-start;flex-wrap:wrap}.rp-scene pre{max-width:44em}.rp-side{min-width:14em;max-width:28em}
table.grid{border-collapse:collapse;margin:0;font:14px/1 ui-monospace,Menlo,Consolas,monospace}
table.grid td{width:24px;height:24px;padding:0;text-align:center;vertical-align:middle;border:1px solid #ccc}
.cw{background:#5a5a5a}.ca{background:#2b6cb0;color:#fff;font-weight:700}.cs{background:#fde9a8}
.cr{color:#d22}.cg{color:#1a8a1a}.cb{color:#2257d6}.cp{color:#8a2be2}.cy{color:#b89200}.ce{color:#777}
.rp-side dl{display:grid;grid-template-columns:max-content auto;gap:2px 12px;margin:6px 0}.rp-side dt{color:#555}.rp-side dd{margin:0}
.rp-note{margin:4px 0;color:#444}.good{color:#1a7f37}.bad{color:#c62828}
.rp-legend{margin-top:6px;font-size:.85em;color:#555;display:flex;gap:4px;align-items:center}.rp-legend .swatch{display:inline-block;width:12px;height:12px;border:1px solid #999;margin-left:8px}.rp-legend .swatch:first-child{margin-left:0}
.flag{display:inline-block;padding:0 6px;border-radius:3px;background:#eee;margin-left:6px;font-size:.85em}
@media (prefers-color-scheme:dark){body{background:#1e1e1e;color:#ddd}th{background:#2a2a2a}th,td{border-color:#444}
#rows>tr:hover{background:#26303d}#rows>tr.expanded{background:none}#rows tr.error{background:#3a2020}#rows tr.invalid{background:#3a3520}.detail pre{background:#262626}svg text{fill:#ddd}
.replay,table.grid td{border-color:#555}.cs{background:#5a4a10}.rp-side dt,.rp-note,.note{color:#aaa}.flag{background:#333}.good{color:#6c6}.bad{color:#f77}}`;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out +=
      ALPHABET[(n >> 18) & 63] +
      ALPHABET[(n >> 12) & 63] +
      (i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=') +
      (i + 2 < bytes.length ? ALPHABET[n & 63] : '=');
    if (out.length >= 65536) {
      parts.push(out);
      out = '';
    }
  }
  parts.push(out);
  return parts.join('');
}

interface HtmlOptions {
  /** gzip, when the host has it (the CLI passes node:zlib's): the drill-down data is embedded compressed. */
  gzip?: (data: Uint8Array) => Uint8Array;
  /** The most the drill-down data may take (default 17 MB, leaving room under 20 MB for the rest). */
  dataBudget?: number;
  /** Each record's replay or why it has none (replays.ts); without it every row says which options give replays. */
  replays?: ReadonlyMap<RunRecord, ReplayResult>;
  /** The rows' texts, one per row, when their records were read without them (htmlData.ts). */
  texts?: PageTexts;
}

/** The metrics some record has: MANGO's route and map tasks score different ones (core/benchmarks/mango/report.ts). */
function presentMetrics(rows: readonly ReportRow[], report: BenchmarkReport): string[] {
  return report.metricNames.filter((name) => rows.some((row) => name in row.metrics));
}

/** The default budget of the drill-down data (HtmlOptions.dataBudget). */
const DATA_BUDGET = 17 * 1048576;
/**
 * What precedes the texts in the data (strings, fields, metrics) is small, and gzip can code at most
 * about that much of the texts against it: texts compressing past the budget by more than this
 * cannot fit in any page.
 */
const PRECEDING_SLACK = 4 * 1048576;

/**
 * A PageTexts for a page written with these options: it drops the prompts once no page could hold
 * them (checked when the prompts first reach `firstCheck` characters, then at every doubling).
 */
export function pageTexts(options: Pick<HtmlOptions, 'gzip' | 'dataBudget'> = {}, firstCheck?: number): PageTexts {
  const budget = options.dataBudget ?? DATA_BUDGET;
  const encoder = new TextEncoder();
  return new PageTexts((texts) => {
    const json = scriptJson(texts);
    if (!options.gzip) return json.length > budget;
    return 4 * Math.ceil(options.gzip(encoder.encode(json)).length / 3) > budget + PRECEDING_SLACK;
  }, firstCheck);
}

/** The drill-down data as embedded, at the first pack level that fits the budget. */
function embeddedData(
  rows: readonly ReportRow[],
  report: BenchmarkReport,
  options: HtmlOptions,
): { data: PackedData; payload: string; encoding: 'json' | 'gzip-base64' } {
  const budget = options.dataBudget ?? DATA_BUDGET;
  const encoder = new TextEncoder();
  let chosen: { data: PackedData; payload: string; encoding: 'json' | 'gzip-base64' } | null = null;
  for (const level of PACK_LEVELS) {
    // Prompts gathered apart and found past the budget: levels with prompts could not be chosen.
    if (level.prompts && options.texts && !options.texts.promptsKept) continue;
    const data = packRows(rows, report.fieldNames, presentMetrics(rows, report), level, options.replays, options.texts);
    const json = scriptJson(data);
    chosen = options.gzip
      ? { data, payload: base64(options.gzip(encoder.encode(json))), encoding: 'gzip-base64' }
      : { data, payload: json, encoding: 'json' };
    if (chosen.payload.length <= budget) break;
  }
  if (!chosen) throw new Error('no pack level');
  return chosen;
}

function metricCell(group: ReportGroup, name: string): string {
  const metric = group.metrics[name];
  if (!metric) return '<td></td>';
  const interval = metric.ci95 ? ` <span class="ci">${formatInterval(metric.ci95)}</span>` : '';
  return `<td class="n">${formatNumber(metric.mean)}${interval}</td>`;
}

/** A column head, with what the column means as its tooltip when the glossary says. */
function headCell(name: string, glossary: readonly GlossaryEntry[]): string {
  const meaning = glossary.find((entry) => entry.term === name)?.meaning;
  return meaning
    ? `<th title="${escapeHtml(`${name}: ${meaning}`)}">${escapeHtml(name)}</th>`
    : `<th>${escapeHtml(name)}</th>`;
}

/** The terms the page shows, explained under the tables (CR, ACI, μ2, a game's score). */
function glossaryHtml(glossary: readonly GlossaryEntry[]): string {
  if (glossary.length === 0) return '';
  return `<h3>What the terms mean</h3>\n<dl class="glossary">${glossary.map((entry) => `<dt>${escapeHtml(entry.term)}</dt><dd>${escapeHtml(entry.meaning)}</dd>`).join('')}</dl>`;
}

/** Every distinct field value of the rows (where terms such as GRASP's μ2 appear). */
function fieldValues(rows: readonly ReportRow[]): Set<string> {
  const values = new Set<string>();
  for (const row of rows)
    for (const value of Object.values(row.fields)) if (value !== null && value !== undefined) values.add(String(value));
  return values;
}

function groupTable(groups: readonly ReportGroup[], by: readonly string[], glossary: readonly GlossaryEntry[]): string {
  const metrics = metricColumns(groups);
  const cuts = cutColumns(groups);
  const cost = hasCostColumn(groups);
  const head = [...by, 'records', 'valid', 'errors', ...cuts, ...metrics, ...(cost ? ['cost'] : [])]
    .map((name) => headCell(name, glossary))
    .join('');
  const rows = groups.map((group) => {
    const key = by
      .map((name) => `<td>${escapeHtml(group.key[name] === null ? '—' : String(group.key[name]))}</td>`)
      .join('');
    const costTd = cost ? `<td class="n cost">${escapeHtml(costCell(group))}</td>` : '';
    return `<tr>${key}<td class="n">${group.n}</td><td class="n">${group.valid}</td><td class="n">${group.errors}</td>${cuts.map((name) => `<td class="n">${group[name] ?? 0}</td>`).join('')}${metrics.map((name) => metricCell(group, name)).join('')}${costTd}</tr>`;
  });
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('\n')}</tbody></table>`;
}

/** The errored records by kind, HTTP status and server type (never by message), when there are some. */
function errorKindsHtml(json: ReportJson): string {
  const kinds = json.errors_by_kind ?? [];
  if (kinds.length === 0) return '';
  const rows = kinds.map(
    (entry) =>
      `<tr><td>${escapeHtml(entry.kind)}</td><td class="n">${entry.status ?? '—'}</td><td>${escapeHtml(entry.type ?? '—')}</td><td class="n">${entry.records}</td><td>${escapeHtml(entry.example)}</td></tr>`,
  );
  return `<h2>Errors (failed model calls) by kind</h2>\n<table id="error-kinds"><thead><tr><th>kind</th><th>status</th><th>type</th><th>records</th><th>example</th></tr></thead><tbody>${rows.join('')}</tbody></table>\n`;
}

/** The questions without a correct answer at their cutoff, in their own table when the headline leaves them out. */
function unanswerableHtml(json: ReportJson, glossary: readonly GlossaryEntry[]): string {
  const groups = json.unanswerable_groups ?? [];
  if (groups.length === 0) return '';
  return `<h2>Unanswerable at the cutoff (not in the means above)</h2>\n<div id="unanswerable">${groupTable(groups, json.by, glossary)}</div>`;
}

/** How many records were cut, when some were: the sentence before says how the means treat them. */
function cutCounts(json: ReportJson): string {
  const parts = [
    json.truncated ? `${json.truncated} truncated at the token limit` : '',
    json.context_truncated ? `${json.context_truncated} with the prompt cut by the server` : '',
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** JSON safe inside a <script> element: `<` (hence `</script>` and `<!--`) and the line separators escaped. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The whole page. */
export function reportHtml(
  json: ReportJson,
  rows: readonly ReportRow[],
  report: BenchmarkReport,
  options: HtmlOptions = {},
): string {
  const scriptHash = base64(sha256(DRILL_DOWN_SCRIPT));
  const includesUnanswerable = json.unanswerable_treatment === 'included';
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; img-src data:; base-uri 'none'; form-action 'none'`;
  const { data, payload, encoding } = embeddedData(rows, report, options);
  const modes = Object.entries(json.modes)
    .map(([mode, count]) => `${escapeHtml(mode)} (${count})`)
    .join(', ');
  const omitted = [
    data.promptsOmitted > 0 ? `${data.promptsOmitted} records' prompts are left out to keep this file small` : '',
    data.answersCut > 0 ? `${data.answersCut} raw answers are cut to their first ${data.answerLimit} characters` : '',
  ].filter(Boolean);
  const where = Object.entries(json.where)
    .map(([name, values]) => `${name}=${values.join('|')}`)
    .join(', ');
  const glossary = glossaryEntries(report.glossary, presentMetrics(rows, report), [...json.by, ...fieldValues(rows)]);
  const head = ['model', 'question', ...report.fieldNames, ...presentMetrics(rows, report), 'valid']
    .map((name) => headCell(name, glossary))
    .join('');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`Waypoint report: ${json.benchmark}`)}</title>
<style>${STYLE}</style></head><body>
<h1>${escapeHtml(`Waypoint report: ${json.benchmark}`)}</h1>
<p>${json.records} records, ${json.errors} with errors; scoring mode ${modes || 'none'}${where ? `; only ${escapeHtml(where)}` : ''}${json.superseded > 0 ? `; ${json.superseded} superseded by a later answer to the same question` : ''}.
Means with 95% percentile bootstrap intervals (${json.bootstrap.resamples} resamples of whole ${escapeHtml(json.bootstrap.cluster)}s, seed ${json.bootstrap.seed}). Missing, unparseable and errored answers score 0 on success metrics.
<span id="truncated-treatment">${escapeHtml(treatmentSentence(json))}${cutCounts(json)}</span>
<span id="unanswerable-treatment">${escapeHtml(unanswerableSentence(json))}</span></p>
<h2>Overall</h2>
${groupTable(overallGroups(report, rows, includesUnanswerable), ['model'], glossary)}
<h2>By ${escapeHtml(json.by.join(', '))}</h2>
${groupTable(json.groups, json.by, glossary)}
${unanswerableHtml(json, glossary)}
${glossaryHtml(glossary)}
<h2>Plots</h2>
${plotsHtml(report, headlineRows(rows, includesUnanswerable))}
${errorKindsHtml(json)}${failuresHtml(json)}
<h2>Questions</h2>
${omitted.length > 0 ? `<p class="note">${escapeHtml(omitted.join('; '))}; the run files have them in full.</p>` : ''}
${data.replaysOmitted > 0 ? `<p class="note">${data.replaysOmitted} of ${data.rows.length} replays are left out to keep this file small (past the replay size budget); a report narrowed with --where has them.</p>` : ''}
<p><input id="filter" type="search" placeholder="filter: words in model, question, sample id, fields, error" size="50"> <select id="model"><option value="">all models</option></select> <span id="count"></span></p>
<table><thead><tr>${head}</tr></thead><tbody id="rows"></tbody></table>
<button id="more" type="button" hidden>Show more</button>
<script type="application/json" id="records" data-encoding="${encoding}">${payload}</script>
<script>${DRILL_DOWN_SCRIPT}</script>
</body></html>
`;
}
