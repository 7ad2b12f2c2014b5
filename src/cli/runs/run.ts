// `waypoint run <benchmark> <source>... --out run.jsonl` (runs.md §2): a whole question set asked of
// one model through the batch-run engine (core/runs/runner.ts). This module turns flags into a
// profile, a question selection and the engine's options, and owns the terminal: the progress
// bar, Ctrl+C (in-flight requests abandoned, exit 130), and the exit code.
import { setMaxListeners } from 'node:events';
import { benchmarks, findBenchmark } from '../../core/benchmarks';
import { MESSAGE_LAYOUTS, type MessageLayout } from '../../core/eval/messageLayout';
import { OpenAiCompatibleSource } from '../../core/eval/openaiProvider';
import { type ReplySource, resolveServerModel } from '../../core/eval/engine';
import { unlistedReason } from '../../core/eval/servedModel';
import { cliApiKey, cliKeyAdvice } from './keyAdvice';
import { profileFromFile } from '../../core/eval/profileFile';
import { PROFILE_DEFAULTS } from '../../core/eval/profiles';
import type { ModelProfile, ScoringMode } from '../../core/eval/types';
import {
  type BenchmarkDefinition,
  type PreparedQuestion,
  QuestionOptionError,
  type QuestionSet,
} from '../../core/benchmark/registry';
import { countChatTokens, estimateBatch, type ResumeState, resumeStateOf, runIntoFile } from '../../core/runs/batchRun';
import { withEpochs } from '../../core/runs/epochs';
import { ResumeIndex } from '../../core/runs/resumeIndex';
import { readResumeIndex } from '../../host/resumeRead';
import { failureKey } from '../../core/eval/failures';
import { FailureTally } from '../../core/runs/failureSummary';
import { concurrencySummary } from '../../core/runs/adaptiveConcurrency';
import { requestCostBound } from '../../core/runs/runner';
import { inShard, parseShard, seededSample } from '../../core/runs/selection';
import {
  InputError,
  nonNegativeInteger,
  type ParsedArgs,
  parseArgs,
  positiveInteger,
  reasoningEffortOption,
  UsageError,
} from '../args';
import { describeFsError } from '../../core/util/walk';
import { escapeControls } from '../../core/util/text';
import { nodeQuestionFiles } from './nodeQuestionFiles';
import { cliStore, nodeRunFilesWith, workspaceRoot } from './runFiles';
import { counterFor, dryRunFacts, dryRunOutput, preflight, serverJson } from './runServer';
import { tryReadInputText } from '../input';
import { RunOutSession } from './runOut';
import { progressWriter } from './runProgress';
import { breakerMessage, countingOutcomes, type OutgrownEpisodes, outgrownMessage, reportFailures } from './runNotes';

export { costText } from './runProgress';

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
  'epochs',
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

/** What the flags of `waypoint run` ask beyond the model: the questions, the scoring mode and the run's limits. */
interface RunSettings {
  definition: BenchmarkDefinition;
  questionSet: NonNullable<BenchmarkDefinition['questionSet']>;
  sources: string[];
  dryRun: boolean;
  outPath: string | undefined;
  questionOptions: Record<string, string>;
  seed: number;
  mode: ScoringMode;
  shard: { index: number; count: number } | null;
  concurrency: number;
  requestsPerMinute: number | undefined;
  maxCostUsd: number | undefined;
  progressStyle: string | undefined;
  /** `--epochs K`: each question asked K times (epochs.ts); 1 without it. */
  epochs: number;
}

/** The benchmark named first and its sources: only one with question sets can be run. */
function benchmarkOf(args: ParsedArgs): Pick<RunSettings, 'definition' | 'questionSet' | 'sources'> {
  const [benchmarkId, ...sources] = args.positionals;
  if (benchmarkId === undefined || sources.length === 0)
    throw new UsageError('run needs a benchmark (mango, babyai, grasp, smartplay) and at least one source');
  const definition = findBenchmark(benchmarkId);
  if (!definition?.questionSet)
    throw new UsageError(
      definition ? `${definition.label} has no question sets to run` : `unknown benchmark '${benchmarkId}'`,
    );
  return { definition, questionSet: definition.questionSet.bind(definition), sources };
}

