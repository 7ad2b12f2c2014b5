// `waypoint batch export|import <benchmark> <source>... (question options)` (runs.md §6): provider
// batch files from any benchmark's question set, and the provider's output file scored back into
// run records. OpenAI's request lines (also what `vllm run-batch` reads offline) copy upstream's own
// (GRASP's batch_gpt4o.jsonl) byte for byte: Python's json.dumps spacing and escaping, body keys
// model, temperature, messages, max_tokens, custom_id = the question's sample id. `--format
// anthropic` writes Message Batches request lines instead (core/eval/anthropicBatch.ts). Import
// reads either provider's results, in any order, telling them apart row by row. `--seed` (or the
// seed of a `--profile`) is each OpenAI request's `seed`, and batch import records it on the
// records as `waypoint run` does; Anthropic's Messages API has no seed, so it is refused there.
import {
  findBenchmark,
  QuestionOptionError,
  type BenchmarkDefinition,
  type PreparedQuestion,
  type QuestionSetOptions,
} from '../../core/benchmark/registry';
import { benchmarks } from '../../core/benchmarks';
import { runRecordOf } from '../../core/eval/engine';
import {
  AnthropicPromptError,
  anthropicCustomId,
  anthropicRequestLine,
  isAnthropicResult,
  readAnthropicResult,
} from '../../core/eval/anthropicBatch';
import { importedProfile, isJsonObject, readBatchRow } from '../../core/eval/imported';
import { recordDiagnostics } from '../../core/eval/pipeline';
import type { ModelReply, QuestionBase, RunRecord, ScoringMode } from '../../core/eval/types';
import { parseCustomId } from '../../core/benchmarks/grasp/settings';
import { pythonJsonDumps } from '../../core/util/pythonJson';
import { newRunId } from '../../core/runs/runId';
import { failureGroupLine, failureGroups } from '../../core/runs/failureSummary';
import { escapeControls } from '../../core/util/text';
import { nonNegativeInteger, parseArgs, positiveInteger, reasoningEffortOption, UsageError } from '../args';
import { profileOf } from './run';
import { parseJsonWith } from '../../core/util/schema/parse';
import * as z from 'zod/mini';
import { OutputFileError, writeOutputAtomically } from '../../host/atomicOutput';
import { nodeQuestionFiles } from './nodeQuestionFiles';
import { tryReadInputText } from '../input';

type Output = (text: string) => void;

const USAGE = [
  'usage: waypoint batch export <benchmark> <source>... (question options) (--model NAME | --profile FILE --profile-id ID) [--format openai|anthropic]',
  '                               [--temperature T] [--max-tokens N] [--max-completion-tokens N] [--reasoning-effort E] [--seed S] > requests.jsonl',
  '       waypoint batch import <benchmark> <source>... (question options) --results output.jsonl --out run.jsonl [--mode M] [--model-name NAME] [--seed S] [--json]',
].join('\n');

/** For ids no exported question has: the question an error record names, where the benchmark's ids say enough (GRASP's custom_ids do). */
const questionOfUnknownId: Record<string, (id: string) => QuestionBase | null> = {
  grasp: (id) => {
    const parsed = parseCustomId(id);
    return (
      parsed &&
      ({
        benchmark: 'grasp',
        file: parsed.file,
        index: parsed.index,
        settings: parsed.settings,
        style: 'chat',
        sampleId: id,
      } as QuestionBase)
    );
  },
};

/** The options of each command besides the benchmark's question options. */
const OWN_OPTIONS = {
  export: [
    'model',
    'profile',
    'profile-id',
    'format',
    'temperature',
    'max-tokens',
    'max-completion-tokens',
    'reasoning-effort',
    'seed',
  ],
  import: ['results', 'out', 'mode', 'model-name', 'seed'],
} as const;

