// `waypoint import mango <folder>... --out run.jsonl [--mode faithful|reference] [--model-name NAME]`
// (runs.md §3): upstream's result folders (`<save>/<model>_<task>_<tag>/<game>/result_sample_id_*.json`)
// or answer JSON Lines become scored run records. The sources name the result folders and the game
// folders together (each may also be a folder holding them, e.g. upstream's `data/` beside its
// results); a result is matched to its game by `game_name`, and to its question by `sample_id` in
// that game's skeleton files. Scoring is `waypoint mango score`'s (cli/mango/results.ts), so the two
// agree on the same files. A result whose game or question cannot be found becomes a record with
// `error`, never a guess, and the command exits 1.
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ChatMessage, ModelProfile, RunRecord } from '../../core/eval/types';
import type { MangoQuestion } from '../../core/benchmarks/mango/questionSchema';
import { importedProfile } from '../../core/eval/imported';
import { recordDiagnostics } from '../../core/eval/pipeline';
import { newRunId } from '../../core/runs/runId';
import { answerDiagnostics } from '../../core/benchmarks/mango/scoring/answerDiagnostics';
import { parseMangoAnswer } from '../../core/benchmarks/mango/scoring/answers';
import { createMangoScorer, type MangoScorer } from '../../core/benchmarks/mango/scoring/evaluation';
import { pythonStrList } from '../../core/util/pythonRepr';
import { shortestDistances } from '../../core/benchmarks/mango/questionSet';
import type { ReferenceLookup } from '../../core/benchmarks/mango/scoring/referenceScoring';
import { DEFAULT_MODEL_CUTOFF } from '../../core/benchmarks/mango/skeletons/skeletons';
import { describeFsError } from '../../core/util/walk';
import { parseArgs, UsageError } from '../args';
import { OutputFileError, writeOutputAtomically } from '../../host/atomicOutput';
import { readGameEdges } from './input';
import {
  faithfulQuestion,
  indexSkeletons,
  type LoadedAnswer,
  readAnswers,
  referenceLookupOf,
  resultQuestion,
  resultResponse,
  resultTask,
  scoreResult,
  shortestPairLengths,
} from './results';

type Output = (text: string) => void;
type Mode = 'faithful' | 'reference';

const RESULT_FILE = /^result_sample_id_.*\.json$/;
/** Upstream's run folder, `<model>_<route_finding|desti_finding>_<tag>`: the model's name when the data has none. */
const RUN_FOLDER = /^(.+?)_(?:route_finding|desti_finding)(?:_.*)?$/;
/** How deep the sources are searched for game and result folders (upstream's `results/<run>/<game>/` is two below). */
const MAX_DEPTH = 3;

interface Sources {
  games: Map<string, string>;
  /** Folders of result files, and answer JSON Lines files, in the order found. */
  results: string[];
}

export async function importMango(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['out', 'mode', 'model-name']);
  if (args.positionals.length === 0)
    throw new UsageError(
      'import mango needs result folders (result_sample_id_*.json) or answer .jsonl files, and their game folders',
    );
  const outPath = args.options.get('out');
  if (!outPath) throw new UsageError('import mango needs --out <run.jsonl>');
  const mode = args.options.get('mode') ?? 'faithful';
  if (mode !== 'faithful' && mode !== 'reference')
    throw new UsageError(`--mode must be faithful or reference for MANGO, not '${mode}'`);
  const modelName = args.options.get('model-name');
  if (modelName === '') throw new UsageError('--model-name needs a non-empty name');

  const sources = await collectSources(args.positionals, err);
  if (sources === null) return 1;

  const runId = newRunId('import');
  const tally = { written: 0, errors: 0 };
  // Written whole or not at all: a failure midway leaves a previous run file of that name intact.
  try {
    await writeOutputAtomically(
      outPath,
      async (write) => {
        await writeRecords(sources, { mode, modelName, runId }, write, tally, err);
        // Nothing to write: thrown so the temporary file is dropped and a run file of that name stays as it was.
        if (tally.written === 0) throw new NothingImported();
      },
      (line) => err(`waypoint import mango: ${line}`),
    );
  } catch (error) {
    if (error instanceof NothingImported) {
      // An empty or blank answers file imports nothing: say so and fail, as import grasp does.
      if (tally.errors === 0) err(`waypoint import mango: no MANGO results in ${sources.results.join(', ')}`);
      return 1;
    }
    if (!(error instanceof OutputFileError)) throw error;
    err(error.message);
    return 1;
  }
  const { written, errors } = tally;
  const summary = { records: written, errors, out: outPath, run_id: runId, mode };
  if (args.flags.has('json')) out(JSON.stringify(summary));
  else out(`imported ${written} MANGO results into ${outPath} (${mode}; ${errors} with errors)`);
  return errors > 0 ? 1 : 0;
}

