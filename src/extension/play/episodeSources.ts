// The episodes "Waypoint: Play Episode…" can play, built from workspace files the way `waypoint
// play` builds them (src/cli/runs/play.ts): a MANGO game folder with a start and a goal room, a BabyAI
// level or a record of a record file, a GRASP grid with its setting. Each is a fresh pipeline
// question per play (core's preparedEpisode), so the record is the one `waypoint run --task play`
// writes, plus how to draw the episode so far on the maze or the board.
import * as vscode from 'vscode';
import { babyaiEpisodeTimeline, babyaiPlayQuestion, preparedBabyaiEpisode } from '../../core/benchmarks/babyai/episode';
import { loadLevelFile } from '../../core/benchmarks/babyai/levelFile';
import { MissionError } from '../../core/benchmarks/babyai/mission';
import { readRecordFile } from '../../core/benchmarks/babyai/recordFiles';
import { loadRecord } from '../../core/benchmarks/babyai/records';
import type { BoardTimeline } from '../../core/benchmark/board';
import type { ScoringMode } from '../../core/eval/types';
import { graspEpisodeTimeline, graspPlayQuestion, preparedGraspEpisode } from '../../core/benchmarks/grasp/episode';
import { parseGraspGridFile } from '../../core/benchmarks/grasp/gridFile';
import { parseSettingsOption } from '../../core/benchmarks/grasp/questionSet';
import { mangoGameOf } from '../../core/benchmarks/mango/fileKinds';
import { parseEdgesFile } from '../../core/benchmarks/mango/walkthrough/gameFiles';
import {
  type MangoPlayGame,
  mangoPlayGame,
  mangoPlayQuestion,
  preparedMangoEpisode,
} from '../../core/benchmarks/mango/play/playQuestions';
import { episodeRouteAnswer } from '../../core/benchmarks/mango/play/episodeRoute';
import { shortestActions } from '../../core/benchmarks/mango/play/textAdventure';
import { NEVER } from '../../core/benchmarks/mango/types';
import { QuestionOptionError, type PreparedQuestion } from '../../core/benchmark/registry';
import { standaloneKindOf } from '../../core/benchmark/standaloneValidation';
import { baseName } from '../../core/util/walk';
import { editorText } from '../documentText';
import type { PlayStep } from '../../protocol/play';

/** How the map beside the Play panel is drawn for the episode so far. */
export type EpisodeMap =
  | { kind: 'maze'; edges: vscode.Uri; route(steps: readonly PlayStep[]): string; start: string }
  | { kind: 'board'; timeline(steps: readonly PlayStep[]): BoardTimeline };

export interface EpisodeSource {
  readonly benchmark: 'mango' | 'babyai' | 'grasp';
  readonly title: string;
  readonly mode: ScoringMode;
  /** A fresh question for one play (a prepared episode keeps the state of the episode it plays). */
  prepare(): PreparedQuestion;
  readonly map: EpisodeMap;
}

/** What picks a source without asking (tests and callers with everything known). */
interface SourceChoices {
  from?: string;
  to?: string;
  index?: number;
  setting?: string;
  maxSteps?: number;
}

/** A file could not be used: shown as one message naming the file and the position. */
export class SourceError extends Error {}

/** The file as the editor has it (unsaved edits included: what the user sees and the server checks). */
async function readText(uri: vscode.Uri): Promise<string> {
  try {
    return await editorText(uri);
  } catch {
    throw new SourceError(`${vscode.workspace.asRelativePath(uri)}: cannot be read`);
  }
}

/** A room of the game's maze, by name as typed (case and spacing do not matter). */
function roomOf(game: MangoPlayGame, name: string, where: string): string {
  const wanted = name.trim().replace(/\s+/g, ' ').toLowerCase();
  const found = game.graph.nodes.find((node) => node.toLowerCase() === wanted);
  if (found === undefined) throw new SourceError(`${where}: '${name}' is not a room of ${game.game}'s maze`);
  return found;
}

