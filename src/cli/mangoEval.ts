// `waypoint mango prompt` and `waypoint mango score` (spec cli.md): the exact upstream prompt of
// one skeleton line, and scores of answer records in faithful mode (the paper's definitions) or
// reference mode (the released evaluator, defects included; hash-order ties as a min–max range).
import { stripBom } from '../core/bom';
import { createReadStream, promises as fs } from 'node:fs';
import { basename, join } from 'node:path';
import { readTextFile } from '../core/fileLimits';
import { createInterface } from 'node:readline';
import type { MangoQuestion } from '../core/eval/types';
import { parseActionsFile, parseLocationsFile, type NameListFile } from '../core/mango/gameFiles';
import { renderMangoPrompt } from '../core/mango/prompt';
import { createMangoScorer } from '../core/mango/evaluation';
import { summarizeReference, type ReferenceLookup, type ReferenceResult } from '../core/mango/referenceScoring';
import type { MangoScore } from '../core/mango/scoring';
import { parseSkeletonLine, type SkeletonOf, type SkeletonTask } from '../core/mango/skeletonLines';
import type { DfSkeleton, RfSkeleton } from '../core/mango/types';
import { describeProblem } from '../core/schemas/parse';
import { DEFAULT_MODEL_CUTOFF, questionFromSkeleton } from '../core/mango/skeletons';
import { cl100kCounter, PROMPT_TOKEN_BUDGET } from '../core/mango/tokenizer';
import { splitLines } from '../core/text';
import { nonNegativeInteger, parseArgs, UsageError } from './args';
import { readGameEdges } from './mangoInput';
import { describeFsError } from '../core/walk';

type Output = (text: string) => void;

type SkeletonIndex = Map<string, { task: 'df'; line: DfSkeleton } | { task: 'rf'; line: RfSkeleton }>;

/** The lines of a skeleton file with their 0-based numbers, read as a stream (files can be megabytes). */
async function* numberedLines(path: string): AsyncGenerator<{ text: string; line: number }> {
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) yield { text, line: line++ };
}

/** A skeleton line through its schema; a line the command needs but cannot read is a located error. */
function skeletonLineAt<K extends SkeletonTask>(path: string, task: K, text: string, line: number): SkeletonOf<K> {
  const parsed = parseSkeletonLine(task, text, line);
  if (!parsed.ok) throw new Error(describeProblem(path, parsed.diagnostics));
  return parsed.value;
}

/**
 * Skeleton lines of the game's DF and RF files keyed by id, read line by line once. `only`
 * restricts what is kept (one id for `prompt`), so a large file costs one pass and little memory.
 */
async function indexSkeletons(gameDir: string, only?: ReadonlySet<string>): Promise<SkeletonIndex> {
  const game = basename(gameDir);
  const index: SkeletonIndex = new Map();
  for (const [task, suffix] of [['df', 'all2all.jsonl'], ['rf', 'all_pairs.jsonl']] as const) {
    const path = join(gameDir, `${game}.${suffix}`);
    try {
      await fs.access(path);
    } catch {
      continue;
    }
    for await (const { text, line } of numberedLines(path)) {
      // The id pattern picks the lines wanted; only those are parsed, each through the schema.
      const id = /"id": "([0-9a-f]+)"/.exec(text)?.[1];
      if (!id || (only && !only.has(id)) || index.has(id)) continue;
      index.set(id, task === 'df' ? { task, line: skeletonLineAt(path, 'df', text, line) } : { task, line: skeletonLineAt(path, 'rf', text, line) });
    }
  }
  return index;
}

/** An actions or locations file, checked as `validate` checks it; the first problem, located, is thrown. */
async function readNameList(path: string, parse: (text: string) => NameListFile): Promise<string[]> {
  const file = parse(stripBom(await readTextFile(fs, path)));
  const problem = file.diagnostics[0];
  if (problem) throw new Error(`${path}:${problem.range.start.line + 1}:${problem.range.start.character + 1}: ${problem.message}`);
  return file.names.map((name) => name.value);
}

