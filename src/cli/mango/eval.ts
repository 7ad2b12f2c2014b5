// `waypoint mango prompt` and `waypoint mango score` (spec cli.md): the exact upstream prompt of
// one skeleton line, and scores of answer records in faithful mode (the paper's definitions) or
// reference mode (the released evaluator, defects included; hash-order ties as a min–max range).
import { basename, join } from 'node:path';
import {
  parseActionsFile,
  parseLocationsFile,
  type NameListFile,
} from '../../core/benchmarks/mango/walkthrough/gameFiles';
import { renderMangoPrompt } from '../../core/benchmarks/mango/prompt';
import { createMangoScorer, type MangoScorer } from '../../core/benchmarks/mango/scoring/evaluation';
import { summarizeReference, type ReferenceResult } from '../../core/benchmarks/mango/scoring/referenceScoring';
import type { MangoScore } from '../../core/benchmarks/mango/scoring/scoring';
import { DEFAULT_MODEL_CUTOFF, questionFromSkeleton } from '../../core/benchmarks/mango/skeletons/skeletons';
import { cl100kCounter, PROMPT_TOKEN_BUDGET } from '../../core/benchmarks/mango/tokenizer';
import { nonNegativeInteger, parseArgs, UsageError } from '../args';
import { readGameEdges } from './input';
import {
  faithfulQuestion,
  indexSkeletons,
  type LoadedAnswer,
  readAnswers,
  referenceLookupOf,
  resultQuestion,
  scoreResult,
  shortestPairLengths,
  type SkeletonIndex,
} from './results';
import { describeFsError } from '../../core/util/walk';
import { readInputText } from '../input';

type Output = (text: string) => void;

/** An actions or locations file, checked as `validate` checks it; the first problem, located, is thrown. */
async function readNameList(path: string, parse: (text: string) => NameListFile): Promise<string[]> {
  const file = parse(await readInputText(path));
  const problem = file.diagnostics[0];
  if (problem)
    throw new Error(`${path}:${problem.range.start.line + 1}:${problem.range.start.character + 1}: ${problem.message}`);
  return file.names.map((name) => name.value);
}

export async function runPrompt(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['id', 'cutoff', 'template']);
  if (args.positionals.length !== 1) throw new UsageError('mango prompt needs exactly one game directory');
  const gameDir = args.positionals[0];
  const id = args.options.get('id');
  if (!id) throw new UsageError('mango prompt needs --id <sample_id>');
  const template = args.options.get('template') ?? 'release';
  if (template !== 'release' && template !== 'paper')
    throw new UsageError(`--template must be release or paper, not '${template}'`);
  const cutoff = args.options.has('cutoff')
    ? nonNegativeInteger(args.options.get('cutoff'), 'cutoff')
    : DEFAULT_MODEL_CUTOFF;
  const game = basename(gameDir);
  try {
    const found = (await indexSkeletons(gameDir, new Set([id]))).get(id);
    if (!found) {
      err(`${gameDir}: no skeleton with id ${id} in ${game}.all2all.jsonl or ${game}.all_pairs.jsonl`);
      return 1;
    }
    const question = questionFromSkeleton(game, found.task, found.line, cutoff);
    const { messages, modelCutoffNum } = renderMangoPrompt({
      walkthrough: await readInputText(join(gameDir, `${game}.walkthrough`)),
      actions: await readNameList(join(gameDir, `${game}.actions.json`), parseActionsFile),
      locations: await readNameList(join(gameDir, `${game}.locations.json`), parseLocationsFile),
      task: found.task,
      src: question.src,
      dst: question.dst,
      actionList: question.actionList,
      cutoff,
      template,
      tokens: { counter: cl100kCounter(), budget: PROMPT_TOKEN_BUDGET },
    });
    if (args.flags.has('json')) out(JSON.stringify({ messages, model_cutoff_num: modelCutoffNum }));
    else for (const message of messages) out(`--- ${message.role}\n${message.content}`);
    return 0;
  } catch (error) {
    err(`${gameDir}: ${describeFsError(error)}`);
    return 1;
  }
}

/** What `mango score` scores: the game (as its scorer), the answers and the skeleton lines they name. */
interface ScoreInputs {
  readonly gameDir: string;
  readonly scorer: MangoScorer;
  readonly answers: readonly LoadedAnswer[];
  readonly skeletons: SkeletonIndex;
  readonly json: boolean;
}

