// A benchmark's report hooks read its own questions; an unreadable row's record (core/eval/
// unreadableRow.ts) has only the envelope. Reports, comparisons and the Runs view take the hooks
// through this wrapper, which gives such a record no field, no cluster and every metric null: it is
// counted, as an error, and grouped under no setting.
import type { BenchmarkReport } from '../benchmark/registry';
import { isUnreadableRow } from '../eval/unreadableRow';

/** `report` with records of unreadable rows answered here instead of by the benchmark. */
export function readableReport(report: BenchmarkReport): BenchmarkReport {
  const noFields = () => Object.fromEntries(report.fieldNames.map((name) => [name, null]));
  const noMetrics = () => Object.fromEntries(report.metricNames.map((name) => [name, null]));
  return {
    ...report,
    cluster: (record) => (isUnreadableRow(record.question) ? '' : report.cluster(record)),
    fields: (record) => (isUnreadableRow(record.question) ? noFields() : report.fields(record)),
    metrics: (record) => (isUnreadableRow(record.question) ? noMetrics() : report.metrics(record)),
    valid: (record) => !isUnreadableRow(record.question) && report.valid(record),
    // Named by its sample id (its label would read the question it does not have); counted in the
    // headline as the error it is, never set apart as a question without an answer.
    ...(report.questionLabel
      ? {
          questionLabel: (record) =>
            isUnreadableRow(record.question)
              ? record.question.sampleId
              : (report.questionLabel?.(record) ?? record.question.sampleId),
        }
      : {}),
    answerable: (record) => isUnreadableRow(record.question) || (report.answerable?.(record) ?? true),
  };
}
