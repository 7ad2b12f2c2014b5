// "Waypoint: Run Benchmark…": a whole question set asked of one or several model profiles, on the
// engine and files of `waypoint run` (core/runs/batchRun.ts). Quick picks (benchmarkPicks.ts) for the benchmark, its
// sources in the workspace, its question options, the profiles, the scoring mode and concurrency;
// a modal confirm with the question count, prompt tokens and cost bound; then each profile runs
// into its own run file in `.waypoint/runs/batch/` under one progress notification (rate, ETA,
// Cancel: requests in flight are abandoned, the records kept, and the run resumes later, here or
// with `waypoint run ... --resume --out <file>`). Ends with each model's mean of the primary metric.
import { formatDuration } from '../../core/util/duration';
import * as vscode from 'vscode';
import { isMissingFile } from '../../core/util/walk';
import { setMaxListeners } from 'node:events';
import { promises as fs } from 'node:fs';
import { basename, join } from 'node:path';
import { resolveServerModel } from '../../core/eval/engine';
import { OpenAiCompatibleSource } from '../../core/eval/openaiProvider';
import { unlistedReason } from '../../core/eval/servedModel';
import { PROFILE_DEFAULTS } from '../../core/eval/profiles';
import type { ModelProfile, RunRecord, ScoringMode } from '../../core/eval/types';
import { type BenchmarkDefinition, type PreparedQuestion, QuestionOptionError } from '../../core/benchmark/registry';
import {
  batchReport,
  batchRunName,
  countChatTokens,
  estimateBatch,
  isBatchRunOf,
  resumeState,
  resumeStateOf,
  runIntoFile,
  type BatchEstimate,
  type ResumeState,
} from '../../core/runs/batchRun';
import { questionFilesOn } from '../../core/runs/hostFiles';
import { ResumeIndex } from '../../core/runs/resumeIndex';
import { nodeRunFilesWith } from '../../host/runFile';
import { RunFileLock } from '../../host/runFileLock';
import { readResumeIndex } from '../../host/resumeRead';
import { readRunFile, streamRunFile } from '../../host/runFileReader';
import { concurrencyAdvice, concurrencySummary } from '../../core/runs/adaptiveConcurrency';
import { breakerAdvice } from '../../core/runs/circuitBreaker';
import { failureGroupLine, failureGroups } from '../../core/runs/failureSummary';
import { withEpochs } from '../../core/runs/epochs';
import { setting } from '../settings';
import type { RunProgress, RunResult } from '../../core/runs/runner';
import { requireTrust, workspaceStore } from './modelCall';
import { type BenchmarkChoice, chooseRun, type RunBenchmarkOptions } from './benchmarkPicks';
import type { ResultsPanel } from './resultsPanel';
import { apiKeyLookup, editorKeyAdvice } from './secrets';

const BATCH_FOLDER = join('.waypoint', 'runs', 'batch');
const nodeQuestionFiles = questionFilesOn(fs);

export type { RunBenchmarkOptions };

export interface BenchmarkProfileRun {
  profile: string;
  file: string;
  runId: string;
  asked: number;
  alreadyAnswered: number;
  summary: RunResult;
  mean: number | null;
}

export interface RunBenchmarkResult {
  benchmark: string;
  mode: ScoringMode;
  metric: string | null;
  runs: BenchmarkProfileRun[];
  cancelled: boolean;
}

interface RunBenchmarkDeps {
  context: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
}

/** A profile's plan: its run file (a resumable one, or a new one) and what it will ask. */
interface ProfilePlan {
  profile: ModelProfile;
  file: string;
  state: ResumeState;
  estimate: BatchEstimate;
  /** Every question of the set (what the state is read again against once the file is locked). */
  questions: readonly PreparedQuestion[];
  mode: ScoringMode;
}

