// MANGO's question sets for whole-benchmark runs (runs.md §2): every skeleton line of the named game
// folders (DF `<game>.all2all.jsonl`, RF `<game>.all_pairs.jsonl`), filtered by task and difficulty,
// each bound to its game's files so it renders its exact upstream prompt, answers as the built-in
// agents and scores through the one scorer of its game (core/mango/evaluation.ts), as the editor's
// Run Question and `waypoint mango score` do.
//
// Memory: a release game can have ~100k skeleton lines. A question keeps only its labels; its
// messages are rendered when read (the runner reads them once per question), from the walkthrough
// cut once per game, so a set never holds its prompts all at once.
import { stripBom } from '../bom';
import { oracleAnswer, randomAnswer } from '../eval/agents/mangoAgents';
import type { ChatMessage, MangoQuestion, ModelProfile, ScoringMode } from '../eval/types';
import { seededRandom } from '../random';
import { type PreparedQuestion, QuestionOptionError, type QuestionSet, type ScoredReply, type QuestionSetFiles, type QuestionSetOptions } from '../registry';
import { describeProblem } from '../schemas/parse';
import type { Diagnostic } from '../text';
import { splitLines } from '../text';
import { baseName, describeFsError } from '../walk';
import { createMangoScorer, type MangoScorer, prepareMangoQuestion } from './evaluation';
import { type NameListFile, parseActionsFile, parseEdgesFile, parseLocationsFile } from './gameFiles';
import { MangoGraph } from './graph';
import { preparedMapQuestion } from './mapTask';
import { promptWalkthrough } from './prompt';
import { parseSkeletonLine, type SkeletonTask } from './skeletonLines';
import { DEFAULT_MODEL_CUTOFF, questionFromSkeleton } from './skeletons';
import { cl100kCounter, PROMPT_TOKEN_BUDGET } from './tokenizer';
import type { EdgeRecord } from './types';

/** The options `waypoint run mango` reads (runs.md §2), `template` as `mango prompt` has it. */
export const MANGO_QUESTION_OPTIONS = ['task', 'difficulty', 'cutoff', 'template'] as const;

export interface MangoSetOptions {
  tasks: SkeletonTask[];
  /** The draw-the-map question (one per game, `--task map`). */
  map: boolean;
  difficulty: 'easy' | 'hard' | 'all';
  /** The step the prompt cuts at unless the token cap comes first (spec mango.md §5). */
  cutoff: number;
  template: 'release' | 'paper';
}

/** The options as given, checked; a value MANGO cannot use is a usage error. */
export function mangoSetOptions(options: QuestionSetOptions): MangoSetOptions {
  // Options of other benchmarks are the host's to reject (questionOptions); these are MANGO's.
  const { task = 'both', difficulty = 'all', cutoff, template = 'release' } = options;
  if (task !== 'df' && task !== 'rf' && task !== 'both' && task !== 'map') throw new QuestionOptionError(`--task must be df, rf, both or map for MANGO, not '${task}'`);
  if (task === 'map' && difficulty !== 'all') throw new QuestionOptionError('--difficulty applies to df and rf questions; the map task has one question per game');
  if (difficulty !== 'easy' && difficulty !== 'hard' && difficulty !== 'all') throw new QuestionOptionError(`--difficulty must be easy, hard or all, not '${difficulty}'`);
  if (cutoff !== undefined && !/^\d+$/.test(cutoff)) throw new QuestionOptionError(`--cutoff must be a non-negative integer, not '${cutoff}'`);
  if (template !== 'release' && template !== 'paper') throw new QuestionOptionError(`--template must be release or paper, not '${template}'`);
  return { tasks: task === 'both' ? ['df', 'rf'] : task === 'map' ? [] : [task], map: task === 'map', difficulty, cutoff: cutoff === undefined ? DEFAULT_MODEL_CUTOFF : Number(cutoff), template };
}

const SKELETON_SUFFIX: Record<SkeletonTask, string> = { df: 'all2all.jsonl', rf: 'all_pairs.jsonl' };

/** The questions of MANGO game folders (or folders of game folders), in source order, DF before RF, lines in file order. */
export async function mangoQuestionSet(sources: readonly string[], options: QuestionSetOptions, files: QuestionSetFiles): Promise<QuestionSet<MangoQuestion>> {
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
    problems.push(`${source}: not a MANGO game folder (give the folder <game>/ holding <game>.walkthrough, <game>.edges.json and the skeleton files, or a folder of such folders)`);
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
  if (found.length === 0) problems.push(`${source}: no MANGO game folder here (a folder <game>/ holding <game>.walkthrough and <game>.edges.json)`);
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
  scorer(): MangoScorer;
}

