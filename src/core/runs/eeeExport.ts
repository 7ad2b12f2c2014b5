// Waypoint run records as Every Eval Ever records (`waypoint export eee`), schema 0.3.0
// (evaleval/every_eval_ever: eval.schema.json and instance_level_eval.schema.json): per (benchmark,
// model, run id, scoring mode) an aggregate `<uuid>.json` under the datastore's
// `data/<benchmark>/<developer>/<model>/` and its `<uuid>_samples.jsonl`, one line per record. The
// aggregate's results are `waypoint report`'s headline: each metric's mean and 95% interval, overall
// and per group of the benchmark's default table. Everything is derived from the records (the
// uuid and timestamps too), so exporting the same run twice writes the same bytes.
import { findBenchmark } from '../benchmark/registry';
import type { RunRecord } from '../eval/types';
import { sha256Hex } from '../util/sha256';
import { epochOf } from './epochs';
import { countedValue, exportGroupId, exportGroups, groupReport, recordMetric } from './exportGroups';
import { fieldValue, type RecordSet } from './records';
import { headlineRows, overallGroups, type ReportRow, summarise } from './report';
import type { MetricSummary } from './reportTypes';

export const EEE_SCHEMA_VERSION = '0.3.0';

type JsonObject = { [key: string]: unknown };

export interface EeeRecordPlan {
  /** `data/<benchmark>/<developer>/<model>/<uuid>.json`, relative to --out. */
  aggregatePath: string;
  /** The same folder's `<uuid>_samples.jsonl` (the aggregate's detailed_evaluation_results.file_path). */
  samplesPath: string;
  aggregate: JsonObject;
  /** The samples file's text, one instance per line. */
  samples: string;
  benchmark: string;
  model: string;
  records: number;
  superseded: number;
}

export interface EeeOptions {
  version: string;
  files: readonly string[];
}

/** A version-4 UUID made from a hash, so the same run always gets the same file name. */
function uuidOf(seed: string): string {
  const hex = sha256Hex(seed).slice(0, 32).split('');
  hex[12] = '4';
  hex[16] = '89ab'[Number.parseInt(hex[16], 16) % 4];
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

/** A path component: the datastore's folders are `<developer>/<model>`, without further slashes. */
function part(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '') || 'unknown';
}

/** `org/name` ids (Hugging Face's form) name their developer; built-in agents are Waypoint's; others their provider's. */
function developerAndName(record: RunRecord): [string, string] {
  const { id, provider } = record.model;
  const slash = id.indexOf('/');
  if (slash > 0) return [id.slice(0, slash), id.slice(slash + 1)];
  if (provider === 'oracle' || provider === 'random') return ['waypoint', id];
  return [provider, id];
}

function answerText(record: RunRecord): string {
  if (record.parsedAnswer === null || record.parsedAnswer === undefined) return '';
  return typeof record.parsedAnswer === 'string' ? record.parsedAnswer : JSON.stringify(record.parsedAnswer);
}

export function planEeeRecords(records: readonly RunRecord[], options: EeeOptions): EeeRecordPlan[] {
  return exportGroups(records).map((group) => {
    const first = group.records[0];
    const { benchmark } = first.question;
    const [developer, name] = developerAndName(first);
    const uuid = uuidOf(`eee\u0000${exportGroupId(first)}`);
    const folder = `data/${part(benchmark)}/${part(developer)}/${part(name)}`;
    const samplesPath = `${folder}/${uuid}_samples.jsonl`;
    const times = group.records.map((record) => record.time).sort();
    const retrieved = String(Date.parse(times[times.length - 1]) / 1000);
    const evaluationId = `${benchmark}/${first.model.id}/${retrieved}`;
    const report = groupReport(group.records);
    const metric = report ? recordMetric(report.set, report.rows) : null;
    const rows = report?.rows ?? group.records.map((record) => ({ record }) as ReportRow);
    const samples = rows
      .map((row) => `${JSON.stringify(instanceOf(row, report?.set, metric, evaluationId))}\n`)
      .join('');
    const aggregate: JsonObject = {
      schema_version: EEE_SCHEMA_VERSION,
      evaluation_id: evaluationId,
      evaluation_timestamp: times[0],
      retrieved_timestamp: retrieved,
      source_metadata: {
        source_name: 'Waypoint run',
        source_type: 'evaluation_run',
        source_organization_name: 'Waypoint',
        evaluator_relationship: 'third_party',
        additional_details: {
          run_id: first.run_id ?? '',
          scoring_mode: first.mode,
          run_files: options.files.join(', '),
        },
      },
      model_info: modelInfo(first, developer),
      eval_library: { name: 'waypoint', version: options.version },
      evaluation_results: report ? results(report.set, report.rows, first, options) : [],
      detailed_evaluation_results: {
        format: 'jsonl',
        file_path: samplesPath,
        hash_algorithm: 'sha256',
        checksum: sha256Hex(samples),
        total_rows: rows.length,
      },
    };
    return {
      aggregatePath: `${folder}/${uuid}.json`,
      samplesPath,
      aggregate,
      samples,
      benchmark,
      model: first.model.id,
      records: rows.length,
      superseded: group.superseded,
    };
  });
}