export async function runScore(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['answers', 'mode', 'cutoff']);
  if (args.positionals.length !== 1) throw new UsageError('mango score needs exactly one game directory');
  const gameDir = args.positionals[0];
  const answersPath = args.options.get('answers');
  if (!answersPath) throw new UsageError('mango score needs --answers <file.jsonl or directory>');
  const mode = args.options.get('mode') ?? 'faithful';
  if (mode !== 'faithful' && mode !== 'reference')
    throw new UsageError(`--mode must be faithful or reference, not '${mode}'`);
  const cutoff = args.options.has('cutoff')
    ? nonNegativeInteger(args.options.get('cutoff'), 'cutoff')
    : DEFAULT_MODEL_CUTOFF;
  const inputs = await readScoreInputs(gameDir, answersPath, args.flags.has('json'), err);
  if (inputs === null) return 1;
  return mode === 'reference' ? scoreReference(inputs, out, err) : scoreFaithful(inputs, cutoff, out, err);
}

/** Reads the game's edges, the answers and the skeleton lines they name; null (the error reported) when one fails. */
async function readScoreInputs(
  gameDir: string,
  answersPath: string,
  json: boolean,
  err: Output,
): Promise<ScoreInputs | null> {
  const edges = await readGameEdges(gameDir);
  if (!edges.ok) {
    err(edges.message);
    return null;
  }
  let answers: LoadedAnswer[];
  try {
    answers = await readAnswers(answersPath);
  } catch (error) {
    err(`${answersPath}: ${describeFsError(error)}`);
    return null;
  }
  // Nothing to score is an input error, not an all-zero summary (a parent of the result folders, an empty file).
  if (answers.length === 0) {
    err(
      `${answersPath}: no answer records (give a JSON Lines file of answer records, or the folder that holds the result_sample_id_*.json files: subfolders are not searched)`,
    );
    return null;
  }
  let skeletons: SkeletonIndex;
  try {
    skeletons = await indexSkeletons(gameDir, new Set(answers.map((answer) => String(answer.record?.sample_id ?? ''))));
  } catch (error) {
    err(`${gameDir}: ${describeFsError(error)}`);
    return null;
  }
  // Scored by core, as the editor's Run Question scores (core/benchmarks/mango/scoring/evaluation.ts).
  const scorer = createMangoScorer({ game: basename(gameDir), records: edges.value });
  return { gameDir, scorer, answers, skeletons, json };
}

/** `--mode reference`: the released evaluator's results and summary; exit 1 when a record could not be scored. */
async function scoreReference(inputs: ScoreInputs, out: Output, err: Output): Promise<number> {
  const { gameDir, scorer, answers, skeletons, json } = inputs;
  let pairLengths: Map<string, number>;
  try {
    pairLengths = await shortestPairLengths(gameDir);
  } catch (error) {
    err(`${gameDir}: ${describeFsError(error)}`);
    return 1;
  }
  const lookup = referenceLookupOf(skeletons, pairLengths);
  // The record's own fields decide the reference's labels; the question only names the game.
  const score = (record: Record<string, unknown>) =>
    scoreResult(scorer, record, 'reference', { question: resultQuestion(record), lookup }).raw as ReferenceResult;
  // One record that cannot be scored gets its own located error; the others still score.
  const results = answers.map((answer): ReferenceResult & { source: string } => {
    if (!answer.record) return { ...unloadable(answer), source: answer.source };
    try {
      return { ...score(answer.record), source: answer.source };
    } catch (error) {
      return { ...unscorable(answer, error), source: answer.source };
    }
  });
  const summary = summarizeReference(results);
  for (const result of results)
    if (result.scoring_error) err(`${result.source}: ${result.note ?? 'could not be scored'}`);
  if (json) out(JSON.stringify({ mode: 'reference', results, summary }));
  else {
    const all = summary.all;
    out(
      `${all.valid_task}/${all.total_task} valid · strict ${all.strict_score_average.toFixed(3)} · loose ${all.loose_score_average.toFixed(3)} · reasoning ${all.reasoning_score_average.toFixed(3)} (reference${summary.hash_dependent_files ? `; ${summary.hash_dependent_files} hash-dependent, minimum shown` : ''})`,
    );
  }
  return results.some((result) => result.scoring_error) ? 1 : 0;
}

