// The results view's data (issue 15), built by a host (the extension, the browser test host) from
// a record set and drawn by webview/results. The tables are `waypoint report --json` itself (the
// same buildReport), so the view, the CLI and the shared HTML report cannot disagree. Per-record
// rows are compact enough for 40,000 records: strings interned, no prompts or answers (the view
// asks for one record's detail when it opens it).
import { compareRuns, type CompareJson } from './compare';
import { figureSvg } from './figureSvg';
import { figuresOf } from './figures';
import { glossaryEntries } from './glossary';
import { labelFlips } from './questionLabels';
import { plotData } from './plots';
import type { RecordSet } from './records';
import { answerableSet, buildReport, headlineRows, isCut, overallGroups, type ReportRow, reportRows } from './report';
import type { RecordDetail, ResultRow, ResultsModel } from './reportTypes';
import { stringTable } from './stringTable';

/** Not a lower-is-better metric: the matrix marks a primary value of 1 right (✓) and 0 or less wrong. */
const upward = (report: RecordSet['report']) => (name: string) => report.better[name] !== 'lower';

function primaryMetric(set: Pick<RecordSet, 'report'>): string | null {
  const { report } = set;
  const usable = upward(report);
  return report.binary.find(usable) ?? report.success.find(usable) ?? report.metricNames.find(usable) ?? null;
}

/**
 * The benchmark's primary metric when the rows have it, else the first success, binary or other
 * metric they have (a MANGO map run has F1, not success_strict); null when every metric they have
 * is lower-better (a matrix of ✓ would mark the worse answers).
 */
export function applicablePrimary(report: RecordSet['report'], metrics: readonly string[]): string | null {
  const primary = primaryMetric({ report });
  if (primary === null || metrics.includes(primary) || metrics.length === 0) return primary;
  const usable = upward(report);
  return (
    report.success.find((name) => usable(name) && metrics.includes(name)) ??
    report.binary.find((name) => usable(name) && metrics.includes(name)) ??
    metrics.find(usable) ??
    null
  );
}

// Over 50 lines: the view's one model object, assembled field by field in the shape the webview reads.
/** The view's model and the report rows behind it (row i of the model is rows[i]); `includeTruncated` as `waypoint report --include-truncated`. */
export function buildResultsModel(
  set: RecordSet,
  files: readonly string[],
  title: string,
  options: { includeTruncated?: boolean; includeUnanswerable?: boolean } = {},
): { model: ResultsModel; rows: ReportRow[] } {
  const { report } = set;
  const { json, rows } = buildReport(set, options);
  const { strings, intern } = stringTable();
  const fields = [...report.fieldNames];
  // The metrics some row has: MANGO's route and map tasks have different ones (core/benchmarks/mango/report.ts).
  const metrics = report.metricNames.filter((name) => rows.some((row) => name in row.metrics));
  // Each field's values interned once per value, not once per row: a row of 40,000 looks its values
  // up by themselves (numbers without String()).
  const fieldIndices = fields.map(() => new Map<string | number, number>());
  const fieldIndex = (field: number, value: string | number | null | undefined) => {
    if (value === null || value === undefined) return null;
    let at = fieldIndices[field].get(value);
    if (at === undefined) fieldIndices[field].set(value, (at = intern(String(value))));
    return at;
  };
  const resultRows = rows.map((row): ResultRow => {
    const result: ResultRow = {
      m: intern(row.record.model.id),
      q: row.record.question.sampleId,
      l: intern(String(row.fields.question ?? row.record.question.sampleId)),
      f: fields.map((name, field) => fieldIndex(field, row.fields[name])),
      v: metrics.map((name) => row.metrics[name] ?? null),
      ok: row.valid ? 1 : 0,
    };
    if (row.record.error !== undefined) result.err = 1;
    if (isCut(row.record)) result.cut = 1;
    if (!row.answerable) result.un = 1;
    const diagnostics = row.record.diagnostics ?? [];
    if (diagnostics.length > 0) result.d = [...new Set(diagnostics.map((diagnostic) => diagnostic.code))].map(intern);
    return result;
  });
  const overall = overallGroups(report, rows, options.includeUnanswerable);
  const headline = headlineRows(rows, options.includeUnanswerable);
  return {
    model: {
      title,
      benchmark: set.benchmark,
      files: [...files],
      report: json,
      overall,
      fields,
      metrics,
      success: [...report.success],
      binary: [...report.binary],
      better: json.better,
      primary: applicablePrimary(report, metrics),
      models: overall.map((group) => String(group.key.model)),
      plots: report.plots.map((plot) => plotData(report, headline, plot)).filter((plot) => plot.xs.length > 0),
      figures: figuresOf(set.benchmark, report, headline).map((figure) => ({
        name: figure.name,
        title: figure.title,
        svg: figureSvg(figure),
      })),
      glossary: glossaryEntries(report.glossary, metrics, [...json.by, ...strings]),
      strings,
      rows: resultRows,
    },
    rows,
  };
}

export function recordDetail(row: ReportRow): RecordDetail {
  const { record } = row;
  return {
    model: record.model.id,
    sampleId: record.question.sampleId,
    mode: record.mode,
    fields: row.fields,
    metrics: row.metrics,
    messages: record.messages,
    rawAnswer: record.rawAnswer,
    parsedAnswer: record.parsedAnswer,
    scores: record.scores,
    diagnostics: record.diagnostics ?? [],
    ...(record.error !== undefined ? { error: record.error } : {}),
    ...(record.truncated ? { truncated: true } : {}),
    ...(record.context_truncated ? { context_truncated: true } : {}),
    inMeans: row.inMeans,
    latencyMs: record.latencyMs,
    cached: record.cached,
  };
}

/** `waypoint compare` between two models of one record set (each model's records as one run), treating cut records as the view's report does. */
export function compareModels(
  set: RecordSet,
  modelA: string,
  modelB: string,
  includeTruncated?: boolean,
  includeUnanswerable?: boolean,
): CompareJson {
  const paired = answerableSet(set, includeUnanswerable);
  const json = compareRuns(paired, paired, { modelA, modelB, includeTruncated });
  const labelled = labelFlips(json, reportRows(set));
  if (paired === set) return labelled;
  // The questions of the two models that answerableSet left out: the caption says how many.
  const kept = new Set(paired.records);
  const left = set.records.filter(
    (record) => !kept.has(record) && (record.model.id === modelA || record.model.id === modelB),
  );
  return { ...labelled, unanswerable: new Set(left.map((record) => record.question.sampleId)).size };
}
