// `waypoint run <benchmark> <source>... --out run.jsonl` (runs.md §2): a whole question set asked of
// one model through the batch-run engine (core/runs/runner.ts). This module turns flags into a
// profile, a question selection and the engine's options, and owns the terminal: the progress
// bar, Ctrl+C (in-flight requests abandoned, exit 130), and the exit code.
import { setMaxListeners } from 'node:events';
import { benchmarks, findBenchmark } from '../../core/benchmarks';
import { MESSAGE_LAYOUTS, type MessageLayout } from '../../core/eval/messageLayout';
import { OpenAiCompatibleSource } from '../../core/eval/openaiProvider';
import { resolveServerModel } from '../../core/eval/engine';
import { unlistedReason } from '../../core/eval/servedModel';
import { cliApiKey, cliKeyAdvice } from './keyAdvice';
import { profileFromFile } from '../../core/eval/profileFile';
import { PROFILE_DEFAULTS } from '../../core/eval/profiles';
import type { ModelProfile } from '../../core/eval/types';
import { type PreparedQuestion, QuestionOptionError } from '../../core/benchmark/registry';
import {
  countChatTokens,
  estimateBatch,
  type RunFileAccess,
  resumeStateOf,
  runIntoFile,
} from '../../core/runs/batchRun';
import { ResumeIndex } from '../../core/runs/resumeIndex';
import { readResumeIndex } from '../../host/resumeRead';
import { type Failure, failureKey, failureLabel } from '../../core/eval/failures';
import { FailureTally, failureGroupLine } from '../../core/runs/failureSummary';
import { type ConcurrencyChange, concurrencyAdvice, concurrencySummary } from '../../core/runs/adaptiveConcurrency';
import type { BreakerTrip } from '../../core/runs/circuitBreaker';
import { requestCostBound, type RunProgress } from '../../core/runs/runner';
import { inShard, parseShard, seededSample } from '../../core/runs/selection';
import { InputError, nonNegativeInteger, parseArgs, positiveInteger, reasoningEffortOption, UsageError } from '../args';
import { describeFsError } from '../../core/util/walk';
import { escapeControls } from '../../core/util/text';
import { nodeQuestionFiles } from './nodeQuestionFiles';
import { cliStore, nodeRunFilesWith, workspaceRoot } from './runFiles';
import { counterFor, dryRunFacts, dryRunOutput, preflight, serverJson } from './runServer';
import { tryReadInputText } from '../input';
import { RunOutSession } from './runOut';

type Output = (text: string) => void;

/** Question options of every registered benchmark (runs.md §2); each accepts only those it declares. `seed` is the run's own. */
const QUESTION_OPTIONS = [...new Set(benchmarks().flatMap((definition) => definition.questionOptions ?? []))].filter(
  (option) => option !== 'seed',
);
/** The flags that name a model and set how it is asked (profileOf, withOverrides): shared by run, play and models test so none of them refuses one the others take. */
export const MODEL_OPTIONS = [
  'agent',
  'base-url',
  'model',
  'api-key-env',
  'profile',
  'profile-id',
  'temperature',
  'max-tokens',
  'max-completion-tokens',
  'reasoning-effort',
  'timeout-ms',
  'retries',
  'message-layout',
  'history-turns',
];
const VALUE_OPTIONS = [
  ...QUESTION_OPTIONS,
  ...MODEL_OPTIONS,
  'out',
  'sample',
  'seed',
  'limit',
  'concurrency',
  'rpm',
  'max-cost',
  'shard',
  'mode',
  'progress',
];
const FLAGS = ['resume', 'dry-run', 'no-cache', 'json'];

function numberOption(text: string, option: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0)
    throw new UsageError(`--${option} must be a non-negative number, not '${text}'`);
  return value;
}