function modelInfo(record: RunRecord, developer: string): JsonObject {
  const { model } = record;
  const details: Record<string, string> = {
    deployment_type: 'unknown',
    model_availability: 'unknown',
    waypoint_provider: model.provider,
  };
  if (model.model) details.served_name = model.model;
  if (model.baseUrl) details.base_url = model.baseUrl;
  return {
    name: model.id,
    id: model.id,
    developer,
    ...(model.provider === 'oracle' || model.provider === 'random'
      ? { inference_engine: { name: 'waypoint' } }
      : { inference_platform: model.provider }),
    additional_details: details,
  };
}

/** The report's headline as EEE results: every metric overall, then per group of the default table. */
function results(set: RecordSet, rows: ReportRow[], first: RunRecord, options: EeeOptions): JsonObject[] {
  const { report } = set;
  const headline = headlineRows(rows);
  const groups: Array<{ label: string | null; metrics: Record<string, MetricSummary> }> = overallGroups(
    report,
    rows,
  ).map((group) => ({ label: null, metrics: group.metrics }));
  const byKey = new Map<string, ReportRow[]>();
  for (const row of headline) {
    const key = report.defaultBy.map((name) => String(fieldValue(row.record, row.fields, name) ?? '')).join('/');
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  for (const [label, list] of [...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    groups.push({ label, metrics: summarise(report, list) });
  const generation: JsonObject = {
    generation_args: {
      temperature: first.model.temperature,
      ...(first.model.maxTokens >= 1 ? { max_tokens: Math.round(first.model.maxTokens) } : {}),
    },
    additional_details: { scoring_mode: first.mode, epochs: String(Math.max(...rows.map((r) => epochOf(r.record)))) },
  };
  return groups.flatMap((group) =>
    Object.entries(group.metrics).flatMap(([metric, summary]) =>
      summary.mean === null ? [] : [evaluationResult(set, group.label, metric, summary, generation, options)],
    ),
  );
}

/** One metric of one group as an EEE evaluation result: its mean, interval and count. */
function evaluationResult(
  set: RecordSet,
  label: string | null,
  metric: string,
  summary: MetricSummary,
  generation: JsonObject,
  options: EeeOptions,
): JsonObject {
  const { report } = set;
  const bounded = report.success.includes(metric) || report.binary.includes(metric);
  return {
    evaluation_result_id: label === null ? metric : `${metric}:${label}`,
    evaluation_name: label === null ? set.benchmark : `${set.benchmark} ${label}`,
    source_data: {
      dataset_name: findBenchmark(set.benchmark)?.label ?? set.benchmark,
      source_type: 'other',
      additional_details: { run_files: options.files.join(', '), grouped_by: report.defaultBy.join('/') },
    },
    metric_config: {
      evaluation_description: report.glossary[metric] ?? metric,
      metric_id: metric,
      metric_name: metric,
      lower_is_better: report.better[metric] === 'lower',
      score_type: 'continuous',
      min_score: bounded ? 0 : null,
      max_score: bounded ? 1 : null,
      additional_details: { better: String(report.better[metric] ?? 'neither') },
    },
    score_details: {
      score: summary.mean,
      uncertainty: {
        ...(summary.ci95
          ? {
              confidence_interval: {
                lower: summary.ci95[0],
                upper: summary.ci95[1],
                confidence_level: 0.95,
                method: `percentile bootstrap clustered by ${report.clusterName}`,
              },
            }
          : {}),
        num_samples: summary.n,
      },
    },
    generation_config: generation,
  };
}

/** One record as an EEE instance: the prompt, the reply, the parsed answer and the primary metric's score. */
function instanceOf(
  row: ReportRow,
  set: RecordSet | undefined,
  metric: string | null,
  evaluationId: string,
): JsonObject {
  const { record } = row;
  const value = set && metric !== null && row.metrics ? countedValue(set, row, metric) : null;
  const score = value ?? 0;
  const metadata: Record<string, string> = {
    scoring_mode: record.mode,
    epoch: String(epochOf(record)),
    scores: JSON.stringify(record.scores),
  };
  if (metric !== null) metadata.metric = metric;
  if (row.metrics) metadata.in_headline = String(row.answerable && value !== null);
  if (record.diagnostics?.length) metadata.diagnostics = record.diagnostics.map((d) => d.code).join(',');
  const usage =
    record.promptTokens !== null && record.completionTokens !== null
      ? {
          input_tokens: record.promptTokens,
          output_tokens: record.completionTokens,
          total_tokens: record.promptTokens + record.completionTokens,
        }
      : null;
  const prompt = record.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
  return {
    schema_version: EEE_SCHEMA_VERSION,
    evaluation_id: evaluationId,
    model_id: record.model.id,
    evaluation_name: record.question.benchmark,
    ...(metric !== null ? { evaluation_result_id: metric } : {}),
    sample_id: record.question.sampleId,
    sample_hash: sha256Hex(JSON.stringify(record.question)),
    interaction_type: 'single_turn',
    input: { raw: prompt, formatted: JSON.stringify(record.messages), reference: [] },
    output: { raw: [record.rawAnswer] },
    messages: null,
    answer_attribution: [
      {
        turn_idx: 0,
        source: 'output.raw',
        extracted_value: answerText(record),
        extraction_method: `waypoint ${record.question.benchmark} answer parser`,
        is_terminal: true,
      },
    ],
    evaluation: { score, is_correct: score >= 1 },
    token_usage: usage,
    performance: { latency_ms: record.latencyMs },
    error: record.error ?? null,
    metadata,
  };
}