/** The resume state of `file`, streamed (host/resumeRead.ts: an index of the questions, never the records). */
async function streamedState(
  questions: readonly PreparedQuestion[],
  profile: ModelProfile,
  mode: ScoringMode,
  file: string,
): Promise<ResumeState> {
  const index = new ResumeIndex(questions, profile, mode);
  const read = await readResumeIndex(file, index);
  return resumeStateOf(questions, read.exists ? index : null, file);
}

/**
 * The run file of a profile: an earlier batch file of this benchmark and profile that answers some
 * of these questions (same sources, options and mode: their answer keys) is offered for resuming.
 */
async function planProfile(
  root: string,
  definition: BenchmarkDefinition,
  profile: ModelProfile,
  questions: readonly PreparedQuestion[],
  mode: ScoringMode,
  now: Date,
  resume: boolean | undefined,
): Promise<ProfilePlan | undefined> {
  const folder = join(root, BATCH_FOLDER);
  // No batch folder yet: nothing to resume. Any other failure (permissions) is the user's to see.
  const listed = await fs.readdir(folder).catch((error: unknown) => {
    if (isMissingFile(error)) return [] as string[];
    throw error;
  });
  const names = listed
    .filter((name) => isBatchRunOf(name, definition.id, profile.id))
    .sort()
    .reverse();
  for (const name of names) {
    const file = join(folder, name);
    const state = await streamedState(questions, profile, mode, file);
    if (state.alreadyAnswered === 0) continue;
    let choice = resume;
    if (choice === undefined) {
      const picked = await vscode.window.showQuickPick(
        [
          {
            label: `Resume ${name}`,
            description: `${state.alreadyAnswered} of ${questions.length} answered, ${state.questions.length} left`,
            resume: true,
          },
          {
            label: 'Start a new run file',
            description: 'asks every question again (the response cache still answers repeats)',
            resume: false,
          },
        ],
        { title: `Run Benchmark: ${profile.id} already has a run of these questions` },
      );
      if (!picked) return undefined;
      choice = picked.resume;
    }
    if (choice) return { profile, file, state, estimate: estimateBatch(state.questions, profile), questions, mode };
    break;
  }
  const file = join(folder, `${batchRunName(definition.id, profile.id, now)}.jsonl`);
  const state = resumeState(questions, profile, mode, null, file);
  return { profile, file, state, estimate: estimateBatch(state.questions, profile), questions, mode };
}

const formatCost = (cost: number | null) => (cost === null ? 'unknown (no prices)' : `$${cost.toFixed(4)}`);

function progressText(profile: ModelProfile, progress: RunProgress): string {
  const rate = progress.rate === null ? '–' : `${progress.rate.toFixed(progress.rate < 10 ? 1 : 0)}/s`;
  const extra = [progress.errors ? `${progress.errors} errors` : '', progress.cached ? `${progress.cached} cached` : '']
    .filter(Boolean)
    .join(', ');
  return `${profile.id}: ${progress.done}/${progress.total} · ${rate} · ETA ${formatDuration(progress.etaSeconds)}${extra ? ` · ${extra}` : ''}`;
}