/** One row of `--mode faithful`'s results. */
interface FaithfulRow {
  source: string;
  sample_id: string;
  parse_error: boolean;
  scoring_error?: true;
  id_error: boolean;
  step_error: boolean;
  easy: boolean;
  success_strict: number;
  success_loose: number;
  reasoning: number;
  note?: string;
}

/**
 * `--mode faithful`: the paper's definitions, averaged over the valid records; exit 1 when a record could not be
 * scored.
 */
function scoreFaithful(inputs: ScoreInputs, cutoff: number, out: Output, err: Output): number {
  const results = inputs.answers.map((answer) => faithfulRow(inputs, answer, cutoff, err));
  const valid = results.filter(
    (result) => !result.parse_error && !result.id_error && !result.step_error && !result.scoring_error,
  );
  const mean = (key: 'success_strict' | 'success_loose' | 'reasoning') =>
    valid.length ? valid.reduce((sum, result) => sum + result[key], 0) / valid.length : 0;
  const summary = {
    total: results.length,
    valid: valid.length,
    success_strict: mean('success_strict'),
    success_loose: mean('success_loose'),
    reasoning: mean('reasoning'),
  };
  if (inputs.json) out(JSON.stringify({ mode: 'faithful', results, summary }));
  else
    out(
      `${summary.valid}/${summary.total} valid · strict ${summary.success_strict.toFixed(3)} · loose ${summary.success_loose.toFixed(3)} · reasoning ${summary.reasoning.toFixed(3)} (faithful)`,
    );
  return results.some((result) => result.scoring_error) ? 1 : 0;
}

/** One answer scored in faithful mode; a record whose scoring throws is reported on `err` and kept as a row. */
function faithfulRow(inputs: ScoreInputs, answer: LoadedAnswer, cutoff: number, err: Output): FaithfulRow {
  const record = answer.record ?? {};
  const sampleId = String(record.sample_id ?? '');
  const found = inputs.skeletons.get(sampleId);
  const question = faithfulQuestion(basename(inputs.gameDir), record, found, cutoff);
  let result: Omit<MangoScore, 'mode'> & { scoring_error?: boolean };
  try {
    result = answer.record
      ? (scoreResult(inputs.scorer, record, 'faithful', { question, lookup: null }).raw as MangoScore)
      : {
          parse_error: true,
          success_strict: 0,
          success_loose: 0,
          reasoning: 0,
          note: `${answer.source}: ${answer.error ?? 'did not load'}`,
        };
  } catch (error) {
    const { note } = unscorable(answer, error);
    err(`${answer.source}: ${note}`);
    result = { parse_error: false, scoring_error: true, success_strict: 0, success_loose: 0, reasoning: 0, note };
  }
  const stepError = Number(record.min_step_total_answerable ?? 0) > Number(record.model_cutoff_num ?? cutoff);
  return {
    source: answer.source,
    sample_id: sampleId,
    parse_error: result.parse_error,
    ...(result.scoring_error ? { scoring_error: true } : {}),
    id_error: found === undefined,
    step_error: stepError,
    easy: question.easy,
    success_strict: result.success_strict,
    success_loose: result.success_loose,
    reasoning: result.reasoning,
    ...(result.note ? { note: result.note } : {}),
  };
}

/** A record whose scoring threw: the error stays with that record (its source says where). */
function unscorable(answer: LoadedAnswer, error: unknown): ReferenceResult {
  const reason =
    error instanceof RangeError
      ? `${error.message} (the answer is too large or too deeply nested to score)`
      : error instanceof Error
        ? error.message
        : String(error);
  return {
    mode: 'reference',
    sample_id: String(answer.record?.sample_id ?? ''),
    task: 'df',
    parse_error: false,
    id_error: false,
    step_error: false,
    scoring_error: true,
    easy: null,
    success_strict: 0,
    success_loose: 0,
    reasoning: 0,
    path_len: 0,
    note: `could not be scored: ${reason}`,
  };
}

function unloadable(answer: LoadedAnswer): ReferenceResult {
  return {
    mode: 'reference',
    sample_id: '',
    task: 'df',
    parse_error: true,
    id_error: false,
    step_error: false,
    easy: null,
    success_strict: 0,
    success_loose: 0,
    reasoning: 0,
    path_len: 0,
    note: `${answer.source}: ${answer.error ?? 'did not load'}`,
  };
}