/** Runs `waypoint batch ...`; returns the exit code. */
export async function runBatch(argv: readonly string[], out: Output, err: Output): Promise<number> {
  try {
    const [command, name, ...rest] = argv;
    if (command !== 'export' && command !== 'import')
      throw new UsageError(
        command === undefined
          ? 'batch needs a command: export or import'
          : `unknown batch command '${command}' (export or import)`,
      );
    const definition = benchmarkWithSet(name);
    const optionNames = definition.questionOptions ?? [];
    const args = parseArgs(rest, ['json'], [...OWN_OPTIONS[command], ...optionNames]);
    if (args.positionals.length === 0) throw new UsageError(`batch ${command} needs at least one source`);
    const options: QuestionSetOptions = Object.fromEntries(
      optionNames.map((option) => [option, args.options.get(option)]),
    );
    const set = await questionSetOf(definition, args.positionals, options);
    for (const problem of set.problems) err(problem);
    const code =
      command === 'export'
        ? exportRequests(set.questions, await exportSettings(args.options), out, err)
        : await importResults(definition, set.questions, args.options, args.flags.has('json'), out, err);
    return set.problems.length > 0 ? Math.max(code, 1) : code;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`waypoint batch: ${error.message}`);
    for (const line of USAGE.split('\n')) err(line);
    return 2;
  }
}

type BenchmarkWithSet = BenchmarkDefinition & { questionSet: NonNullable<BenchmarkDefinition['questionSet']> };

/** The named benchmark, which must have a question set to export or import. */
function benchmarkWithSet(name: string | undefined): BenchmarkWithSet {
  const definition = name === undefined ? null : findBenchmark(name);
  if (definition?.questionSet) return definition as BenchmarkWithSet;
  const withSets = benchmarks()
    .filter((candidate) => candidate.questionSet)
    .map((candidate) => candidate.id);
  throw new UsageError(
    `${name === undefined ? 'name a benchmark' : `'${name}' has no question set`} (one of ${withSets.join(', ')})`,
  );
}

/** The benchmark's questions from the sources; an option it refuses is a usage error. */
async function questionSetOf(definition: BenchmarkWithSet, sources: readonly string[], options: QuestionSetOptions) {
  try {
    return await definition.questionSet(sources, options, nodeQuestionFiles);
  } catch (error) {
    if (error instanceof QuestionOptionError) throw new UsageError(error.message);
    throw error;
  }
}

function numberOption(options: Map<string, string>, name: string, fallback: number, integer: boolean): number {
  const text = options.get(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value)))
    throw new UsageError(`--${name} must be a non-negative ${integer ? 'integer' : 'number'}, not '${text}'`);
  return value;
}

/** The most requests one batch takes: OpenAI's Batch API 50,000, Anthropic's Message Batches 100,000. */
const BATCH_LIMITS = { openai: 50_000, anthropic: 100_000 } as const;

/** The token limit and effort of an OpenAI request body: max_tokens, or max_completion_tokens (reasoning models) in its place. */
type OpenAiLimits =
  | { max_tokens: number }
  | { max_completion_tokens: number; reasoning_effort?: string }
  | { max_tokens: number; reasoning_effort: string };

/**
 * One request line per question, as upstream's batch_gpt4o.jsonl writes them (the limit's key where
 * max_tokens is); a seed, when there is one, last, so the lines without one stay upstream's bytes.
 */
export function batchRequestLine(
  sampleId: string,
  model: string,
  messages: PreparedQuestion['messages'],
  temperature: number,
  limits: OpenAiLimits,
  seed?: number,
): string {
  const body = {
    model,
    temperature,
    messages: messages.map((message) => ({ role: message.role, content: message.content })),
    ...limits,
    ...(seed === undefined ? {} : { seed }),
  };
  return pythonJsonDumps({ custom_id: sampleId, method: 'POST', url: '/v1/chat/completions', body });
}

/** What every exported request sends: from the options, or from a --profile's entry with the options over it. */
interface ExportSettings {
  model: string;
  format: 'openai' | 'anthropic';
  temperature: number;
  maxTokens: number;
  maxCompletionTokens?: number;
  reasoningEffort?: string;
  seed?: number;
  /** Where the limits came from: a profile's fields, or the options (named in the Anthropic refusals). */
  fromProfile: boolean;
}

