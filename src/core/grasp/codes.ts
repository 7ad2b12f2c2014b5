// Stable diagnostic codes for GRASP grid files. They are part of the CLI's JSON output and of
// quick-fix matching, so a code is never renamed or reused.
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
