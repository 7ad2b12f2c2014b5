// Hand-made MANGO edge records for small test graphs.
import { NEVER, type EdgeRecord } from '../../src/core/benchmarks/mango/types';

/** An edge record seen forward at `forward` and reversed at `reversed` (answerable at the same steps). */
export function edge(src: string, action: string, dst: string, forward = 1, reversed = NEVER): EdgeRecord {
  const min = Math.min(forward, reversed);
  return {
    src_node: src,
    dst_node: dst,
    action,
    seen_in_forward: forward,
    seen_in_reversed: reversed,
    edge_min_step: min,
    seen_in_forward_answerable: forward,
    seen_in_reversed_answerable: reversed,
    edge_min_step_answerable: min,
  };
}
