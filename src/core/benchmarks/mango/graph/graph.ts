// The MANGO maze as a directed multigraph (spec mango.md §2.3): one edge per distinct
// (src, action, dst), parallel edges with different actions allowed.
//
// Order is part of the contract, because upstream's outputs depend on networkx's insertion order:
// - nodes are numbered in order of first appearance, src before dst, as `add_edge(u, v)` adds them;
// - an edge keeps its position in the input; a repeated (src, action, dst) is dropped (kept in
//   `duplicates`) so the first record wins;
// - `outEdges(u)` and `successors(u)` list edges grouped by successor, successors in the order of
//   their first edge from u, which is how networkx iterates `G.edges(u)` and `G[u]`.
import type { EdgeRecord } from '../types';

/** One directed edge of the maze, from edges.json or imputed. */
export interface MangoEdge {
  readonly src: string;
  readonly action: string;
  readonly dst: string;
  /** False for an edge that Waypoint inferred (a naive reverse), true for an edges.json record. */
  readonly explicit: boolean;
  /** The edges.json record of an explicit edge; null for an imputed one. */
  readonly record: EdgeRecord | null;
  /** For an imputed reverse, the edge it reverses. */
  readonly reverseOf?: MangoEdge;
}

/** Compressed successor lists for path search: successors of node u are targets[offsets[u] .. offsets[u+1]). */
export interface NodeAdjacency {
  readonly nodeCount: number;
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
}

/** Wraps an edges.json record as an explicit graph edge. */
function edgeFromRecord(record: EdgeRecord): MangoEdge {
  return { src: record.src_node, action: record.action, dst: record.dst_node, explicit: true, record };
}

/** A MANGO multigraph with deterministic node and edge order (see the file comment). */
export class MangoGraph {
  /** Location names; a node's number is its index here. */
  readonly nodes: readonly string[];
  /** Kept edges in input order. */
  readonly edges: readonly MangoEdge[];
  /** Input edges dropped because the same (src, action, dst) came earlier. */
  readonly duplicates: readonly MangoEdge[];
  private readonly indexByName = new Map<string, number>();
  /** Per node: successor number -> parallel edges to it, in insertion order. */
  private readonly outByTarget: Array<Map<number, MangoEdge[]>> = [];
  private readonly keys = new Set<string>();
  private compact: NodeAdjacency | undefined;

  private constructor(edges: readonly MangoEdge[], locations: readonly string[]) {
    const nodes: string[] = [];
    const kept: MangoEdge[] = [];
    const duplicates: MangoEdge[] = [];
    const addNode = (name: string): number => {
      let index = this.indexByName.get(name);
      if (index === undefined) {
        index = nodes.length;
        nodes.push(name);
        this.indexByName.set(name, index);
        this.outByTarget.push(new Map());
      }
      return index;
    };
    for (const location of locations) addNode(location);
    for (const edge of edges) {
      const key = edgeKey(edge.src, edge.action, edge.dst);
      if (this.keys.has(key)) {
        duplicates.push(edge);
        continue;
      }
      this.keys.add(key);
      const source = addNode(edge.src);
      const target = addNode(edge.dst);
      const byTarget = this.outByTarget[source];
      const parallel = byTarget.get(target);
      if (parallel) parallel.push(edge);
      else byTarget.set(target, [edge]);
      kept.push(edge);
    }
    this.nodes = nodes;
    this.edges = kept;
    this.duplicates = duplicates;
  }

  /** Builds the graph of an edges.json array, in file order. */
  static fromRecords(records: readonly EdgeRecord[]): MangoGraph {
    return new MangoGraph(records.map(edgeFromRecord), []);
  }

  /** Builds a graph from edges; `locations` are numbered first (isolated ones included). */
  static fromEdges(edges: readonly MangoEdge[], locations: readonly string[] = []): MangoGraph {
    return new MangoGraph(edges, locations);
  }

  /** A new graph with extra edges appended after this one's (for example imputed reverses). */
  withEdges(extra: readonly MangoEdge[]): MangoGraph {
    return new MangoGraph([...this.edges, ...extra], this.nodes);
  }

  /** Number of a location, or -1 when it is not in the graph. */
  indexOf(name: string): number {
    return this.indexByName.get(name) ?? -1;
  }

  /** Whether the exact edge (src, action, dst) exists. */
  hasEdge(src: string, action: string, dst: string): boolean {
    return this.keys.has(edgeKey(src, action, dst));
  }

  /** Parallel edges from node u to node v, in insertion order (empty when not adjacent). */
  edgesBetween(u: number, v: number): readonly MangoEdge[] {
    return this.outByTarget[u]?.get(v) ?? [];
  }

  /** Distinct successors of node u, in the order of their first edge from u. */
  successors(u: number): number[] {
    return [...(this.outByTarget[u]?.keys() ?? [])];
  }

  /** Out-edges of node u grouped by successor, as networkx's `G.edges(u)` lists them. */
  outEdges(u: number): MangoEdge[] {
    return [...(this.outByTarget[u]?.values() ?? [])].flat();
  }

  /** All edges in networkx's `G.edges()` order: by source node, then successor, then insertion. */
  edgesByNode(): MangoEdge[] {
    return this.nodes.flatMap((_, u) => this.outEdges(u));
  }

  /** Successor lists in compact form for path search (built once, then shared). */
  adjacency(): NodeAdjacency {
    if (this.compact) return this.compact;
    const offsets = new Int32Array(this.nodes.length + 1);
    this.outByTarget.forEach((byTarget, u) => {
      offsets[u + 1] = offsets[u] + byTarget.size;
    });
    const targets = new Int32Array(offsets[this.nodes.length]);
    this.outByTarget.forEach((byTarget, u) => {
      let slot = offsets[u];
      for (const v of byTarget.keys()) targets[slot++] = v;
    });
    this.compact = { nodeCount: this.nodes.length, offsets, targets };
    return this.compact;
  }
}

function edgeKey(src: string, action: string, dst: string): string {
  // JSON quoting keeps the key unambiguous whatever characters the names contain.
  return JSON.stringify([src, action, dst]);
}
