// MANGO's question sets for whole-benchmark runs (runs.md §2): every skeleton line of the named game
// folders (DF `<game>.all2all.jsonl`, RF `<game>.all_pairs.jsonl`), filtered by task and difficulty,
// each bound to its game's files so it renders its exact upstream prompt, answers as the built-in
// agents and scores through the one scorer of its game (core/benchmarks/mango/scoring/evaluation.ts), as the editor's
// Run Question and `waypoint mango score` do.
//
// Memory: a release game can have ~100k skeleton lines. A question keeps only its labels; its
// messages are rendered when read (the runner reads them once per question), from the walkthrough
// cut once per game, so a set never holds its prompts all at once.
import { stripBom } from '../../util/bom';
import { oracleAnswer, randomAnswer } from './agents';
import type { ChatMessage, ModelProfile, ScoringMode } from '../../eval/types';
import type { MangoQuestion } from './questionSchema';
import { seededRandom } from '../../util/random';
import {
  type PreparedQuestion,
  type QuestionOptionHint,
  QuestionOptionError,
  type QuestionSet,
  type ScoredReply,
  type QuestionSetFiles,
  type QuestionSetOptions,
} from '../../benchmark/registry';
import { describeProblem } from '../../util/schema/parse';
import { FileProblems } from '../../util/diagnosticCap';
import type { Diagnostic } from '../../util/text';
import { splitLines } from '../../util/text';
import { baseName, describeFsError, isInsideFolder } from '../../util/walk';
import { GIT_LFS_POINTER_REASON, isGitLfsPointer } from '../../util/gitLfs';
import { createMangoScorer, type MangoScorer, prepareMangoQuestion } from './scoring/evaluation';
import type { Trajectory } from '../../maze/mazeView';
import { WalkthroughDocument } from './walkthrough/walkthroughDocument';
import { type NameListFile, parseActionsFile, parseEdgesFile, parseLocationsFile } from './walkthrough/gameFiles';
import { MangoGraph } from './graph/graph';
import { preparedMapQuestion } from './scoring/mapTask';
import { mangoPlayGame, mangoPlayQuestion, preparedMangoEpisode } from './play/playQuestions';
import { promptWalkthrough } from './prompt';
import { parseSkeletonLine, type SkeletonTask } from './skeletons/skeletonLines';
import { DEFAULT_MODEL_CUTOFF, questionFromSkeleton } from './skeletons/skeletons';
import { cl100kCounter, PROMPT_TOKEN_BUDGET } from './tokenizer';
import type { EdgeRecord } from './types';

/** The options `waypoint run mango` reads (runs.md §2), `template` as `mango prompt` has it. */
export const MANGO_QUESTION_OPTIONS = ['task', 'difficulty', 'cutoff', 'template'] as const;

/** How hosts offer the options (core/runs/optionHints.ts). */
export const MANGO_QUESTION_OPTION_HINTS: Readonly<
  Record<(typeof MANGO_QUESTION_OPTIONS)[number], QuestionOptionHint>
> = {
  task: {
    choices: ['both', 'df', 'rf', 'map', 'play'],
    fallback: 'both',
    help: 'destination finding (DF), route finding (RF), both, draw the map (one question per game), or play (an interactive episode per RF pair)',
  },
  difficulty: { choices: ['all', 'easy', 'hard'], fallback: 'all', help: "the paper's easy/hard split" },
  cutoff: { fallback: '70', help: 'the walkthrough step the prompt cuts at (unless the token cap comes first)' },
  template: { choices: ['release', 'paper'], fallback: 'release', help: 'the prompt template' },
};

interface MangoSetOptions {
  tasks: SkeletonTask[];
  /** `--task play`: an interactive episode per RF pair instead of DF/RF questions (playQuestions.ts). */
  play: boolean;
  /** The draw-the-map question (one per game, `--task map`). */
  map: boolean;
  difficulty: 'easy' | 'hard' | 'all';
  /** The step the prompt cuts at unless the token cap comes first (spec mango.md §5). */
  cutoff: number;
  template: 'release' | 'paper';
}

