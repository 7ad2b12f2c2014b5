// A GRASP record's replay for the report's drill-down: its answer simulated again on its grid (the
// record names the grid file and index; `--grids DIR` says where the file is when the record's own
// path does not read).
import type { BoardTimeline } from '../../benchmark/board';
import type { RunRecord } from '../../eval/types';
import type { GraspQuestion } from './questionSchema';
import type { ReplayContext } from '../../benchmark/registry';
import { baseName, joinPath } from '../../util/walk';
import { graspTimeline } from './boardTimeline';
import { scoreGraspAnswer } from './evaluation';
import { parseGraspGridFile } from './gridFile';

export async function graspReplay(
  record: RunRecord<GraspQuestion>,
  context: ReplayContext,
): Promise<BoardTimeline | string> {
  const question = record.question;
  const grids = context.sources.grids;
  const candidates = [
    ...(question.gridPath ? [question.gridPath] : []),
    ...(grids ? [joinPath(grids, question.file)] : []),
  ];
  if (candidates.length === 0) return 'replays need --grids DIR (the folder of the GRASP grid files)';
  const entries = await context.firstFound(
    'grasp-grids',
    candidates,
    (text, path) =>
      new Map(parseGraspGridFile(text, baseName(path)).entries.map((entry) => [entry.record.index, entry])),
  );
  if (typeof entries === 'string') return `grid file not found: ${entries}`;
  const entry = entries.get(question.index);
  if (!entry) return `${question.file} has no grid with index ${question.index}`;
  const scored = scoreGraspAnswer({ grid: entry.grid, question }, record.rawAnswer, record.mode);
  return graspTimeline(entry.grid, scored.simulation, `${question.file} #${question.index} (${record.mode})`);
}
