// `waypoint run <benchmark> <source>... --out run.jsonl` (runs.md §2): a whole question set asked of
// one model through the batch-run engine (core/runs/runner.ts). This module turns flags into a
// profile, a question selection and the engine's options, and owns the terminal: the progress
// bar, Ctrl+C (in-flight requests abandoned, exit 130), and the exit code.
import { setMaxListeners } from 'node:events';
import { promises as fs } from 'node:fs';
import { benchmarks, findBenchmark } from '../core/benchmarks';
import { OpenAiCompatibleSource } from '../core/eval/openaiProvider';
import { cliApiKey, cliKeyAdvice } from './keyAdvice';
import { parseProfile, PROFILE_DEFAULTS } from '../core/eval/profiles';
import type { ModelProfile } from '../core/eval/types';
import { type PreparedQuestion, QuestionOptionError } from '../core/registry';
import { estimateBatch, type RunFileAccess, resumeState, runBatch } from '../core/runs/batchRun';
import { type Failure, failureKey, failureLabel } from '../core/eval/failures';
import { type ConcurrencyChange, concurrencyAdvice, concurrencySummary } from '../core/runs/adaptiveConcurrency';
import type { BreakerTrip } from '../core/runs/circuitBreaker';
import { pricesOf } from '../core/runs/costCap';
import type { RunProgress } from '../core/runs/runner';
import { inShard, parseShard, seededSample } from '../core/runs/selection';
import { parseJsonWith } from '../core/schemas/parse';
import { InputError, nonNegativeInteger, parseArgs, positiveInteger, UsageError } from './args';
import { readTextFile } from '../core/fileLimits';
import { describeFsError } from '../core/walk';
import { escapeControls } from '../core/text';
import { nodeQuestionFiles } from './nodeQuestionFiles';
import { cliStore, nodeRunFiles, workspaceRoot } from './runFiles';
import { counterFor, dryRunFacts, dryRunOutput, preflight, serverJson } from './runServer';
import * as z from 'zod/mini';

type Output = (text: string) => void;

/** Question options of every registered benchmark (runs.md §2); each accepts only those it declares. `seed` is the run's own. */
const QUESTION_OPTIONS = [...new Set(benchmarks().flatMap((definition) => definition.questionOptions ?? []))].filter((option) => option !== 'seed');
const VALUE_OPTIONS = [...QUESTION_OPTIONS, 'out', 'agent', 'base-url', 'model', 'api-key-env', 'temperature', 'max-tokens', 'profile', 'profile-id', 'sample', 'seed', 'limit', 'concurrency', 'rpm', 'max-cost', 'shard', 'mode', 'progress', 'timeout-ms', 'retries'];
const FLAGS = ['resume', 'dry-run', 'no-cache', 'json'];

function numberOption(text: string, option: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) throw new UsageError(`--${option} must be a non-negative number, not '${text}'`);
  return value;
}