/** How the CLI continues the same run file (logged, so a run started here can be finished in a terminal). */
function cliResumeCommand(
  definition: BenchmarkDefinition,
  sources: readonly string[],
  options: Record<string, string>,
  profile: ModelProfile,
  mode: ScoringMode,
  file: string,
  root: string,
): string {
  const quote = (text: string) => (/^[\w./:=@-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`);
  const relative = (path: string) => (path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path);
  const model =
    profile.provider === 'openai-compatible'
      ? [
          '--base-url',
          profile.baseUrl ?? '',
          '--model',
          profile.model ?? '',
          '--temperature',
          String(profile.temperature),
          '--max-tokens',
          String(profile.maxTokens),
          ...(profile.maxCompletionTokens !== undefined
            ? ['--max-completion-tokens', String(profile.maxCompletionTokens)]
            : []),
          ...(profile.reasoningEffort ? ['--reasoning-effort', profile.reasoningEffort] : []),
          ...(profile.messageLayout ? ['--message-layout', profile.messageLayout] : []),
          ...(profile.historyTurns !== undefined ? ['--history-turns', String(profile.historyTurns)] : []),
          ...(profile.apiKeyEnv ? ['--api-key-env', profile.apiKeyEnv] : []),
        ]
      : [
          '--agent',
          profile.provider,
          ...(profile.maxTokens !== PROFILE_DEFAULTS.maxTokens ? ['--max-tokens', String(profile.maxTokens)] : []),
        ];
  const words = [
    'waypoint',
    'run',
    definition.id,
    ...sources.map(relative),
    ...Object.entries(options).flatMap(([name, value]) => [`--${name}`, value]),
    ...model,
    '--mode',
    mode,
    '--resume',
    '--out',
    relative(file),
  ];
  return words.map(quote).join(' ');
}

/** The question set (its source problems logged); undefined, after saying why, when it cannot be read or is empty. */
async function readQuestions(deps: RunBenchmarkDeps, choice: BenchmarkChoice) {
  const { definition, sources, questionOptions } = choice;
  let set;
  try {
    set = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Waypoint: reading the ${definition.label} questions…` },
      () => choice.questionSet.call(definition, sources, questionOptions, nodeQuestionFiles),
    );
  } catch (error) {
    void vscode.window.showErrorMessage(
      `Waypoint: ${error instanceof QuestionOptionError || error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
  if (!set) return undefined;
  for (const problem of set.problems) deps.log.warn(`Run Benchmark: ${problem}`);
  if (set.questions.length === 0) {
    void vscode.window
      .showErrorMessage(
        `Waypoint: no ${definition.label} questions in ${sources.join(', ')}${set.problems.length ? ` (${set.problems[0]})` : ''}.`,
        'Show Output',
      )
      .then((choice) => choice && deps.log.show(true));
    return undefined;
  }
  return set;
}

/** Each profile's plan, after asking its server which model it serves; undefined when a resume question is cancelled. */
async function planProfiles(
  deps: RunBenchmarkDeps,
  choice: BenchmarkChoice,
  questions: readonly PreparedQuestion[],
  resume: boolean | undefined,
): Promise<ProfilePlan[] | undefined> {
  const now = new Date();
  const plans: ProfilePlan[] = [];
  for (const chosen of choice.profiles) {
    // The seed option is the profile's, as `waypoint run --seed` makes it: sent with every request,
    // recorded, and in the cache and resume keys (the random agent's answers differ by it).
    const picked = choice.questionOptions.seed === undefined ? chosen : { ...chosen, seed: choice.seed };
    // The model the server serves keys resume and the cache (llama-server ignores the profile's
    // `model`): asked before earlier run files are read, so another model's records are no answers.
    const source =
      picked.provider === 'openai-compatible'
        ? new OpenAiCompatibleSource(apiKeyLookup(deps.context.secrets), editorKeyAdvice)
        : undefined;
    const resolved = source
      ? await vscode.window.withProgress(
          {
            location: vscode.ProgressLocation.Notification,
            title: `Waypoint: asking ${picked.id}'s server which model it serves…`,
          },
          () => resolveServerModel(picked, source, new AbortController().signal),
        )
      : { profile: picked, probe: null };
    const profile = resolved.profile;
    const unlisted = unlistedReason(profile, resolved.probe);
    if (unlisted) deps.log.warn(`Run Benchmark: ${profile.id}: ${unlisted}.`);
    const plan = await planProfile(choice.root, choice.definition, profile, questions, choice.mode, now, resume);
    if (!plan) return undefined;
    plans.push(plan);
  }
  return plans;
}

