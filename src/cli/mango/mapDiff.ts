// `waypoint mango map-diff <gameDir> (--answer <file> | --run <run.jsonl> [--model M]) [--cutoff N] [--json]`
// (spec runs.md §7): a model's map, or the map its route answers in a run imply, against the maze
// at the cutoff (default 70). JSON is the contract's, with the overlay's fields beside it. Exit 1
// for unreadable input (each problem as file:line:col on stderr; a map with some bad items is still
// diffed and printed first), 2 for usage.
import { basename, resolve } from 'node:path';
import { parseRunRecords } from '../../core/eval/recordSchemas';
import { parseMapAnswer } from '../../core/benchmarks/mango/scoring/mapAnswer';
import {
  diffMap,
  type MapDiff,
  mapDiffJson,
  type MapMove,
  mazeAtCutoff,
} from '../../core/benchmarks/mango/scoring/mapDiff';
import { DEFAULT_MAP_CUTOFF, impliedMap, routeModels } from '../../core/benchmarks/mango/scoring/mapTask';
import { escapeControls } from '../../core/util/text';
import { nonNegativeInteger, parseArgs, UsageError } from '../args';
import { tryReadInputText } from '../input';
import { readGameEdges } from './input';

type Output = (text: string) => void;

export async function runMapDiff(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['answer', 'run', 'model', 'cutoff']);
  if (args.positionals.length !== 1)
    throw new UsageError(`mango map-diff needs exactly one game directory, got ${args.positionals.length}`);
  const answer = args.options.get('answer');
  const run = args.options.get('run');
  if ((answer === undefined) === (run === undefined))
    throw new UsageError(
      'mango map-diff needs one of --answer <file> (a map) or --run <run.jsonl> (the map its route answers imply)',
    );
  if (answer !== undefined && args.options.has('model')) throw new UsageError('--model goes with --run');
  const cutoff = args.options.has('cutoff')
    ? nonNegativeInteger(args.options.get('cutoff'), 'cutoff')
    : DEFAULT_MAP_CUTOFF;
  const gameDir = args.positionals[0];
  const records = await readGameEdges(gameDir);
  if (!records.ok) {
    err(records.message);
    return 1;
  }
  const truth = mazeAtCutoff(records.value, cutoff);
  const read = await tryReadInputText(answer ?? (run as string));
  if (!read.ok) {
    err(read.message);
    return 1;
  }
  const input =
    answer !== undefined
      ? readMap(answer, read.value, err)
      : readImplied(run as string, read.value, basename(resolve(gameDir)), args.options.get('model'), err);
  if (input === null) return 1;
  const diff = diffMap(truth, input.moves, cutoff);
  if (args.flags.has('json')) out(JSON.stringify({ ...mapDiffJson(diff), ...input.extra }));
  else for (const line of summary(diff, input.title)) out(line);
  return input.failed ? 1 : 0;
}

interface MapInput {
  moves: MapMove[];
  title: string;
  extra: Record<string, unknown>;
  /** Some of the input could not be read (reported on stderr); the exit code is 1. */
  failed: boolean;
}

function readMap(path: string, text: string, err: Output): MapInput | null {
  const parsed = parseMapAnswer(text);
  const errors = parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  for (const diagnostic of errors)
    err(`${path}:${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1}: ${diagnostic.message}`);
  if (parsed.edges.length === 0) {
    if (errors.length === 0) err(`${path}:1:1: the map has no moves`);
    return null;
  }
  return {
    moves: parsed.edges,
    title: `${path} (${parsed.format === 'arrows' ? 'arrow lines' : parsed.format === 'both' ? 'a triple list and arrow lines' : 'a triple list'}, ${parsed.edges.length} moves)`,
    extra: {},
    failed: errors.length > 0,
  };
}

function readImplied(
  path: string,
  text: string,
  game: string,
  model: string | undefined,
  err: Output,
): MapInput | null {
  const { records, problems, torn } = parseRunRecords(text, path);
  for (const problem of problems) err(problem);
  for (const cut of torn) err(`warning: ${cut}`);
  const models = routeModels(records, game);
  if (models.length === 0) {
    err(`${path}: no MANGO route answers (DF or RF) on the game ${game}`);
    return null;
  }
  if (model === undefined && models.length > 1)
    throw new UsageError(
      `--model is needed: ${path} has route answers of ${models.length} models on ${game} (${models.join(', ')})`,
    );
  const chosen = model ?? models[0];
  if (!models.includes(chosen)) {
    err(`${path}: no route answers of the model ${chosen} on ${game} (models there: ${models.join(', ')})`);
    return null;
  }
  const implied = impliedMap(records, game, chosen);
  return {
    moves: implied.moves,
    title: `the map ${chosen}'s ${implied.answers} route answers imply (${implied.unparsed} unparseable, left out)`,
    extra: { implied: { model: chosen, answers: implied.answers, unparsed: implied.unparsed } },
    failed: problems.length > 0,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The readable summary: counts, then what went wrong by name (escaped: names come from model text). */
function summary(diff: MapDiff, title: string): string[] {
  const name = (text: string | null) => escapeControls(text ?? '?');
  const { edges, rooms } = diff;
  const lines = [
    `Map diff of ${escapeControls(title)} against the maze at step ${diff.cutoff} (faithful)`,
    `edges: ${edges.correct} correct, ${edges.missing} missing, ${edges.hallucinated} hallucinated (${edges.wrongAction} with a wrong action); precision ${percent(edges.precision)}, recall ${percent(edges.recall)}, F1 ${percent(edges.f1)}`,
    `rooms: ${rooms.correct} correct, ${rooms.missing} missing, ${rooms.hallucinated} hallucinated, ${rooms.merged} merged, ${rooms.split} split`,
  ];
  const fuzzy = diff.alignment.filter((entry) => entry.rule !== 'exact');
  if (fuzzy.length > 0)
    lines.push(
      'alignment (not exact):',
      ...fuzzy.map(
        (entry) =>
          `  ${name(entry.model)} → ${entry.truth === null ? (entry.rule === 'ambiguous' ? `ambiguous (${(entry.candidates ?? []).map(name).join(', ')})` : 'no room of the maze') : `${name(entry.truth)} (${entry.rule}${entry.distance === undefined ? '' : `, distance ${entry.distance}`})`}`,
      ),
    );
  for (const room of diff.merged)
    lines.push(`merged: ${name(room.model)} stands for ${room.truths.map(name).join(' and ')}`);
  for (const room of diff.split)
    lines.push(`split: ${name(room.truth)} is named ${room.models.map(name).join(' and ')}`);
  const wrong = diff.modelEdges.filter((edge) => edge.status === 'hallucinated' || edge.status === 'wrong-action');
  if (wrong.length > 0)
    lines.push(
      'not in the maze:',
      ...wrong.map(
        (edge) =>
          `  ${name(edge.src)} --${name(edge.action)}--> ${name(edge.dst)}${edge.status === 'wrong-action' ? ` (the maze has ${(edge.trueActions ?? []).map(name).join(' or ')})` : ''}`,
      ),
    );
  const missing = diff.trueEdges.filter((edge) => edge.status !== 'correct');
  if (missing.length > 0)
    lines.push('missing:', ...missing.map((edge) => `  ${name(edge.src)} --${name(edge.action)}--> ${name(edge.dst)}`));
  return lines;
}
