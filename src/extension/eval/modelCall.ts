// One model call as every benchmark's command makes it: the profile decides the source (an
// OpenAI-compatible endpoint, or a built-in offline agent the caller supplies), the workspace cache
// answers repeats, progress shows in a cancellable notification and errors become one sentence
// with a way out ("Set API Key…", "Open Settings"), the full text in the Waypoint output channel.
// Lives in the evaluation bundle: it is what pulls in `openai`.
import * as vscode from 'vscode';
import { promises as fs } from 'node:fs';
import { askModel, ModelCallCancelled, ModelCallError, type ReplySource } from '../../core/eval/engine';
import type { Failure } from '../../core/eval/failures';
import { OpenAiCompatibleSource } from '../../core/eval/openaiProvider';
import { redactSecrets } from '../../core/eval/redact';
import { answerPrepared, type AnsweredQuestion } from '../../core/eval/pipeline';
import { benchmarkLabel } from '../../core/eval/runLabels';
import type {
  ChatMessage,
  ModelProfile,
  ModelReply,
  RunRecord,
  ScoringMode,
  ServerModelProbe,
} from '../../core/eval/types';
import type { EvalQuestion } from '../../core/benchmarks/declarations';
import type { EpisodeOptions, PreparedQuestion } from '../../core/benchmark/registry';
import { apiKeyLookup, editorKeyAdvice } from './secrets';
import { WorkspaceStore } from '../../core/eval/workspaceStore';

/** What a built-in agent answers, from the question the caller prepared (never from the prompt text). */
type BuiltInAnswer = (profile: ModelProfile) => string | Promise<string>;

interface ModelRequest {
  profile: ModelProfile;
  messages: readonly ChatMessage[];
  question: EvalQuestion;
  builtIn: BuiltInAnswer;
}

/** The reply source a profile stands for. */
function sourceFor(context: vscode.ExtensionContext, request: ModelRequest): ReplySource {
  if (request.profile.provider === 'openai-compatible')
    return new OpenAiCompatibleSource(apiKeyLookup(context.secrets), editorKeyAdvice);
  return {
    async reply(): Promise<ModelReply> {
      const started = Date.now();
      const text = await request.builtIn(request.profile);
      return { text, promptTokens: null, completionTokens: null, latencyMs: Date.now() - started, cached: false };
    },
  };
}

/** The workspace's response cache (shared with `waypoint run`); null in an untrusted or folder-less window. */
export function workspaceStore(): WorkspaceStore | null {
  const folder = vscode.workspace.workspaceFolders?.[0];
  return folder && vscode.workspace.isTrusted
    ? new WorkspaceStore(folder.uri.fsPath, (line) => outputChannel().warn(line), fs, String(process.pid))
    : null;
}

/** What the profile's server lists as its models (the cache key's served model); a caller that asks many turns keeps the answer. */
export function serverModelOf(
  context: vscode.ExtensionContext,
  profile: ModelProfile,
  signal: AbortSignal,
): Promise<ServerModelProbe> {
  return new OpenAiCompatibleSource(apiKeyLookup(context.secrets), editorKeyAdvice).serverModel(profile, signal);
}

/** Asks without any UI (for loops such as a SmartPlay episode, which show their own progress); throws ModelCallError. */
export function askQuietly(
  context: vscode.ExtensionContext,
  request: ModelRequest,
  signal: AbortSignal,
): Promise<ModelReply> {
  return askModel(
    sourceFor(context, request),
    workspaceStore(),
    request.profile,
    request.messages,
    request.question,
    signal,
  );
}

let output: vscode.LogOutputChannel | undefined;

/** The main bundle hands over its "Waypoint" channel when it loads this one. */
export function useOutputChannel(channel: vscode.LogOutputChannel): void {
  output = channel;
}

function outputChannel(): vscode.LogOutputChannel {
  return (output ??= vscode.window.createOutputChannel('Waypoint', { log: true }));
}

/** The sentence shown for a failed call of `profile` (null when it was cancelled), never with a key in it. */
function modelErrorMessage(error: unknown, profile: ModelProfile): string | null {
  if (error instanceof ModelCallCancelled) return null;
  const message = error instanceof Error ? error.message : String(error);
  if (message === 'cancelled') return null;
  return `model profile '${profile.id}': ${redactSecrets(message)}`;
}

