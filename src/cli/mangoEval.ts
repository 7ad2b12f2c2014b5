// `waypoint mango prompt` and `waypoint mango score` (spec cli.md): the exact upstream prompt of
// one skeleton line, and faithful-mode scores of answer records. The released evaluator's
// reference mode is not implemented yet and is refused rather than approximated.
import { createReadStream, promises as fs } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { MangoQuestion } from '../core/eval/types';
import { renderMangoPrompt } from '../core/mango/prompt';
import { faithfulScorer } from '../core/mango/scoring';
import { DEFAULT_MODEL_CUTOFF, questionFromSkeleton } from '../core/mango/skeletons';
import { cl100kCounter, PROMPT_TOKEN_BUDGET } from '../core/mango/tokenizer';
import { nonNegativeInteger, parseArgs, UsageError } from './args';
import { describeFileError, readGameEdges } from './mangoInput';

type Output = (text: string) => void;

interface SkeletonLine {
  id: string;
  src_node: string;
  dst_node: string;
  path_details?: Array<{ action: string }>;
  min_step_total_answerable: number;
  min_step_forward_answerable: number;
}

type SkeletonIndex = Map<string, { task: 'df' | 'rf'; line: SkeletonLine }>;

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
    for await (const text of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
      const id = /"id": "([0-9a-f]+)"/.exec(text)?.[1];
      if (id && (!only || only.has(id)) && !index.has(id)) index.set(id, { task, line: JSON.parse(text) as SkeletonLine });
    }
  }
  return index;
}

async function readJsonArray(path: string): Promise<string[]> {
  return JSON.parse(await fs.readFile(path, 'utf8')) as string[];
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
      walkthrough: await fs.readFile(join(gameDir, `${game}.walkthrough`), 'utf8'),
      actions: await readJsonArray(join(gameDir, `${game}.actions.json`)),
      locations: await readJsonArray(join(gameDir, `${game}.locations.json`)),
      task: found.task, src: question.src, dst: question.dst, actionList: question.actionList, cutoff, template,
      tokens: { counter: cl100kCounter(), budget: PROMPT_TOKEN_BUDGET },
    });
    if (args.flags.has('json')) out(JSON.stringify({ messages, model_cutoff_num: modelCutoffNum }));
    else for (const message of messages) out(`--- ${message.role}\n${message.content}`);
    return 0;
  } catch (error) {
    err(`${gameDir}: ${describeFileError(error)}`);
    return 1;
  }
}

/** Answer records: a JSON Lines file, or a directory of upstream result_sample_id_*.json files. */
async function readAnswers(path: string): Promise<Array<Record<string, unknown>>> {
  const stat = await fs.stat(path);
  if (stat.isDirectory()) {
    const files = (await fs.readdir(path)).filter((name) => name.endsWith('.json')).sort();
    return Promise.all(files.map(async (name) => JSON.parse(await fs.readFile(join(path, name), 'utf8')) as Record<string, unknown>));
  }
  return (await fs.readFile(path, 'utf8')).split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
}

export async function runScore(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['answers', 'mode', 'cutoff']);
  if (args.positionals.length !== 1) throw new UsageError('mango score needs exactly one game directory');
  const gameDir = args.positionals[0];
  const answersPath = args.options.get('answers');
  if (!answersPath) throw new UsageError('mango score needs --answers <file.jsonl or directory>');
  const mode = args.options.get('mode') ?? 'faithful';
  if (mode === 'reference') throw new UsageError('--mode reference (the released evaluator, defects included) is not implemented yet; use --mode faithful');
  if (mode !== 'faithful') throw new UsageError(`--mode must be faithful or reference, not '${mode}'`);
  const cutoff = args.options.has('cutoff') ? nonNegativeInteger(args.options.get('cutoff'), 'cutoff') : DEFAULT_MODEL_CUTOFF;
  const edges = await readGameEdges(gameDir);
  if (!edges.ok) {
    err(edges.message);
    return 1;
  }
  let records: Array<Record<string, unknown>>;
  try {
    records = await readAnswers(answersPath);
  } catch (error) {
    err(`${answersPath}: ${describeFileError(error)}`);
    return 1;
  }
  const game = basename(gameDir);
  const skeletons = await indexSkeletons(gameDir, new Set(records.map((record) => String(record.sample_id ?? ''))));
  const score = faithfulScorer(edges.value);
  const results = [];
  for (const record of records) {
    const task = record.task === 'route_finding' ? 'rf' : 'df';
    const sampleId = String(record.sample_id ?? '');
    const found = skeletons.get(sampleId);
    const actionList = Array.isArray(record.action_list) ? (record.action_list as string[]) : [];
    const question: MangoQuestion = found
      ? questionFromSkeleton(game, task, found.line, cutoff)
      : { benchmark: 'mango', game, task, sampleId, src: String(record.src_node ?? ''), dst: String(record.dst_node ?? ''), actionList, answerable: false, easy: false, cutoff };
    // The evaluator reads "response"; upstream's inference writes "answer" (spec §9 item 5).
    const result = score(question, record.response ?? record.answer ?? '');
    const stepError = Number(record.min_step_total_answerable ?? 0) > Number(record.model_cutoff_num ?? cutoff);
    results.push({ sample_id: sampleId, parse_error: result.parse_error, id_error: found === undefined, step_error: stepError, easy: question.easy, success_strict: result.success_strict, success_loose: result.success_loose, reasoning: result.reasoning });
  }
  const valid = results.filter((result) => !result.parse_error && !result.id_error && !result.step_error);
  const mean = (key: 'success_strict' | 'success_loose' | 'reasoning') => (valid.length ? valid.reduce((sum, result) => sum + result[key], 0) / valid.length : 0);
  const summary = { total: results.length, valid: valid.length, success_strict: mean('success_strict'), success_loose: mean('success_loose'), reasoning: mean('reasoning') };
  if (args.flags.has('json')) out(JSON.stringify({ mode, results, summary }));
  else out(`${summary.valid}/${summary.total} valid · strict ${summary.success_strict.toFixed(3)} · loose ${summary.success_loose.toFixed(3)} · reasoning ${summary.reasoning.toFixed(3)} (${mode})`);
  return 0;
}
