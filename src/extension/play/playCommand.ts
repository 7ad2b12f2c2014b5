// "Waypoint: Play Episode…": pick what to play (a workspace MANGO game with a start and a goal, a
// BabyAI level or record, a GRASP grid and setting) and who plays it — you, typing the commands;
// a built-in agent; or a configured model profile (its key from SecretStorage, through the
// evaluation bundle's model call and the workspace cache) — then play it in the Play panel with
// the maze or the board live beside it. The SmartPlay games are listed too: SmartPlay asks two
// questions per step (upstream's loop), so its episodes are played as Play SmartPlay Episode plays
// them, by a built-in player or a model, turn by turn on the board.
import * as vscode from 'vscode';
import type { ReplySource } from '../../core/eval/engine';
import { PROFILE_DEFAULTS } from '../../core/eval/profiles';
import type { ModelProfile, RunRecord, ServerModelProbe } from '../../core/eval/types';
import type { EvalQuestion } from '../../core/benchmarks/declarations';
import type { PlayStep } from '../../protocol/play';
import { BoardPanel } from '../board/boardPanel';
import type { BoardEvalDeps } from '../board/evalDeps';
import { playableSmartplayGames, playSmartplay } from '../board/smartplayCommands';
import { modelProfiles } from '../eval/profiles';
import { scoringModeSetting } from '../settings';
import { episodeSource, type EpisodeSource, SourceError, workspaceSources } from './episodeSources';
import { type EpisodePlayer, PlayPanel } from './playPanel';

export interface PlayEpisodeOptions extends Partial<Record<'from' | 'to' | 'setting', string>> {
  /** A game folder, a game's file, a BabyAI level or record file, a GRASP grid file (a URI string from a lens). */
  source?: vscode.Uri | string;
  /** A SmartPlay game by name (Hanoi3Disk, …), played on the board; `player` then names a built-in player or a model profile. */
  smartplay?: string;
  index?: number;
  /** `human`, a built-in agent (`oracle`, `random`) or a model profile id. */
  player?: string;
  seed?: number;
  maxSteps?: number;
}

interface PlayDeps extends BoardEvalDeps {
  /** Draws a MANGO route (an answer's JSON) on the game's maze; resolves with the maze's trajectory (the maze lives in the main bundle). */
  showRoute(edges: vscode.Uri, response: string, title: string, start: string): Promise<unknown>;
}

/** The person at the keyboard, as a run record names them. */
const HUMAN_PROFILE: ModelProfile = { id: 'human', provider: 'human', ...PROFILE_DEFAULTS };

const BUILT_IN_TEXT: Record<EpisodeSource['benchmark'], { oracle: string; random: string }> = {
  mango: { oracle: 'a shortest route from wherever it stands', random: 'a seeded random walk over the exits' },
  babyai: { oracle: "BabyAI's expert bot", random: 'seeded random actions' },
  grasp: { oracle: "GRASP's greedy baseline", random: 'seeded random actions' },
};

type Picked = { uri: vscode.Uri } | { smartplay: string };

/** The workspace's files to play (the active editor's first), then the SmartPlay games, which need no file. */
async function pickSource(options: PlayEpisodeOptions): Promise<Picked | undefined> {
  if (options.smartplay) return { smartplay: options.smartplay };
  const preset = options.source;
  if (preset) return { uri: typeof preset === 'string' ? vscode.Uri.parse(preset) : preset };
  const sources = await workspaceSources();
  const active = vscode.window.activeTextEditor?.document.uri;
  const activeFirst = active
    ? sources.sort(
        (a, b) => Number(b.uri.toString() === active.toString()) - Number(a.uri.toString() === active.toString()),
      )
    : sources;
  const games = playableSmartplayGames().map(({ game, description }) => ({
    label: game,
    description: `SmartPlay game · ${description} · a built-in player or a model plays it on the board`,
    smartplay: game,
  }));
  const items: Array<vscode.QuickPickItem & { uri?: vscode.Uri; smartplay?: string }> = [
    ...(activeFirst.length > 0
      ? [{ label: 'Workspace files', kind: vscode.QuickPickItemKind.Separator }, ...activeFirst]
      : []),
    { label: 'SmartPlay games', kind: vscode.QuickPickItemKind.Separator },
    ...games,
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Play Episode: what to play?',
    matchOnDescription: true,
  });
  if (picked?.smartplay) return { smartplay: picked.smartplay };
  return picked?.uri ? { uri: picked.uri } : undefined;
}

/** A model's turns through the evaluation bundle (key lookup, cache, the output channel); the server's model list is read once an episode, not every turn. */
function modelSource(deps: BoardEvalDeps): ReplySource {
  let listing: Promise<ServerModelProbe> | undefined;
  return {
    reply: (messages, profile, question, signal) =>
      deps
        .evaluation()
        .askQuietly(deps.context, { profile, messages, question: question as EvalQuestion, builtIn: () => '' }, signal),
    serverModel(profile, signal) {
      listing ??= deps.evaluation().serverModelOf(deps.context, profile, signal);
      return listing;
    },
  };
}