/**
 * The game and result folders the sources are or hold; null (the problem reported) when one cannot be read, or none
 * holds a result.
 */
async function collectSources(paths: readonly string[], err: Output): Promise<Sources | null> {
  const sources: Sources = { games: new Map(), results: [] };
  for (const path of paths) {
    const problem = await collect(path, sources, 0);
    if (problem) {
      err(problem);
      return null;
    }
  }
  if (sources.results.length === 0) {
    err(`${paths.join(', ')}: no result files found (folders of result_sample_id_*.json, or answer .jsonl files)`);
    return null;
  }
  return sources;
}

/** What every imported record carries: the scoring mode, the model name given, the run's id. */
interface ImportSettings {
  readonly mode: Mode;
  readonly modelName: string | undefined;
  readonly runId: string;
}

/**
 * Scores each result source's answers into records and writes them; a record with `error` is also reported and counted.
 */
async function writeRecords(
  sources: Sources,
  settings: ImportSettings,
  write: (bytes: Uint8Array) => void,
  tally: { written: number; errors: number },
  err: Output,
): Promise<void> {
  const { mode, modelName, runId } = settings;
  const encoder = new TextEncoder();
  const games = new GameCache(sources.games, mode);
  for (const resultPath of sources.results) {
    let answers: LoadedAnswer[];
    try {
      answers = await readAnswers(resultPath);
    } catch (error) {
      err(`${resultPath}: ${describeFsError(error)}`);
      tally.errors++;
      continue;
    }
    const lines: string[] = [];
    for (const [game, group] of groupByGame(answers)) {
      const context = await games.get(game, group);
      for (const answer of group) {
        const model = importedProfile(modelName ?? modelFromData(answer.record) ?? modelFromPath(resultPath, game));
        const record: RunRecord<MangoQuestion> = importedRecord(answer, context, mode, model, runId);
        if (record.error) {
          err(`${answer.source}${answer.position ?? ''}: ${record.error}`);
          tally.errors++;
        }
        lines.push(`${JSON.stringify(record)}\n`);
      }
    }
    if (lines.length > 0) write(encoder.encode(lines.join('')));
    tally.written += lines.length;
  }
}

/** The import found no result to write (the reasons, if any, are already on stderr). */
class NothingImported extends Error {}

