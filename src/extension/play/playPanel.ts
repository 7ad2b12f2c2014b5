// The Play panel: one interactive episode at a time, played through the evaluation pipeline
// (answerPrepared with the episode question, so its record is `waypoint run --task play`'s) by a
// person typing in the panel, a built-in agent or a model profile. Each turn streams into the view
// and redraws the map beside it (the maze for MANGO, the board for BabyAI and GRASP); Stop aborts
// the player mid-turn through the AbortSignal; every episode that was played (reached, out of
// steps, or stopped after at least one move) is appended to the workspace's run files.
import * as vscode from 'vscode';
import { ModelCallCancelled, ModelCallError, type ReplySource } from '../../core/eval/engine';
import type { Failure } from '../../core/eval/failures';
import type { EpisodeAnswer } from '../../core/eval/episodeQuestions';
import { answerPrepared, builtInSource } from '../../core/eval/pipeline';
import { redactSecrets } from '../../core/eval/redact';
import { benchmarkLabel } from '../../core/eval/runLabels';
import type { ModelProfile, ModelReply, RunRecord } from '../../core/eval/types';
import {
  type HostToPlayMessage,
  type PlayEnd,
  type PlayStep,
  playToHostMessage,
  type PlayToHostMessage,
} from '../../protocol/play';
import { companionColumn, groupsHolding, isWebviewTab, tabShows } from '../views/tabGroups';
import { receiveMessage } from '../views/webviewMessages';
import { webviewHtml, webviewOptions } from '../views/webviewHtml';
import type { EpisodeWatcher } from '../../core/benchmark/registry';
import type { EpisodeSource } from './episodeSources';

/** Who plays: a person, a built-in agent (oracle, random) or a configured model. */
export interface EpisodePlayer {
  readonly kind: 'human' | 'agent' | 'model';
  readonly label: string;
  readonly profile: ModelProfile;
  readonly seed: number;
  /** A model's replies (the key from SecretStorage, the workspace cache); built-in agents and people need none. */
  readonly source?: ReplySource;
}

interface PlayHost {
  /** Appends the record to the workspace's run files; the file, or null when it could not be written (untrusted window). */
  record(record: RunRecord): Promise<string | null>;
  /** Draws the episode so far beside the panel; resolves with what the map shows (for tests). */
  draw(source: EpisodeSource, steps: readonly PlayStep[]): Promise<unknown>;
  /** Shows a failed model call (with its way out). */
  reportError(error: unknown, profile: ModelProfile): void;
}

/** What the panel shows and last did, for the output channel and tests. */
export interface PlayState {
  title: string;
  player: string;
  benchmark: string;
  steps: PlayStep[];
  end: PlayEnd | null;
  reached: boolean;
  runFile: string | null;
  record: RunRecord | null;
  waitingForHuman: boolean;
  map: unknown;
}

/**
 * Columns of the groups where the map is or will open: the map's own tab, for the maze the group of
 * answer documents (where MazePanel opens), else the group where companion views go (tabGroups.ts).
 */
function mapColumns(map: EpisodeSource['map']): Set<vscode.ViewColumn> {
  const viewType = map.kind === 'maze' ? 'waypoint.maze' : 'waypoint.board';
  const holdsMap = (tab: vscode.Tab) =>
    isWebviewTab(tab, viewType) ||
    (map.kind === 'maze' && tabShows(tab, (uri) => ['waypoint-answer', 'waypoint-run'].includes(uri.scheme)));
  const columns = new Set(groupsHolding(holdsMap).map((group) => group.viewColumn));
  const companion = companionColumn();
  if (columns.size === 0 && companion !== vscode.ViewColumn.Beside) columns.add(companion);
  return columns;
}

/**
 * Where the Play panel goes so that the map is beside it, never behind it: the active group (the
 * source's), unless the map is there; else another group without the map; else a new group beside.
 * The window keeps two columns: [source | play] becomes [play | map].
 */
function playColumn(map: EpisodeSource['map'], current?: vscode.ViewColumn): vscode.ViewColumn {
  const avoid = mapColumns(map);
  if (current !== undefined && !avoid.has(current)) return current;
  const active = vscode.window.tabGroups.activeTabGroup.viewColumn;
  if (!avoid.has(active)) return active;
  return (
    vscode.window.tabGroups.all.map((group) => group.viewColumn).find((column) => !avoid.has(column)) ??
    vscode.ViewColumn.Beside
  );
}