/** The modal confirm: per model, the questions, prompt tokens and cost bound. */
async function confirmRun(
  choice: BenchmarkChoice,
  set: { questions: readonly PreparedQuestion[]; problems: readonly string[] },
  plans: readonly ProfilePlan[],
  total: number,
  epochs: number,
): Promise<boolean> {
  const { definition } = choice;
  const lines = plans.map((plan) => {
    const resumed = plan.state.alreadyAnswered
      ? ` (resuming ${basename(plan.file)}: ${plan.state.alreadyAnswered} already answered)`
      : '';
    return `${plan.profile.id}: ${plan.estimate.questions} questions, ${plan.estimate.prompt_tokens.toLocaleString('en-US')} prompt tokens, at most ${plan.estimate.max_completion_tokens.toLocaleString('en-US')} completion tokens, cost at most ${formatCost(plan.estimate.cost_usd_max)}${resumed}`;
  });
  const problems = set.problems.length
    ? `\n\n${set.problems.length} source problem${set.problems.length === 1 ? '' : 's'} (see the Waypoint output): ${set.problems[0]}`
    : '';
  const action = `Run ${total} question${total === 1 ? '' : 's'}…`;
  const detail = `${definition.label}, ${choice.mode} scoring, concurrency ${choice.concurrency}, ${set.questions.length} questions per model${epochs > 1 ? `, each asked ${epochs} times (waypoint.runs.epochs)` : ''}.\n\n${lines.join('\n')}${problems}\n\nRun files go to ${BATCH_FOLDER}/. Prompt tokens are counted with cl100k.`;
  const answer = await vscode.window.showInformationMessage(
    `Waypoint: run ${definition.label} with ${choice.profiles.map((profile) => profile.id).join(', ')}?`,
    { modal: true, detail },
    action,
  );
  return answer === action;
}

/** The one progress bar over every profile's questions. */
interface SharedProgress {
  report(message: string, done: number): void;
  signal: AbortSignal;
}

/** One profile's plan run into its file. */
async function runPlan(
  deps: RunBenchmarkDeps,
  choice: BenchmarkChoice,
  plan: ProfilePlan,
  bar: SharedProgress,
): Promise<BenchmarkProfileRun> {
  const { profile, file } = plan;
  // The file is this run's alone while it runs (a `waypoint run` or another window on it is refused),
  // and what it answers is read again now that no one else can append to it.
  const lock = RunFileLock.acquire(file, (line) => deps.log.warn(`Run Benchmark: ${line}`));
  try {
    const state = plan.state.alreadyAnswered
      ? await streamedState(plan.questions, profile, plan.mode, file)
      : plan.state;
    return await runLockedPlan(deps, choice, { ...plan, state }, bar);
  } catch (error) {
    // A write that failed (a full disk) names no file of its own.
    if ((error as { path?: unknown }).path === file && error instanceof Error)
      throw new Error(`${file}: ${error.message}`);
    throw error;
  } finally {
    lock.release();
  }
}

async function runLockedPlan(
  deps: RunBenchmarkDeps,
  choice: BenchmarkChoice,
  plan: ProfilePlan,
  bar: SharedProgress,
): Promise<BenchmarkProfileRun> {
  const { definition, mode } = choice;
  const { profile, state, file } = plan;
  deps.log.info(
    `Run Benchmark: ${profile.id} → ${file} (run ${state.runId}); to continue it from a terminal: ${cliResumeCommand(definition, choice.sources, choice.questionOptions, profile, mode, file, choice.root)}`,
  );
  const source =
    profile.provider === 'openai-compatible'
      ? new OpenAiCompatibleSource(apiKeyLookup(deps.context.secrets), editorKeyAdvice)
      : undefined;
  let last = 0;
  const files = nodeRunFilesWith((line) => deps.log.warn(`Run Benchmark: ${line}`));
  const summary = await runIntoFile(state, file, files, {
    profile,
    label: definition.label,
    source,
    cache: workspaceStore(),
    mode,
    seed: choice.seed,
    concurrency: choice.concurrency,
    countTokens: countChatTokens,
    signal: bar.signal,
    onConcurrencyChange: (change) =>
      deps.log.info(
        `Run Benchmark: ${profile.id}: concurrency ${change.from}→${change.to}${change.cause ? ` after ${concurrencyAdvice(change.cause).reason} (${concurrencyAdvice(change.cause).advice})` : ` after ${change.successes ?? 'a run of'} answers in a row`}`,
      ),
    onProgress(update) {
      const now = Date.now();
      if (update.done < update.total && now - last < 200) return;
      last = now;
      bar.report(progressText(profile, update), update.done);
    },
  });
  return {
    profile: profile.id,
    file,
    runId: state.runId,
    asked: state.questions.length,
    alreadyAnswered: state.alreadyAnswered,
    summary,
    mean: null,
  };
}