async function exportSettings(options: Map<string, string>): Promise<ExportSettings> {
  const format = options.get('format') ?? 'openai';
  if (format !== 'openai' && format !== 'anthropic')
    throw new UsageError(`--format must be openai or anthropic, not '${format}'`);
  if (options.has('profile') === options.has('model'))
    throw new UsageError(
      'batch export needs the model one way: --model NAME (the body\'s "model"), or --profile FILE --profile-id ID',
    );
  if (options.has('profile')) {
    // The profile as `waypoint run` reads it, with the options over it (its seed included).
    const profile = await profileOf(options, false);
    if (!profile.model)
      throw new UsageError(
        `--profile-id ${profile.id} names no "model" (the body's "model"); built-in agents answer no batch`,
      );
    return {
      model: profile.model,
      format,
      temperature: profile.temperature,
      maxTokens: profile.maxTokens,
      maxCompletionTokens: profile.maxCompletionTokens,
      reasoningEffort: profile.reasoningEffort,
      seed: profile.seed,
      fromProfile: true,
    };
  }
  return {
    model: options.get('model') as string,
    format,
    // GRASP's requests: temperature 0, max_tokens 1000 (spec grasp.md §5).
    temperature: numberOption(options, 'temperature', 0, false),
    maxTokens: numberOption(options, 'max-tokens', 1000, true),
    maxCompletionTokens: options.has('max-completion-tokens')
      ? positiveInteger(options.get('max-completion-tokens'), 'max-completion-tokens')
      : undefined,
    reasoningEffort: options.has('reasoning-effort')
      ? reasoningEffortOption(options.get('reasoning-effort') ?? '')
      : undefined,
    seed: options.has('seed') ? nonNegativeInteger(options.get('seed'), 'seed') : undefined,
    fromProfile: false,
  };
}

function exportRequests(
  questions: readonly PreparedQuestion[],
  settings: ExportSettings,
  out: Output,
  err: Output,
): number {
  const {
    format,
    model,
    temperature,
    maxTokens,
    maxCompletionTokens: completion,
    reasoningEffort: effort,
    seed,
  } = settings;
  if (questions.some((prepared) => prepared.play))
    throw new UsageError('batch export asks single questions; this benchmark plays episodes (use waypoint run)');
  if (questions.length > BATCH_LIMITS[format])
    err(
      `waypoint batch: ${questions.length} requests; one ${format === 'openai' ? 'OpenAI batch' : 'Anthropic Message Batch'} takes at most ${BATCH_LIMITS[format].toLocaleString('en-US')}: split the set with --indices or the question options`,
    );
  if (format === 'anthropic') return exportAnthropic(questions, settings, out, err);
  const limits: OpenAiLimits =
    completion !== undefined
      ? { max_completion_tokens: completion, ...(effort ? { reasoning_effort: effort } : {}) }
      : effort
        ? { max_tokens: maxTokens, reasoning_effort: effort }
        : { max_tokens: maxTokens };
  for (const prepared of questions)
    out(batchRequestLine(prepared.question.sampleId, model, prepared.messages, temperature, limits, seed));
  return 0;
}

/**
 * Message Batches request lines. Every line is built before any is written: a prompt Anthropic
 * cannot take, or two sample ids that would share a custom_id, leave stdout empty (a batch missing
 * some questions would look complete).
 */