/** The model from `--agent`, `--base-url/--model` or `--profile/--profile-id`: exactly one of the three. */
export async function profileOf(options: Map<string, string>, dryRun: boolean): Promise<ModelProfile> {
  const ways = [options.has('agent'), options.has('base-url') || options.has('model'), options.has('profile')].filter(
    Boolean,
  ).length;
  // A dry run without a model still counts questions and tokens (the completion bound uses the default max tokens).
  if (ways === 0 && dryRun)
    return withOverrides({ id: 'dry-run', provider: 'openai-compatible', ...PROFILE_DEFAULTS }, options);
  if (ways !== 1)
    throw new UsageError(
      'name the model one way: --agent oracle|random, --base-url URL --model NAME, or --profile FILE --profile-id ID',
    );
  const agent = options.get('agent');
  if (agent !== undefined) {
    if (agent !== 'oracle' && agent !== 'random')
      throw new UsageError(`--agent must be oracle or random, not '${agent}'`);
    // Not silently ignored: a built-in agent asks no server, so a key for it is a mistake in the command.
    if (options.has('api-key-env'))
      throw new UsageError(`--api-key-env names a model server's key; the built-in agent '${agent}' asks no server`);
    // The seed is the profile's: the random agent's answers differ by it, so its cache and resume keys must too.
    return { id: agent, provider: agent, ...PROFILE_DEFAULTS, ...seedOption(options) };
  }
  const profilePath = options.get('profile');
  if (profilePath !== undefined) {
    const id = options.get('profile-id');
    if (id === undefined) throw new UsageError('--profile needs --profile-id ID');
    const read = await tryReadInputText(profilePath, { keepBom: true });
    if (!read.ok)
      throw new InputError(
        `${read.message} (--profile names a JSON file of model profiles, the shape of the waypoint.models setting)`,
      );
    const found = profileFromFile(read.value, id);
    if (!found.ok) {
      const { start } = found.problem.range;
      throw new InputError(`${profilePath}:${start.line + 1}:${start.character + 1}: ${found.problem.message}`);
    }
    return withOverrides(found.profile, options);
  }
  const baseUrl = options.get('base-url');
  const model = options.get('model');
  if (!baseUrl || !model) throw new UsageError('--base-url and --model go together');
  // Otherwise every question becomes a record with error "Invalid URL" and the run exits 1 as if the server had failed.
  if (!/^https?:$/.test(URL.parse(baseUrl)?.protocol ?? ''))
    throw new UsageError(`--base-url must be an http:// or https:// URL, not '${baseUrl}'`);
  return withOverrides(
    {
      id: model,
      provider: 'openai-compatible',
      baseUrl,
      model,
      ...PROFILE_DEFAULTS,
      ...(options.has('api-key-env') ? { apiKeyEnv: options.get('api-key-env') } : {}),
    },
    options,
  );
}

/** Episodes whose chat outgrew the context (records with `episode_error`): how many, and the first one's failure and message. */
interface OutgrownEpisodes {
  count: number;
  label: string | null;
  example: string | null;
}

/**
 * The run file, counting truncated replies and prompts, episodes that outgrew the context, and each
 * record's failure as it is appended (FailureTally: by kind, HTTP status and server error type,
 * never by message text).
 */
function countingOutcomes(
  files: RunFileAccess,
  failures: FailureTally,
  truncated: { count: number; contextCount: number },
  outgrown: OutgrownEpisodes,
): RunFileAccess {
  return {
    readText: (path) => files.readText(path),
    async openAppend(path) {
      const sink = await files.openAppend(path);
      return {
        append(record) {
          if (record.truncated) truncated.count++;
          if (record.context_truncated) truncated.contextCount++;
          if (record.episode_error !== undefined && outgrown.count++ === 0) {
            outgrown.example = record.episode_error;
            outgrown.label = record.failure ? failureLabel(record.failure as Failure) : null;
          }
          failures.add(record);
          return sink.append(record);
        },
        close: () => sink.close(),
      };
    },
  };
}

/** The commonest reasons questions failed, one stderr line each: "3 errors" alone does not say what to fix. `except`: a group the caller says otherwise. */
function reportFailures(failures: FailureTally, outPath: string, err: Output, except?: string): void {
  const groups = failures.sorted().filter((group) => group.key !== except);
  const SHOWN = 5;
  for (const group of groups.slice(0, SHOWN)) err(escapeControls(`${outPath}: ${failureGroupLine(group)}`));
  const rest = groups.slice(SHOWN).reduce((sum, group) => sum + group.count, 0);
  if (rest > 0)
    err(`${outPath}: ${rest} more failed for ${groups.length - SHOWN} other reasons (each record's "error" says why)`);
}

