// Plain-data shapes of the MANGO release files (spec mango.md §2). Field names are upstream's
// snake_case because these objects are read from and written to the upstream JSON as they are.

/** Upstream's step label for "never": an edge or path not seen within the walkthrough. */
export const NEVER = 9999;

/** One directed edge of `<game>.edges.json`. */
export interface EdgeRecord {
  src_node: string;
  dst_node: string;
  action: string;
  seen_in_forward: number;
  seen_in_reversed: number;
  edge_min_step: number;
  seen_in_forward_answerable: number;
  seen_in_reversed_answerable: number;
  edge_min_step_answerable: number;
}

/** One step of a DF skeleton's `path_details`: an edge record with src/dst renamed. */
export type PathStep = Omit<EdgeRecord, 'src_node' | 'dst_node'> & { prev_node: string; node: string };

/** Path- or pair-level labels shared by DF and RF skeleton lines. */
export interface SkeletonLabels {
  min_step_forward: number;
  min_step_total: number;
  min_step_forward_answerable: number;
  min_step_total_answerable: number;
}

/** One line of `<game>.all2all.jsonl` (destination finding), in upstream key order. */
export interface DfSkeleton extends SkeletonLabels {
  src_node: string;
  dst_node: string;
  diff_shortest: number;
  path_details: PathStep[];
  step_count: number;
  id: string;
}

/** One line of `<game>.all_pairs.jsonl` (route finding), in upstream key order. */
export interface RfSkeleton extends SkeletonLabels {
  src_node: string;
  dst_node: string;
  num_paths: number;
  id: string;
}
