// What Show Board draws of a GRASP grid file, declared for the registry: the grid record at the
// cursor (or the first) with the agent on its start cell.
import type { FileScene } from '../../benchmark/registry';
import { baseName } from '../../util/walk';
import { graspScene } from './boardTimeline';
import { parseGraspGridFile } from './gridFile';

export function graspFileScene(kind: string, text: string, path: string, line: number | undefined): FileScene | null {
  if (kind !== 'grasp-grids') return null;
  const { entries } = parseGraspGridFile(text, baseName(path));
  const entry = entries.find((candidate) => candidate.line === line) ?? entries[0];
  if (!entry) return { problem: 'no readable grid in this file (see Problems)' };
  return { scene: graspScene(entry.grid, entry.grid.start), title: `GRASP ${path} #${entry.record.index}` };
}