/**
 * Errors are records too (asked again on resume); the log names what went wrong, one line a reason
 * (by kind, status and server type, never by message: token counts make each differ).
 */
async function logFailures(deps: RunBenchmarkDeps, run: BenchmarkProfileRun): Promise<void> {
  const { summary, file } = run;
  if (summary.errors === 0) return;
  // The records this run appended are the file's last ones: streamed, keeping only those.
  const appended: RunRecord[] = [];
  const size = (await fs.stat(file)).size;
  await streamRunFile(file, size, {
    records(records) {
      for (const record of records) {
        appended.push(record);
        if (appended.length > summary.done) appended.shift();
      }
    },
    problem: () => {},
    torn: () => {},
  });
  for (const group of failureGroups(appended))
    deps.log.warn(`Run Benchmark: ${run.profile}: ${failureGroupLine(group)}`);
}

/** Every plan in turn under one progress notification with Cancel; undefined when the first cannot even start writing. */
async function runPlans(
  deps: RunBenchmarkDeps,
  choice: BenchmarkChoice,
  plans: readonly ProfilePlan[],
  total: number,
): Promise<{ runs: BenchmarkProfileRun[]; cancelled: boolean } | undefined> {
  const runs: BenchmarkProfileRun[] = [];
  let cancelled = false;
  try {
    await fs.mkdir(join(choice.root, BATCH_FOLDER), { recursive: true });
    await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Waypoint: ${choice.definition.label}`,
        cancellable: true,
      },
      async (progress, token) => {
        const controller = new AbortController();
        // One cancel listener per request in flight (up to the chosen concurrency) is by design.
        setMaxListeners(0, controller.signal);
        token.onCancellationRequested(() => controller.abort());
        let shown = 0;
        let finished = 0;
        const report = (message: string, done: number) => {
          // The bar covers every profile's questions.
          const percent = total === 0 ? 100 : ((finished + done) / total) * 100;
          progress.report({ message, increment: percent - shown });
          shown = percent;
        };
        for (const plan of plans) {
          if (controller.signal.aborted) break;
          const run = await runPlan(deps, choice, plan, { report, signal: controller.signal });
          finished += run.summary.done;
          runs.push(run);
          if (run.summary.stoppedBy === 'cancelled') cancelled = true;
          await logFailures(deps, run);
        }
        if (controller.signal.aborted) cancelled = true;
      },
    );
  } catch (error) {
    // A run file that cannot be written (disk full, permissions): the records so far stay, and the run resumes later.
    deps.log.error(`Run Benchmark: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    void vscode.window
      .showErrorMessage(
        `Waypoint: Run Benchmark stopped: ${error instanceof Error ? error.message : String(error)}`,
        'Show Output',
      )
      .then((choice) => choice && deps.log.show(true));
    if (runs.length === 0) return undefined;
    cancelled = true;
  }
  return { runs, cancelled };
}