async function mangoSource(target: vscode.Uri, choices: SourceChoices): Promise<EpisodeSource | undefined> {
  const known = mangoGameOf(target.path);
  const folder = known ? vscode.Uri.joinPath(target, '..') : target;
  const game = known?.game ?? baseName(target.path.replace(/\/+$/, ''));
  const edgesUri = vscode.Uri.joinPath(folder, `${game}.edges.json`);
  const where = vscode.workspace.asRelativePath(edgesUri);
  const edges = parseEdgesFile(await readText(edgesUri));
  const error = edges.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  if (error)
    throw new SourceError(
      `${where}:${error.range.start.line + 1}:${error.range.start.character + 1}: ${error.message}`,
    );
  const playGame = mangoPlayGame(
    game,
    await readText(vscode.Uri.joinPath(folder, `${game}.walkthrough`)),
    edges.edges.map((edge) => edge.record),
  );
  const rooms = playGame.graph.nodes;
  const src =
    choices.from !== undefined
      ? roomOf(playGame, choices.from, where)
      : await vscode.window.showQuickPick(rooms, { title: `Play ${game}: start in which room?` });
  if (src === undefined) return undefined;
  let dst: string | undefined;
  if (choices.to !== undefined) dst = roomOf(playGame, choices.to, where);
  else {
    // Only goals the maze can reach from the start, nearest first, with the shortest route's length.
    const goals = rooms.flatMap((room) => {
      const route = room === src ? null : shortestActions(playGame.graph, src, room);
      return route
        ? [
            {
              label: room,
              description: `${route.length} move${route.length === 1 ? '' : 's'} at best`,
              moves: route.length,
            },
          ]
        : [];
    });
    goals.sort((a, b) => a.moves - b.moves || a.label.localeCompare(b.label));
    if (goals.length === 0) throw new SourceError(`${where}: no room can be reached from ${src}`);
    dst = (await vscode.window.showQuickPick(goals, { title: `Play ${game} from ${src}: which goal?` }))?.label;
  }
  if (dst === undefined) return undefined;
  const question = mangoPlayQuestion(
    playGame,
    { sampleId: `play-${src}->${dst}`, src, dst, answerable: true, easy: false, cutoff: NEVER },
    choices.maxSteps,
  );
  return {
    benchmark: 'mango',
    title: `${game}: ${src} → ${dst}`,
    mode: 'faithful',
    prepare: () => preparedMangoEpisode(playGame, question),
    map: { kind: 'maze', edges: edgesUri, start: src, route: (steps) => episodeRouteAnswer(src, steps) },
  };
}

/** A BabyAI level file as an episode. */
function babyaiLevelSource(target: vscode.Uri, text: string, shown: string): EpisodeSource {
  const loaded = loadLevelFile(text);
  const error = loaded.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  if (!loaded.spec || error)
    throw new SourceError(
      `${shown}${error ? `:${error.range.start.line + 1}: ${error.message}` : ': the level cannot be built'}`,
    );
  const spec = loaded.spec;
  const title = `${baseName(target.path)}: ${spec.mission}`;
  return {
    benchmark: 'babyai',
    title,
    mode: 'faithful',
    prepare: () => preparedBabyaiEpisode(babyaiPlayQuestion(shown, null, baseName(target.path)), spec),
    map: { kind: 'board', timeline: (steps) => babyaiEpisodeTimeline(spec, steps, title) },
  };
}