export async function runPrompt(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['id', 'cutoff', 'template']);
  if (args.positionals.length !== 1) throw new UsageError('mango prompt needs exactly one game directory');
  const gameDir = args.positionals[0];
  const id = args.options.get('id');
  if (!id) throw new UsageError('mango prompt needs --id <sample_id>');
  const template = args.options.get('template') ?? 'release';
  if (template !== 'release' && template !== 'paper') throw new UsageError(`--template must be release or paper, not '${template}'`);
  const cutoff = args.options.has('cutoff') ? nonNegativeInteger(args.options.get('cutoff'), 'cutoff') : DEFAULT_MODEL_CUTOFF;
  const game = basename(gameDir);
  try {
    const found = (await indexSkeletons(gameDir, new Set([id]))).get(id);
    if (!found) {
      err(`${gameDir}: no skeleton with id ${id} in ${game}.all2all.jsonl or ${game}.all_pairs.jsonl`);
      return 1;
    }
    const question = questionFromSkeleton(game, found.task, found.line, cutoff);
    const { messages, modelCutoffNum } = renderMangoPrompt({
      walkthrough: stripBom(await readTextFile(fs, join(gameDir, `${game}.walkthrough`))),
      actions: await readNameList(join(gameDir, `${game}.actions.json`), parseActionsFile),
      locations: await readNameList(join(gameDir, `${game}.locations.json`), parseLocationsFile),
      task: found.task, src: question.src, dst: question.dst, actionList: question.actionList, cutoff, template,
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

/** One answer record, or why it did not load (the reference counts that as a parsing error). */
interface LoadedAnswer {
  source: string;
  record: Record<string, unknown> | null;
  error?: string;
}

/** Answer records: a JSON Lines file, or a directory of upstream result_sample_id_*.json files. */
async function readAnswers(path: string): Promise<LoadedAnswer[]> {
  const load = (source: string, text: string): LoadedAnswer => {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { source, record: value as Record<string, unknown> };
      return { source, record: null, error: 'not a JSON object' };
    } catch (error) {
      return { source, record: null, error: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
  const stat = await fs.stat(path);
  if (stat.isDirectory()) {
    const files = (await fs.readdir(path)).filter((name) => name.endsWith('.json')).sort();
    return Promise.all(files.map(async (name) => load(join(path, name), stripBom(await readTextFile(fs, join(path, name))))));
  }
  const lines = splitLines(stripBom(await readTextFile(fs, path)));
  return lines.flatMap((line, index) => (line.trim() === '' ? [] : [load(`${path}:${index + 1}`, line)]));
}

/** The pair lengths RF path_len needs: the first all2all line per pair with diff_shortest == 0. */
async function shortestPairLengths(gameDir: string): Promise<Map<string, number>> {
  const lengths = new Map<string, number>();
  const path = join(gameDir, `${basename(gameDir)}.all2all.jsonl`);
  try {
    await fs.access(path);
  } catch {
    return lengths;
  }
  for await (const { text, line: number } of numberedLines(path)) {
    if (!text.includes('"diff_shortest": 0,')) continue;
    const line = skeletonLineAt(path, 'df', text, number);
    const key = `${line.src_node}\u0000${line.dst_node}`;
    if (line.diff_shortest === 0 && !lengths.has(key)) lengths.set(key, line.path_details.length);
  }
  return lengths;
}

export async function runScore(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['answers', 'mode', 'cutoff']);
  if (args.positionals.length !== 1) throw new UsageError('mango score needs exactly one game directory');
  const gameDir = args.positionals[0];
  const answersPath = args.options.get('answers');
  if (!answersPath) throw new UsageError('mango score needs --answers <file.jsonl or directory>');
  const mode = args.options.get('mode') ?? 'faithful';
  if (mode !== 'faithful' && mode !== 'reference') throw new UsageError(`--mode must be faithful or reference, not '${mode}'`);
  const cutoff = args.options.has('cutoff') ? nonNegativeInteger(args.options.get('cutoff'), 'cutoff') : DEFAULT_MODEL_CUTOFF;
  const edges = await readGameEdges(gameDir);
  if (!edges.ok) {
    err(edges.message);
    return 1;
  }
  let answers: LoadedAnswer[];
  try {
    answers = await readAnswers(answersPath);
  } catch (error) {
    err(`${answersPath}: ${describeFsError(error)}`);
    return 1;
  }
  let skeletons: SkeletonIndex;
  try {
    skeletons = await indexSkeletons(gameDir, new Set(answers.map((answer) => String(answer.record?.sample_id ?? ''))));
  } catch (error) {
    err(`${gameDir}: ${describeFsError(error)}`);
    return 1;
  }
  const json = args.flags.has('json');
  // Scored by core, as the editor's Run Question scores (core/mango/evaluation.ts).
  const scorer = createMangoScorer({ game: basename(gameDir), records: edges.value });
  if (mode === 'reference') {
    let pairLengths: Map<string, number>;
    try {
      pairLengths = await shortestPairLengths(gameDir);
    } catch (error) {
      err(`${gameDir}: ${describeFsError(error)}`);
      return 1;
    }
    const lookup: ReferenceLookup = {
      skeleton: (task, sampleId) => {
        const found = skeletons.get(sampleId);
        return found && found.task === task ? { min_step_forward_answerable: found.line.min_step_forward_answerable, path_length: found.task === 'df' ? found.line.path_details.length : 0 } : undefined;
      },
      shortestPathLength: (src, dst) => pairLengths.get(`${src}\u0000${dst}`) ?? 1,
    };
    // The record's own fields decide the reference's labels; the question only names the game.
    const score = (record: Record<string, unknown>) => scorer.score(questionOf(record), record.response, 'reference', { record, lookup }).raw as ReferenceResult;
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
    for (const result of results) if (result.scoring_error) err(`${result.source}: ${result.note ?? 'could not be scored'}`);
    if (json) out(JSON.stringify({ mode, results, summary }));
    else {
      const all = summary.all;
      out(`${all.valid_task}/${all.total_task} valid · strict ${all.strict_score_average.toFixed(3)} · loose ${all.loose_score_average.toFixed(3)} · reasoning ${all.reasoning_score_average.toFixed(3)} (reference${summary.hash_dependent_files ? `; ${summary.hash_dependent_files} hash-dependent, minimum shown` : ''})`);
    }
    return results.some((result) => result.scoring_error) ? 1 : 0;
  }
  const game = basename(gameDir);
  const results = [];
  let failures = 0;
  for (const answer of answers) {
    const record = answer.record ?? {};
    const task = record.task === 'route_finding' ? 'rf' : 'df';
    const sampleId = String(record.sample_id ?? '');
    const found = skeletons.get(sampleId);
    const actionList = Array.isArray(record.action_list) ? (record.action_list as string[]) : [];
    const question: MangoQuestion = found
      ? questionFromSkeleton(game, task, found.line, cutoff)
      : { benchmark: 'mango', game, task, sampleId, src: String(record.src_node ?? ''), dst: String(record.dst_node ?? ''), actionList, answerable: false, easy: false, cutoff };
    // The evaluator reads "response"; upstream's inference writes "answer" (spec §9 item 5).
    let result: Omit<MangoScore, 'mode'> & { scoring_error?: boolean };
    try {
      result = answer.record ? (scorer.score(question, record.response ?? record.answer ?? '', 'faithful').raw as MangoScore) : { parse_error: true, success_strict: 0, success_loose: 0, reasoning: 0, note: `${answer.source}: ${answer.error ?? 'did not load'}` };
    } catch (error) {
      const { note } = unscorable(answer, error);
      err(`${answer.source}: ${note}`);
      failures++;
      result = { parse_error: false, scoring_error: true, success_strict: 0, success_loose: 0, reasoning: 0, note };
    }
    const stepError = Number(record.min_step_total_answerable ?? 0) > Number(record.model_cutoff_num ?? cutoff);
    results.push({ source: answer.source, sample_id: sampleId, parse_error: result.parse_error, ...(result.scoring_error ? { scoring_error: true } : {}), id_error: found === undefined, step_error: stepError, easy: question.easy, success_strict: result.success_strict, success_loose: result.success_loose, reasoning: result.reasoning, ...(result.note ? { note: result.note } : {}) });
  }
  const valid = results.filter((result) => !result.parse_error && !result.id_error && !result.step_error && !result.scoring_error);
  const mean = (key: 'success_strict' | 'success_loose' | 'reasoning') => (valid.length ? valid.reduce((sum, result) => sum + result[key], 0) / valid.length : 0);
  const summary = { total: results.length, valid: valid.length, success_strict: mean('success_strict'), success_loose: mean('success_loose'), reasoning: mean('reasoning') };
  if (json) out(JSON.stringify({ mode, results, summary }));
  else out(`${summary.valid}/${summary.total} valid · strict ${summary.success_strict.toFixed(3)} · loose ${summary.success_loose.toFixed(3)} · reasoning ${summary.reasoning.toFixed(3)} (${mode})`);
  return failures > 0 ? 1 : 0;
}

/** The question a result record names (reference mode reads the record itself; this is for the shared call). */
function questionOf(record: Record<string, unknown>): MangoQuestion {
  const task = record.task === 'route_finding' ? 'rf' : 'df';
  const actionList = Array.isArray(record.action_list) ? record.action_list.map(String) : [];
  return { benchmark: 'mango', game: String(record.game_name ?? ''), task, sampleId: String(record.sample_id ?? ''), src: String(record.src_node ?? ''), dst: String(record.dst_node ?? ''), actionList, answerable: false, easy: false, cutoff: Number(record.model_cutoff_num ?? 0) };
}

/** A record whose scoring threw: the error stays with that record (its source says where). */
function unscorable(answer: LoadedAnswer, error: unknown): ReferenceResult {
  const reason = error instanceof RangeError ? `${error.message} (the answer is too large or too deeply nested to score)` : error instanceof Error ? error.message : String(error);
  return { mode: 'reference', sample_id: String(answer.record?.sample_id ?? ''), task: 'df', parse_error: false, id_error: false, step_error: false, scoring_error: true, easy: null, success_strict: 0, success_loose: 0, reasoning: 0, path_len: 0, note: `could not be scored: ${reason}` };
}

function unloadable(answer: LoadedAnswer): ReferenceResult {
  return { mode: 'reference', sample_id: '', task: 'df', parse_error: true, id_error: false, step_error: false, easy: null, success_strict: 0, success_loose: 0, reasoning: 0, path_len: 0, note: `${answer.source}: ${answer.error ?? 'did not load'}` };
}