/** The question options given, each one the benchmark declares, and the run's seed (also a question option where declared). */
function questionOptionsOf(
  args: ParsedArgs,
  definition: BenchmarkDefinition,
): Pick<RunSettings, 'questionOptions' | 'seed'> {
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
  return { questionOptions, seed };
}

/** Every flag of the run but the model's, checked before anything is read or asked. */
function runSettings(args: ParsedArgs): RunSettings {
  const benchmark = benchmarkOf(args);
  const { definition } = benchmark;
  const dryRun = args.flags.has('dry-run');
  const outPath = args.options.get('out');
  if (!outPath && !dryRun) throw new UsageError('run needs --out <run.jsonl> (records are appended as answers arrive)');
  const questions = questionOptionsOf(args, definition);
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
  const epochs = args.options.has('epochs') ? positiveInteger(args.options.get('epochs'), 'epochs') : 1;
  return {
    epochs,
    ...benchmark,
    ...questions,
    dryRun,
    outPath,
    mode,
    shard,
    concurrency,
    requestsPerMinute,
    maxCostUsd,
    progressStyle,
  };
}

/** The question set's questions this run asks (`--shard`, `--sample`, `--limit`), or null when the sources gave none and said why. */
async function selectQuestions(
  settings: RunSettings,
  args: ParsedArgs,
  err: Output,
): Promise<{ questions: PreparedQuestion[]; problems: number } | null> {
  const { questionSet, sources, questionOptions, shard, seed } = settings;
  let set: QuestionSet;
  try {
    set = await questionSet(sources, questionOptions, nodeQuestionFiles);
  } catch (error) {
    if (error instanceof QuestionOptionError) throw new UsageError(error.message);
    throw error;
  }
  for (const problem of set.problems) err(problem);
  // Sources that gave no question at all (a missing folder, a mistyped file): the problems above say
  // why; a summary of "0 answered" and an empty --out file would only hide them. A dry run still
  // prints its (empty) estimate, so `--dry-run --json` always gives its JSON.
  if (set.questions.length === 0 && set.problems.length > 0 && !settings.dryRun) return null;
  let questions: PreparedQuestion[] = set.questions;
  if (shard) questions = questions.filter((prepared) => inShard(prepared.question, shard));
  if (args.options.has('sample'))
    questions = seededSample(questions, positiveInteger(args.options.get('sample'), 'sample'), seed);
  if (args.options.has('limit')) questions = questions.slice(0, nonNegativeInteger(args.options.get('limit'), 'limit'));
  // Repeats last: --sample and --limit choose questions, each then asked --epochs times.
  questions = withEpochs(questions, settings.epochs);
  return { questions, problems: set.problems.length };
}

/**
 * The model the server serves, which keys the cache and resume (llama-server ignores --model):
 * asked before the run file is read, so records of a model it served before are not taken as answers.
 */
async function servedProfile(profile: ModelProfile, source: ReplySource | undefined, err: Output) {
  const resolved = await resolveServerModel(profile, source, new AbortController().signal);
  const unlisted = unlistedReason(resolved.profile, resolved.probe);
  if (unlisted)
    err(
      escapeControls(
        `waypoint run: ${unlisted}; after the server changes its model, use --no-cache and another --out.`,
      ),
    );
  return resolved.profile;
}

/** The model, its key and the reply source, as the run asks them. */
interface Asker {
  profile: ModelProfile;
  source: ReplySource | undefined;
  apiKey: string | undefined;
  controller: AbortController;
}

/** `--dry-run`: the questions, prompt tokens and cost bound, asking nothing. */
async function dryRun(
  asker: Asker,
  questions: PreparedQuestion[],
  settings: RunSettings,
  json: boolean,
  out: Output,
  err: Output,
) {
  const { profile, apiKey, controller } = asker;
  const { definition } = settings;
  const setOf = (prepared: PreparedQuestion) => definition.runLabel?.(prepared.question).group ?? definition.label;
  const facts = await dryRunFacts(profile, apiKey, controller.signal, err);
  await dryRunOutput(
    {
      estimate: estimateBatch(questions, profile),
      questions,
      setOf,
      profile,
      facts,
      counter: counterFor(profile, facts, apiKey, controller.signal),
      json,
    },
    out,
  );
}