export class PlayPanel implements vscode.Disposable {
  static readonly viewType = 'waypoint.play';
  private static current: PlayPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;
  private disposed = false;
  /** The current episode's messages so far: sent again when the view (re)loads, so it always shows the whole episode. */
  private episodeMessages: HostToPlayMessage[] = [];
  private controller: AbortController | null = null;
  private playing: Promise<void> | null = null;
  private pendingCommand: ((text: string) => void) | null = null;
  private drawing: Promise<unknown> = Promise.resolve();
  state: PlayState;

  static get active(): PlayPanel | undefined {
    return PlayPanel.current;
  }

  /** Opens the panel (in the active group: the map then goes beside it, so the window keeps two columns) and starts the episode. */
  static async show(
    context: vscode.ExtensionContext,
    host: PlayHost,
    source: EpisodeSource,
    player: EpisodePlayer,
  ): Promise<PlayPanel> {
    let panel = PlayPanel.current;
    if (panel) {
      await panel.stop();
      panel.panel.reveal(playColumn(source.map, panel.panel.viewColumn), false);
    } else {
      const webview = vscode.window.createWebviewPanel(
        PlayPanel.viewType,
        'Play',
        { viewColumn: playColumn(source.map), preserveFocus: false },
        { ...webviewOptions(context.extensionUri), retainContextWhenHidden: true },
      );
      webview.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icons', 'walkthrough.svg');
      panel = new PlayPanel(webview, context);
      PlayPanel.current = panel;
    }
    panel.host = host;
    panel.source = source;
    panel.player = player;
    panel.start();
    return panel;
  }

  private host!: PlayHost;
  private source!: EpisodeSource;
  private player!: EpisodePlayer;

