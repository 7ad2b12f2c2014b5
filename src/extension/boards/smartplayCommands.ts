// SmartPlay in the board view: play an episode with a built-in player (the optimal Hanoi solver, the
// scripted Crafter wood collector or a seeded random player) or any configured model profile, turn
// by turn with progress and Cancel (which aborts the model request in flight), write its log to
// .waypoint/episodes/, and step through it. The episode is the question set's (prepareEpisode, its play hook) answered through
// the evaluation pipeline, as `waypoint run smartplay` plays it: the same sample id, messages,
// turns and scores. (An existing episode log is drawn by the SmartPlay benchmark's fileTimeline hook.)
import * as vscode from 'vscode';
import { PROFILE_DEFAULTS } from '../../core/eval/profiles';
import type { ModelProfile } from '../../core/eval/types';
import { smartplayTimelineOfFile } from '../../core/benchmarks/smartplay/boardTimeline';
import { parseEpisodeLog } from '../../core/benchmarks/smartplay/episodeLog';
import { SMARTPLAY_GAMES } from '../../core/benchmarks/smartplay/games';
import { builtInPlayers, prepareEpisode } from '../../core/benchmarks/smartplay/questionSet';
import { modelProfiles } from '../eval/profiles';
import { BoardPanel } from './boardPanel';
import type { BoardEvalDeps } from './evalDeps';

export interface PlayOptions {
  game?: string;
  /** A built-in player ('hanoi-solver', 'crafter-wood', 'random') or a model profile id. */
  agent?: string;
  seed?: number;
  maxSteps?: number;
}

type Player = { label: string; description: string; profile?: ModelProfile; provider?: 'oracle' | 'random' };

/** The built-in players that fit the game (core's list, as `waypoint smartplay run` names them), then every configured model. */
function playersFor(game: string): Player[] {
  const builtIns: Player[] = builtInPlayers(game).map(({ name, description, provider }) => ({
    label: name,
    description,
    provider,
  }));
  const models = modelProfiles()
    .filter((profile) => profile.provider === 'openai-compatible')
    .map((profile) => ({
      label: profile.id,
      description: `${profile.model ?? ''} · ${profile.baseUrl ?? ''}`,
      profile,
    }));
  return [...builtIns, ...models];
}

/** The games an episode can be played of (as `waypoint run smartplay all` plays them): Play SmartPlay Episode's and Play Episode's list. */
export function playableSmartplayGames(): Array<{ game: string; description: string }> {
  return [...SMARTPLAY_GAMES.values()]
    .filter((info) => info.playable && info.game !== 'RockPaperScissorDifferentScore')
    .map((info) => ({ game: info.game, description: `${info.family}, ${info.defaultSteps} steps` }));
}

export async function playSmartplay(
  deps: BoardEvalDeps,
  options: PlayOptions = {},
): Promise<Record<string, unknown> | undefined> {
  const { context } = deps;
  const game =
    options.game ??
    (
      await vscode.window.showQuickPick(
        playableSmartplayGames().map((info) => ({ label: info.game, description: info.description })),
        { title: 'SmartPlay: which game?' },
      )
    )?.label;
  if (!game) return undefined;
  const players = playersFor(game);
  const player = options.agent
    ? players.find((candidate) => candidate.label === options.agent)
    : await vscode.window.showQuickPick(players, { title: `SmartPlay ${game}: who plays?` });
  if (!player) {
    if (options.agent)
      void vscode.window.showErrorMessage(
        `Waypoint: '${options.agent}' cannot play ${game}: choose ${players.map((candidate) => candidate.label).join(', ')}.`,
      );
    return undefined;
  }
  if (player.profile && !deps.evaluation().requireTrust()) return undefined;
  const agentName = player.label;
  const seed = options.seed ?? 0;
  // Episode 0 at this seed: `waypoint run smartplay <game> --seed <seed>`'s first episode.
  const prepared = prepareEpisode(game, 0, seed);
  // The built-in players are the offline profiles whose agents the episode's builtInAnswer plays.
  const model: ModelProfile = player.profile ?? {
    id: agentName,
    provider: player.provider ?? 'random',
    ...PROFILE_DEFAULTS,
  };
  let transcript: string | null = null;
  const answered = await deps.evaluation().answerWithProgress(context, prepared, model, {
    mode: 'faithful',
    seed,
    title: game,
    // The transcript arrives however the episode ends: a failed or cancelled one is still written and drawn.
    episode: { maxSteps: options.maxSteps, playerName: agentName, onTranscript: (text) => void (transcript = text) },
  });
  const log = transcript === null ? null : parseEpisodeLog(transcript).log;
  if (!log?.header) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0];
  let file: vscode.Uri | undefined;
  if (folder && vscode.workspace.isTrusted && transcript !== null) {
    file = vscode.Uri.joinPath(
      folder.uri,
      '.waypoint',
      'episodes',
      `${game}-${agentName}-${new Date().toISOString().replace(/[:.]/g, '')}.episode.jsonl`,
    );
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(transcript));
  }
  // A finished episode is a run record too (runs.md §1), so the result stays in the Runs view after the toast.
  // One whose first turn failed played nothing: its log is kept, the failure shown, no result recorded.
  const playedNothing = answered?.record.error !== undefined && log.steps.length === 0;
  const runFile = answered && file && !playedNothing ? await deps.evaluation().appendRunRecord(answered.record) : null;
  const timeline = smartplayTimelineOfFile(log, `${game} · ${agentName}`);
  if (timeline) BoardPanel.show(context).showTimeline(timeline, log.steps.length);
  const unmatched = log.steps.filter((step) => step.record.matched === false).length;
  const end = log.end?.record;
  void vscode.window.showInformationMessage(
    `Waypoint: ${game} with ${agentName}: ${end?.reason ?? 'ended'} after ${log.steps.length} steps, score ${end?.score ?? '—'}${end?.normalizedScore !== null && end?.normalizedScore !== undefined ? `, normalised ${Number(end.normalizedScore.toFixed(3))}` : ''}${unmatched ? ` · ${unmatched} answers matched no action (action 0 taken)` : ''}`,
  );
  return {
    game,
    agent: agentName,
    reason: end?.reason,
    steps: log.steps.length,
    score: end?.score,
    normalizedScore: end?.normalizedScore,
    unmatched,
    file: file?.fsPath,
    ...(runFile ? { runFile } : {}),
    error: end?.error,
  };
}