export async function runBenchmark(
  deps: RunBenchmarkDeps,
  options: RunBenchmarkOptions = {},
): Promise<RunBenchmarkResult | undefined> {
  if (!requireTrust()) return undefined;
  const choice = await chooseRun(options);
  if (!choice) return undefined;
  const set = await readQuestions(deps, choice);
  if (!set) return undefined;
  // Repeats as `waypoint run --epochs K` makes them: the core runner seeds, caches and stamps each epoch.
  const epochs = options.epochs ?? setting('runs.epochs');
  const plans = await planProfiles(deps, choice, withEpochs(set.questions, epochs), options.resume);
  if (!plans) return undefined;
  const total = plans.reduce((sum, plan) => sum + plan.state.questions.length, 0);
  if (!options.confirmed && !(await confirmRun(choice, set, plans, total, epochs))) return undefined;
  const ran = await runPlans(deps, choice, plans, total);
  return ran && finish(deps, choice.definition, choice.mode, ran.runs, ran.cancelled);
}

/** The summary message (each model's counts and mean of the primary metric, with Show Results, Open Run File and Open HTML Report) and the results view. */
async function finish(
  deps: RunBenchmarkDeps,
  definition: BenchmarkDefinition,
  mode: ScoringMode,
  runs: BenchmarkProfileRun[],
  cancelled: boolean,
): Promise<RunBenchmarkResult> {
  // Read in chunks, records without their text (host/runFileReader.ts): the tables need no more.
  const texts = await Promise.all(runs.map(async (run) => ({ file: run.file, ...(await readRunFile(run.file)) })));
  let report: ReturnType<typeof batchReport> | null = null;
  try {
    report = batchReport(texts);
  } catch (error) {
    deps.log.warn(`Run Benchmark: no report: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const run of runs) run.mean = report?.models.find((model) => model.model === run.profile)?.mean ?? null;
  const metric = report?.metric ?? null;
  const parts = runs.map((run) => {
    const { summary } = run;
    const mean = metric && run.mean !== null ? `, ${metric} ${run.mean.toFixed(3)}` : '';
    // A run the circuit breaker stopped says why and what to fix; the questions it did not ask are asked when the run is started again.
    const stopped = summary.breaker
      ? `; stopped early after ${summary.breaker.count} identical failures (${summary.breaker.message} To go on: ${breakerAdvice(summary.breaker.failure)}), ${summary.notAsked} not asked`
      : '';
    const adapted = concurrencySummary(
      summary.concurrencyChanges[0]?.from ?? summary.concurrency,
      summary.concurrencyChanges,
    );
    return `${run.profile}: ${summary.done - summary.errors} answered, ${summary.errors} errors, ${summary.cached} cached${run.alreadyAnswered ? `, ${run.alreadyAnswered} already in the file` : ''}${mean}${stopped}${adapted ? `; ${adapted}` : ''}`;
  });
  const ending = cancelled
    ? ' Cancelled: run it again to resume (or `waypoint run … --resume`, see the Waypoint output).'
    : '';
  const files = runs.map((run) => vscode.workspace.asRelativePath(run.file, false)).join(', ');
  const result: RunBenchmarkResult = { benchmark: definition.id, mode, metric, runs, cancelled };
  const actions = [...(report ? ['Show Results'] : []), 'Open Run File', ...(report ? ['Open HTML Report'] : [])];
  const showResults = () =>
    vscode.commands.executeCommand<ResultsPanel | undefined>('waypoint.showResults', {
      files: runs.map((run) => run.file),
    });
  // The results view opens by itself: the tables and plots are what a finished run is for.
  if (report && report.json.records > 0) void showResults();
  void vscode.window
    .showInformationMessage(
      `Waypoint: ${definition.label} (${mode} scoring) — ${parts.join('; ')}. Run files: ${files}.${ending}`,
      ...actions,
    )
    .then(async (choice) => {
      if (choice === 'Show Results') await showResults();
      else if (choice === 'Open Run File') {
        for (const run of runs) await vscode.window.showTextDocument(vscode.Uri.file(run.file), { preview: false });
      } else if (choice === 'Open HTML Report' && report) {
        // The results view's Share writes it (with replays), beside the run files, and opens it.
        const panel = await showResults();
        await panel?.share('html', { open: true });
      }
    });
  return result;
}