/** Which record of a record file to play: given, the only one, else picked; undefined when the pick is cancelled. */
async function pickRecordIndex(target: vscode.Uri, file: ReturnType<typeof readRecordFile>, given: number | undefined) {
  if (given !== undefined) return given;
  if (file.records.length === 1) return 0;
  const items = file.records.map((raw, i) => ({
    label: `#${i}`,
    description: raw.fields.get('level_name')?.value ?? '',
    detail: raw.fields.get('mission')?.value,
    index: i,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: `Play ${baseName(target.path)}: which record?`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return picked?.index;
}

async function babyaiSource(
  target: vscode.Uri,
  levelFile: boolean,
  choices: SourceChoices,
): Promise<EpisodeSource | undefined> {
  const text = await readText(target);
  const shown = vscode.workspace.asRelativePath(target);
  if (levelFile) return babyaiLevelSource(target, text, shown);
  const file = readRecordFile(baseName(target.path), text);
  if (file.records.length === 0) throw new SourceError(`${shown}: no records`);
  const index = await pickRecordIndex(target, file, choices.index);
  if (index === undefined) return undefined;
  const raw = file.records[index];
  if (!raw)
    throw new SourceError(`${shown}: no record ${index} (the file has ${file.records.length}; records count from 0)`);
  const loaded = loadRecord(raw);
  const error = loaded.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  if (!loaded.spec || error)
    throw new SourceError(
      `${shown}:${raw.range.start.line + 1}: ${error ? error.message : 'the level cannot be built from its env_description'}`,
    );
  const spec = loaded.spec;
  const levelName = loaded.record.levelName || baseName(target.path);
  const title = `${levelName} #${index}: ${spec.mission}`;
  const question = babyaiPlayQuestion(shown, index, levelName);
  return {
    benchmark: 'babyai',
    title,
    mode: 'faithful',
    prepare: () => preparedBabyaiEpisode(question, spec),
    map: { kind: 'board', timeline: (steps) => babyaiEpisodeTimeline(spec, steps, title) },
  };
}

/** GRASP settings offered in the pick: the paper's action sets, carry limits and step costs. */
const GRASP_SETTINGS = ['8-none-0', '4-none-0', '8-1-0', '8-none-0.3', '4-1-0.3'];

async function graspSource(
  target: vscode.Uri,
  choices: SourceChoices,
  mode: ScoringMode,
): Promise<EpisodeSource | undefined> {
  const shown = vscode.workspace.asRelativePath(target);
  const file = parseGraspGridFile(await readText(target), baseName(target.path));
  if (file.entries.length === 0) throw new SourceError(`${shown}: no grids`);
  let index = choices.index;
  if (index === undefined) {
    const items = file.entries.map((entry) => ({
      label: `grid ${entry.record.index}`,
      description: `${entry.record.energy} energy · ${entry.record.obstacle} · ${entry.record.start_position} start`,
      index: entry.record.index,
    }));
    index =
      file.entries.length === 1
        ? file.entries[0].record.index
        : (await vscode.window.showQuickPick(items, { title: `Play ${baseName(target.path)}: which grid?` }))?.index;
  }
  if (index === undefined) return undefined;
  const entry = file.entries.find((candidate) => candidate.record.index === index);
  if (!entry) throw new SourceError(`${shown}: no grid with index ${index}`);
  const settingText =
    choices.setting ??
    (
      await vscode.window.showQuickPick(
        GRASP_SETTINGS.map((label) => ({
          label,
          description: label === '8-none-0' ? 'eight moves, no carry limit, no step cost (upstream default)' : '',
        })),
        { title: 'Play GRASP: which setting (<moves>-<carry>-<cost>)?' },
      )
    )?.label;
  if (settingText === undefined) return undefined;
  let settings;
  try {
    settings = parseSettingsOption(settingText);
  } catch (error) {
    if (error instanceof QuestionOptionError) throw new SourceError(`setting ${settingText}: ${error.message}`);
    throw error;
  }
  if (settings.length !== 1)
    throw new SourceError(`setting ${settingText}: name one setting, <moves>-<carry>-<cost> such as 8-none-0.3`);
  const [setting] = settings;
  const title = `${baseName(target.path)} grid ${index} · ${settingText}`;
  const question = graspPlayQuestion(baseName(target.path), shown, index, setting);
  const obstacles = entry.record.obstacle === 'block';
  return {
    benchmark: 'grasp',
    title,
    mode,
    prepare: () => preparedGraspEpisode(question, entry.grid, obstacles),
    map: { kind: 'board', timeline: (steps) => graspEpisodeTimeline(entry.grid, setting, steps, mode, title) },
  };
}

/** The standalone file kinds that can be played, as `waypoint play` reads them (one table, as the CLI's EPISODES). */
const PLAYABLE_KINDS: Record<
  string,
  (target: vscode.Uri, choices: SourceChoices, graspMode: ScoringMode) => Promise<EpisodeSource | undefined>
> = {
  'babyai-level': (target, choices) => babyaiSource(target, true, choices),
  'babyai-records': (target, choices) => babyaiSource(target, false, choices),
  'grasp-grids': graspSource,
};

/** The episode a file or folder stands for; undefined when a pick was dismissed. Throws SourceError for files that cannot be played. */
export async function episodeSource(
  target: vscode.Uri,
  choices: SourceChoices,
  graspMode: ScoringMode,
): Promise<EpisodeSource | undefined> {
  try {
    if (mangoGameOf(target.path)) return await mangoSource(target, choices);
    const build = PLAYABLE_KINDS[standaloneKindOf(target.path) ?? ''];
    if (build) return await build(target, choices, graspMode);
    const stat = await vscode.workspace.fs.stat(target).then(undefined, () => null);
    if (stat && stat.type & vscode.FileType.Directory) return await mangoSource(target, choices);
  } catch (error) {
    if (error instanceof MissionError)
      throw new SourceError(`${vscode.workspace.asRelativePath(target)}: ${error.message}`);
    throw error;
  }
  throw new SourceError(
    `${vscode.workspace.asRelativePath(target)}: not a MANGO game, a BabyAI level or record file, or a GRASP grid file`,
  );
}

/** A workspace file or folder to play, as the palette offers it. */
interface FileSourceItem {
  label: string;
  description: string;
  uri: vscode.Uri;
}

/** The sources to offer from the palette: the workspace's MANGO games, BabyAI levels and records, GRASP grids. */
export async function workspaceSources(): Promise<FileSourceItem[]> {
  const exclude = '**/{node_modules,.waypoint}/**';
  const [games, levels, records, grids] = await Promise.all([
    vscode.workspace.findFiles('**/*.edges.json', exclude, 200),
    vscode.workspace.findFiles('**/*.level.json', exclude, 200),
    vscode.workspace.findFiles('**/llm[-_]babybench*.{csv,json,jsonl,ndjson}', exclude, 50),
    vscode.workspace.findFiles('**/*.jsonl', exclude, 400),
  ]);
  const path = (uri: vscode.Uri) => vscode.workspace.asRelativePath(uri);
  const described: Record<string, string> = {
    'babyai-level': 'BabyAI level',
    'babyai-records': 'LLM-BabyBench records',
    'grasp-grids': 'GRASP grids',
  };
  const files = [...new Map([...levels, ...records, ...grids].map((uri) => [uri.toString(), uri])).values()];
  return [
    ...games.map((uri) => ({ label: path(uri).replace(/\.edges\.json$/, ''), description: 'MANGO game', uri })),
    ...files.flatMap((uri) => {
      const description = described[standaloneKindOf(uri.path) ?? ''];
      return description ? [{ label: path(uri), description, uri }] : [];
    }),
  ];
}