/** The options as given, checked; a value MANGO cannot use is a usage error. */
function mangoSetOptions(options: QuestionSetOptions): MangoSetOptions {
  // Options of other benchmarks are the host's to reject (questionOptions); these are MANGO's.
  const { task = 'both', difficulty = 'all', cutoff, template = 'release' } = options;
  if (task !== 'df' && task !== 'rf' && task !== 'both' && task !== 'map' && task !== 'play')
    throw new QuestionOptionError(`--task must be df, rf, both, map or play for MANGO, not '${task}'`);
  if (task === 'map' && difficulty !== 'all')
    throw new QuestionOptionError(
      '--difficulty applies to df, rf and play questions; the map task has one question per game',
    );
  if (difficulty !== 'easy' && difficulty !== 'hard' && difficulty !== 'all')
    throw new QuestionOptionError(`--difficulty must be easy, hard or all, not '${difficulty}'`);
  if (cutoff !== undefined && !/^\d+$/.test(cutoff))
    throw new QuestionOptionError(`--cutoff must be a non-negative integer, not '${cutoff}'`);
  if (template !== 'release' && template !== 'paper')
    throw new QuestionOptionError(`--template must be release or paper, not '${template}'`);
  const tasks: SkeletonTask[] =
    task === 'both' ? ['df', 'rf'] : task === 'play' ? ['rf'] : task === 'map' ? [] : [task];
  return {
    tasks,
    play: task === 'play',
    map: task === 'map',
    difficulty,
    cutoff: cutoff === undefined ? DEFAULT_MODEL_CUTOFF : Number(cutoff),
    template,
  };
}

const SKELETON_SUFFIX: Record<SkeletonTask, string> = { df: 'all2all.jsonl', rf: 'all_pairs.jsonl' };

/** The questions of MANGO game folders (or folders of game folders), in source order, DF before RF, lines in file order. */
export async function mangoQuestionSet(
  sources: readonly string[],
  options: QuestionSetOptions,
  files: QuestionSetFiles,
): Promise<QuestionSet<MangoQuestion>> {
  const settings = mangoSetOptions(options);
  const problems: string[] = [];
  const questions: PreparedQuestion<MangoQuestion>[] = [];
  const games = new Map<string, string>();
  for (const source of sources) {
    for (const folder of await gameFolders(source, files, problems)) {
      const game = baseName(folder);
      const earlier = games.get(game);
      if (earlier !== undefined) {
        // Sample ids are unique within a game only: a second copy would ask every question twice.
        if (earlier !== folder) problems.push(`${folder}: the game ${game} is already read from ${earlier}; skipped`);
        continue;
      }
      games.set(game, folder);
      for (const question of await gameQuestions(folder, settings, files, problems)) questions.push(question);
    }
  }
  return { questions, problems };
}

const joinPath = (folder: string, name: string) => `${folder.replace(/[\\/]+$/, '')}/${name}`;
const trimmed = (path: string) => path.replace(/(?<=.)[\\/]+$/, '');

function isGameFolder(folder: string, names: readonly string[]): boolean {
  const game = baseName(folder);
  return names.includes(`${game}.edges.json`) || names.includes(`${game}.walkthrough`);
}

/** A game folder itself, or the game folders directly inside a folder (sorted by name). */
async function gameFolders(source: string, files: QuestionSetFiles, problems: string[]): Promise<string[]> {
  const folder = trimmed(source);
  let names: string[] | null;
  try {
    names = await files.list(folder);
  } catch (error) {
    problems.push(`${source}: ${describeFsError(error)}`);
    return [];
  }
  if (names === null) {
    problems.push(
      `${source}: not a MANGO game folder (give the folder <game>/ holding <game>.walkthrough, <game>.edges.json and the skeleton files, or a folder of such folders)`,
    );
    return [];
  }
  if (isGameFolder(folder, names)) return [folder];
  const found: string[] = [];
  for (const name of [...names].sort()) {
    const child = joinPath(folder, name);
    let inner: string[] | null;
    try {
      inner = await files.list(child);
    } catch (error) {
      problems.push(`${child}: ${describeFsError(error)}`);
      continue;
    }
    if (inner !== null && isGameFolder(child, inner)) found.push(child);
  }
  if (found.length === 0)
    problems.push(
      `${source}: no MANGO game folder here (a folder <game>/ holding <game>.walkthrough and <game>.edges.json)`,
    );
  return found;
}