/** Shows a model error naming the profile, logs it in full, and offers the way out: the key, the settings, the log. */
export async function reportModelError(error: unknown, profile: ModelProfile): Promise<void> {
  const message = modelErrorMessage(error, profile);
  if (message === null) return;
  const where =
    profile.provider === 'openai-compatible'
      ? ` (${profile.model ?? '?'} at ${profile.baseUrl ?? '?'}, timeoutMs ${profile.timeoutMs}, retries ${profile.retries})`
      : '';
  // A ModelCallError is already the whole story; anything else is unexpected, so its stack helps.
  const detail = error instanceof Error && !(error instanceof ModelCallError) && error.stack ? `\n${error.stack}` : '';
  outputChannel().error(redactSecrets(`Model call failed: ${message}${where}${detail}`));
  const actions = [...(/API key/.test(message) ? ['Set API Key…'] : []), 'Open Settings', 'Show Output'];
  const action = await vscode.window.showErrorMessage(`Waypoint: ${message}`, ...actions);
  if (action === 'Set API Key…') await vscode.commands.executeCommand('waypoint.setApiKey', profile.id);
  else if (action === 'Open Settings')
    await vscode.commands.executeCommand('workbench.action.openSettings', 'waypoint.models');
  else if (action === 'Show Output') outputChannel().show(true);
}

/** Asks with a cancellable progress notification; undefined when cancelled or failed (the failure is shown). */
export async function askWithProgress(
  context: vscode.ExtensionContext,
  request: ModelRequest,
  title: string,
): Promise<ModelReply | undefined> {
  try {
    return await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Waypoint: asking ${request.profile.id} (${title})`,
        cancellable: true,
      },
      (_progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return askQuietly(context, request, controller.signal);
      },
    );
  } catch (error) {
    // Not awaited: the command ends now; the notification stays until the user answers it.
    void reportModelError(error, request.profile);
    return undefined;
  }
}

interface AnswerProgressOptions {
  /** The scoring mode of the run (stamped on the record). */
  mode: ScoringMode;
  /** The built-in `random` agent's seed; 0, as `waypoint run` without --seed, so the editor's answer is the CLI's. */
  seed?: number;
  /** What the progress notification names, e.g. `GRASP inner_cluster_free.jsonl #3`. */
  title: string;
  /** For an episode: its options; its steps advance the notification's bar. */
  episode?: Omit<EpisodeOptions, 'onProgress'>;
}

/**
 * Asks a prepared question (built by the same code as the benchmark's question set) through the
 * evaluation pipeline that `waypoint run` uses, with the workspace cache and a cancellable
 * progress notification: reply, parse, score, diagnostics, run record. The model is the profile's
 * OpenAI-compatible endpoint or the question's built-in agent. Undefined when cancelled or failed
 * (the failure is shown, as askWithProgress shows it); an episode whose turn failed is answered
 * with the turns before it, its failure shown too.
 */
export async function answerWithProgress<Q extends EvalQuestion>(
  context: vscode.ExtensionContext,
  prepared: PreparedQuestion<Q>,
  profile: ModelProfile,
  options: AnswerProgressOptions,
): Promise<AnsweredQuestion<Q> | undefined> {
  const source =
    profile.provider === 'openai-compatible'
      ? new OpenAiCompatibleSource(apiKeyLookup(context.secrets), editorKeyAdvice)
      : undefined;
  try {
    const answered = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Waypoint: asking ${profile.id} (${options.title})`,
        cancellable: true,
      },
      (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        const episode: EpisodeOptions | undefined = options.episode && {
          ...options.episode,
          onProgress: (step, maxSteps) =>
            progress.report({ message: `step ${step} of at most ${maxSteps}`, increment: 100 / maxSteps }),
        };
        return answerPrepared(prepared, profile, benchmarkLabel(prepared.question), {
          source,
          cache: workspaceStore(),
          mode: options.mode,
          seed: options.seed ?? 0,
          signal: controller.signal,
          ...(episode ? { episode } : {}),
        });
      },
    );
    // An episode a turn's failure ended is answered with the turns played before it: shown as a result and as the failure.
    const turnFailed = answered.record.error ?? answered.record.episode_error;
    if (turnFailed !== undefined)
      void reportModelError(new ModelCallError(turnFailed, answered.record.failure as Failure | undefined), profile);
    return answered;
  } catch (error) {
    void reportModelError(error, profile);
    return undefined;
  }
}

/**
 * Appends a run record to `.waypoint/runs/`; null in an untrusted or folder-less window. The run is
 * then selected in the Runs view (which re-reads the file first), so its scores stay in sight
 * after the toast is gone; that is not awaited, the command's result does not wait for the view.
 */
export async function appendRunRecord(record: RunRecord): Promise<string | null> {
  const file = (await workspaceStore()?.appendRun(record)) ?? null;
  if (file) {
    vscode.commands
      .executeCommand('waypoint.revealRun', record)
      .then(undefined, (error: unknown) =>
        outputChannel().warn(
          `Runs view: cannot show the new run: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }
  return file;
}

/** Model calls and run records need a trusted workspace; says so when it is not. */
export function requireTrust(): boolean {
  if (vscode.workspace.isTrusted) return true;
  void vscode.window.showWarningMessage(
    'Waypoint: model calls and run records are disabled in an untrusted workspace. Trust the workspace to run questions; validation keeps working.',
  );
  return false;
}
