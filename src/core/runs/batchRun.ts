// One model's whole-benchmark run into one run file, as `waypoint run` and the editor's Run
// Benchmark both make it (runs.md §2): what an existing file already answers (resume by
// `answerKey`, keeping the file's run id and spend), the dry-run bound (questions, prompt tokens,
// cost), and the run itself through runQuestions with each record appended as one whole line.
// Hosts inject the file access (core has no node:fs), so a run started in either host is resumed
// by the other: the records, the run id and the resume rule are the same code.
import { pricedCost } from '../eval/cost';
import { completionLimit } from '../eval/profiles';
import { parseRunRecords } from '../eval/recordSchemas';
import { writableRecord } from '../eval/recordGuard';
import type { ChatMessage, ModelProfile, QuestionBase, RunRecord, ScoringMode } from '../eval/types';
import type { PreparedQuestion } from '../benchmark/registry';
import { mergeRunFiles, type RecordSet } from './records';
import { buildReport, overallGroups, type ReportJson, type ReportRow } from './report';
import { runQuestions, type RunOptions, type RunResult } from './runner';
import { newRunId } from './runId';
import { ResumeIndex } from './resumeIndex';
import { countChatTokens } from './promptCounts';

/** Where records go: one whole line per record, in the order handed over. */
export interface RecordSink {
  append(record: RunRecord<QuestionBase>): void | Promise<void>;
  close(): void | Promise<void>;
}

export interface RunFileAccess {
  /** The file's text; null when there is no such file. */
  readText(path: string): Promise<string | null>;
  /** The file opened for appending (created, with its folder, when missing). */
  openAppend(path: string): RecordSink | Promise<RecordSink>;
}

/** What a run of `questions` asks, given what its run file already holds. */
export interface ResumeState {
  /** The questions the file does not answer yet, in question-set order. */
  questions: PreparedQuestion[];
  /** Questions of the set the file already answers (records with `error` are asked again). */
  alreadyAnswered: number;
  /** The file's run id when it has one, else a fresh one. */
  runId: string;
  /** What the file's run already cost: its answers asked of the model (not those from the cache) and its preflights (counts against a cost cap). */
  spentUsd: number;
  /** The file's answers from a model whose cost is unknown (no prices, no provider figure). */
  unknownCostRecords: number;
  /** Whether the file already has records (the CLI needs --resume to continue it). */
  hadRecords: boolean;
  /** Lines of the file that are not run records (named with file and line; they are skipped). */
  skipped: string[];
  /** The benchmarks of the file's records (a run of another benchmark must not be appended to it). */
  benchmarks: string[];
}

/** The resume state of `questions` asked of `profile` in `mode` against the run file's `text` (null: no file). */
export function resumeState(
  questions: readonly PreparedQuestion[],
  profile: ModelProfile,
  mode: ScoringMode,
  text: string | null,
  path: string,
): ResumeState {
  if (text === null) return resumeStateOf(questions, null, path);
  const index = new ResumeIndex(questions, profile, mode);
  const parsed = parseRunRecords(text, path);
  for (const record of parsed.records) index.add(record);
  for (const problem of parsed.problems) index.skip(problem);
  for (const torn of parsed.torn) index.cutShort(torn);
  return resumeStateOf(questions, index, path);
}

/** The resume state of `questions` given what a reader gathered of the run file (null: no file). */
export function resumeStateOf(
  questions: readonly PreparedQuestion[],
  index: ResumeIndex | null,
  path: string,
): ResumeState {
  if (index === null)
    return {
      questions: [...questions],
      alreadyAnswered: 0,
      runId: newRunId(),
      spentUsd: 0,
      unknownCostRecords: 0,
      hadRecords: false,
      skipped: [],
      benchmarks: [],
    };
  return {
    questions: index.remaining(),
    alreadyAnswered: index.alreadyAnswered,
    runId: index.runId ?? newRunId(),
    spentUsd: index.spentUsd,
    unknownCostRecords: index.unknownCostRecords,
    hadRecords: index.lines > 0,
    skipped: index.skippedLines(path),
    benchmarks: [...index.benchmarks],
  };
}

export { countChatTokens };

/** `--dry-run`'s numbers (runs.md §2; the JSON field names are the CLI's). */
export interface BatchEstimate {
  questions: number;
  /** Model requests at most: one a question, an episode's turns for episodes. */
  requests: number;
  prompt_tokens: number;
  max_completion_tokens: number;
  /** null when the profile has no prices. */
  cost_usd_max: number | null;
  /** The tokenizer prompt_tokens are counted with (an estimate for models of other vocabularies). */
  tokenizer: 'cl100k';
}

/** One question's requests and prompt tokens: an episode's turns × tokens per turn, else its one prompt. */
export function questionTokens(
  prepared: PreparedQuestion,
  profile: ModelProfile,
  countTokens: (messages: readonly ChatMessage[]) => number = countChatTokens,
): { requests: number; promptTokens: number; largestPromptTokens: number } {
  if (prepared.playEstimate) return prepared.playEstimate(countTokens, completionLimit(profile), profile.historyTurns);
  const tokens = countTokens(prepared.messages);
  return { requests: 1, promptTokens: tokens, largestPromptTokens: tokens };
}