/** Shared by every question of one game: its files, read once, and its scorer, built on first use. */
interface GameContext {
  game: string;
  walkthrough: string;
  cut: { text: string; modelCutoffNum: number };
  actions: string[];
  locations: string[];
  records: EdgeRecord[];
  template: 'release' | 'paper';
  /** Reads `<folder>/<game>.<suffix>`; null (with a problem) when it cannot. */
  read(suffix: string): Promise<{ path: string; text: string } | null>;
  /** Moves of a shortest route, for RF questions' pathLength. */
  distances(src: string, dst: string): number | undefined;
  scorer(): MangoScorer;
}

async function gameQuestions(
  folder: string,
  settings: MangoSetOptions,
  files: QuestionSetFiles,
  problems: string[],
): Promise<PreparedQuestion<MangoQuestion>[]> {
  const context = await readGame(folder, baseName(folder), settings, files, problems);
  if (!context) return [];
  const playGame = settings.play ? mangoPlayGame(context.game, context.walkthrough, context.records) : null;
  const prepared: PreparedQuestion<MangoQuestion>[] = [];
  if (settings.map) prepared.push(preparedMapQuestion(context, questionSeed));
  for (const task of settings.tasks) {
    const file = await context.read(SKELETON_SUFFIX[task]);
    if (!file) continue;
    skeletonQuestions(context, task, file, settings, problems, (question) => {
      // --task play: the same route pairs, each played as an episode instead of asked in one reply.
      if (playGame)
        prepared.push(
          preparedMangoEpisode(
            playGame,
            mangoPlayQuestion(playGame, { ...question.question, sampleId: `play-${question.question.sampleId}` }),
          ),
        );
      else prepared.push(question);
    });
  }
  return prepared;
}

/**
 * One question of one game by its sample id, prepared exactly as `waypoint run mango` prepares it
 * (same messages, labels, cutoff, built-in agents and scorer): what the editor's Run Question asks.
 * `folder` holds the game's files `<game>.*` (in the editor the folder need not be named after the
 * game). Null with `problems` when the game's files cannot be read or no skeleton line has the id.
 */
export async function mangoGameQuestion(
  folder: string,
  game: string,
  task: SkeletonTask,
  sampleId: string,
  options: QuestionSetOptions,
  files: QuestionSetFiles,
): Promise<{ prepared: PreparedMangoQuestion | null; problems: string[] }> {
  const settings = { ...mangoSetOptions(options), tasks: [task], difficulty: 'all' as const };
  const problems: string[] = [];
  const context = await readGame(folder, game, settings, files, problems);
  const file = context ? await context.read(SKELETON_SUFFIX[task]) : null;
  let found: PreparedMangoQuestion | null = null;
  // Only lines that mention the id are parsed: a release game's skeleton file has ~100k lines.
  if (context && file)
    skeletonQuestions(
      context,
      task,
      file,
      settings,
      problems,
      (question) => void (found ??= question),
      (text) => text.includes(sampleId),
    );
  if (context && file && !found)
    problems.push(`${file.path}: no ${task.toUpperCase()} question has the id ${sampleId}`);
  return { prepared: found, problems };
}

/**
 * Reads `<game>.<suffix>` of the folder; null, with the reason among the problems, when it cannot be
 * read, is a Git LFS pointer, or is a link out of the folder.
 */
async function memberReader(
  folder: string,
  game: string,
  files: QuestionSetFiles,
  problems: string[],
): Promise<(suffix: string) => Promise<{ path: string; text: string } | null>> {
  const realFolder = files.realPath && (await files.realPath(folder).catch(() => null));
  return async (suffix) => {
    const path = joinPath(folder, `${game}.${suffix}`);
    try {
      const link = realFolder && files.realPath ? await outsideFolder(path, realFolder, files.realPath) : null;
      const text = link === null ? stripBom(await files.readText(path)) : '';
      const unfit = link ?? (isGitLfsPointer(text) ? GIT_LFS_POINTER_REASON : null);
      if (unfit === null) return { path, text };
      problems.push(`${path}: ${unfit}; the game's questions are skipped`);
    } catch (error) {
      problems.push(`${path}: ${describeFsError(error)}`);
    }
    return null;
  };
}

/** Whether a member file has errors; the first problem of them is said, and the game is skipped. */
function skippedForErrors(path: string, diagnostics: readonly Diagnostic[], problems: string[]): boolean {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length === 0) return false;
  problems.push(`${describeProblem(path, errors)}; the game's questions are skipped`);
  return true;
}

