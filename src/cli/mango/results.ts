// Upstream MANGO result records (`result_sample_id_*.json` folders, or answer JSON Lines) read and
// scored the one way `waypoint mango score` and `waypoint import mango` both do, so an imported run
// has exactly the scores `mango score` prints for the same files.
import { createReadStream, promises as fs } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { stripBom } from '../../core/util/bom';
import type { MangoQuestion } from '../../core/benchmarks/mango/questionSchema';
import { readTextFile } from '../../core/util/fileLimits';
import type { MangoScoreOutcome, MangoScorer } from '../../core/benchmarks/mango/scoring/evaluation';
import type { ReferenceLookup } from '../../core/benchmarks/mango/scoring/referenceScoring';
import {
  parseSkeletonLine,
  type SkeletonOf,
  type SkeletonTask,
} from '../../core/benchmarks/mango/skeletons/skeletonLines';
import { questionFromSkeleton } from '../../core/benchmarks/mango/skeletons/skeletons';
import type { DfSkeleton, RfSkeleton } from '../../core/benchmarks/mango/types';
import { describeProblem, parseJsonWith } from '../../core/util/schema/parse';
import * as z from 'zod/mini';
import { splitLines } from '../../core/util/text';

export type SkeletonEntry = { task: 'df'; line: DfSkeleton } | { task: 'rf'; line: RfSkeleton };
export type SkeletonIndex = Map<string, SkeletonEntry>;

/** The lines of a skeleton file with their 0-based numbers, read as a stream (files can be megabytes). */
async function* numberedLines(path: string): AsyncGenerator<{ text: string; line: number }> {
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity }))
    yield { text, line: line++ };
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
export async function indexSkeletons(gameDir: string, only?: ReadonlySet<string>): Promise<SkeletonIndex> {
  const game = basename(gameDir);
  const index: SkeletonIndex = new Map();
  for (const [task, suffix] of [
    ['df', 'all2all.jsonl'],
    ['rf', 'all_pairs.jsonl'],
  ] as const) {
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
      index.set(
        id,
        task === 'df'
          ? { task, line: skeletonLineAt(path, 'df', text, line) }
          : { task, line: skeletonLineAt(path, 'rf', text, line) },
      );
    }
  }
  return index;
}

/** One answer record, or why it did not load (the reference counts that as a parsing error). */
export interface LoadedAnswer {
  source: string;
  record: Record<string, unknown> | null;
  error?: string;
  /** Where in the source the JSON broke (`:column` for a line of a JSONL file, `:line:column` for a whole file), to print after `source`. */
  position?: string;
}

/** Answer records: a JSON Lines file, or a directory of upstream result_sample_id_*.json files. */
export async function readAnswers(path: string): Promise<LoadedAnswer[]> {
  const load = (source: string, text: string, isLine = false): LoadedAnswer => {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        return { source, record: value as Record<string, unknown> };
      return { source, record: null, error: 'not a JSON object' };
    } catch {
      // The located parse names the column (V8's message quotes the broken bytes instead).
      const problem = parseJsonWith(text, z.unknown());
      const first = problem.ok ? undefined : problem.diagnostics[0];
      if (!first) return { source, record: null, error: 'not JSON' };
      const { line, character } = first.range.start;
      return {
        source,
        record: null,
        error: `not JSON: ${first.message}`,
        position: isLine ? `:${character + 1}` : `:${line + 1}:${character + 1}`,
      };
    }
  };
  const stat = await fs.stat(path);
  if (stat.isDirectory()) {
    const files = (await fs.readdir(path)).filter((name) => name.endsWith('.json')).sort();
    // A game's folder holds one file per question (thousands): read a batch at a time, so the
    // open files stay well under the process's descriptor limit.
    const loaded: LoadedAnswer[] = [];
    for (let start = 0; start < files.length; start += 64) {
      loaded.push(
        ...(await Promise.all(
          files
            .slice(start, start + 64)
            .map(async (name) => load(join(path, name), stripBom(await readTextFile(fs, join(path, name))))),
        )),
      );
    }
    return loaded;
  }
  const lines = splitLines(stripBom(await readTextFile(fs, path)));
  return lines.flatMap((line, index) => (line.trim() === '' ? [] : [load(`${path}:${index + 1}`, line, true)]));
}

/** The pair lengths RF path_len needs: the first all2all line per pair with diff_shortest == 0. */
export async function shortestPairLengths(gameDir: string): Promise<Map<string, number>> {
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

/** The released evaluator's view of a game's skeleton files, for reference scoring. */
export function referenceLookupOf(skeletons: SkeletonIndex, pairLengths: ReadonlyMap<string, number>): ReferenceLookup {
  return {
    skeleton: (task, sampleId) => {
      const found = skeletons.get(sampleId);
      return found && found.task === task
        ? {
            min_step_forward_answerable: found.line.min_step_forward_answerable,
            path_length: found.task === 'df' ? found.line.path_details.length : 0,
          }
        : undefined;
    },
    shortestPathLength: (src, dst) => pairLengths.get(`${src}\u0000${dst}`) ?? 1,
  };
}

/** The task a result record names (upstream's `route_finding` / `desti_finding`). */
export function resultTask(record: Record<string, unknown>): 'df' | 'rf' {
  return record.task === 'route_finding' ? 'rf' : 'df';
}

/** The question a result record names, from its own fields (reference mode reads the record itself; this is for the shared call). */
export function resultQuestion(record: Record<string, unknown>): MangoQuestion {
  const actionList = Array.isArray(record.action_list) ? record.action_list.map(String) : [];
  return {
    benchmark: 'mango',
    game: String(record.game_name ?? ''),
    task: resultTask(record),
    sampleId: String(record.sample_id ?? ''),
    src: String(record.src_node ?? ''),
    dst: String(record.dst_node ?? ''),
    actionList,
    answerable: false,
    easy: false,
    cutoff: Number(record.model_cutoff_num ?? 0),
  };
}

/** The question faithful scoring checks a record against: the skeleton line's, labelled at `cutoff`, or the record's own fields when its id is not in the game. */
export function faithfulQuestion(
  game: string,
  record: Record<string, unknown>,
  found: SkeletonEntry | undefined,
  cutoff: number,
): MangoQuestion {
  const task = resultTask(record);
  if (found) return questionFromSkeleton(game, task, found.line, cutoff);
  return { ...resultQuestion(record), game, answerable: false, easy: false, cutoff };
}

/** The reply a record holds: the evaluator reads "response"; upstream's inference writes "answer", which faithful mode also accepts (spec mango.md §9 item 5). */
export function resultResponse(record: Record<string, unknown>, mode: 'faithful' | 'reference'): unknown {
  return mode === 'reference' ? record.response : (record.response ?? record.answer ?? '');
}

/** One record scored as `mango score` scores it. Reference mode reads the record's own labels and looks skeleton facts up; faithful checks `question`. */
export function scoreResult(
  scorer: MangoScorer,
  record: Record<string, unknown>,
  mode: 'faithful' | 'reference',
  context: { question: MangoQuestion; lookup: ReferenceLookup | null },
): MangoScoreOutcome {
  if (mode === 'faithful') return scorer.score(context.question, resultResponse(record, mode), 'faithful');
  if (!context.lookup) throw new Error('reference scoring needs the game skeleton lookup');
  return scorer.score(resultQuestion(record), resultResponse(record, mode), 'reference', {
    record,
    lookup: context.lookup,
  });
}
