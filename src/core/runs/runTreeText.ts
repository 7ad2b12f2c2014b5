// What the Runs view writes on its rows: a label and a description short enough to read in a
// sidebar (the description at most DESCRIPTION_MAX characters), and the full detail — every
// score, interval, scoring mode and diagnostic count — in the Markdown tooltip. Pure text, so it
// is tested without VS Code.
import type { QuestionBase, RunRecord } from '../eval/types';
import type { ModelSummary, RunSummary } from './runGroups';

/** Longest description a row gets; a default-width sidebar shows about this much after a label. */
export const DESCRIPTION_MAX = 40;

/** Cuts `text` to `max` characters, ending with an ellipsis when it had to cut. */
function fit(text: string, max = DESCRIPTION_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Text shown literally in Markdown (model ids, file names and messages may hold `*`, `|`, `_`); inline only, never at a line's start. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]<>|~]/g, (character) => `\\${character}`);
}

const score = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : value.toFixed(2);

/** `2025-05-01 12:00` (UTC, as the records store it). */
function shortTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

/** `Benchmark · 2025-05-01 12:00 · model` (`model +2` when there are more). */
export function runLabel(run: RunSummary): string {
  const models = run.models.map((model) => model.model);
  const named = models.length === 0 ? '' : ` · ${models[0]}${models.length > 1 ? ` +${models.length - 1}` : ''}`;
  return `${run.benchmarkLabel} · ${shortTime(run.started)}${named}`;
}

const primaryMean = (run: RunSummary, model: ModelSummary): number | null =>
  run.primary === null ? null : (model.metrics[run.primary]?.mean ?? null);

/** `success_strict 0.62/0.48 · 240 q`: the primary metric's mean per model and the record count, cut to fit. */
export function runDescription(run: RunSummary): string {
  const count = `${run.records} q`;
  if (run.primary === null || run.models.length === 0) return fit(count);
  const means = run.models.map((model) => score(primaryMean(run, model))).join('/');
  const full = `${run.primary} ${means} · ${count}`;
  if (full.length <= DESCRIPTION_MAX) return full;
  // Many models: the numbers matter more than the metric's name (the tooltip names it).
  const tail = ` · ${count}`;
  return `${fit(means, DESCRIPTION_MAX - tail.length)}${tail}`;
}

/** `success_strict 0.62 · 120 q · 3 err` for one model of a run. */
export function modelDescription(run: RunSummary, model: ModelSummary): string {
  const parts = [
    ...(run.primary !== null ? [`${run.primary} ${score(primaryMean(run, model))}`] : []),
    `${model.n} q`,
    ...(model.errors > 0 ? [`${model.errors} err`] : []),
  ];
  return fit(parts.join(' · '));
}

function modesText(modes: ModelSummary['modes']): string {
  return Object.entries(modes)
    .map(([mode, count]) => `${mode}${Object.keys(modes).length > 1 ? ` (${count})` : ''}`)
    .join(', ');
}

function metricCell(summary: ModelSummary['metrics'][string] | undefined): string {
  if (!summary) return '';
  const interval = summary.ci95 ? ` [${summary.ci95[0].toFixed(2)}, ${summary.ci95[1].toFixed(2)}]` : '';
  return `${score(summary.mean)}${interval}`;
}