async function readGame(
  folder: string,
  game: string,
  settings: MangoSetOptions,
  files: QuestionSetFiles,
  problems: string[],
): Promise<GameContext | null> {
  const read = await memberReader(folder, game, files, problems);
  const walkthrough = await read('walkthrough');
  const edgesFile = await read('edges.json');
  const actionsFile = await read('actions.json');
  const locationsFile = await read('locations.json');
  if (!walkthrough || !edgesFile || !actionsFile || !locationsFile) return null;
  // An empty walkthrough would ask every question with no walkthrough in the prompt: answers of no meaning.
  if (WalkthroughDocument.parse(walkthrough.text).steps().length === 0) {
    problems.push(`${walkthrough.path}: the walkthrough has no steps; the game's questions are skipped`);
    return null;
  }
  const firstError = (path: string, diagnostics: readonly Diagnostic[]) =>
    skippedForErrors(path, diagnostics, problems);
  const edges = parseEdgesFile(edgesFile.text);
  const actions = parseActionsFile(actionsFile.text);
  const locations = parseLocationsFile(locationsFile.text);
  if (
    firstError(edgesFile.path, edges.diagnostics) ||
    firstError(actionsFile.path, actions.diagnostics) ||
    firstError(locationsFile.path, locations.diagnostics)
  )
    return null;
  const records = edges.edges.map((edge) => edge.record);
  // The prompt's walkthrough, cut once: its cutoff (the token cap can come before --cutoff) is the
  // record's cutoff, and the answerable/easy labels are taken at it, as the result files are.
  const cut = promptWalkthrough(walkthrough.text, settings.cutoff, {
    counter: cl100kCounter(),
    budget: PROMPT_TOKEN_BUDGET,
  });
  let scorer: MangoScorer | undefined;
  return {
    game,
    walkthrough: walkthrough.text,
    cut,
    records,
    template: settings.template,
    actions: names(actions),
    locations: names(locations),
    read,
    distances: shortestDistances(records),
    // The maze view's graph without the user's reverse pairs (start and last step as the server's
    // maze has them), so a run's trajectory is the one Show in Maze draws.
    scorer: () =>
      (scorer ??= createMangoScorer({
        game,
        records,
        locations: names(locations),
        ...walkthroughEnds(walkthrough.text),
      })),
  };
}

/**
 * Why a game member is not read when a symbolic link takes it out of the game folder (a checkout
 * linking `<game>.walkthrough` to a file elsewhere would send that file to the model); null when it stays inside.
 */
async function outsideFolder(
  path: string,
  realFolder: string,
  realPath: (path: string) => Promise<string>,
): Promise<string | null> {
  const real = await realPath(path);
  return isInsideFolder(real, realFolder) ? null : `a symbolic link to ${real}, outside the game folder`;
}

/** Where the walkthrough starts and its last step, as the maze view places them. */
function walkthroughEnds(text: string): { start: string | null; lastStep: number | undefined } {
  const document = WalkthroughDocument.parse(text);
  return {
    start: document.steps()[0]?.location?.toLowerCase() ?? null,
    lastStep: document.lastStepNumber() ?? undefined,
  };
}

/** The questions of one skeleton file in line order, first of each id, filtered by difficulty; `mayMatch` skips lines before parsing. */
function skeletonQuestions(
  context: GameContext,
  task: SkeletonTask,
  file: { path: string; text: string },
  settings: MangoSetOptions,
  problems: string[],
  add: (question: PreparedMangoQuestion) => void,
  mayMatch?: (text: string) => boolean,
): void {
  const seen = new Map<string, number>();
  // A file of a million broken lines gives the first problems and a count, not a million lines.
  const fileProblems = new FileProblems(file.path, problems);
  // Past the shown problems, a line repeating the last broken one is only counted, not parsed again.
  let lastBroken: string | null = null;
  splitLines(file.text).forEach((text, line) => {
    if (text.trim() === '' || (mayMatch && !mayMatch(text))) return;
    if (fileProblems.full && text === lastBroken) return fileProblems.add('');
    const parsed = parseSkeletonLine(task, text, line);
    if (!parsed.ok) {
      fileProblems.add(describeProblem(file.path, parsed.diagnostics));
      lastBroken = text;
      return;
    }
    const earlier = seen.get(parsed.value.id);
    if (earlier !== undefined) {
      fileProblems.add(
        `${file.path}:${line + 1}: the id ${parsed.value.id} is also on line ${earlier + 1}; asked once`,
      );
      return;
    }
    seen.set(parsed.value.id, line);
    const base = questionFromSkeleton(context.game, task, parsed.value, context.cut.modelCutoffNum);
    if (settings.difficulty === 'easy' && !base.easy) return;
    if (settings.difficulty === 'hard' && !(base.answerable && !base.easy)) return;
    const pathLength = task === 'df' ? base.actionList.length : context.distances(base.src, base.dst);
    add(new PreparedMangoQuestion(context, pathLength === undefined ? base : { ...base, pathLength }));
  });
  fileProblems.finish();
}