/** What to do about a run the circuit breaker stopped, in the CLI's own options (or the --profile file's fields, when the model came from one). */
function breakerFix(failure: Failure, profileFile: string | undefined): string {
  const baseUrl = profileFile ? `"baseUrl" in ${profileFile}` : '--base-url';
  switch (failure.kind) {
    case 'connection':
      return `start the server, or correct ${baseUrl}`;
    case 'auth':
      // The refusal itself already says where the key goes (cliKeyAdvice).
      return 'correct the key';
    case 'loading':
      return 'wait until the server has loaded its model (llama-server: until /health answers {"status":"ok"}), or raise --timeout-ms';
    case 'template':
      return 'add --message-layout alternate (or "messageLayout": "alternate" in the profile)';
    default:
      // A refused parameter (HTTP 400): the message names the profile field and option to change.
      if (failure.status === 400) return 'change the parameter as the message says';
      return profileFile
        ? `correct "baseUrl" (the API root, often ending in /v1) and "model" in ${profileFile}`
        : 'correct --base-url (the API root, often ending in /v1) and --model';
  }
}

/** Episodes that outgrew the model's context: they are results (the goal not reached), so the run says how many and why. */
function outgrownMessage(outPath: string, outgrown: OutgrownEpisodes): string {
  const many = outgrown.count === 1 ? '1 episode' : `${outgrown.count} episodes`;
  return `${outPath}: ${many} ended when a turn's chat outgrew the model's context${outgrown.label ? ` (${outgrown.label})` : ''}, e.g.: ${outgrown.example}. Their turns are recorded and scored as played, the goal not reached (the records say "episode_error"; --resume does not ask them again). --history-turns N shows each turn only the last N turns, so episodes fit the context.`;
}

/** The one message of a run the circuit breaker stopped: what failed, the fix, and what --resume will ask. */
function breakerMessage(trip: BreakerTrip, notAsked: number, failed: number, profileFile: string | undefined): string {
  const unasked = notAsked === 1 ? '1 question was' : `${notAsked} questions were`;
  return `waypoint run: stopped after ${trip.count} questions in a row failed the same way: ${trip.message} To go on: ${breakerFix(trip.failure, profileFile)}, then run the same command with --resume (${unasked} not asked; the ${failed} that failed are asked again too).`;
}

/** Changes of the run's concurrency as lines; the advice for a cause is given with its first lowering only. */
function concurrencyNotes(): (change: ConcurrencyChange) => string {
  const advised = new Set<string>();
  return (change) => {
    if (change.cause === null)
      return `waypoint run: concurrency ${change.from}→${change.to} after ${change.successes ?? 'a run of'} answers in a row`;
    const { reason, advice } = concurrencyAdvice(change.cause);
    const first = !advised.has(change.cause.kind);
    advised.add(change.cause.kind);
    return `waypoint run: concurrency ${change.from}→${change.to} after ${reason}${first ? ` (${advice})` : ''}`;
  };
}

function messageLayoutOption(text: string | undefined): MessageLayout {
  const layout = MESSAGE_LAYOUTS.find((candidate) => candidate === text);
  if (!layout) throw new UsageError(`--message-layout must be ${MESSAGE_LAYOUTS.join(' or ')}, not '${text}'`);
  return layout;
}

function withOverrides(profile: ModelProfile, options: Map<string, string>): ModelProfile {
  const result = { ...profile };
  // Beside --profile too: the key's variable is the one thing a shared profile file cannot know.
  if (options.has('api-key-env')) result.apiKeyEnv = options.get('api-key-env');
  if (options.has('temperature')) result.temperature = numberOption(options.get('temperature') ?? '', 'temperature');
  if (options.has('max-tokens')) result.maxTokens = positiveInteger(options.get('max-tokens'), 'max-tokens');
  if (options.has('max-completion-tokens'))
    result.maxCompletionTokens = positiveInteger(options.get('max-completion-tokens'), 'max-completion-tokens');
  if (options.has('reasoning-effort'))
    result.reasoningEffort = reasoningEffortOption(options.get('reasoning-effort') ?? '');
  if (options.has('timeout-ms')) result.timeoutMs = positiveInteger(options.get('timeout-ms'), 'timeout-ms');
  if (options.has('retries')) result.retries = nonNegativeInteger(options.get('retries'), 'retries');
  if (options.has('message-layout')) result.messageLayout = messageLayoutOption(options.get('message-layout'));
  if (options.has('history-turns'))
    result.historyTurns = positiveInteger(options.get('history-turns'), 'history-turns');
  return { ...result, ...seedOption(options) };
}