  private constructor(
    readonly panel: vscode.WebviewPanel,
    context: vscode.ExtensionContext,
  ) {
    panel.webview.html = webviewHtml(panel.webview, context.extensionUri, 'play.js', 'Play');
    this.state = PlayPanel.emptyState();
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
    );
  }

  private static emptyState(): PlayState {
    return {
      title: '',
      player: '',
      benchmark: '',
      steps: [],
      end: null,
      reached: false,
      runFile: null,
      record: null,
      waitingForHuman: false,
      map: null,
    };
  }

  /** A message as the webview sends it (also how the tests' command types into the panel). */
  receive(raw: unknown): void {
    const message = receiveMessage<PlayToHostMessage>(playToHostMessage, raw, 'play');
    if (!message) return;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        for (const message of this.episodeMessages) void this.panel.webview.postMessage(message);
        return;
      case 'command': {
        const take = this.pendingCommand;
        if (!take) return;
        this.pendingCommand = null;
        this.state.waitingForHuman = false;
        take(message.text);
        return;
      }
      case 'stop':
        void this.stop();
        return;
      case 'restart':
        void this.stop().then(() => this.start());
    }
  }

  /** Stops the episode being played (recorded as stopped when a move was made); resolves once it has ended. */
  async stop(): Promise<void> {
    this.controller?.abort();
    await this.playing;
  }

  private post(message: HostToPlayMessage): void {
    if (this.disposed) return;
    if (message.type === 'episode') this.episodeMessages = [];
    this.episodeMessages.push(message);
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  /** The reply source of this play: the person's next command, or the player's, announced in the panel first. */
  private sourceFor(prepared: ReturnType<EpisodeSource['prepare']>): ReplySource {
    const { player } = this;
    const inner =
      player.kind === 'human'
        ? null
        : (player.source ?? builtInSource(prepared, benchmarkLabel(prepared.question), player.seed));
    const listModels = inner?.serverModel?.bind(inner);
    return {
      reply: (messages, profile, question, signal): Promise<ModelReply> => {
        const step = this.state.steps.length + 1;
        if (inner) {
          this.post({ type: 'turn', step, waiting: 'player' });
          return inner.reply(messages, profile, question, signal);
        }
        const started = Date.now();
        this.state.waitingForHuman = true;
        this.post({ type: 'turn', step, waiting: 'human' });
        return new Promise<ModelReply>((resolve, reject) => {
          const abort = () => {
            this.pendingCommand = null;
            this.state.waitingForHuman = false;
            reject(new ModelCallCancelled());
          };
          if (signal.aborted) return abort();
          signal.addEventListener('abort', abort, { once: true });
          this.pendingCommand = (text) => {
            signal.removeEventListener('abort', abort);
            resolve({
              text,
              promptTokens: null,
              completionTokens: null,
              latencyMs: Date.now() - started,
              cached: false,
            });
          };
        });
      },
      // The model's server is asked which model it serves once for the episode, not every turn.
      ...(listModels ? { serverModel: listModels } : {}),
    };
  }

  private start(): void {
    const { source, player } = this;
    const controller = new AbortController();
    this.controller = controller;
    this.state = { ...PlayPanel.emptyState(), title: source.title, player: player.label, benchmark: source.benchmark };
    this.panel.title = `Play · ${source.title}`;
    const prepared = source.prepare();
    const steps = this.state.steps;
    this.playing = answerPrepared(prepared, player.profile, benchmarkLabel(prepared.question), {
      source: this.sourceFor(prepared),
      // People are never answered from a cache, built-in agents answer at once, and a model's source caches itself.
      cache: null,
      mode: source.mode,
      seed: player.seed,
      signal: controller.signal,
      recordStopped: true,
      episode: { watch: this.watcher(source, player, steps) },
    })
      .then(
        ({ record }) => this.ended(record, player),
        (error: unknown) => this.crashed(error, player, steps.length),
      )
      .finally(async () => {
        await this.drawing;
        if (this.controller === controller) this.controller = null;
      });
  }

  /** Each turn of the episode shown in the panel as it is played (`steps`: this episode's), and its map redrawn. */
  private watcher(source: EpisodeSource, player: EpisodePlayer, steps: PlayStep[]): EpisodeWatcher {
    const redraw = () => {
      const shown = [...steps];
      // One draw at a time, in order: a slow maze check never overtakes the next turn's.
      this.drawing = this.drawing
        .then(() => this.host.draw(source, shown))
        .then(
          (map) => {
            this.state.map = map;
          },
          () => undefined,
        );
    };
    return {
      started: (env, opening) => {
        this.post({
          type: 'episode',
          title: source.title,
          player: { kind: player.kind, label: player.label },
          instructions: env.instructions,
          commands: [...env.commands],
          maxSteps: env.maxSteps,
          opening,
        });
        redraw();
      },
      stepped: (step, index) => {
        const shown: PlayStep = {
          command: step.command,
          observation: step.observation,
          location: step.location,
          valid: step.valid,
          ...(step.reply !== undefined ? { reply: step.reply } : {}),
        };
        steps.push(shown);
        this.post({ type: 'step', index, step: shown });
        redraw();
      },
    };
  }

  /** The episode's end: its record written (unless nothing was played) and shown in the panel. */
  private async ended(
    record: Awaited<ReturnType<typeof answerPrepared>>['record'],
    player: EpisodePlayer,
  ): Promise<void> {
    const answer = record.parsedAnswer as EpisodeAnswer;
    // A stopped episode, or one whose first turn failed, with no move is nothing played: not a result.
    let runFile: string | null = null;
    let failed: string | undefined;
    try {
      runFile =
        (answer.end === 'cancelled' || answer.end === 'error') && answer.moves === 0
          ? null
          : await this.host.record(record as RunRecord);
    } catch (error) {
      failed = `The run record could not be written: ${error instanceof Error ? error.message : String(error)}`;
    }
    Object.assign(this.state, { end: answer.end, reached: answer.reached, record, runFile });
    // A turn's call failed: the turns before it are recorded above; the failure is shown as any model error is.
    const turnFailed = record.error ?? record.episode_error;
    if (turnFailed !== undefined)
      this.host.reportError(new ModelCallError(turnFailed, record.failure as Failure | undefined), player.profile);
    const error = failed ?? (turnFailed === undefined ? undefined : redactSecrets(turnFailed));
    this.post({
      type: 'end',
      end: answer.end,
      reached: answer.reached,
      moves: answer.moves,
      ...(runFile ? { runFile: vscode.workspace.asRelativePath(runFile) } : {}),
      ...(error ? { error } : {}),
    });
  }

  /** The episode stopped by an error outside any turn (a turn's own failure is part of its record). */
  private crashed(error: unknown, player: EpisodePlayer, moves: number): void {
    const message = redactSecrets(error instanceof Error ? error.message : String(error));
    Object.assign(this.state, { end: 'error' });
    this.post({ type: 'end', end: 'error', reached: false, moves, error: message });
    this.host.reportError(error, player.profile);
  }

  dispose(): void {
    this.disposed = true;
    this.controller?.abort();
    if (PlayPanel.current === this) PlayPanel.current = undefined;
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.panel.dispose();
  }
}
