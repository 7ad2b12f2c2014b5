// SmartPlay in the board view: play an episode with a built-in agent (the optimal Hanoi solver or
// a seeded random player) with progress and Cancel, write its log to .waypoint/episodes/, and step
// through it; or open an existing episode log.
import * as vscode from 'vscode';
import { hanoiSolverAgent, randomAgent } from '../../core/smartplay/agents';
import { smartplayTimeline, smartplayTimelineOfFile } from '../../core/smartplay/boardTimeline';
import { formatEpisodeLog, parseEpisodeLog } from '../../core/smartplay/episodeLog';
import { createSmartPlayEnv, SMARTPLAY_GAMES } from '../../core/smartplay/games';
import { runEpisode } from '../../core/smartplay/runner';
import { BoardPanel } from './boardPanel';

export interface PlayOptions {
  game?: string;
  agent?: 'hanoi-solver' | 'random';
  seed?: number;
  maxSteps?: number;
}

export async function playSmartplay(context: vscode.ExtensionContext, options: PlayOptions = {}): Promise<Record<string, unknown> | undefined> {
  const games = [...SMARTPLAY_GAMES.values()].filter((info) => info.playable && info.game !== 'RockPaperScissorDifferentScore');
  const game = options.game ?? (await vscode.window.showQuickPick(games.map((info) => ({ label: info.game, description: `${info.family}, ${info.defaultSteps} steps` })), { title: 'SmartPlay: which game?' }))?.label;
  if (!game) return undefined;
  const agents = game.startsWith('Hanoi') ? (['hanoi-solver', 'random'] as const) : (['random'] as const);
  const agentName = options.agent ?? (await vscode.window.showQuickPick(agents.map((label) => ({ label })), { title: 'SmartPlay: which built-in agent?' }))?.label;
  if (!agentName) return undefined;
  const seed = options.seed ?? 0;
  const env = createSmartPlayEnv(game, { seed });
  const agent = agentName === 'hanoi-solver' ? hanoiSolverAgent() : randomAgent(seed);
  const log = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Waypoint: ${game} with ${agentName}`, cancellable: true }, (progress, token) => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    return runEpisode(env, agent, {
      signal: controller.signal, maxSteps: options.maxSteps, agentName, seed,
      onProgress: (event) => {
        if (event.kind === 'stepped') progress.report({ message: `step ${event.step} of at most ${event.maxSteps}`, increment: 100 / event.maxSteps });
      },
    });
  });
  const folder = vscode.workspace.workspaceFolders?.[0];
  let file: vscode.Uri | undefined;
  if (folder && vscode.workspace.isTrusted) {
    file = vscode.Uri.joinPath(folder.uri, '.waypoint', 'episodes', `${game}-${agentName}-${new Date().toISOString().replace(/[:.]/g, '')}.episode.jsonl`);
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(formatEpisodeLog(log)));
  }
  BoardPanel.show(context).showTimeline(smartplayTimeline(log, `${game} · ${agentName}`), log.steps.length);
  const end = log.end;
  void vscode.window.showInformationMessage(`Waypoint: ${game} with ${agentName}: ${end?.reason ?? 'ended'} after ${log.steps.length} steps, score ${end?.score ?? '—'}${end?.normalizedScore !== null && end?.normalizedScore !== undefined ? `, normalised ${Number(end.normalizedScore.toFixed(3))}` : ''}`);
  return { game, agent: agentName, reason: end?.reason, steps: log.steps.length, score: end?.score, normalizedScore: end?.normalizedScore, file: file?.fsPath };
}

/** Steps through an episode log file. */
export function showEpisode(context: vscode.ExtensionContext, document: vscode.TextDocument): BoardPanel | undefined {
  const timeline = smartplayTimelineOfFile(parseEpisodeLog(document.getText()).log, `Episode: ${vscode.workspace.asRelativePath(document.uri)}`);
  if (!timeline) {
    void vscode.window.showErrorMessage('Waypoint: this episode log has no header line (see Problems).');
    return undefined;
  }
  const board = BoardPanel.show(context);
  board.showTimeline(timeline);
  return board;
}