/** `--seed N` as the profile's seed: sent as every request's `seed`, recorded, and part of the cache and resume keys. */
function seedOption(options: Map<string, string>): { seed?: number } {
  return options.has('seed') ? { seed: nonNegativeInteger(options.get('seed'), 'seed') } : {};
}

/** The cost so far on the progress line: a sum that leaves out requests of unknown cost says it is a lower bound. */
export function costText(progress: Pick<RunProgress, 'costUsd' | 'costUnknown'>): string {
  // No known cost at all: say the cost is unknown rather than print nothing, which reads as free.
  if (!progress.costUsd) return progress.costUnknown > 0 ? `cost unknown (${progress.costUnknown})` : '';
  return progress.costUnknown > 0
    ? `≥ $${progress.costUsd.toFixed(4)} (${progress.costUnknown} of unknown cost)`
    : `$${progress.costUsd.toFixed(4)}`;
}

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s >= 3600
    ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
    : s >= 60
      ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
      : `${s}s`;
}

/** The progress line: a bar on a terminal (redrawn in place), one JSON object a line with --progress json, nothing otherwise; notes (concurrency changes) as lines of their own. */
function progressWriter(
  style: string | undefined,
  err: Output,
): { update(progress: RunProgress): void; note(change: ConcurrencyChange): void; finish(): void } {
  const stream = process.stderr;
  const concurrencyNote = concurrencyNotes();
  // `event` tells the two kinds of line apart (a concurrency line has no `done`, a progress line no `concurrency_change`).
  if (style === 'json') {
    return {
      update: (progress) => stream.write(`${JSON.stringify({ event: 'progress', ...progress })}\n`),
      note: (change) =>
        stream.write(
          `${JSON.stringify({ event: 'concurrency', concurrency_change: change, message: concurrencyNote(change) })}\n`,
        ),
      finish: () => {},
    };
  }
  if (!stream.isTTY) return { update: () => {}, note: (change) => err(concurrencyNote(change)), finish: () => {} };
  let last = 0;
  let drawn = false;
  return {
    update(progress) {
      const now = Date.now();
      if (progress.done < progress.total && now - last < 100) return;
      last = now;
      const width = 24;
      const filled = progress.total === 0 ? width : Math.round((progress.done / progress.total) * width);
      const rate = progress.rate === null ? '–' : `${progress.rate.toFixed(progress.rate < 10 ? 1 : 0)}/s`;
      const eta = progress.etaSeconds === null ? '' : ` ETA ${formatDuration(progress.etaSeconds)}`;
      const extra = [
        progress.errors ? `${progress.errors} errors` : '',
        progress.cached ? `${progress.cached} cached` : '',
        costText(progress),
      ]
        .filter(Boolean)
        .join(', ');
      stream.write(
        `\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.done}/${progress.total} ${rate}${eta}${extra ? ` (${extra})` : ''}`,
      );
      drawn = true;
    },
    note(change) {
      // Above the bar: the next update redraws it.
      stream.write(`\r\x1b[2K${concurrencyNote(change)}\n`);
      last = 0;
    },
    finish: () => drawn && stream.write('\n'),
  };
}

/** Reading or opening the run file: its failures (a folder, a missing folder, a FIFO) are the user's path, not an internal error. */
async function runFileStep<T>(outPath: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & { path?: string };
    if (failed?.path === outPath) throw new InputError(`${outPath}: ${describeFsError(error)}`);
    throw error;
  }
}

