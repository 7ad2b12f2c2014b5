// Stable diagnostic codes for GRASP files and answers. They are part of the CLI's JSON output and
// of quick-fix matching, so a code is never renamed or reused.
export const GraspCodes = {
  blankLine: 'grasp/blank-line',
  notObject: 'grasp/not-object',
  fieldMissing: 'grasp/field-missing',
  fieldType: 'grasp/field-type',
  unknownField: 'grasp/unknown-field',
  gridLayout: 'grasp/grid-layout',
  gridCell: 'grasp/grid-cell',
  startCount: 'grasp/start-count',
  startMismatch: 'grasp/start-mismatch',
  startRegion: 'grasp/start-region',
  energyProbability: 'grasp/energy-probability',
  energyCount: 'grasp/energy-count',
  obstacleMismatch: 'grasp/obstacle-mismatch',
  indexSequence: 'grasp/index-sequence',
  fileName: 'grasp/file-name',
} as const;

/** Diagnostics on a model's answer text (ranges in the answer), from evaluation.ts. */
export const GraspAnswerCodes = {
  noList: 'grasp-answer/no-list',
  unknownToken: 'grasp-answer/unknown-token',
  diagonalNotAllowed: 'grasp-answer/diagonal-not-allowed',
  blockedByBoundary: 'grasp-answer/blocked-by-boundary',
  blockedByObstacle: 'grasp-answer/blocked-by-obstacle',
  takeEmptyCell: 'grasp-answer/take-empty-cell',
  takeAtCarryLimit: 'grasp-answer/take-at-carry-limit',
  dropOffStart: 'grasp-answer/drop-off-start',
  dropNothing: 'grasp-answer/drop-nothing',
  truncated: 'grasp-answer/truncated',
  score: 'grasp-answer/score',
  /** Which grid file and record the answer was scored against, and why that grid. */
  grid: 'grasp-answer/grid',
} as const;

/** Diagnostics on an upstream response file (`*_output.jsonl`), from resultsFile.ts. */
export const GraspResultsCodes = {
  notObject: 'grasp-results/not-object',
  customIdMissing: 'grasp-results/custom-id-missing',
  customIdInvalid: 'grasp-results/custom-id-invalid',
  duplicateCustomId: 'grasp-results/duplicate-custom-id',
  answerMissing: 'grasp-results/answer-missing',
  errorRow: 'grasp-results/error-row',
  cutOff: 'grasp-results/cut-off',
} as const;

/** Diagnostics on an upstream baseline result file (`results/{greedy,random}_results/*.jsonl`), from baselineFile.ts. */
export const GraspBaselineCodes = {
  notObject: 'grasp-baseline/not-object',
  fieldMissing: 'grasp-baseline/field-missing',
  fieldType: 'grasp-baseline/field-type',
  unknownField: 'grasp-baseline/unknown-field',
  setting: 'grasp-baseline/setting',
  duplicate: 'grasp-baseline/duplicate',
} as const;