/** The run file's resume state: what it answers already, refused when it has records and no --resume, or another benchmark's. */
async function resumeFrom(
  questions: PreparedQuestion[],
  asker: Asker,
  settings: RunSettings,
  outPath: string,
  resume: boolean,
  err: Output,
): Promise<ResumeState | null> {
  const { definition, mode } = settings;
  // Resume: ask only what the run file does not answer; the run keeps its id. The file is
  // streamed into an index of the question set, never held whole.
  const index = new ResumeIndex(questions, asker.profile, mode);
  const read = await runFileStep(outPath, () => readResumeIndex(outPath, index, asker.controller.signal));
  if (asker.controller.signal.aborted) return null;
  const state = resumeStateOf(questions, read.exists ? index : null, outPath);
  if (state.hadRecords && !resume)
    throw new UsageError(`${outPath} already has records: add --resume to continue that run, or choose another --out`);
  // Appending would make a file report and compare refuse (they read one benchmark a file) and give this run another run's id.
  const others = state.benchmarks.filter((benchmark) => benchmark !== definition.id);
  if (others.length > 0)
    throw new UsageError(
      `${outPath} holds ${others.join(', ')} records: a ${definition.label} run cannot resume it; choose another --out`,
    );
  for (const problem of state.skipped) err(`skipped: ${problem}`);
  return state;
}

/** What the run counted of its records as they were appended (runNotes.ts says them). */
interface Outcomes {
  failures: FailureTally;
  truncated: { count: number; contextCount: number };
  outgrown: OutgrownEpisodes;
}

/** The questions asked into the run file, after the server's preflight; null when cancelled during the preflight. */
async function askIntoFile(
  state: ResumeState,
  asker: Asker,
  settings: RunSettings,
  outPath: string,
  noCache: boolean,
  err: Output,
) {
  const { profile, apiKey, controller, source } = asker;
  let server: Awaited<ReturnType<typeof preflight>> = { facts: null, costUsd: 0 };
  if (profile.provider === 'openai-compatible' && state.questions.length > 0) {
    try {
      server = await preflight(profile, apiKey, settings.maxCostUsd, controller.signal, err);
    } catch (error) {
      if (controller.signal.aborted) return null;
      throw error;
    }
  }
  const progress = progressWriter(settings.progressStyle, err);
  if (profile.apiKeyEnv && process.env[profile.apiKeyEnv] === undefined)
    err(`waypoint run: the environment variable ${profile.apiKeyEnv} is not set; asking without a key.`);
  const outcomes: Outcomes = {
    failures: new FailureTally(),
    truncated: { count: 0, contextCount: 0 },
    outgrown: { count: 0, label: null, example: null },
  };
  const cache = noCache ? null : cliStore(workspaceRoot(process.cwd()), (line) => err(escapeControls(line)));
  try {
    // The preflight's one-token request counts against --max-cost too, and (kept on the first record) on --resume.
    const summary = await runFileStep(outPath, () =>
      runIntoFile(
        state,
        outPath,
        countingOutcomes(
          nodeRunFilesWith((line) => err(escapeControls(line))),
          outcomes.failures,
          outcomes.truncated,
          outcomes.outgrown,
        ),
        {
          preflightCostUsd: server.costUsd,
          profile,
          label: settings.definition.label,
          source,
          cache,
          mode: settings.mode,
          seed: settings.seed,
          concurrency: settings.concurrency,
          requestsPerMinute: settings.requestsPerMinute,
          maxCostUsd: settings.maxCostUsd,
          countTokens: countChatTokens,
          promptCounter: counterFor(profile, server.facts, apiKey, controller.signal),
          signal: controller.signal,
          onProgress: (update) => progress.update(update),
          onConcurrencyChange: (change) => progress.note(change),
        },
      ),
    );
    return { summary, server, outcomes, cache };
  } finally {
    progress.finish();
  }
}

type Asked = NonNullable<Awaited<ReturnType<typeof askIntoFile>>>;

/** The stderr lines after the run: answers not cached, the commonest failures, the breaker, cut replies and prompts, concurrency. */
function endOfRunNotes(
  asked: Asked,
  profile: ModelProfile,
  settings: RunSettings,
  outPath: string,
  profileFile: string | undefined,
  err: Output,
): void {
  const { summary, outcomes, cache } = asked;
  const { failures, truncated, outgrown } = outcomes;
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
          profileFile,
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
  const adapted = concurrencySummary(settings.concurrency, summary.concurrencyChanges);
  if (adapted)
    err(
      `waypoint run: ${adapted}. --concurrency ${Math.min(...summary.concurrencyChanges.map((change) => change.to))} avoids the failed attempts.`,
    );
}

