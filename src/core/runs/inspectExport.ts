// Waypoint run records as Inspect AI eval logs (`waypoint export inspect`): one log per (benchmark,
// model, run id, scoring mode), each sample one record. What an Inspect user sees: the prompt as
// the sample's input, the reply as its output, one score named after the benchmark whose value is
// the record's scores (a dict score, Inspect's way to carry several metrics) with the answer
// diagnostics as its explanation, token usage per model, and the log's metrics as `waypoint
// report` computes them. The record itself rides in the sample's metadata (`waypoint_record`, with
// the parts already shown elsewhere left null), so `waypoint import inspect` rebuilds it exactly.
import { findBenchmark } from '../benchmark/registry';
import type { RunRecord } from '../eval/types';
import { epochOf } from './epochs';
import { exportGroupId, exportGroups } from './exportGroups';
import { mergeRunFiles, ReportUsageError } from './records';
import { overallGroups, reportRows } from './report';
import {
  addUsage,
  evalConfig,
  generateConfig,
  INSPECT_LOG_VERSION,
  inspectMessage,
  inspectModelName,
  type JsonObject,
  modelUsage,
  stopReason,
} from './inspectShapes';

/** The record fields a sample shows elsewhere, left null in `metadata.waypoint_record` and filled back on import from where they are shown. */
export const RECORD_PLACEHOLDERS = {
  messages: 'the sample input',
  rawAnswer: 'output.completion',
  question: 'metadata.waypoint_question',
  parsedAnswer: 'metadata.waypoint_trajectory',
  diagnostics: 'metadata.waypoint_diagnostics',
} as const;

/** One log to write: its file name and its members in Inspect's order, each built when asked for. */
export interface InspectLogPlan {
  /** `<created>_<benchmark>_<model>_<id>.eval`, Inspect's own naming with the model added so one run's logs tell apart. */
  fileName: string;
  benchmark: string;
  model: string;
  runId: string;
  /** The records of the log, one per (sample id, epoch): a later record supersedes an earlier one as in reports. */
  records: RunRecord[];
  /** Earlier records of the same question and epoch that a later one replaced (as `waypoint report` merges them). */
  superseded: number;
  /** `_journal/start.json`. */
  start: JsonObject;
  /** `header.json`: the log without samples. */
  header: JsonObject;
  summaries: JsonObject[];
  reductions: JsonObject[];
}

export interface ExportOptions {
  /** Waypoint's version, for the log's `packages`. */
  version: string;
  /** The run files the records came from (the dataset's location). */
  files: readonly string[];
}

/** The logs `records` make, in the order their first record appears. */
export function planInspectLogs(records: readonly RunRecord[], options: ExportOptions): InspectLogPlan[] {
  return exportGroups(records).map((group) => ({ ...buildLog(group.records, options), superseded: group.superseded }));
}

function buildLog(records: RunRecord[], options: ExportOptions): Omit<InspectLogPlan, 'superseded'> {
  const first = records[0];
  const { benchmark } = first.question;
  const model = inspectModelName(first.model);
  const runId = first.run_id ?? '';
  const times = records.map((record) => record.time).sort();
  const created = times[0];
  const id = exportGroupId(first);
  const epochs = Math.max(...records.map(epochOf));
  const eval_ = evalSpec(records, options, { id, created, model, epochs });
  const plan: JsonObject = {
    name: 'plan',
    steps: [{ solver: solverOf(first), params: {}, params_passed: {} }],
    finish: null,
    config: generateConfig(null),
  };
  return {
    fileName: `${created.replace(/[:.]/g, '-')}_${benchmark}_${slug(first.model.id)}_${id}.eval`,
    benchmark,
    model,
    runId,
    records,
    start: { version: INSPECT_LOG_VERSION, eval: eval_, plan },
    header: logHeader(records, eval_, plan, { model, started: created, completed: times[times.length - 1] }),
    summaries: records.map((record) => sampleSummary(record, model)),
    reductions: [{ scorer: benchmark, reducer: epochs > 1 ? 'mean' : null, samples: reduced(records) }],
  };
}

