// SmartPlay in the board view: play an episode with a built-in player (the optimal Hanoi solver or
// a seeded random player) or any configured model profile, turn by turn with progress and Cancel
// (which aborts the model request in flight), write its log to .waypoint/episodes/, and step
// through it. (An existing episode log is drawn by the SmartPlay benchmark's fileTimeline hook.)
import * as vscode from 'vscode';
import { runRecordOf } from '../../core/eval/engine';
import { PROFILE_DEFAULTS } from '../../core/eval/profiles';
import type { ModelProfile } from '../../core/eval/types';
import { hanoiSolverAgent, randomAgent } from '../../core/smartplay/agents';
import { smartplayTimeline } from '../../core/smartplay/boardTimeline';
import { formatEpisodeLog } from '../../core/smartplay/episodeLog';
import { createSmartPlayEnv, SMARTPLAY_GAMES } from '../../core/smartplay/games';
import { episodeScores, prepareEpisode } from '../../core/smartplay/questionSet';
import { runEpisode, type SmartPlayAgent } from '../../core/smartplay/runner';
import { modelProfiles } from '../eval/profiles';
import { BoardPanel } from './boardPanel';
import type { BoardEvalDeps } from './evalDeps';

export interface PlayOptions {
  game?: string;
  /** A built-in player ('hanoi-solver', 'random') or a model profile id. */
  agent?: string;
  seed?: number;
  maxSteps?: number;
}

type Player = { label: string; description: string; profile?: ModelProfile };

/** The built-in players that fit the game, then every configured model. */
function playersFor(game: string): Player[] {
  const builtIns: Player[] = [...(game.startsWith('Hanoi') ? [{ label: 'hanoi-solver', description: 'built-in: the optimal solver' }] : []), { label: 'random', description: 'built-in: a seeded random player' }];
  const models = modelProfiles().filter((profile) => profile.provider === 'openai-compatible').map((profile) => ({ label: profile.id, description: `${profile.model ?? ''} · ${profile.baseUrl ?? ''}`, profile }));
  return [...builtIns, ...models];
}

/** A player that asks a model through the engine (cache, key, cancellation); each Q1/Q2 is one call. */
function modelPlayer(deps: BoardEvalDeps, profile: ModelProfile, game: string, turn: { step: number; question: 1 | 2 }): SmartPlayAgent {
  return async (messages, signal) => {
    const question = { benchmark: 'smartplay' as const, game, step: turn.step, question: turn.question, sampleId: `${game}-${turn.step}-${turn.question}` };
    const reply = await deps.evaluation().askQuietly(deps.context, { profile, messages, question, builtIn: () => '' }, signal ?? new AbortController().signal);
    return reply.text;
  };
}

export async function playSmartplay(deps: BoardEvalDeps, options: PlayOptions = {}): Promise<Record<string, unknown> | undefined> {
  const { context } = deps;
  const games = [...SMARTPLAY_GAMES.values()].filter((info) => info.playable && info.game !== 'RockPaperScissorDifferentScore');
  const game = options.game ?? (await vscode.window.showQuickPick(games.map((info) => ({ label: info.game, description: `${info.family}, ${info.defaultSteps} steps` })), { title: 'SmartPlay: which game?' }))?.label;
  if (!game) return undefined;
  const players = playersFor(game);
  const player = options.agent ? players.find((candidate) => candidate.label === options.agent) : await vscode.window.showQuickPick(players, { title: `SmartPlay ${game}: who plays?` });
  if (!player) {
    if (options.agent) void vscode.window.showErrorMessage(`Waypoint: '${options.agent}' cannot play ${game}: choose ${players.map((candidate) => candidate.label).join(', ')}.`);
    return undefined;
  }
  if (player.profile && !deps.evaluation().requireTrust()) return undefined;
  const agentName = player.label;
  const seed = options.seed ?? 0;
  const env = createSmartPlayEnv(game, { seed });
  const turn = { step: 1, question: 1 as 1 | 2 };
  const agent = player.profile ? modelPlayer(deps, player.profile, game, turn) : agentName === 'hanoi-solver' ? hanoiSolverAgent() : randomAgent(seed);
  const started = Date.now();
  const log = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Waypoint: ${game} with ${agentName}`, cancellable: true }, (progress, token) => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    return runEpisode(env, agent, {
      signal: controller.signal, maxSteps: options.maxSteps, agentName, seed,
      onProgress: (event) => {
        if (event.kind === 'asking') Object.assign(turn, { step: event.step, question: event.question });
        if (event.kind === 'stepped') progress.report({ message: `step ${event.step} of at most ${event.maxSteps}`, increment: 100 / event.maxSteps });
      },
    });
  });
  if (log.end?.reason === 'error' && player.profile) void deps.evaluation().reportModelError(new Error(log.end.error ?? 'the model call failed'), player.profile);
  const folder = vscode.workspace.workspaceFolders?.[0];
  let file: vscode.Uri | undefined;
  if (folder && vscode.workspace.isTrusted) {
    file = vscode.Uri.joinPath(folder.uri, '.waypoint', 'episodes', `${game}-${agentName}-${new Date().toISOString().replace(/[:.]/g, '')}.episode.jsonl`);
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(formatEpisodeLog(log)));
  }
  // A finished episode is a run record too (runs.md §1), so the result stays in the Runs view after the toast.
  let runFile: string | null = null;
  if (file && (log.end?.reason === 'done' || log.end?.reason === 'step-limit')) {
    const prepared = prepareEpisode(game, 0, seed);
    const model: ModelProfile = player.profile ?? { id: agentName, provider: agentName === 'hanoi-solver' ? 'oracle' : 'random', ...PROFILE_DEFAULTS };
    const mode = log.header.settings.mode;
    const reply = { text: formatEpisodeLog(log), promptTokens: null, completionTokens: null, latencyMs: Date.now() - started, cached: false };
    const record = { ...runRecordOf({ question: prepared.question, model, messages: prepared.messages.map((message) => ({ ...message })), parsedAnswer: log.steps.map((step) => step.actionText), scores: episodeScores(game, log, mode), mode }, reply), diagnostics: [] };
    runFile = await deps.evaluation().appendRunRecord(record);
  }
  BoardPanel.show(context).showTimeline(smartplayTimeline(log, `${game} · ${agentName}`), log.steps.length);
  const unmatched = log.steps.filter((step) => !step.matched).length;
  const end = log.end;
  void vscode.window.showInformationMessage(`Waypoint: ${game} with ${agentName}: ${end?.reason ?? 'ended'} after ${log.steps.length} steps, score ${end?.score ?? '—'}${end?.normalizedScore !== null && end?.normalizedScore !== undefined ? `, normalised ${Number(end.normalizedScore.toFixed(3))}` : ''}${unmatched ? ` · ${unmatched} answers matched no action (action 0 taken)` : ''}`);
  return { game, agent: agentName, reason: end?.reason, steps: log.steps.length, score: end?.score, normalizedScore: end?.normalizedScore, unmatched, file: file?.fsPath, ...(runFile ? { runFile } : {}), error: end?.error };
}