/** The run's summary: one JSON object with --json, else one line. */
function printSummary(
  asked: Asked,
  state: ResumeState,
  settings: RunSettings,
  outPath: string,
  json: boolean,
  out: Output,
): void {
  const { summary, outcomes, server } = asked;
  const { concurrency, mode, maxCostUsd, definition } = settings;
  const { runId, alreadyAnswered } = state;
  const lowest = Math.min(concurrency, ...summary.concurrencyChanges.map((change) => change.to));
  const result = {
    run_id: runId,
    out: outPath,
    questions: state.questions.length + alreadyAnswered,
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
    episode_errors: outcomes.outgrown.count,
    server: serverJson(server.facts),
    // Only with repeats, so the summary of a run without them stays as it was; `questions` counts every repeat.
    ...(settings.epochs > 1 ? { epochs: settings.epochs } : {}),
  };
  const stopped =
    summary.stoppedBy === 'cost-cap'
      ? `; stopped before passing --max-cost $${maxCostUsd} ($${summary.costUsd.toFixed(4)} spent, the next request's worst case would not fit)`
      : summary.stoppedBy === 'circuit-breaker'
        ? `; stopped early, ${summary.notAsked} not asked (--resume asks them)`
        : '';
  if (json) out(JSON.stringify(result));
  else
    out(
      `${definition.label}: ${result.answered} answered, ${result.errors} errors, ${result.cached} from the cache${alreadyAnswered ? `, ${alreadyAnswered} already in the file` : ''} → ${outPath} (run ${runId}, ${mode} scoring${settings.epochs > 1 ? `, ${settings.epochs} epochs` : ''})${stopped}`,
    );
}

/** Runs `waypoint run ...`; returns the exit code. */
export async function runRun(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, FLAGS, VALUE_OPTIONS);
  const settings = runSettings(args);
  let profile = await profileOf(args.options, settings.dryRun);
  if (
    settings.maxCostUsd !== undefined &&
    requestCostBound(profile, 0) === null &&
    profile.provider === 'openai-compatible'
  )
    throw new UsageError('--max-cost needs prices: use --profile with costPer1kInput and costPer1kOutput');
  const selected = await selectQuestions(settings, args, err);
  if (!selected) return 1;
  const source =
    profile.provider === 'openai-compatible' ? new OpenAiCompatibleSource(cliApiKey, cliKeyAdvice) : undefined;
  if (!settings.dryRun) profile = await servedProfile(profile, source, err);
  const controller = new AbortController();
  // Every request in flight listens for the run's cancel: --concurrency of them at once is by
  // design, not the listener leak Node warns about past ten.
  setMaxListeners(0, controller.signal);
  const apiKey = profile.provider === 'openai-compatible' ? await cliApiKey(profile) : undefined;
  const asker: Asker = { profile, source, apiKey, controller };
  if (settings.dryRun) {
    await dryRun(asker, selected.questions, settings, args.flags.has('json'), out, err);
    return selected.problems > 0 ? 1 : 0;
  }
  // From here to the end the run file is this run's alone (a second writer is refused), and
  // SIGINT and SIGTERM end the run rather than the process.
  const outPath = settings.outPath;
  if (!outPath) throw new UsageError('run needs --out <run.jsonl> (records are appended as answers arrive)');
  const session = RunOutSession.open(outPath, controller, err);
  try {
    const state = await resumeFrom(selected.questions, asker, settings, outPath, args.flags.has('resume'), err);
    if (!state) return session.exitCode;
    const asked = await askIntoFile(state, asker, settings, outPath, args.flags.has('no-cache'), err);
    if (!asked) return session.exitCode;
    endOfRunNotes(asked, profile, settings, outPath, args.options.get('profile'), err);
    printSummary(asked, state, settings, outPath, args.flags.has('json'), out);
    const { summary } = asked;
    if (summary.stoppedBy === 'cancelled') return session.exitCode;
    return summary.errors > 0 || summary.stoppedBy !== 'done' || selected.problems > 0 ? 1 : 0;
  } finally {
    session.close();
  }
}
