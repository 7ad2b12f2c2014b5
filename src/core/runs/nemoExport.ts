// Waypoint run records as NeMo Evaluator `results.jsonl` (`waypoint export nemo`), the per-problem
// file `nel compare` pairs by (problem_idx, repeat) and `nel gate` reads: one file per (benchmark,
// model, run id, scoring mode). `reward` is the record's value of the benchmark's primary metric as
// `waypoint report` counts it, and only the records its headline means count are written (a
// question without a correct answer, an answer cut at the token limit, a metric that does not
// apply), so the mean of `reward` is the report's mean of that metric.
import type { RunRecord } from '../eval/types';
import { sha256Hex } from '../util/sha256';
import { epochOf } from './epochs';
import { countedValue, exportGroupId, exportGroups, groupReport, recordMetric } from './exportGroups';
import { fieldValue } from './records';

type JsonObject = { [key: string]: unknown };

export interface NemoResults {
  /** `<benchmark>_<model>_<id>/results.jsonl`: one folder per run, the file name nel expects. */
  fileName: string;
  benchmark: string;
  model: string;
  runId: string;
  mode: string;
  /** The metric `reward` holds; null when the benchmark declares none (no lines then). */
  metric: string | null;
  lines: JsonObject[];
  /** Records left out because the report's headline means do not count them. */
  leftOut: number;
  superseded: number;
}

/**
 * A problem's index: nel pairs runs by it, so the same question must get the same number in every
 * run, whatever else the run asked. 48 bits of the sample id's SHA-256 (an exact JSON integer).
 */
export function problemIdx(benchmark: string, sampleId: string): number {
  return Number.parseInt(sha256Hex(`${benchmark}\u0000${sampleId}`).slice(0, 12), 16);
}

function answerText(record: RunRecord): string | null {
  if (record.parsedAnswer === null || record.parsedAnswer === undefined) return null;
  return typeof record.parsedAnswer === 'string' ? record.parsedAnswer : JSON.stringify(record.parsedAnswer);
}

export function planNemoResults(records: readonly RunRecord[]): NemoResults[] {
  return exportGroups(records).map((group) => {
    const first = group.records[0];
    const { benchmark } = first.question;
    const report = groupReport(group.records);
    const metric = report ? recordMetric(report.set, report.rows) : null;
    const lines: JsonObject[] = [];
    if (report && metric !== null) {
      const by = report.set.report.defaultBy;
      for (const row of report.rows) {
        const reward = row.answerable ? countedValue(report.set, row, metric) : null;
        if (reward === null) continue;
        const { record } = row;
        const category = by.map((name) => String(fieldValue(record, row.fields, name) ?? '')).join('/');
        lines.push({
          problem_idx: problemIdx(benchmark, record.question.sampleId),
          reward,
          repeat: epochOf(record) - 1,
          model_response: record.rawAnswer,
          extracted_answer: answerText(record),
          metadata: {
            category,
            sample_id: record.question.sampleId,
            cluster: row.cluster,
            question: row.fields.question,
          },
          scoring_details: {
            metric,
            mode: record.mode,
            metrics: row.metrics,
            ...(record.error ? { error: record.error } : {}),
          },
        });
      }
    }
    const slug = first.model.id.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || 'model';
    return {
      fileName: `${benchmark}_${slug}_${exportGroupId(first)}/results.jsonl`,
      benchmark,
      model: first.model.id,
      runId: first.run_id ?? '',
      mode: first.mode,
      metric,
      lines,
      leftOut: group.records.length - lines.length,
      superseded: group.superseded,
    };
  });
}
