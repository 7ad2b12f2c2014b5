// GRASP (Tang and Kejriwal 2024): grid files and the response files of a batch run, each validated alone.
import type { GraspQuestion } from '../eval/types';
import type { BenchmarkDefinition } from '../registry';
import { graspDeclaration } from './declaration';
import { baseName } from '../walk';
import { parseGraspGridFile } from './gridFile';
import { parseGraspResultsFile } from './resultsFile';
import { describeSettings } from './settings';
import { graspReport } from './report';

export const graspBenchmark: BenchmarkDefinition<GraspQuestion> = {
  ...graspDeclaration,
  report: graspReport,
  validate: (kind, text, path) => (kind === 'grasp-grids' ? parseGraspGridFile(text, baseName(path)) : parseGraspResultsFile(text)).diagnostics,
  // One lens per grid record (the extension's command asks for the agent setting and the model), and
  // per row of a response file (scored and stepped on its grid).
  questions(kind, text, path) {
    if (kind === 'grasp-grids') {
      return parseGraspGridFile(text, baseName(path)).entries.map((entry) => ({ line: entry.line, label: `▶ Run GRASP #${entry.record.index}`, command: 'waypoint.runGraspQuestion', argument: { index: entry.record.index } }));
    }
    return parseGraspResultsFile(text).entries.map((entry) => ({ line: entry.line, label: `▶ Score and step · ${entry.file} #${entry.index} · ${describeSettings(entry.settings)}`, command: 'waypoint.scoreGraspResponse', argument: { line: entry.line } }));
  },
};
