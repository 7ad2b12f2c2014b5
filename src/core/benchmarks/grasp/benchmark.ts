// GRASP (Tang and Kejriwal 2024): grid files, the response files of a batch run and the baseline
// result files, each validated alone; grid files × agent settings as a question set.
import type { GraspQuestion } from './questionSchema';
import type { BenchmarkDefinition } from '../../benchmark/registry';
import { SCORING_MODES } from './types';
import { baseName } from '../../util/walk';
import { MAX_DIAGNOSTICS_PER_FILE } from '../../util/diagnosticCap';
import { parseGraspBaselineFile } from './baselineFile';
import { graspFileScene } from './boardHooks';
import { graspDeclaration } from './declaration';
import { parseGraspGridFile } from './gridFile';
import { GRASP_QUESTION_OPTIONS, GRASP_QUESTION_OPTION_HINTS, graspQuestionSet } from './questionSet';
import { parseGraspResultsFile } from './resultsFile';
import { describeSettings } from './settings';
import { graspReport } from './report';
import { graspReplay } from './reportReplay';

export const graspBenchmark: BenchmarkDefinition<GraspQuestion> = {
  // The report's drill-down (core/runs/replays.ts asks it).
  replay: graspReplay,
  ...graspDeclaration,
  report: graspReport,
  validate(kind, text, path) {
    // Kept up to the per-file cap: a file of a million broken lines is counted, not held.
    if (kind === 'grasp-grids') return parseGraspGridFile(text, baseName(path), MAX_DIAGNOSTICS_PER_FILE).diagnostics;
    if (kind === 'grasp-baseline-results') return parseGraspBaselineFile(text, MAX_DIAGNOSTICS_PER_FILE).diagnostics;
    return parseGraspResultsFile(text, MAX_DIAGNOSTICS_PER_FILE).diagnostics;
  },
  // One lens per grid record (the extension's command asks for the agent setting and the model), and
  // per row of a response file (scored and stepped on its grid). Baseline result files have none:
  // their rows name no file, so the grid is the namesake in the parent of `*_results`.
  questions(kind, text, path) {
    if (kind === 'grasp-grids') {
      return parseGraspGridFile(text, baseName(path)).entries.map((entry) => ({
        line: entry.line,
        label: `▶ Run GRASP #${entry.record.index}`,
        command: 'waypoint.runGraspQuestion',
        argument: { index: entry.record.index },
      }));
    }
    if (kind === 'grasp-baseline-results') return [];
    return parseGraspResultsFile(text).entries.map((entry) => ({
      line: entry.line,
      label: `▶ Score and step · ${entry.file} #${entry.index} · ${describeSettings(entry.settings)}`,
      command: 'waypoint.scoreGraspResponse',
      argument: { line: entry.line },
    }));
  },
  questionSet: graspQuestionSet,
  questionOptions: GRASP_QUESTION_OPTIONS,
  questionOptionHints: GRASP_QUESTION_OPTION_HINTS,
  scoringModes: SCORING_MODES,
  fileScene: graspFileScene,
};
