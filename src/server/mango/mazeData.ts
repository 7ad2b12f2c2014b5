// Data for the maze view: the game's graph (core builds it) and question counts at a cutoff, read
// from the skeleton files' labels. Labels are cached per file version so dragging the cutoff
// slider does not re-read megabytes of JSON Lines.
import { promises as fs } from 'node:fs';
import { readTextFile } from '../../core/util/fileLimits';
import { fileURLToPath } from 'node:url';
import { buildMazeGraph } from '../../core/benchmarks/mango/maze/maze';
import { parseSkeletonLine, readSkeletonLabels } from '../../core/benchmarks/mango/skeletons/skeletonLines';
import { splitLines } from '../../core/util/text';
import type { CutoffStats, MazeGraph } from '../../protocol/maze';
import type { DocumentStore } from '../documents';
import { stepAtLine } from './annotation';
import { gameFileUri, mangoGameData, type GameMember, type LoadedGame } from './games';
import { firstSeenStep } from './names';

interface LabelPairs {
  /** min_step_total_answerable, min_step_forward_answerable per line, interleaved. */
  labels: Int32Array;
  count: number;
}

const labelCache = new Map<string, { stamp: string; pairs: LabelPairs }>();

/** The game's maze as the view draws it: the evaluator's graph plus the user's extra reverse pairs (dashed). */
export function mazeGraphOf(game: LoadedGame, extraPairs: ReadonlyArray<[string, string]>): MazeGraph {
  const data = mangoGameData(game);
  return buildMazeGraph(data.game, data.records, data.locations ?? [], {
    start: data.start ?? null,
    lastStep: data.lastStep,
    extraPairs,
  });
}

async function labelsOf(member: GameMember, documents: DocumentStore): Promise<LabelPairs> {
  const open = documents.get(member.uri);
  const path = fileURLToPath(member.uri);
  const stamp = open ? `v${open.text.version}` : `m${(await fs.stat(path)).mtimeMs}`;
  const cached = labelCache.get(member.uri);
  if (cached && cached.stamp === stamp) return cached.pairs;
  const text = open ? open.text.getText() : await readTextFile(fs, path);
  const lines = splitLines(text);
  const labels = new Int32Array(lines.length * 2);
  let count = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    // Broken lines are reported by validation; they count as no question here.
    const pair = readSkeletonLabels(line);
    if (!pair) continue;
    labels[2 * count] = pair.total;
    labels[2 * count + 1] = pair.forward;
    count++;
  }
  const pairs = { labels, count };
  labelCache.set(member.uri, { stamp, pairs });
  return pairs;
}

/** Answerable/easy/hard counts at a cutoff (spec mango.md §3) for the DF and RF files present. */
export async function cutoffStats(game: LoadedGame, documents: DocumentStore, cutoff: number): Promise<CutoffStats> {
  const count = async (kind: 'mango-df' | 'mango-rf') => {
    const member = game.members.find((candidate) => candidate.kind === kind);
    if (!member) return null;
    const { labels, count: total } = await labelsOf(member, documents);
    let answerable = 0;
    let easy = 0;
    for (let index = 0; index < total; index++) {
      if (labels[2 * index] <= cutoff) answerable++;
      if (labels[2 * index + 1] <= cutoff) easy++;
    }
    // Easy implies answerable (forward steps are never earlier than the total minimum).
    return { total, answerable, easy, hard: answerable - easy };
  };
  return { cutoff, df: await count('mango-df'), rf: await count('mango-rf') };
}

/** A skeleton line's path as maze node names and edge ids (DF: the path; RF: its two ends). */
function skeletonSelection(game: LoadedGame, kind: string, lineText: string): { nodes: string[]; edges: string[] } {
  const ends = (record: { src_node: string; dst_node: string }) => [record.src_node, record.dst_node];
  if (kind !== 'mango-df') {
    const parsed = parseSkeletonLine('rf', lineText);
    return { nodes: parsed.ok ? ends(parsed.value) : [], edges: [] };
  }
  // A line the schema rejects (being edited, broken) selects nothing; validation says why.
  const parsed = parseSkeletonLine('df', lineText);
  if (!parsed.ok) return { nodes: [], edges: [] };
  const record = parsed.value;
  const edges = game.model.edges?.edges ?? [];
  const ids = record.path_details.flatMap((step) => {
    const match = edges.find(
      (edge) =>
        edge.record.src_node === step.prev_node &&
        edge.record.action === step.action &&
        edge.record.dst_node === step.node,
    );
    return match ? [String(match.index)] : [];
  });
  const nodes = [...new Set([...ends(record), ...record.path_details.flatMap((step) => [step.prev_node, step.node])])];
  return { nodes, edges: ids };
}

/** The maze nodes and edges the cursor is on: a walkthrough step's moves, an edges.json record, or a skeleton line's path. */
export function mazeSelection(
  game: LoadedGame,
  kind: string,
  line: number,
  lineText = '',
): { nodes: string[]; edges: string[] } {
  if (kind === 'mango-df' || kind === 'mango-rf') return skeletonSelection(game, kind, lineText);
  const edges = game.model.edges?.edges ?? [];
  if (kind === 'mango-walkthrough') {
    const steps = game.model.walkthrough?.steps() ?? [];
    const step = stepAtLine(steps, line);
    if (!step) return { nodes: [], edges: [] };
    const moves = edges.filter((edge) => edge.record.seen_in_forward === step.number);
    const room = step.location?.toLowerCase();
    return {
      nodes: moves.length > 0 ? [moves[0].record.dst_node] : room ? [room] : [],
      edges: moves.map((edge) => String(edge.index)),
    };
  }
  if (kind === 'mango-edges') {
    const edge = edges.find((candidate) => candidate.range.start.line <= line && line <= candidate.range.end.line);
    return edge
      ? { nodes: [edge.record.src_node, edge.record.dst_node], edges: [String(edge.index)] }
      : { nodes: [], edges: [] };
  }
  return { nodes: [], edges: [] };
}

/** Where a maze node or edge lives in the game's files. */
export function mazeReveal(
  game: LoadedGame,
  node: string | undefined,
  edgeId: string | undefined,
): { uri: string; line: number } | null {
  if (node !== undefined) {
    const seen = firstSeenStep(game, node);
    const walkthrough = game.members.find((member) => member.kind === 'mango-walkthrough');
    return seen && walkthrough ? { uri: walkthrough.uri, line: seen.step.headerRange.start.line } : null;
  }
  if (edgeId !== undefined && /^\d+$/.test(edgeId)) {
    const edge = game.model.edges?.edges.find((candidate) => String(candidate.index) === edgeId);
    return edge ? { uri: gameFileUri(game, 'mango-edges'), line: edge.range.start.line } : null;
  }
  return null;
}