/** Sorts one source into the game and result folders it is or holds; returns a problem line for a source that cannot be read or holds neither. */
async function collect(path: string, sources: Sources, depth: number): Promise<string | null> {
  let stats: Awaited<ReturnType<typeof fs.stat>>;
  try {
    stats = await fs.stat(path);
  } catch (error) {
    return `${path}: ${describeFsError(error)}`;
  }
  if (stats.isFile()) {
    if (!path.toLowerCase().endsWith('.jsonl'))
      return `${path}: not a result folder, an answer .jsonl file or a game folder`;
    sources.results.push(path);
    return null;
  }
  if (!stats.isDirectory()) return `${path}: not a file or folder`;
  let names: string[];
  try {
    names = (await fs.readdir(path)).sort();
  } catch (error) {
    return `${path}: ${describeFsError(error)}`;
  }
  const name = basename(path);
  if (names.includes(`${name}.edges.json`)) {
    const earlier = sources.games.get(name);
    if (earlier !== undefined && earlier !== path)
      return `${path}: a second game folder named ${name} (the first is ${earlier}); give one`;
    sources.games.set(name, path);
    return null;
  }
  if (names.some((entry) => RESULT_FILE.test(entry))) {
    sources.results.push(path);
    return null;
  }
  const before = sources.games.size + sources.results.length;
  if (depth < MAX_DEPTH) {
    for (const entry of names) {
      const child = join(path, entry);
      const isFolder = await fs.stat(child).then(
        (found) => found.isDirectory(),
        () => false,
      );
      if (!isFolder) continue;
      const problem = await collect(child, sources, depth + 1);
      if (problem) return problem;
    }
  }
  return depth === 0 && sources.games.size + sources.results.length === before
    ? `${path}: no MANGO game folder or result files in it`
    : null;
}

function groupByGame(answers: readonly LoadedAnswer[]): Map<string, LoadedAnswer[]> {
  const groups = new Map<string, LoadedAnswer[]>();
  for (const answer of answers) {
    const game = String(answer.record?.game_name ?? '');
    const group = groups.get(game);
    if (group) group.push(answer);
    else groups.set(game, [answer]);
  }
  return groups;
}

/** A game read for scoring, or why it cannot be (every result of it then becomes an error record). */
type GameContext =
  | {
      ok: true;
      game: string;
      scorer: MangoScorer;
      skeletons: Awaited<ReturnType<typeof indexSkeletons>>;
      lookup: ReferenceLookup | null;
      distance: (src: string, dst: string) => number | undefined;
    }
  | { ok: false; game: string; message: string };

/** Each game read once per result source's ids (skeleton files are indexed only for the ids asked). */
class GameCache {
  private readonly scorers = new Map<
    string,
    { scorer: MangoScorer; distance: (src: string, dst: string) => number | undefined } | string
  >();

  constructor(
    private readonly folders: ReadonlyMap<string, string>,
    private readonly mode: Mode,
  ) {}

  async get(game: string, answers: readonly LoadedAnswer[]): Promise<GameContext> {
    if (game === '') return { ok: false, game, message: 'the result names no game (game_name)' };
    const folder = this.folders.get(game);
    if (folder === undefined)
      return {
        ok: false,
        game,
        message: `the game ${game} was not found: give its game folder (${game}/ holding ${game}.edges.json and the skeleton files) among the sources`,
      };
    let built = this.scorers.get(game);
    if (built === undefined) {
      const edges = await readGameEdges(folder);
      // Scored by core, as `mango score` and the editor score (one scorer per game, shared by its results).
      built = edges.ok
        ? { scorer: createMangoScorer({ game, records: edges.value }), distance: shortestDistances(edges.value) }
        : edges.message;
      this.scorers.set(game, built);
    }
    if (typeof built === 'string') return { ok: false, game, message: built };
    try {
      const skeletons = await indexSkeletons(
        folder,
        new Set(answers.map((answer) => String(answer.record?.sample_id ?? ''))),
      );
      const lookup = this.mode === 'reference' ? referenceLookupOf(skeletons, await shortestPairLengths(folder)) : null;
      return { ok: true, game, scorer: built.scorer, skeletons, lookup, distance: built.distance };
    } catch (error) {
      return { ok: false, game, message: `${folder}: ${describeFsError(error)}` };
    }
  }
}

/** The game's question the result answered (its skeleton line, labels and path length), or why there is none. */
function questionOfResult(
  record: Record<string, unknown>,
  context: Extract<GameContext, { ok: true }>,
): MangoQuestion | string {
  const sampleId = String(record.sample_id ?? '');
  const task = resultTask(record);
  const found = context.skeletons.get(sampleId);
  if (!found || found.task !== task)
    return `no ${task.toUpperCase()} question with sample_id ${sampleId} in the game ${context.game} (${context.game}.${task === 'df' ? 'all2all' : 'all_pairs'}.jsonl)`;
  const cutoff =
    Number.isInteger(record.model_cutoff_num) && Number(record.model_cutoff_num) >= 0
      ? Number(record.model_cutoff_num)
      : DEFAULT_MODEL_CUTOFF;
  const labelled = faithfulQuestion(context.game, record, found, cutoff);
  const pathLength = task === 'df' ? labelled.actionList.length : context.distance(labelled.src, labelled.dst);
  return pathLength === undefined ? labelled : { ...labelled, pathLength };
}