/** The model from `--agent`, `--base-url/--model` or `--profile/--profile-id`: exactly one of the three. */
export async function profileOf(options: Map<string, string>, dryRun: boolean): Promise<ModelProfile> {
  const ways = [options.has('agent'), options.has('base-url') || options.has('model'), options.has('profile')].filter(Boolean).length;
  // A dry run without a model still counts questions and tokens (the completion bound uses the default max tokens).
  if (ways === 0 && dryRun) return withOverrides({ id: 'dry-run', provider: 'openai-compatible', ...PROFILE_DEFAULTS }, options);
  if (ways !== 1) throw new UsageError('name the model one way: --agent oracle|random, --base-url URL --model NAME, or --profile FILE --profile-id ID');
  const agent = options.get('agent');
  if (agent !== undefined) {
    if (agent !== 'oracle' && agent !== 'random') throw new UsageError(`--agent must be oracle or random, not '${agent}'`);
    return { id: agent, provider: agent, ...PROFILE_DEFAULTS };
  }
  const profilePath = options.get('profile');
  if (profilePath !== undefined) {
    const id = options.get('profile-id');
    if (id === undefined) throw new UsageError('--profile needs --profile-id ID');
    let text: string;
    try {
      text = await readTextFile(fs, profilePath);
    } catch (error) {
      throw new InputError(`${profilePath}: ${describeFsError(error)} (--profile names a JSON list of model profiles, the shape of the waypoint.models setting)`);
    }
    const parsed = parseJsonWith(text, z.array(z.unknown()));
    if (!parsed.ok) throw new UsageError(`${profilePath}: not a JSON list of model profiles (the shape of the waypoint.models setting)`);
    const index = parsed.value.findIndex((entry) => typeof entry === 'object' && entry !== null && (entry as { id?: unknown }).id === id);
    if (index < 0) throw new UsageError(`${profilePath}: no profile with id '${id}'`);
    const profile = parseProfile(parsed.value[index], `${profilePath}[${index}]`);
    if (!profile.ok) throw new UsageError(profile.message);
    return withOverrides(profile.profile, options);
  }
  const baseUrl = options.get('base-url');
  const model = options.get('model');
  if (!baseUrl || !model) throw new UsageError('--base-url and --model go together');
  // Otherwise every question becomes a record with error "Invalid URL" and the run exits 1 as if the server had failed.
  if (!/^https?:$/.test(URL.parse(baseUrl)?.protocol ?? '')) throw new UsageError(`--base-url must be an http:// or https:// URL, not '${baseUrl}'`);
  return withOverrides({ id: model, provider: 'openai-compatible', baseUrl, model, ...PROFILE_DEFAULTS, ...(options.has('api-key-env') ? { apiKeyEnv: options.get('api-key-env') } : {}) }, options);
}

/** Failures of one kind (or, without a kind, of one message): how many, the first message as the example, and whether the messages differed. */
interface FailureGroup {
  count: number;
  example: string;
  /** What the failures share (`prompt-too-long: HTTP 400 exceed_context_size_error`); null without a kind. */
  label: string | null;
  varied: boolean;
}

/**
 * The run file, counting truncated replies and grouping each record's `error` as it is appended:
 * by the failure's kind, HTTP status and server error type when the record has them
 * (llama-server's overflow messages carry token counts, so twenty identical failures are twenty
 * different texts), else by the text.
 */
function countingOutcomes(files: RunFileAccess, failures: Map<string, FailureGroup>, truncated: { count: number }): RunFileAccess {
  return {
    readText: (path) => files.readText(path),
    async openAppend(path) {
      const sink = await files.openAppend(path);
      return {
        append(record) {
          if (record.truncated) truncated.count++;
          if (record.error !== undefined) {
            const failure = record.failure as Failure | undefined;
            const key = failure ? failureKey(failure) : `message|${record.error}`;
            const group = failures.get(key) ?? { count: 0, example: record.error, label: failure ? failureLabel(failure) : null, varied: false };
            group.count++;
            if (record.error !== group.example) group.varied = true;
            failures.set(key, group);
          }
          return sink.append(record);
        },
        close: () => sink.close(),
      };
    },
  };
}

/** The commonest reasons questions failed, one stderr line each: "3 errors" alone does not say what to fix. `except`: a group the caller says otherwise. */
function reportFailures(failures: ReadonlyMap<string, FailureGroup>, outPath: string, err: Output, except?: string): void {
  const groups = [...failures].filter(([key]) => key !== except).sort((a, b) => b[1].count - a[1].count);
  const SHOWN = 5;
  for (const [, { count, example, label, varied }] of groups.slice(0, SHOWN)) {
    const many = count === 1 ? '1 question' : `${count} questions`;
    // One message says it all; messages that differ (token counts) are told by what they share, with the first as example.
    const shared = varied && label ? ` (${label}), e.g.` : '';
    err(escapeControls(`${outPath}: ${many} failed${shared}: ${example}`));
  }
  const rest = groups.slice(SHOWN).reduce((sum, [, group]) => sum + group.count, 0);
  if (rest > 0) err(`${outPath}: ${rest} more failed for ${groups.length - SHOWN} other reasons (each record's "error" says why)`);
}

