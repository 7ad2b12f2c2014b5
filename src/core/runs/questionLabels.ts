// Questions by their meaning: each benchmark names its questions (`DF west of house → kitchen`,
// `Plan · GoToObj · record 3`) through its report's questionLabel hook, else its runLabel hook;
// the sample id (64 hex digits for MANGO) is what a reader sees only when neither says more. Every
// output names a question this way, and keeps the id beside the label.
import { findDeclaration, type BenchmarkReport } from '../benchmark/registry';
import type { RunRecord } from '../eval/types';
import type { CompareJson, KeyValue } from './reportTypes';

/** The question's label: the report hook's, else the runLabel hook's, else its sample id. */
export function questionLabel(report: Pick<BenchmarkReport, 'questionLabel'>, record: RunRecord): string {
  const { question } = record;
  return (
    report.questionLabel?.(record) ??
    findDeclaration(question.benchmark)?.runLabel?.(question).label ??
    question.sampleId
  );
}

/** The fields every record has besides the benchmark's: its question's label and its sample id. */
export const QUESTION_FIELDS = ['question', 'id'] as const;

/** The benchmark's fields of a record plus `question` (the label) and `id` (the sample id), for `--by` and `--where`. */
export function labelledFields(
  report: Pick<BenchmarkReport, 'questionLabel' | 'fields'>,
  record: RunRecord,
): Record<string, KeyValue> {
  return { ...report.fields(record), question: questionLabel(report, record), id: record.question.sampleId };
}

/** A comparison whose flips name their question (`label`, an added field) as well as its sample id. */
export function labelFlips(
  json: CompareJson,
  rows: Iterable<{ record: RunRecord; fields: Record<string, KeyValue> }>,
): CompareJson {
  if (json.flips.length === 0) return json;
  const labels = new Map<string, string>();
  for (const { record, fields } of rows)
    if (typeof fields.question === 'string') labels.set(record.question.sampleId, fields.question);
  return {
    ...json,
    flips: json.flips.map((flip) => ({ ...flip, label: labels.get(flip.sampleId) ?? flip.sampleId })),
  };
}
