// What each GRASP answer code means, shown beside the code in reports (docs/diagnostics.md).
import { GraspAnswerCodes as C } from './codes';

export const GRASP_CODE_MEANINGS: Readonly<Record<string, string>> = {
  [C.noList]: 'no action list could be read from the answer',
  [C.unknownToken]: 'a token that is not one of the actions',
  [C.diagonalNotAllowed]: 'a diagonal move under μ1 (4 moves)',
  [C.blockedByBoundary]: 'a move off the grid: the agent stays put',
  [C.blockedByObstacle]: 'a move into an obstacle: the agent stays put',
  [C.takeEmptyCell]: 'TAKE on a cell with no energy',
  [C.takeAtCarryLimit]: 'TAKE while already carrying the limit',
  [C.dropOffStart]: 'DROP off the start cell: that energy does not count',
  [C.dropNothing]: 'DROP while carrying nothing (a note)',
  [C.truncated]: 'actions beyond the 20-step limit, ignored (a note)',
  [C.score]: "the answer's energy and how it was scored (a note on every scored answer)",
  [C.grid]: 'which grid file and record the answer was scored against (a note)',
};

/** Notes, never failures: every scored answer has a score and a grid. */
export const GRASP_INFORMATIONAL_CODES: readonly string[] = [C.score, C.grid, C.truncated, C.dropNothing];