/** What to do about a run the circuit breaker stopped, in the CLI's own options. */
function breakerFix(failure: Failure): string {
  switch (failure.kind) {
    case 'connection':
      return 'start the server, or correct --base-url';
    case 'auth':
      // The refusal itself already says where the key goes (cliKeyAdvice).
      return 'correct the key';
    case 'loading':
      return 'wait until the server has loaded its model (llama-server: until /health answers {"status":"ok"}), or raise --timeout-ms';
    default:
      return 'correct --base-url (the API root, often ending in /v1) and --model';
  }
}

/** The one message of a run the circuit breaker stopped: what failed, the fix, and what --resume will ask. */
function breakerMessage(trip: BreakerTrip, notAsked: number, failed: number): string {
  const unasked = notAsked === 1 ? '1 question was' : `${notAsked} questions were`;
  return `waypoint run: stopped after ${trip.count} questions in a row failed the same way: ${trip.message} To go on: ${breakerFix(trip.failure)}, then run the same command with --resume (${unasked} not asked; the ${failed} that failed are asked again too).`;
}

/** Changes of the run's concurrency as lines; the advice for a cause is given with its first lowering only. */
function concurrencyNotes(): (change: ConcurrencyChange) => string {
  const advised = new Set<string>();
  return (change) => {
    if (change.cause === null) return `waypoint run: concurrency ${change.from}→${change.to} after ${change.successes ?? 'a run of'} answers in a row`;
    const { reason, advice } = concurrencyAdvice(change.cause);
    const first = !advised.has(change.cause.kind);
    advised.add(change.cause.kind);
    return `waypoint run: concurrency ${change.from}→${change.to} after ${reason}${first ? ` (${advice})` : ''}`;
  };
}