/** The questions, their prompt tokens (episodes: every turn's), the completion bound (the profile's completion limit a request) and the cost bound. */
export function estimateBatch(
  questions: readonly PreparedQuestion[],
  profile: ModelProfile,
  countTokens: (messages: readonly ChatMessage[]) => number = countChatTokens,
): BatchEstimate {
  let requests = 0;
  let promptTokens = 0;
  for (const prepared of questions) {
    const counted = questionTokens(prepared, profile, countTokens);
    requests += counted.requests;
    promptTokens += counted.promptTokens;
  }
  const maxCompletion = requests * completionLimit(profile);
  const cost = pricedCost(profile, promptTokens, maxCompletion);
  return {
    questions: questions.length,
    requests,
    prompt_tokens: promptTokens,
    max_completion_tokens: maxCompletion,
    cost_usd_max: cost,
    tokenizer: 'cl100k',
  };
}

type BatchOptions = Omit<RunOptions, 'onRecord' | 'runId' | 'spentUsd' | 'unknownCostRecords'> & {
  /** What the run's preflight cost (counted with the file's spend): kept on the first record appended, so --resume counts it too. */
  preflightCostUsd?: number;
};

/** Asks `state.questions` and appends each record to `path` as it arrives; the file is closed however the run ends. */
export async function runIntoFile(
  state: ResumeState,
  path: string,
  files: RunFileAccess,
  options: BatchOptions,
): Promise<RunResult> {
  const { preflightCostUsd = 0, ...runOptions } = options;
  const sink = await files.openAppend(path);
  let preflightKept = preflightCostUsd <= 0;
  // Checked before it is written: the file's own reader (report, resume) accepts every line of it.
  const append = (record: RunRecord<QuestionBase>) => {
    if (preflightKept) return sink.append(writableRecord(record));
    preflightKept = true;
    return sink.append(writableRecord({ ...record, preflight_cost_usd: preflightCostUsd }));
  };
  try {
    return await runQuestions(state.questions, {
      ...runOptions,
      runId: state.runId,
      spentUsd: state.spentUsd + preflightCostUsd,
      unknownCostRecords: state.unknownCostRecords,
      onRecord: append,
    });
  } finally {
    await sink.close();
  }
}

/** A name safe in any file system for a profile id such as `openai/gpt-4o:latest`. */
function fileSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || 'model';
}

export function batchRunName(benchmark: string, profileId: string, now: Date): string {
  return `${fileSafe(benchmark)}-${fileSafe(profileId)}-${now.toISOString().replace(/[-:]/g, '').slice(0, 15).replace('T', '-')}`;
}

/** The start of a batch run file name (batchRunName's date, `yyyymmdd-hhmmss`) with its extension. */
const BATCH_RUN_START = /^\d{8}-\d{6}\.jsonl$/;

/** Whether a run file name in `.waypoint/runs/batch/` is one of `benchmark` and `profileId` (a candidate to resume). */
export function isBatchRunOf(fileName: string, benchmark: string, profileId: string): boolean {
  const prefix = `${fileSafe(benchmark)}-${fileSafe(profileId)}-`;
  return fileName.startsWith(prefix) && BATCH_RUN_START.test(fileName.slice(prefix.length));
}

/**
 * When the batch run a file belongs to started (`yyyymmdd-hhmmss`, UTC), read from its name as
 * batchRunName writes it; null for a file not named so. Takes a bare name or a path.
 */
export function batchRunStart(file: string): string | null {
  const name = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const start = name.length - '00000000-000000.jsonl'.length;
  return start > 1 && name[start - 1] === '-' && BATCH_RUN_START.test(name.slice(start))
    ? name.slice(start, start + 15)
    : null;
}

/** The report of a batch's run files (one per profile) and each model's mean of the benchmark's primary metric. */
interface BatchReport {
  set: RecordSet;
  json: ReportJson;
  rows: ReportRow[];
  /** The primary metric: the benchmark's first success metric (else its first metric). */
  metric: string | null;
  models: Array<{ model: string; n: number; errors: number; mean: number | null }>;
  /** Lines that are not run records, with file and line. */
  problems: string[];
}

/** Throws ReportUsageError when the files hold no records (a run cancelled before its first answer). Files come as text or as a host reader's records. */
export function batchReport(
  files: ReadonlyArray<{ file: string; text: string } | { file: string; records: RunRecord[]; problems: string[] }>,
): BatchReport {
  const parsed = files.map((entry) =>
    'text' in entry ? { file: entry.file, ...parseRunRecords(entry.text, entry.file) } : entry,
  );
  const set = mergeRunFiles(parsed);
  const { json, rows } = buildReport(set);
  // The first success metric the records have (a MANGO map batch has F1, not success_strict).
  const present = set.report.metricNames.filter((name) => rows.some((row) => name in row.metrics));
  const metric =
    set.report.success.find((name) => present.includes(name)) ??
    set.report.success[0] ??
    set.report.metricNames[0] ??
    null;
  const models = overallGroups(set.report, rows).map((group) => ({
    model: String(group.key.model),
    n: group.n,
    errors: group.errors,
    mean: metric === null ? null : (group.metrics[metric]?.mean ?? null),
  }));
  return { set, json, rows, metric, models, problems: parsed.flatMap((entry) => entry.problems) };
}