async function pickPlayer(
  deps: BoardEvalDeps,
  source: EpisodeSource,
  options: PlayEpisodeOptions,
): Promise<EpisodePlayer | undefined> {
  const profiles = modelProfiles();
  const built = (profile: ModelProfile, seed: number): EpisodePlayer => ({
    kind: 'agent',
    label: profile.provider === 'random' ? `${profile.id} (seed ${seed})` : profile.id,
    profile,
    seed,
  });
  const model = (profile: ModelProfile): EpisodePlayer | undefined =>
    deps.evaluation().requireTrust()
      ? { kind: 'model', label: profile.id, profile, seed: options.seed ?? 0, source: modelSource(deps) }
      : undefined;
  const seedOf = async (): Promise<number | undefined> => {
    if (options.seed !== undefined) return options.seed;
    const text = await vscode.window.showInputBox({
      title: 'Random agent: which seed?',
      value: '0',
      validateInput: (value) => (/^\d+$/.test(value.trim()) ? null : 'a whole number, 0 or more'),
    });
    return text === undefined ? undefined : Number(text.trim());
  };
  const asPlayer = async (profile: ModelProfile | 'human'): Promise<EpisodePlayer | undefined> => {
    if (profile === 'human') return { kind: 'human', label: 'you', profile: HUMAN_PROFILE, seed: 0 };
    if (profile.provider === 'openai-compatible') return model(profile);
    if (profile.provider === 'random') {
      const seed = await seedOf();
      return seed === undefined ? undefined : built(profile, seed);
    }
    return built(profile, options.seed ?? 0);
  };
  if (options.player) {
    const found = options.player === 'human' ? 'human' : profiles.find((profile) => profile.id === options.player);
    if (!found)
      void vscode.window.showErrorMessage(
        `Waypoint: no player '${options.player}': choose human, a built-in agent or a profile of waypoint.models.`,
      );
    return found ? asPlayer(found) : undefined;
  }
  const text = BUILT_IN_TEXT[source.benchmark];
  const items = [
    { label: 'You (type the commands)', description: 'play it yourself; recorded as human', choice: 'human' as const },
    ...profiles.map((profile) => ({
      label: profile.id,
      description:
        profile.provider === 'openai-compatible'
          ? `${profile.model ?? ''} · ${profile.baseUrl ?? ''}`
          : `built-in: ${profile.provider === 'oracle' ? text.oracle : profile.provider === 'random' ? text.random : profile.provider}`,
      choice: profile,
    })),
  ];
  const picked = await vscode.window.showQuickPick(items, { title: `Play ${source.title}: who plays?` });
  return picked ? asPlayer(picked.choice) : undefined;
}

/** The host side the panel needs: run files, the map beside it, errors with their way out. */
function playHost(deps: PlayDeps) {
  return {
    record: (record: RunRecord) => deps.evaluation().appendRunRecord(record),
    reportError: (error: unknown, profile: ModelProfile) => void deps.evaluation().reportModelError(error, profile),
    async draw(source: EpisodeSource, steps: readonly PlayStep[]): Promise<unknown> {
      const { map } = source;
      if (map.kind === 'maze') return deps.showRoute(map.edges, map.route(steps), `Play · ${source.title}`, map.start);
      const timeline = map.timeline(steps);
      // An open board is redrawn where it is (BoardPanel.show reveals "beside" whatever is active, which moves it each turn).
      const board = BoardPanel.active ?? BoardPanel.show(deps.context);
      if (!board.panel.visible) board.panel.reveal(board.panel.viewColumn, true);
      board.showTimeline(timeline, timeline.frames.length - 1);
      return { frames: timeline.frames.length, title: timeline.title };
    },
  };
}

/** What Play Episode played: the Play panel, or a SmartPlay episode's summary (Play SmartPlay Episode's). */
export async function playEpisode(
  deps: PlayDeps,
  options: PlayEpisodeOptions = {},
): Promise<PlayPanel | Record<string, unknown> | undefined> {
  const picked = await pickSource(options);
  if (!picked) return undefined;
  if ('smartplay' in picked)
    return playSmartplay(deps, {
      game: picked.smartplay,
      agent: options.player,
      seed: options.seed,
      maxSteps: options.maxSteps,
    });
  const target = picked.uri;
  let source: EpisodeSource | undefined;
  try {
    source = await episodeSource(
      target,
      {
        from: options.from,
        to: options.to,
        index: options.index,
        setting: options.setting,
        maxSteps: options.maxSteps,
      },
      scoringModeSetting(),
    );
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    void vscode.window.showErrorMessage(`Waypoint: ${error.message}`);
    return undefined;
  }
  if (!source) return undefined;
  const player = await pickPlayer(deps, source, options);
  if (!player) return undefined;
  deps.log.info(`Play: ${source.title} with ${player.label}.`);
  return PlayPanel.show(deps.context, playHost(deps), source, player);
}

export { PlayPanel };