function exportAnthropic(
  questions: readonly PreparedQuestion[],
  settings: ExportSettings,
  out: Output,
  err: Output,
): number {
  const { model, maxTokens, temperature } = settings;
  const named = (option: string, field: string) => (settings.fromProfile ? `"${field}" (--${option})` : `--${option}`);
  if (settings.maxCompletionTokens !== undefined)
    throw new UsageError(
      `${named('max-completion-tokens', 'maxCompletionTokens')} is an OpenAI request field; Anthropic's requests take --max-tokens`,
    );
  if (settings.reasoningEffort !== undefined)
    throw new UsageError(
      `${named('reasoning-effort', 'reasoningEffort')} is an OpenAI request field; Anthropic's requests take --max-tokens`,
    );
  // Not dropped in silence: the records would claim a reproducible run that is not one.
  if (settings.seed !== undefined)
    throw new UsageError(
      `${named('seed', 'seed')}: Anthropic's Messages API has no seed, so its sampled answers cannot be drawn again; export without one`,
    );
  if (temperature > 1) throw new UsageError(`--temperature must be between 0 and 1 for Anthropic, not ${temperature}`);
  if (maxTokens < 1) throw new UsageError('--max-tokens must be at least 1 for Anthropic');
  const lines: string[] = [];
  const owners = new Map<string, string>();
  let failed = 0;
  for (const prepared of questions) {
    const { sampleId } = prepared.question;
    const customId = anthropicCustomId(sampleId);
    const owner = owners.get(customId);
    if (owner !== undefined && owner !== sampleId) {
      err(
        `waypoint batch: sample ids ${owner} and ${sampleId} would both be sent as custom_id ${customId}; nothing was written`,
      );
      failed++;
    }
    owners.set(customId, sampleId);
    try {
      lines.push(anthropicRequestLine(sampleId, model, prepared.messages, maxTokens, temperature));
    } catch (error) {
      if (!(error instanceof AnthropicPromptError)) throw error;
      err(`waypoint batch: question ${sampleId}: ${error.message}; nothing was written`);
      failed++;
    }
  }
  if (failed > 0) return 1;
  for (const line of lines) out(line);
  const shortened = [...owners].filter(([customId, sampleId]) => customId !== sampleId).length;
  if (shortened > 0)
    err(
      `waypoint batch: ${shortened} of ${questions.length} sample ids are not custom_ids Anthropic takes (1–64 characters of A-Z a-z 0-9 _ -) and were sent as a prefix and a hash; batch import with the same sources and options maps them back.`,
    );
  return 0;
}

/** What batch import was told beside the sources: the files, the mode, the model's name, the export's seed. */
interface ImportSettings {
  resultsPath: string;
  outPath: string;
  mode: ScoringMode;
  modelName: string | undefined;
  seed: number | undefined;
}

function importSettings(definition: BenchmarkDefinition, options: Map<string, string>): ImportSettings {
  const resultsPath = options.get('results');
  const outPath = options.get('out');
  if (!resultsPath) throw new UsageError('batch import needs --results <provider output.jsonl>');
  if (!outPath) throw new UsageError('batch import needs --out <run.jsonl>');
  // The benchmark's own modes (runs.md: every result says which mode made it; a mode it has not is a usage error).
  const modes: readonly ScoringMode[] = definition.scoringModes ?? ['faithful'];
  const modeText = options.get('mode') ?? 'faithful';
  const mode = modes.find((candidate) => candidate === modeText);
  if (!mode)
    throw new UsageError(`--mode must be one of ${modes.join(', ')} for ${definition.label}, not '${modeText}'`);
  const modelName = options.get('model-name');
  // The export's seed: the output rows do not repeat the request, so the import is told it, as the sources and options.
  const seed = options.has('seed') ? nonNegativeInteger(options.get('seed'), 'seed') : undefined;
  return { resultsPath, outPath, mode, modelName, seed };
}