/** The log's `eval` (EvalSpec): the task, its dataset, the model and the scorer, from the first record. */
function evalSpec(
  records: RunRecord[],
  options: ExportOptions,
  log: { id: string; created: string; model: string; epochs: number },
): JsonObject {
  const first = records[0];
  const { benchmark } = first.question;
  const sampleIds = [...new Set(records.map((record) => record.question.sampleId))];
  return {
    eval_set_id: null,
    eval_id: log.id,
    run_id: first.run_id ?? '',
    created: log.created,
    task: benchmark,
    task_id: log.id,
    task_version: 0,
    task_file: null,
    task_display_name: findBenchmark(benchmark)?.label ?? benchmark,
    task_registry_name: null,
    task_attribs: {},
    task_args: { mode: first.mode },
    task_args_passed: {},
    solver: solverOf(first),
    solver_args: null,
    solver_args_passed: null,
    tags: ['waypoint'],
    dataset: {
      name: benchmark,
      location: options.files.join(', '),
      samples: sampleIds.length,
      sample_ids: sampleIds,
      shuffled: false,
    },
    sandbox: null,
    model: log.model,
    model_generate_config: generateConfig(first.model),
    model_base_url: first.model.baseUrl ?? null,
    model_args: {},
    model_roles: null,
    config: evalConfig(log.epochs),
    revision: null,
    packages: { waypoint: options.version },
    metadata: { waypoint_model: first.model as unknown as JsonObject, waypoint_mode: first.mode },
    scorers: [
      { name: benchmark, options: { mode: first.mode }, metrics: [{ name: 'mean', options: null }], metadata: null },
    ],
    metrics: null,
  };
}

/** `header.json`: the log without samples, with its results (the report's metrics) and summed usage. */
function logHeader(
  records: RunRecord[],
  eval_: JsonObject,
  plan: JsonObject,
  at: { model: string; started: string; completed: string },
): JsonObject {
  let usage: JsonObject | undefined;
  for (const record of records) {
    const one = modelUsage(record);
    if (one) usage = addUsage(usage, one);
  }
  return {
    version: INSPECT_LOG_VERSION,
    status: 'success',
    eval: eval_,
    plan,
    results: {
      total_samples: records.length,
      completed_samples: records.filter((record) => record.error === undefined).length,
      early_stopping: null,
      scores: evalScores(records, records[0].question.benchmark),
      metadata: null,
    },
    stats: {
      started_at: at.started,
      completed_at: at.completed,
      model_usage: usage ? { [at.model]: usage } : {},
      role_usage: {},
    },
    error: null,
    invalidated: false,
    log_updates: null,
    tags: [],
    metadata: {},
    samples: null,
    reductions: null,
    location: '',
    etag: null,
    eval_set_info: null,
  };
}

function solverOf(record: RunRecord): string {
  const { provider } = record.model;
  if (provider === 'oracle' || provider === 'random') return `waypoint_${provider}_agent`;
  if (provider === 'imported') return 'waypoint_import';
  return 'generate';
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || 'model';
}

/** A sample's file in the zip (`samples/<id>_epoch_<n>.json`, Inspect's name). */
export function sampleFileName(record: RunRecord): string {
  return `samples/${record.question.sampleId}_epoch_${epochOf(record)}.json`;
}

/** The answer as Inspect's Score.answer shows it: the parsed answer, as text. */
function answerText(record: RunRecord): string | null {
  if (record.parsedAnswer === null || record.parsedAnswer === undefined) return null;
  return typeof record.parsedAnswer === 'string' ? record.parsedAnswer : JSON.stringify(record.parsedAnswer);
}

/** The diagnostics as a score's explanation: one line each, where in the answer and why. */
function explanation(record: RunRecord): string {
  if (record.error !== undefined) return `not scored: ${record.error}`;
  const diagnostics = record.diagnostics ?? [];
  if (diagnostics.length === 0) return 'no answer diagnostics';
  return diagnostics.map((d) => `${d.line + 1}:${d.character + 1}: ${d.severity} ${d.message} [${d.code}]`).join('\n');
}

function score(record: RunRecord): JsonObject {
  return {
    value: record.scores as JsonObject,
    answer: answerText(record),
    explanation: explanation(record),
    metadata: { mode: record.mode },
    history: [],
  };
}