function withOverrides(profile: ModelProfile, options: Map<string, string>): ModelProfile {
  const result = { ...profile };
  // Beside --profile too: the key's variable is the one thing a shared profile file cannot know.
  if (options.has('api-key-env')) result.apiKeyEnv = options.get('api-key-env');
  if (options.has('temperature')) result.temperature = numberOption(options.get('temperature') ?? '', 'temperature');
  if (options.has('max-tokens')) result.maxTokens = positiveInteger(options.get('max-tokens'), 'max-tokens');
  if (options.has('timeout-ms')) result.timeoutMs = positiveInteger(options.get('timeout-ms'), 'timeout-ms');
  if (options.has('retries')) result.retries = nonNegativeInteger(options.get('retries'), 'retries');
  return result;
}

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m` : s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** The progress line: a bar on a terminal (redrawn in place), one JSON object a line with --progress json, nothing otherwise; notes (concurrency changes) as lines of their own. */
function progressWriter(style: string | undefined, err: Output): { update(progress: RunProgress): void; note(change: ConcurrencyChange): void; finish(): void } {
  const stream = process.stderr;
  const concurrencyNote = concurrencyNotes();
  if (style === 'json') return { update: (progress) => stream.write(`${JSON.stringify(progress)}\n`), note: (change) => stream.write(`${JSON.stringify({ concurrency_change: change, message: concurrencyNote(change) })}\n`), finish: () => {} };
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
      const extra = [progress.errors ? `${progress.errors} errors` : '', progress.cached ? `${progress.cached} cached` : '', progress.costUsd ? `$${progress.costUsd.toFixed(4)}` : ''].filter(Boolean).join(', ');
      stream.write(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.done}/${progress.total} ${rate}${eta}${extra ? ` (${extra})` : ''}`);
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
  if (benchmarkId === undefined || sources.length === 0) throw new UsageError('run needs a benchmark (mango, babyai, grasp, smartplay) and at least one source');
  const definition = findBenchmark(benchmarkId);
  if (!definition?.questionSet) throw new UsageError(definition ? `${definition.label} has no question sets to run` : `unknown benchmark '${benchmarkId}'`);
  const dryRun = args.flags.has('dry-run');
  const outPath = args.options.get('out');
  if (!outPath && !dryRun) throw new UsageError('run needs --out <run.jsonl> (records are appended as answers arrive)');
  const accepted = definition.questionOptions ?? [];
  const questionOptions: Record<string, string> = {};
  for (const name of QUESTION_OPTIONS) {
    const value = args.options.get(name);
    if (value === undefined) continue;
    if (!accepted.includes(name)) throw new UsageError(`--${name} is not a ${definition.label} question option${accepted.length ? ` (it has ${accepted.map((option) => `--${option}`).join(', ')})` : ''}`);
    questionOptions[name] = value;
  }
  const seed = args.options.has('seed') ? nonNegativeInteger(args.options.get('seed'), 'seed') : 0;
  if (accepted.includes('seed')) questionOptions.seed = String(seed);
  const modeText = args.options.get('mode') ?? 'faithful';
  const mode = (definition.scoringModes ?? ['faithful']).find((candidate) => candidate === modeText);
  if (!mode) throw new UsageError(`--mode must be one of ${(definition.scoringModes ?? ['faithful']).join(', ')} for ${definition.label}, not '${modeText}'`);
  const shardText = args.options.get('shard');
  const shard = shardText === undefined ? null : parseShard(shardText);
  if (shardText !== undefined && !shard) throw new UsageError(`--shard must be K/N with 1 ≤ K ≤ N, not '${shardText}'`);
  const concurrency = args.options.has('concurrency') ? positiveInteger(args.options.get('concurrency'), 'concurrency') : 4;
  const requestsPerMinute = args.options.has('rpm') ? positiveInteger(args.options.get('rpm'), 'rpm') : undefined;
  const maxCostUsd = args.options.has('max-cost') ? numberOption(args.options.get('max-cost') ?? '', 'max-cost') : undefined;
  const progressStyle = args.options.get('progress');
  if (progressStyle !== undefined && progressStyle !== 'json' && progressStyle !== 'bar') throw new UsageError(`--progress must be bar or json, not '${progressStyle}'`);
  const profile = await profileOf(args.options, dryRun);
  // Without prices the cost is unknown, not 0: a cap on it would hold nothing.
  if (maxCostUsd !== undefined && pricesOf(profile) === null && profile.provider === 'openai-compatible') throw new UsageError('--max-cost needs prices: use --profile with costPer1kInput and costPer1kOutput (dollars per 1,000 tokens)');

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
  if (args.options.has('sample')) questions = seededSample(questions, positiveInteger(args.options.get('sample'), 'sample'), seed);
  if (args.options.has('limit')) questions = questions.slice(0, nonNegativeInteger(args.options.get('limit'), 'limit'));

  // Resume: ask only what the run file does not answer; the run keeps its id.
  const state = resumeState(questions, profile, mode, outPath && !dryRun ? await runFileStep(outPath, () => nodeRunFiles.readText(outPath)) : null, outPath ?? '');
  if (outPath && !dryRun) {
    if (state.hadRecords && !args.flags.has('resume')) throw new UsageError(`${outPath} already has records: add --resume to continue that run, or choose another --out`);
    // Appending would make a file report and compare refuse (they read one benchmark a file) and give this run another run's id.
    const others = state.benchmarks.filter((benchmark) => benchmark !== definition.id);
    if (others.length > 0) throw new UsageError(`${outPath} holds ${others.join(', ')} records: a ${definition.label} run cannot resume it; choose another --out`);
    for (const problem of state.skipped) err(`skipped: ${problem}`);
  }
  const { runId, alreadyAnswered } = state;
  questions = state.questions;

  const controller = new AbortController();
  // Every request in flight listens for the run's cancel: --concurrency of them at once is by
  // design, not the listener leak Node warns about past ten.
  setMaxListeners(0, controller.signal);
  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    err('waypoint run: interrupted; abandoning the requests in flight (Ctrl+C again to quit at once). --resume continues this run.');
    controller.abort();
  };
  const apiKey = profile.provider === 'openai-compatible' ? await cliApiKey(profile) : undefined;
  const setOf = (prepared: PreparedQuestion) => definition.runLabel?.(prepared.question).group ?? definition.label;

  if (dryRun) {
    const facts = await dryRunFacts(profile, apiKey, controller.signal, err);
    await dryRunOutput({ estimate: estimateBatch(questions, profile), questions, setOf, profile, facts, counter: counterFor(profile, facts, apiKey, controller.signal), json: args.flags.has('json') }, out);
    return set.problems.length > 0 ? 1 : 0;
  }

  process.on('SIGINT', onSigint);
  let server: Awaited<ReturnType<typeof preflight>> = { facts: null, costUsd: 0 };
  if (profile.provider === 'openai-compatible' && questions.length > 0) {
    try {
      server = await preflight(profile, apiKey, maxCostUsd, controller.signal, err);
    } catch (error) {
      process.off('SIGINT', onSigint);
      if (controller.signal.aborted) return 130;
      throw error;
    }
  }
  const progress = progressWriter(progressStyle, err);
  const cacheRoot = workspaceRoot(process.cwd());
  const source = profile.provider === 'openai-compatible' ? new OpenAiCompatibleSource(cliApiKey, cliKeyAdvice) : undefined;
  if (profile.apiKeyEnv && process.env[profile.apiKeyEnv] === undefined) err(`waypoint run: the environment variable ${profile.apiKeyEnv} is not set; asking without a key.`);
  const failures = new Map<string, FailureGroup>();
  const truncated = { count: 0 };
  let summary;
  try {
    // The preflight's one-token request counts against --max-cost too.
    summary = await runFileStep(outPath as string, () => runBatch({ ...state, spentUsd: state.spentUsd + server.costUsd }, outPath as string, countingOutcomes(nodeRunFiles, failures, truncated), {
      profile, label: definition.label, source, cache: args.flags.has('no-cache') ? null : cliStore(cacheRoot, (line) => err(escapeControls(line))),
      mode, seed, concurrency, requestsPerMinute, maxCostUsd, promptCounter: counterFor(profile, server.facts, apiKey, controller.signal), signal: controller.signal,
      onProgress: (update) => progress.update(update),
      onConcurrencyChange: (change) => progress.note(change),
    }));
  } finally {
    progress.finish();
    process.off('SIGINT', onSigint);
  }
  const trip = summary.breaker;
  reportFailures(failures, outPath as string, err, trip ? failureKey(trip.failure) : undefined);
  if (trip) err(escapeControls(breakerMessage(trip, summary.notAsked, failures.get(failureKey(trip.failure))?.count ?? trip.count)));
  // A cut reply is scored as given; its answer may be incomplete, so the run says so.
  if (truncated.count > 0) err(`${outPath}: ${truncated.count === 1 ? '1 reply was' : `${truncated.count} replies were`} cut at the token limit (finish_reason "length"; the records say "truncated": true): raise --max-tokens, or the server's context if it stopped there`);
  const adapted = concurrencySummary(concurrency, summary.concurrencyChanges);
  if (adapted) err(`waypoint run: ${adapted}. --concurrency ${Math.min(...summary.concurrencyChanges.map((change) => change.to))} avoids the failed attempts.`);
  const lowest = Math.min(concurrency, ...summary.concurrencyChanges.map((change) => change.to));
  const result = {
    run_id: runId, out: outPath, questions: questions.length + alreadyAnswered, already_answered: alreadyAnswered, answered: summary.done - summary.errors, errors: summary.errors, cached: summary.cached, cost_usd: summary.costUsd, stopped_by: summary.stoppedBy, mode,
    not_asked: summary.notAsked, concurrency: { requested: concurrency, lowest, final: summary.concurrency }, server: serverJson(server.facts),
  };
  const spent = summary.costUsd === null ? 'cost unknown' : `$${summary.costUsd.toFixed(4)} spent`;
  const stopped = summary.stoppedBy === 'cost-cap' ? `; stopped before passing --max-cost $${maxCostUsd} (${spent}, the next request's worst case would not fit)` : summary.stoppedBy === 'circuit-breaker' ? `; stopped early, ${summary.notAsked} not asked (--resume asks them)` : '';
  if (args.flags.has('json')) out(JSON.stringify(result));
  else out(`${definition.label}: ${result.answered} answered, ${result.errors} errors, ${result.cached} from the cache${alreadyAnswered ? `, ${alreadyAnswered} already in the file` : ''} → ${outPath} (run ${runId}, ${mode} scoring)${stopped}`);
  if (summary.stoppedBy === 'cancelled') return 130;
  return summary.errors > 0 || summary.stoppedBy !== 'done' || set.problems.length > 0 ? 1 : 0;
}