async function importResults(
  definition: BenchmarkDefinition,
  questions: readonly PreparedQuestion[],
  options: Map<string, string>,
  json: boolean,
  out: Output,
  err: Output,
): Promise<number> {
  const settings = importSettings(definition, options);
  const { resultsPath, outPath, mode } = settings;
  const read = await tryReadInputText(resultsPath);
  if (!read.ok) {
    err(read.message);
    return 1;
  }
  const text = read.value;
  // No row at all is the wrong file or a batch that has not finished, not a run whose every question
  // went unanswered: say so, and leave --out as it was (a run file is written whole or not at all).
  if (text.trim() === '') {
    err(`${resultsPath}: no result rows (${text === '' ? 'the file is empty' : 'the file has only blank lines'})`);
    return 1;
  }
  const runId = newRunId('batch');
  const context: ImportContext = { definition, byId: questionsById(questions), settings, runId, err };
  const tally: ImportTally = { records: [], unknownRows: [], problems: 0, unseededAnthropic: 0 };
  text.split('\n').forEach((line, index) => {
    if (line.trim() !== '') readResultLine(line, index, context, tally);
  });
  const { records, unknownRows } = tally;
  if (records.length === 0 && unknownRows.length > 0) {
    tellUnknown(resultsPath, unknownRows, err);
    err(`${resultsPath}: no row answers a question of the exported set; ${outPath} is left as it was`);
    return 1;
  }
  // Lines, but not one a result row (a CSV, another tool's output): the same wrong file, said once more.
  if (records.length === 0) {
    err(`${resultsPath}: no result rows (no line is a Batch API output row); ${outPath} is left as it was`);
    return 1;
  }
  try {
    // Written whole or not at all: a failure leaves a previous run file of that name intact.
    await writeOutputAtomically(
      outPath,
      async (write) => write(new TextEncoder().encode(records.map((record) => `${JSON.stringify(record)}\n`).join(''))),
      (line) => err(`waypoint batch import: ${line}`),
    );
  } catch (error) {
    if (!(error instanceof OutputFileError)) throw error;
    err(error.message);
    return 1;
  }
  const errors = records.filter((record) => record.error !== undefined);
  tellImportProblems(resultsPath, tally, errors, err);
  const answered = new Set(records.map((record) => record.question.sampleId));
  const unanswered = questions.filter((prepared) => !answered.has(prepared.question.sampleId)).length;
  if (json)
    out(
      JSON.stringify({ records: records.length, errors: errors.length, unanswered, mode, run_id: runId, out: outPath }),
    );
  else
    out(
      `${records.length} records (${errors.length} with error; ${unanswered} exported questions without a row) → ${outPath} · mode ${mode} · run_id ${runId}`,
    );
  return errors.length > 0 || tally.problems > 0 ? 1 : 0;
}

/** The exported questions by sample id, and by the custom_id Anthropic's results name them with. */
function questionsById(questions: readonly PreparedQuestion[]): Map<string, PreparedQuestion> {
  const byId = new Map(questions.map((prepared) => [prepared.question.sampleId, prepared]));
  for (const prepared of questions)
    if (!byId.has(anthropicCustomId(prepared.question.sampleId)))
      byId.set(anthropicCustomId(prepared.question.sampleId), prepared);
  return byId;
}

interface ImportContext {
  definition: BenchmarkDefinition;
  byId: ReadonlyMap<string, PreparedQuestion>;
  settings: ImportSettings;
  runId: string;
  err: Output;
}

/** A row whose custom_id the exported set lacks, with its line in the results file (reported located). */
interface UnknownRow {
  line: number;
  message: string;
  record: RunRecord<QuestionBase> | null;
}

/** What the result lines made so far: their records, the rows reported apart, and the counts the summary needs. */
interface ImportTally {
  records: RunRecord<QuestionBase>[];
  unknownRows: UnknownRow[];
  problems: number;
  unseededAnthropic: number;
}

/** One non-blank line of the results file into the tally: a record, an unknown row or a problem said on stderr. */
function readResultLine(line: string, index: number, context: ImportContext, tally: ImportTally): void {
  const { resultsPath, modelName, seed } = context.settings;
  // The located parse names the column of a syntax error (V8's message quotes the broken bytes).
  const parsed = parseJsonWith(line, z.unknown(), index);
  if (!parsed.ok || !isJsonObject(parsed.value)) {
    const where = parsed.ok
      ? `${index + 1}`
      : `${(parsed.diagnostics[0]?.range.start.line ?? index) + 1}:${(parsed.diagnostics[0]?.range.start.character ?? 0) + 1}`;
    context.err(
      `${resultsPath}:${where}: not a Batch API output row (${parsed.ok ? 'not a JSON object' : (parsed.diagnostics[0]?.message ?? 'not JSON')})`,
    );
    tally.problems++;
    return;
  }
  const row: Record<string, unknown> = parsed.value;
  const customId = row.custom_id;
  if (typeof customId !== 'string') {
    context.err(`${resultsPath}:${index + 1}: the row has no "custom_id"`);
    tally.problems++;
    return;
  }
  const anthropic = isAnthropicResult(row);
  const batch = anthropic ? readAnthropicResult(row) : readBatchRow(row);
  // Anthropic's requests carry no seed (export refuses one): their records claim none.
  if (anthropic && seed !== undefined) tally.unseededAnthropic++;
  const model = {
    ...importedProfile(modelName ?? batch.model ?? 'unknown'),
    ...(seed !== undefined && !anthropic ? { seed } : {}),
  };
  const reply: ModelReply = {
    text: batch.content ?? '',
    promptTokens: batch.promptTokens,
    completionTokens: batch.completionTokens,
    latencyMs: 0,
    cached: false,
    ...(batch.error === null ? batch.extras : {}),
  };
  const prepared = context.byId.get(customId);
  if (!prepared) {
    unknownRowOf(customId, index, model, reply, context, tally);
    return;
  }
  tally.records.push(answerRecord(prepared, batch, model, reply, context));
}