/** One record as an Inspect sample. */
export function inspectSample(record: RunRecord, model: string): JsonObject {
  const input = record.messages.map((message) => inspectMessage(message));
  const reply = inspectMessage({ role: 'assistant', content: record.rawAnswer }, 'generate', model);
  const usage = modelUsage(record);
  const seconds = record.latencyMs / 1000;
  const kept: Record<string, unknown> = { ...record };
  for (const key of Object.keys(RECORD_PLACEHOLDERS)) if (key in kept) kept[key] = null;
  return {
    id: record.question.sampleId,
    epoch: epochOf(record),
    input,
    choices: null,
    target: '',
    sandbox: null,
    files: null,
    setup: null,
    messages: [...input, reply],
    output: {
      model,
      choices: [{ message: reply, stop_reason: stopReason(record.finish_reason), logprobs: null }],
      completion: record.rawAnswer,
      usage,
      time: seconds,
      metadata: null,
      error: record.error ?? null,
    },
    scores: { [record.question.benchmark]: score(record) },
    metadata: {
      waypoint_question: record.question as unknown as JsonObject,
      waypoint_diagnostics: (record.diagnostics ?? []) as unknown as JsonObject[],
      waypoint_trajectory: (record.parsedAnswer ?? null) as JsonObject,
      waypoint_record: kept as JsonObject,
    },
    store: {},
    events: [],
    timelines: null,
    model_usage: usage ? { [model]: usage } : {},
    role_usage: {},
    started_at: record.time,
    completed_at: record.time,
    total_time: seconds,
    working_time: seconds,
    uuid: null,
    invalidation: null,
    error: record.error === undefined ? null : { message: record.error, traceback: '', traceback_ansi: '' },
    error_retries: null,
    attachments: {},
    events_data: null,
    limit: null,
  };
}

/** Summaries Inspect View lists samples from (EvalSampleSummary): scalar metadata only, score values only. */
function sampleSummary(record: RunRecord, model: string): JsonObject {
  const usage = modelUsage(record);
  const scalars = Object.entries(record.question).filter(
    ([, value]) =>
      typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= 1024),
  );
  return {
    id: record.question.sampleId,
    epoch: epochOf(record),
    input: record.messages.map((message) => inspectMessage(message)),
    target: '',
    metadata: Object.fromEntries(scalars) as JsonObject,
    scores: { [record.question.benchmark]: { value: record.scores as JsonObject } },
    model_usage: usage ? { [model]: usage } : {},
    total_time: record.latencyMs / 1000,
    working_time: record.latencyMs / 1000,
    error: record.error ?? null,
    completed: true,
    message_count: record.messages.length + 1,
  };
}

/** Per sample id, the scores over its epochs (numbers and booleans as their mean, the rest as the first epoch's). */
function reduced(records: readonly RunRecord[]): JsonObject[] {
  const bySample = new Map<string, RunRecord[]>();
  for (const record of records) {
    const list = bySample.get(record.question.sampleId) ?? [];
    list.push(record);
    bySample.set(record.question.sampleId, list);
  }
  return [...bySample].map(([sampleId, list]) => {
    const value: JsonObject = {};
    for (const key of Object.keys(list[0].scores)) {
      const values = list.map((record) => record.scores[key]);
      const numbers = values.filter((v): v is number | boolean => typeof v === 'number' || typeof v === 'boolean');
      value[key] =
        list.length > 1 && numbers.length === values.length
          ? numbers.reduce((sum: number, v) => sum + Number(v), 0) / numbers.length
          : (values[0] ?? null);
    }
    return {
      value,
      answer: answerText(list[0]),
      explanation: list.length === 1 ? explanation(list[0]) : null,
      metadata: null,
      history: [],
      sample_id: sampleId,
    };
  });
}

/** The log's metrics: `waypoint report`'s overall row of the model (mean and 95% interval of each metric). */
function evalScores(records: RunRecord[], benchmark: string): JsonObject[] {
  let set: ReturnType<typeof mergeRunFiles>;
  try {
    set = mergeRunFiles([{ file: '', records }]);
  } catch (error) {
    // A benchmark without report fields has no headline metrics; its samples still carry their scores.
    if (error instanceof ReportUsageError) return [];
    throw error;
  }
  const groups = overallGroups(set.report, reportRows(set));
  const group = groups[0];
  if (!group) return [];
  return Object.entries(group.metrics).flatMap(([name, summary]) => {
    if (summary.mean === null) return [];
    const metrics: JsonObject = { mean: { name: 'mean', value: summary.mean, params: {}, metadata: null } };
    if (summary.ci95)
      for (const [at, value] of [
        ['ci95_low', summary.ci95[0]],
        ['ci95_high', summary.ci95[1]],
      ] as const)
        metrics[at] = { name: at, value, params: {}, metadata: null };
    return [
      {
        name,
        scorer: benchmark,
        reducer: null,
        scored_samples: summary.n,
        unscored_samples: records.length - summary.n,
        params: {},
        metrics,
        metadata: null,
      },
    ];
  });
}