function modelTable(run: RunSummary, models: readonly ModelSummary[]): string[] {
  const header = ['model', 'n', 'errors', 'valid', 'with diagnostics', ...run.metricNames, 'scoring mode'];
  const lines = [
    `| ${header.map(escapeMarkdown).join(' | ')} |`,
    `|${header.map((_, index) => (index === 0 || index === header.length - 1 ? ' --- ' : ' ---: ')).join('|')}|`,
  ];
  for (const model of models) {
    const cells = [
      escapeMarkdown(model.model),
      String(model.n),
      String(model.errors),
      String(model.valid),
      String(model.withDiagnostics),
      ...run.metricNames.map((name) => metricCell(model.metrics[name])),
      escapeMarkdown(modesText(model.modes)),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

function runHeader(run: RunSummary): string[] {
  const lines = [
    `**${escapeMarkdown(run.benchmarkLabel)}** run ${run.runId ? `\`${run.runId}\`` : '(no run id: one file)'}`,
    '',
    `${shortTime(run.started)} – ${shortTime(run.finished)} UTC · ${run.records} records${run.superseded > 0 ? ` (${run.superseded} answered again, counted once)` : ''}`,
  ];
  if (run.primary !== null) lines.push('', `Primary metric: ${escapeMarkdown(run.primary)}`);
  return lines;
}

function footer(run: RunSummary): string[] {
  const lines: string[] = [];
  if (run.bootstrap)
    lines.push(
      '',
      `Means over every record but answers from cuts (truncated replies and prompts, left out as waypoint report leaves them); a missing or errored answer scores 0 on success metrics; 95% intervals: bootstrap over ${escapeMarkdown(run.bootstrap.cluster)} clusters, seed ${run.bootstrap.seed}, ${run.bootstrap.resamples} resamples.`,
    );
  else lines.push('', `${escapeMarkdown(run.benchmark)} declares no report here, so only records are counted.`);
  lines.push('', `File${run.files.length === 1 ? '' : 's'}: ${run.files.map((file) => `\`${file}\``).join(', ')}`);
  return lines;
}

/** The run's full table, one row per model (Markdown). */
export function runTooltip(run: RunSummary): string {
  return [...runHeader(run), '', ...modelTable(run, run.models), ...footer(run)].join('\n');
}

/** One model's row of the run's table (Markdown). */
export function modelTooltip(run: RunSummary, model: ModelSummary): string {
  return [...runHeader(run), '', ...modelTable(run, [model]), ...footer(run)].join('\n');
}

/** A single-question run's row: its first numeric score, when, and whether the reply came from the cache. */
export function recordDescription(
  record: Pick<RunRecord<QuestionBase>, 'scores' | 'time' | 'cached' | 'error'>,
): string {
  const first = Object.entries(record.scores).find(([, value]) => typeof value === 'number');
  const headline =
    record.error !== undefined ? 'error' : first ? `${first[0]} ${Number(first[1]).toFixed(2)}` : 'no score';
  const when = record.time.slice(5, 16).replace('T', ' ');
  const full = [headline, when, ...(record.cached ? ['cached'] : [])].join(' · ');
  // The time goes first when the row is too long: the tooltip has it, and the score is the point.
  return fit(full.length <= DESCRIPTION_MAX ? full : [headline, ...(record.cached ? ['cached'] : [])].join(' · '));
}

/** Every score, the scoring mode, the diagnostics and the cost of a single-question run (Markdown). */
export function recordTooltip(record: RunRecord<QuestionBase>, questionLabel: string): string {
  const scores = Object.entries(record.scores).filter(([name]) => name !== 'mode');
  const codes = new Map<string, number>();
  for (const diagnostic of record.diagnostics ?? []) codes.set(diagnostic.code, (codes.get(diagnostic.code) ?? 0) + 1);
  const tokens = record.promptTokens !== null ? ` · ${record.promptTokens}+${record.completionTokens ?? 0} tokens` : '';
  const lines = [
    `**${escapeMarkdown(record.model.id)}** on ${escapeMarkdown(questionLabel)}`,
    '',
    `Scoring mode: **${record.mode}** · ${shortTime(record.time)} UTC · ${record.cached ? 'cache hit' : `${record.latencyMs} ms`}${tokens}${record.costUsd !== null ? ` · $${record.costUsd.toFixed(4)}` : ''}`,
  ];
  if (record.error !== undefined) lines.push('', `Error: ${escapeMarkdown(record.error)}`);
  if (scores.length > 0) {
    lines.push('', '| score | value |', '| --- | ---: |');
    for (const [name, value] of scores)
      lines.push(
        `| ${escapeMarkdown(name)} | ${typeof value === 'number' ? value.toFixed(2) : escapeMarkdown(String(value))} |`,
      );
  }
  const diagnostics = record.diagnostics;
  lines.push(
    '',
    diagnostics === undefined
      ? 'Diagnostics: not recorded (a run from before they were kept)'
      : `Diagnostics: ${diagnostics.length}${codes.size > 0 ? ` (${[...codes].map(([code, count]) => `${escapeMarkdown(code)} ×${count}`).join(', ')})` : ''}`,
  );
  if (record.run_id) lines.push('', `Run \`${record.run_id}\``);
  return lines.join('\n');
}
