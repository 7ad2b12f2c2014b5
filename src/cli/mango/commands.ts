// `waypoint mango graph|skeletons <gameDir> ...` (spec cli.md, "MANGO"). Both read only
// `<gameDir>/<g>.edges.json`. Choices the contract leaves open, made here:
// - graph --cutoff N keeps the edges.json edges with edge_min_step_answerable <= N (the map a
//   model could know at step N) and lists only the locations and actions those edges touch;
//   --reverse naive then imputes reverses from the kept edges only. Without --cutoff the result is
//   the evaluator's G_eval exactly.
// - an imputed reverse's minStep is that of the edge it reverses: the naive rule assumes the way
//   back is known as soon as the way there is.
// - skeletons: see mangoSkeletons.ts.
import { MangoGraph, type MangoEdge } from '../../core/benchmarks/mango/graph/graph';
import { imputeReverseEdges } from '../../core/benchmarks/mango/graph/imputation';
import { NEVER, type EdgeRecord } from '../../core/benchmarks/mango/types';
import { nonNegativeInteger, parseArgs, UsageError } from '../args';
import { escapeControls } from '../../core/util/text';
import { runPrompt, runScore } from './eval';
import { readGameEdges } from './input';
import { runAnnotate } from './annotate';
import { runGenerate, runReskin } from './generate';
import { runLayout } from './layout';
import { runMapDiff } from './mapDiff';
import { runSkeletons } from './skeletons';

type Output = (text: string) => void;

/** JSON shape of `mango graph --json` (spec cli.md). */
export interface GraphJson {
  locations: string[];
  actions: string[];
  edges: Array<{ src: string; action: string; dst: string; explicit: boolean; minStep: number | null }>;
}

/** Runs `waypoint mango <graph|skeletons> ...`; returns the exit code. */
export async function runMango(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'graph') return runGraph(rest, out, err);
  if (command === 'skeletons') return runSkeletons(rest, err);
  if (command === 'prompt') return runPrompt(rest, out, err);
  if (command === 'score') return runScore(rest, out, err);
  if (command === 'layout') return runLayout(rest, out, err);
  if (command === 'map-diff') return runMapDiff(rest, out, err);
  if (command === 'annotate') return runAnnotate(rest, out, err);
  if (command === 'generate') return runGenerate(rest, out, err);
  if (command === 'reskin') return runReskin(rest, out, err);
  throw new UsageError(
    command === undefined
      ? 'mango needs a command: graph, skeletons, prompt, score, layout, map-diff, annotate, generate or reskin'
      : `unknown mango command '${command}' (expected graph, skeletons, prompt, score, layout, map-diff, annotate, generate or reskin)`,
  );
}

async function runGraph(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['cutoff', 'reverse']);
  const gameDir = singleGameDir(args.positionals, 'graph');
  const cutoff = args.options.has('cutoff') ? nonNegativeInteger(args.options.get('cutoff'), 'cutoff') : null;
  const reverse = args.options.get('reverse') ?? 'none';
  if (reverse !== 'none' && reverse !== 'naive')
    throw new UsageError(`--reverse must be none or naive, not '${reverse}'`);
  const edges = await readGameEdges(gameDir);
  if (!edges.ok) {
    err(edges.message);
    return 1;
  }
  const kept = cutoff === null ? edges.value : edges.value.filter((edge) => edge.edge_min_step_answerable <= cutoff);
  const explicit = MangoGraph.fromRecords(kept);
  const imputed = reverse === 'naive' ? imputeReverseEdges(explicit) : [];
  const graph = explicit.withEdges(imputed);
  const json = graphJson(graph);
  if (args.flags.has('json')) out(JSON.stringify(json));
  else {
    // One edge a line: names from the files are escaped so a newline in one cannot fake an edge.
    for (const edge of json.edges)
      out(
        `${escapeControls(edge.src)} --${escapeControls(edge.action)}--> ${escapeControls(edge.dst)}  ${edge.explicit ? '' : '(imputed) '}step ${edge.minStep ?? 'never'}`,
      );
    out(
      `${json.locations.length} locations, ${json.actions.length} actions, ${json.edges.length} edges (${imputed.length} imputed)`,
    );
  }
  return 0;
}

/** The contract's graph JSON for a built graph. */
function graphJson(graph: MangoGraph): GraphJson {
  const actions = [...new Set(graph.edges.map((edge) => edge.action))];
  return {
    locations: [...graph.nodes],
    actions,
    edges: graph.edges.map((edge) => ({
      src: edge.src,
      action: edge.action,
      dst: edge.dst,
      explicit: edge.explicit,
      minStep: minStepOf(edge),
    })),
  };
}

function minStepOf(edge: MangoEdge): number | null {
  const record: EdgeRecord | null = edge.record ?? edge.reverseOf?.record ?? null;
  if (record === null || record.edge_min_step >= NEVER) return null;
  return record.edge_min_step;
}

function singleGameDir(positionals: readonly string[], command: string): string {
  if (positionals.length !== 1)
    throw new UsageError(`mango ${command} needs exactly one game directory, got ${positionals.length}`);
  return positionals[0];
}