/** A row of an id the exported set lacks: an error record where its id names the question, else only said. */
function unknownRowOf(
  customId: string,
  index: number,
  model: RunRecord<QuestionBase>['model'],
  reply: ModelReply,
  context: ImportContext,
  tally: ImportTally,
): void {
  const message = `custom_id ${customId} is not a question of the exported set (check the sources and question options)`;
  const question = questionOfUnknownId[context.definition.id]?.(customId);
  // Without the question's fields the record could not be read back (report would skip it): said, not written.
  if (!question) {
    tally.unknownRows.push({ line: index + 1, message: `${message}; no record written`, record: null });
    tally.problems++;
    return;
  }
  const mode = context.settings.mode;
  const record = {
    ...runRecordOf<QuestionBase>({ question, model, messages: [], parsedAnswer: null, scores: {}, mode }, reply),
    run_id: context.runId,
    error: message,
  };
  tally.records.push(record);
  tally.unknownRows.push({ line: index + 1, message, record });
}

/** The record of a row answering an exported question: scored, or an error with its kind. */
function answerRecord(
  prepared: PreparedQuestion,
  batch: ReturnType<typeof readBatchRow>,
  model: RunRecord<QuestionBase>['model'],
  reply: ModelReply,
  { runId, settings: { mode } }: ImportContext,
): RunRecord<QuestionBase> {
  const messages = prepared.messages.map((message) => ({ ...message }));
  // Errored, expired and canceled requests are errors with their kind, never answers that failed to parse.
  if (batch.error !== null)
    return {
      ...runRecordOf<QuestionBase>(
        { question: prepared.question, model, messages, parsedAnswer: null, scores: {}, mode },
        reply,
      ),
      run_id: runId,
      error: batch.error,
      ...(batch.failure ? { failure: batch.failure } : {}),
    };
  const scored = prepared.score(reply.text, mode);
  const record = runRecordOf<QuestionBase>(
    { question: prepared.question, model, messages, parsedAnswer: scored.parsedAnswer, scores: scored.scores, mode },
    reply,
  );
  return { ...record, run_id: runId, diagnostics: recordDiagnostics(scored.diagnostics) };
}

// Each unknown id is its own message: the first few located, then a count, not a line per row.
const UNKNOWN_SHOWN = 10;

function tellUnknown(resultsPath: string, unknownRows: readonly UnknownRow[], err: Output): void {
  for (const { line, message } of unknownRows.slice(0, UNKNOWN_SHOWN)) err(`${resultsPath}:${line}: ${message}`);
  if (unknownRows.length > UNKNOWN_SHOWN)
    err(
      `${resultsPath}: ${unknownRows.length - UNKNOWN_SHOWN} more rows whose custom_id is not a question of the exported set`,
    );
}

/** After the run file is written: error rows by reason, unknown ids, seeds no Anthropic record could carry. */
function tellImportProblems(
  resultsPath: string,
  tally: ImportTally,
  errors: readonly RunRecord<QuestionBase>[],
  err: Output,
): void {
  const unknownRecords = new Set(tally.unknownRows.map((row) => row.record));
  // One line a reason: by kind, HTTP status and the provider's error code, never by the message
  // (it quotes each row's own error).
  for (const group of failureGroups(errors.filter((record) => !unknownRecords.has(record))))
    err(escapeControls(failureGroupLine(group, 'row')));
  tellUnknown(resultsPath, tally.unknownRows, err);
  if (tally.unseededAnthropic > 0)
    err(
      `${resultsPath}: --seed is not recorded on ${tally.unseededAnthropic} Anthropic result rows: Anthropic's Messages API has no seed`,
    );
}