/** Runs `waypoint run ...`; returns the exit code. */
export async function runRun(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, FLAGS, VALUE_OPTIONS);
  const [benchmarkId, ...sources] = args.positionals;
  if (benchmarkId === undefined || sources.length === 0)
    throw new UsageError('run needs a benchmark (mango, babyai, grasp, smartplay) and at least one source');
  const definition = findBenchmark(benchmarkId);
  if (!definition?.questionSet)
    throw new UsageError(
      definition ? `${definition.label} has no question sets to run` : `unknown benchmark '${benchmarkId}'`,
    );
  const dryRun = args.flags.has('dry-run');
  const outPath = args.options.get('out');
  if (!outPath && !dryRun) throw new UsageError('run needs --out <run.jsonl> (records are appended as answers arrive)');
  const accepted = definition.questionOptions ?? [];
  const questionOptions: Record<string, string> = {};
  for (const name of QUESTION_OPTIONS) {
    const value = args.options.get(name);
    if (value === undefined) continue;
    if (!accepted.includes(name))
      throw new UsageError(
        `--${name} is not a ${definition.label} question option${accepted.length ? ` (it has ${accepted.map((option) => `--${option}`).join(', ')})` : ''}`,
      );
    questionOptions[name] = value;
  }
  const seed = args.options.has('seed') ? nonNegativeInteger(args.options.get('seed'), 'seed') : 0;
  if (accepted.includes('seed')) questionOptions.seed = String(seed);
  const modeText = args.options.get('mode') ?? 'faithful';
  const mode = (definition.scoringModes ?? ['faithful']).find((candidate) => candidate === modeText);
  if (!mode)
    throw new UsageError(
      `--mode must be one of ${(definition.scoringModes ?? ['faithful']).join(', ')} for ${definition.label}, not '${modeText}'`,
    );
  const shardText = args.options.get('shard');
  const shard = shardText === undefined ? null : parseShard(shardText);
  if (shardText !== undefined && !shard) throw new UsageError(`--shard must be K/N with 1 ≤ K ≤ N, not '${shardText}'`);
  const concurrency = args.options.has('concurrency')
    ? positiveInteger(args.options.get('concurrency'), 'concurrency')
    : 4;
  const requestsPerMinute = args.options.has('rpm') ? positiveInteger(args.options.get('rpm'), 'rpm') : undefined;
  const maxCostUsd = args.options.has('max-cost')
    ? numberOption(args.options.get('max-cost') ?? '', 'max-cost')
    : undefined;
  const progressStyle = args.options.get('progress');
  if (progressStyle !== undefined && progressStyle !== 'json' && progressStyle !== 'bar')
    throw new UsageError(`--progress must be bar or json, not '${progressStyle}'`);
  let profile = await profileOf(args.options, dryRun);
  if (maxCostUsd !== undefined && requestCostBound(profile, 0) === null && profile.provider === 'openai-compatible')
    throw new UsageError('--max-cost needs prices: use --profile with costPer1kInput and costPer1kOutput');

  let set;
  try {
    set = await definition.questionSet(sources, questionOptions, nodeQuestionFiles);
  } catch (error) {
    if (error instanceof QuestionOptionError) throw new UsageError(error.message);
    throw error;
  }
  for (const problem of set.problems) err(problem);
  // Sources that gave no question at all (a missing folder, a mistyped file): the problems above say
  // why; a summary of "0 answered" and an empty --out file would only hide them. A dry run still
  // prints its (empty) estimate, so `--dry-run --json` always gives its JSON.
  if (set.questions.length === 0 && set.problems.length > 0 && !dryRun) return 1;
  let questions: PreparedQuestion[] = set.questions;
  if (shard) questions = questions.filter((prepared) => inShard(prepared.question, shard));
  if (args.options.has('sample'))
    questions = seededSample(questions, positiveInteger(args.options.get('sample'), 'sample'), seed);
  if (args.options.has('limit')) questions = questions.slice(0, nonNegativeInteger(args.options.get('limit'), 'limit'));

  const source =
    profile.provider === 'openai-compatible' ? new OpenAiCompatibleSource(cliApiKey, cliKeyAdvice) : undefined;
  // The model the server serves keys the cache and resume (llama-server ignores --model): asked
  // before the run file is read, so records of a model it served before are not taken as answers.
  if (!dryRun) {
    const resolved = await resolveServerModel(profile, source, new AbortController().signal);
    profile = resolved.profile;
    const unlisted = unlistedReason(profile, resolved.probe);
    if (unlisted)
      err(
        escapeControls(
          `waypoint run: ${unlisted}; after the server changes its model, use --no-cache and another --out.`,
        ),
      );
  }

  const controller = new AbortController();
  // Every request in flight listens for the run's cancel: --concurrency of them at once is by
  // design, not the listener leak Node warns about past ten.
  setMaxListeners(0, controller.signal);
  const apiKey = profile.provider === 'openai-compatible' ? await cliApiKey(profile) : undefined;
  const setOf = (prepared: PreparedQuestion) => definition.runLabel?.(prepared.question).group ?? definition.label;

  if (dryRun) {
    const facts = await dryRunFacts(profile, apiKey, controller.signal, err);
    await dryRunOutput(
      {
        estimate: estimateBatch(questions, profile),
        questions,
        setOf,
        profile,
        facts,
        counter: counterFor(profile, facts, apiKey, controller.signal),
        json: args.flags.has('json'),
      },
      out,
    );
    return set.problems.length > 0 ? 1 : 0;
  }

  // From here to the end the run file is this run's alone (a second writer is refused), and
  // SIGINT and SIGTERM end the run rather than the process.
  if (!outPath) throw new UsageError('run needs --out <run.jsonl> (records are appended as answers arrive)');
  const session = RunOutSession.open(outPath, controller, err);
  try {
    // Resume: ask only what the run file does not answer; the run keeps its id. The file is
    // streamed into an index of the question set, never held whole.
    const index = new ResumeIndex(questions, profile, mode);
    const read = await runFileStep(outPath, () => readResumeIndex(outPath, index, controller.signal));
    if (controller.signal.aborted) return session.exitCode;
    const state = resumeStateOf(questions, read.exists ? index : null, outPath);
    if (state.hadRecords && !args.flags.has('resume'))
      throw new UsageError(
        `${outPath} already has records: add --resume to continue that run, or choose another --out`,
      );
    // Appending would make a file report and compare refuse (they read one benchmark a file) and give this run another run's id.
    const others = state.benchmarks.filter((benchmark) => benchmark !== definition.id);
    if (others.length > 0)
      throw new UsageError(
        `${outPath} holds ${others.join(', ')} records: a ${definition.label} run cannot resume it; choose another --out`,
      );
    for (const problem of state.skipped) err(`skipped: ${problem}`);
    const { runId, alreadyAnswered } = state;
    questions = state.questions;

    let server: Awaited<ReturnType<typeof preflight>> = { facts: null, costUsd: 0 };
    if (profile.provider === 'openai-compatible' && questions.length > 0) {
      try {
        server = await preflight(profile, apiKey, maxCostUsd, controller.signal, err);
      } catch (error) {
        if (controller.signal.aborted) return session.exitCode;
        throw error;
      }
    }
    const progress = progressWriter(progressStyle, err);
    const cacheRoot = workspaceRoot(process.cwd());
    if (profile.apiKeyEnv && process.env[profile.apiKeyEnv] === undefined)
      err(`waypoint run: the environment variable ${profile.apiKeyEnv} is not set; asking without a key.`);
    const failures = new FailureTally();
    const truncated = { count: 0, contextCount: 0 };
    const outgrown: OutgrownEpisodes = { count: 0, label: null, example: null };
    const cache = args.flags.has('no-cache') ? null : cliStore(cacheRoot, (line) => err(escapeControls(line)));
    let summary;
    try {
      // The preflight's one-token request counts against --max-cost too, and (kept on the first record) on --resume.
      summary = await runFileStep(outPath, () =>
        runIntoFile(
          state,
          outPath,
          countingOutcomes(
            nodeRunFilesWith((line) => err(escapeControls(line))),
            failures,
            truncated,
            outgrown,
          ),
          {
            preflightCostUsd: server.costUsd,
            profile,
            label: definition.label,
            source,
            cache,
            mode,
            seed,
            concurrency,
            requestsPerMinute,
            maxCostUsd,
            countTokens: countChatTokens,
            promptCounter: counterFor(profile, server.facts, apiKey, controller.signal),
            signal: controller.signal,
            onProgress: (update) => progress.update(update),
            onConcurrencyChange: (change) => progress.note(change),
          },
        ),
      );
    } finally {
      progress.finish();
    }
    if (cache?.unwritten)
      err(
        escapeControls(
          `waypoint run: ${cache.unwritten === 1 ? '1 answer was' : `${cache.unwritten} answers were`} not cached (${cache.unwrittenBecause}); ${outPath} has every one`,
        ),
      );
    const trip = summary.breaker;
    reportFailures(failures, outPath, err, trip ? failureKey(trip.failure) : undefined);
    if (trip)
      err(
        escapeControls(
          breakerMessage(
            trip,
            summary.notAsked,
            failures.get(failureKey(trip.failure))?.count ?? trip.count,
            args.options.get('profile'),
          ),
        ),
      );
    // A cut reply is scored as given; its answer may be incomplete, so the run says so.
    if (truncated.count > 0)
      err(
        `${outPath}: ${truncated.count === 1 ? '1 reply was' : `${truncated.count} replies were`} cut at the token limit (finish_reason "length"; the records say "truncated": true): raise ${profile.maxCompletionTokens === undefined ? '--max-tokens' : '--max-completion-tokens (reasoning counts against it)'}, or the server's context if it stopped there`,
      );
    if (outgrown.count > 0) err(escapeControls(outgrownMessage(outPath, outgrown)));
    // Nothing failed, so nothing else would tell: the answers are to prompts the model saw only in part.
    if (truncated.contextCount > 0)
      err(
        `${outPath}: ${truncated.contextCount === 1 ? '1 prompt was' : `${truncated.contextCount} prompts were`} cut by the server without an error (it counted under 80% of the prompt's cl100k tokens; the records say "context_truncated": true): give the server a larger context (Ollama: OLLAMA_CONTEXT_LENGTH, or num_ctx in a Modelfile)`,
      );
    const adapted = concurrencySummary(concurrency, summary.concurrencyChanges);
    if (adapted)
      err(
        `waypoint run: ${adapted}. --concurrency ${Math.min(...summary.concurrencyChanges.map((change) => change.to))} avoids the failed attempts.`,
      );
    const lowest = Math.min(concurrency, ...summary.concurrencyChanges.map((change) => change.to));
    const result = {
      run_id: runId,
      out: outPath,
      questions: questions.length + alreadyAnswered,
      already_answered: alreadyAnswered,
      answered: summary.done - summary.errors,
      errors: summary.errors,
      cached: summary.cached,
      // Unknown (null) when some request's cost is: no prices in the profile and none reported by the provider.
      cost_usd: summary.costUnknown > 0 ? null : summary.costUsd,
      cost_unknown: summary.costUnknown,
      stopped_by: summary.stoppedBy,
      mode,
      not_asked: summary.notAsked,
      concurrency: { requested: concurrency, lowest, final: summary.concurrency },
      episode_errors: outgrown.count,
      server: serverJson(server.facts),
    };
    const stopped =
      summary.stoppedBy === 'cost-cap'
        ? `; stopped before passing --max-cost $${maxCostUsd} ($${summary.costUsd.toFixed(4)} spent, the next request's worst case would not fit)`
        : summary.stoppedBy === 'circuit-breaker'
          ? `; stopped early, ${summary.notAsked} not asked (--resume asks them)`
          : '';
    if (args.flags.has('json')) out(JSON.stringify(result));
    else
      out(
        `${definition.label}: ${result.answered} answered, ${result.errors} errors, ${result.cached} from the cache${alreadyAnswered ? `, ${alreadyAnswered} already in the file` : ''} → ${outPath} (run ${runId}, ${mode} scoring)${stopped}`,
      );
    if (summary.stoppedBy === 'cancelled') return session.exitCode;
    return summary.errors > 0 || summary.stoppedBy !== 'done' || set.problems.length > 0 ? 1 : 0;
  } finally {
    session.close();
  }
}