async function gameQuestions(folder: string, settings: MangoSetOptions, files: QuestionSetFiles, problems: string[]): Promise<PreparedQuestion<MangoQuestion>[]> {
  const game = baseName(folder);
  const read = async (suffix: string): Promise<{ path: string; text: string } | null> => {
    const path = joinPath(folder, `${game}.${suffix}`);
    try {
      return { path, text: stripBom(await files.readText(path)) };
    } catch (error) {
      problems.push(`${path}: ${describeFsError(error)}`);
      return null;
    }
  };
  const walkthrough = await read('walkthrough');
  const edgesFile = await read('edges.json');
  const actionsFile = await read('actions.json');
  const locationsFile = await read('locations.json');
  if (!walkthrough || !edgesFile || !actionsFile || !locationsFile) return [];
  const firstError = (path: string, diagnostics: readonly Diagnostic[]) => {
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    if (errors.length === 0) return false;
    problems.push(`${describeProblem(path, errors)}; the game's questions are skipped`);
    return true;
  };
  const edges = parseEdgesFile(edgesFile.text);
  const actions = parseActionsFile(actionsFile.text);
  const locations = parseLocationsFile(locationsFile.text);
  if (firstError(edgesFile.path, edges.diagnostics) || firstError(actionsFile.path, actions.diagnostics) || firstError(locationsFile.path, locations.diagnostics)) return [];
  const records = edges.edges.map((edge) => edge.record);
  // The prompt's walkthrough, cut once: its cutoff (the token cap can come before --cutoff) is the
  // record's cutoff, and the answerable/easy labels are taken at it, as the result files are.
  const cut = promptWalkthrough(walkthrough.text, settings.cutoff, { counter: cl100kCounter(), budget: PROMPT_TOKEN_BUDGET });
  let scorer: MangoScorer | undefined;
  const context: GameContext = {
    game, walkthrough: walkthrough.text, cut, records, template: settings.template,
    actions: names(actions), locations: names(locations),
    scorer: () => (scorer ??= createMangoScorer({ game, records, locations: names(locations) })),
  };
  const distances = shortestDistances(records);
  const prepared: PreparedQuestion<MangoQuestion>[] = [];
  if (settings.map) prepared.push(preparedMapQuestion({ ...context, records }, questionSeed));
  for (const task of settings.tasks) {
    const file = await read(SKELETON_SUFFIX[task]);
    if (!file) continue;
    const seen = new Map<string, number>();
    splitLines(file.text).forEach((text, line) => {
      if (text.trim() === '') return;
      const parsed = parseSkeletonLine(task, text, line);
      if (!parsed.ok) {
        problems.push(describeProblem(file.path, parsed.diagnostics));
        return;
      }
      const earlier = seen.get(parsed.value.id);
      if (earlier !== undefined) {
        problems.push(`${file.path}:${line + 1}: the id ${parsed.value.id} is also on line ${earlier + 1}; asked once`);
        return;
      }
      seen.set(parsed.value.id, line);
      const base = questionFromSkeleton(game, task, parsed.value, cut.modelCutoffNum);
      if (settings.difficulty === 'easy' && !base.easy) return;
      if (settings.difficulty === 'hard' && !(base.answerable && !base.easy)) return;
      const pathLength = task === 'df' ? base.actionList.length : distances(base.src, base.dst);
      prepared.push(preparedQuestion(context, pathLength === undefined ? base : { ...base, pathLength }));
    });
  }
  return prepared;
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
export function questionSeed(seed: number, sampleId: string): number {
  return Math.floor(seededRandom(`${seed}:${sampleId}`).next() * 2 ** 32);
}

function preparedQuestion(context: GameContext, question: MangoQuestion): PreparedQuestion<MangoQuestion> {
  return new PreparedMango(context, question);
}

/** A class rather than an object of closures: its methods are shared, so each of a set's many questions costs two fields. */
class PreparedMango implements PreparedQuestion<MangoQuestion> {
  constructor(
    private readonly context: GameContext,
    readonly question: MangoQuestion,
  ) {}

  /** Rendered on each read, never kept (see the file comment). */
  get messages(): ChatMessage[] {
    const { context, question } = this;
    return prepareMangoQuestion({
      game: context.game, walkthrough: context.walkthrough, actions: context.actions, locations: context.locations,
      question, cutoff: question.cutoff, template: context.template, walkthroughCut: context.cut,
    }).messages;
  }

  builtInAnswer(profile: ModelProfile, seed: number): string {
    if (profile.provider === 'oracle') return oracleAnswer(this.context.records, this.question);
    if (profile.provider === 'random') return randomAnswer(this.context.records, this.question, questionSeed(seed, this.question.sampleId));
    throw new Error(`MANGO has no built-in agent for a ${profile.provider} profile`);
  }

  score(replyText: string, mode: ScoringMode): ScoredReply {
    if (mode !== 'faithful' && mode !== 'reference') throw new QuestionOptionError(`MANGO scores in faithful or reference mode, not ${mode}`);
    const result = this.context.scorer().evaluate(this.question, replyText, mode);
    // As the editor records a MANGO run: the reply's steps as walked on the evaluator's graph.
    const parsedAnswer = result.trajectory.steps.map(({ from, action, to }) => ({ location_before: from, action, location_after: to }));
    return { parsedAnswer, scores: result.scores, diagnostics: result.diagnostics };
  }
}
