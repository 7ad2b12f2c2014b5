// Renaming a location or action inside a skeleton line. Skeleton ids hash the names, so a rename
// also recomputes the id; the line is re-serialised exactly as upstream writes it (json.dumps).
import { excessiveDepthOffset } from '../json/locatedJson';
import { pythonJsonDumps, type PythonJsonValue } from './pythonJson';
import { dfSkeletonId, rfSkeletonId } from './skeletons';
import type { DfSkeleton, RfSkeleton } from './types';

export type SkeletonKind = 'df' | 'rf';

/** The line with `from` renamed to `to` and its id recomputed, or null when the line does not use the name. */
export function renameInSkeletonLine(line: string, skeleton: SkeletonKind, nameKind: 'location' | 'action', from: string, to: string): string | null {
  // Re-serialising recurses per nesting level; such a line is already a `json/too-deep` error.
  if (excessiveDepthOffset(line) >= 0) return null;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
  let changed = false;
  const rename = (holder: Record<string, unknown>, key: string) => {
    if (holder[key] === from) {
      holder[key] = to;
      changed = true;
    }
  };
  if (nameKind === 'location') {
    rename(record, 'src_node');
    rename(record, 'dst_node');
  }
  if (skeleton === 'df' && Array.isArray(record.path_details)) {
    for (const step of record.path_details as Array<Record<string, unknown>>) {
      if (nameKind === 'location') {
        rename(step, 'prev_node');
        rename(step, 'node');
      } else rename(step, 'action');
    }
  }
  if (!changed) return null;
  record.id = skeleton === 'df' ? dfSkeletonId((record as unknown as DfSkeleton).path_details) : rfSkeletonId((record as unknown as RfSkeleton).src_node, (record as unknown as RfSkeleton).dst_node);
  return pythonJsonDumps(record as PythonJsonValue);
}
