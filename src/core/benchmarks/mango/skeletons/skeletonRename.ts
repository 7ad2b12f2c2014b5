// Renaming a location or action inside a skeleton line. Skeleton ids hash the names, so a rename
// also recomputes the id; the line is re-serialised exactly as upstream writes it (json.dumps).
import { pythonJsonDumps, type PythonJsonValue } from '../../../util/pythonJson';
import { parseSkeletonLine } from './skeletonLines';
import { dfSkeletonId, rfSkeletonId } from './skeletons';
import type { DfSkeleton, RfSkeleton } from '../types';

type SkeletonKind = 'df' | 'rf';

/** The line with `from` renamed to `to` and its id recomputed, or null when the line does not use the name. */
export function renameInSkeletonLine(
  line: string,
  skeleton: SkeletonKind,
  nameKind: 'location' | 'action',
  from: string,
  to: string,
): string | null {
  // Only a line the schema accepts is rewritten (a broken one is already a diagnostic; the
  // depth guard keeps re-serialising from recursing without end). The rename edits the JSON as
  // parsed, so the line keeps its key order and any keys the schema does not declare.
  const parsed = parseSkeletonLine(skeleton, line);
  if (!parsed.ok) return null;
  // The schema accepted this value, so it has the skeleton's fields with their types.
  const record = parsed.json as Record<string, unknown>;
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
  if (skeleton === 'df') {
    for (const step of record.path_details as Array<Record<string, unknown>>) {
      if (nameKind === 'location') {
        rename(step, 'prev_node');
        rename(step, 'node');
      } else rename(step, 'action');
    }
  }
  if (!changed) return null;
  record.id =
    skeleton === 'df'
      ? dfSkeletonId(record.path_details as DfSkeleton['path_details'])
      : rfSkeletonId(record.src_node as RfSkeleton['src_node'], record.dst_node as RfSkeleton['dst_node']);
  return pythonJsonDumps(record as PythonJsonValue);
}