function names(file: NameListFile): string[] {
  return file.names.map((name) => name.value);
}

/** Moves of a shortest route in edges.json (the graph the oracle walks), breadth-first per source, cached. */
export function shortestDistances(records: readonly EdgeRecord[]): (src: string, dst: string) => number | undefined {
  const graph = MangoGraph.fromRecords(records);
  const bySource = new Map<string, Map<string, number>>();
  return (src, dst) => {
    let distances = bySource.get(src);
    if (!distances) {
      distances = new Map([[src, 0]]);
      const queue = [src];
      for (let head = 0; head < queue.length; head++) {
        const here = queue[head];
        const next = (distances.get(here) as number) + 1;
        for (const edge of graph.outEdges(graph.indexOf(here))) {
          if (distances.has(edge.dst)) continue;
          distances.set(edge.dst, next);
          queue.push(edge.dst);
        }
      }
      bySource.set(src, distances);
    }
    return distances.get(dst);
  };
}

/** The random agent's seed for one question: the run's seed mixed with the sample id, so questions differ and runs repeat. */
function questionSeed(seed: number, sampleId: string): number {
  return Math.floor(seededRandom(`${seed}:${sampleId}`).next() * 2 ** 32);
}

/** A class rather than an object of closures: its methods are shared, so each of a set's many questions costs two fields. */
class PreparedMangoQuestion implements PreparedQuestion<MangoQuestion> {
  /** The last reply scored, with its walk: Show in Maze draws this one rather than walking the reply again. */
  private last: { replyText: string; mode: ScoringMode; trajectory: Trajectory } | undefined;

  constructor(
    private readonly context: GameContext,
    readonly question: MangoQuestion,
  ) {}

  /** Rendered on each read, never kept (see the file comment). */
  get messages(): ChatMessage[] {
    const { context, question } = this;
    return prepareMangoQuestion({
      game: context.game,
      walkthrough: context.walkthrough,
      actions: context.actions,
      locations: context.locations,
      question,
      cutoff: question.cutoff,
      template: context.template,
      walkthroughCut: context.cut,
    }).messages;
  }

  builtInAnswer(profile: ModelProfile, seed: number): string {
    if (profile.provider === 'oracle') return oracleAnswer(this.context.records, this.question);
    if (profile.provider === 'random')
      return randomAnswer(this.context.records, this.question, questionSeed(seed, this.question.sampleId));
    throw new Error(`MANGO has no built-in agent for a ${profile.provider} profile`);
  }

  score(replyText: string, mode: ScoringMode): ScoredReply {
    if (mode !== 'faithful' && mode !== 'reference')
      throw new QuestionOptionError(`MANGO scores in faithful or reference mode, not ${mode}`);
    const result = this.context.scorer().evaluate(this.question, replyText, mode);
    this.last = { replyText, mode, trajectory: result.trajectory };
    // As the editor records a MANGO run: the reply's steps as walked on the evaluator's graph.
    const parsedAnswer = result.trajectory.steps.map(({ from, action, to }) => ({
      location_before: from,
      action,
      location_after: to,
    }));
    return { parsedAnswer, scores: result.scores, diagnostics: result.diagnostics };
  }

  /**
   * The reply as scoring walked it (on the evaluator's graph: edges.json without the user's reverse
   * pairs, the graph the scores were computed on): what Show in Maze steps through. Taken from the
   * last `score` of the same reply and mode, so it is computed once; walked now otherwise.
   */
  trajectory(replyText: string, mode: ScoringMode): Trajectory {
    if (this.last && this.last.replyText === replyText && this.last.mode === mode) return this.last.trajectory;
    this.score(replyText, mode);
    return (this.last as { trajectory: Trajectory }).trajectory;
  }
}