function importedRecord(
  answer: LoadedAnswer,
  context: GameContext,
  mode: Mode,
  model: ModelProfile,
  runId: string,
): RunRecord<MangoQuestion> {
  const record = answer.record ?? {};
  const base = {
    time: new Date().toISOString(),
    model,
    messages: upstreamMessages(record),
    rawAnswer: rawAnswerOf(record),
    mode,
    promptTokens: null,
    completionTokens: null,
    latencyMs: 0,
    cached: false,
    costUsd: null,
    run_id: runId,
  };
  const failed = (error: string, question: MangoQuestion = resultQuestion(record)): RunRecord<MangoQuestion> => ({
    ...base,
    question,
    parsedAnswer: null,
    scores: {},
    diagnostics: [],
    error,
  });
  if (!answer.record) return failed(answer.error ?? 'did not load');
  if (!context.ok) return failed(context.message);
  const task = resultTask(record);
  const question = questionOfResult(record, context);
  if (typeof question === 'string') return failed(question);
  let scores: RunRecord['scores'];
  try {
    scores = scoreResult(context.scorer, record, mode, { question, lookup: context.lookup }).scores;
  } catch (error) {
    const reason =
      error instanceof RangeError
        ? `${error.message} (the answer is too large or too deeply nested to score)`
        : error instanceof Error
          ? error.message
          : String(error);
    return failed(`could not be scored: ${reason}`, question);
  }
  const response = resultResponse(record, mode);
  const parsed = parseMangoAnswer(response, mode);
  const diagnostics =
    typeof response === 'string'
      ? answerDiagnostics(response, context.scorer.graph, question.src, question.dst, {
          ...(task === 'df' ? { actionList: question.actionList } : {}),
          mode,
        })
      : [];
  return {
    ...base,
    question,
    parsedAnswer: parsed.ok ? parsed.steps : null,
    scores,
    diagnostics: recordDiagnostics(diagnostics),
  };
}

/** The reply as text: upstream keeps it under "response" (or "answer", as its inference writes it). */
function rawAnswerOf(record: Record<string, unknown>): string {
  const response = record.response ?? record.answer;
  if (response === undefined || response === null) return '';
  return typeof response === 'string' ? response : JSON.stringify(response);
}

/** The user message the result says was sent (spec mango.md §5), rebuilt from its fields; none when they are not all there. */
function upstreamMessages(record: Record<string, unknown>): ChatMessage[] {
  const {
    walkthrough_text: walkthrough,
    action_space_list: actions,
    location_space_list: locations,
    question,
  } = record;
  const strings = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (typeof walkthrough !== 'string' || typeof question !== 'string' || !strings(actions) || !strings(locations))
    return [];
  const content = [
    '!!! Here is a walkthrough of a text game:',
    walkthrough,
    '',
    `The allowed actions are: ${pythonStrList(actions)}.`,
    `The list of locations are: ${pythonStrList(locations)}.`,
    question,
  ].join('\n');
  return [{ role: 'user', content }];
}

function modelFromData(record: Record<string, unknown> | null): string | null {
  for (const key of ['model', 'model_name']) {
    const value = record?.[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/** The model named by upstream's folder layout (`<model>_<task>_<tag>/<game>/`), else the folder's (or file's) own name. */
function modelFromPath(path: string, game: string): string {
  const own = basename(path).replace(/\.jsonl$/i, '');
  const run = own === game ? basename(dirname(path)) : own;
  return RUN_FOLDER.exec(run)?.[1] ?? run;
}
