// Stable diagnostic codes for walkthrough files. They are part of the CLI's JSON output and of
// quick-fix matching, so a code is never renamed or reused; docs/diagnostics.md lists them.
export const WalkthroughCodes = {
  separatorMalformed: 'walkthrough/separator-malformed',
  separatorMissing: 'walkthrough/separator-missing',
  headerMalformed: 'walkthrough/header-malformed',
  headerInObservation: 'walkthrough/header-in-observation',
  actMissing: 'walkthrough/act-missing',
  actEmpty: 'walkthrough/act-empty',
  observationMissing: 'walkthrough/observation-missing',
  contentOutsideStep: 'walkthrough/content-outside-step',
  stepSequence: 'walkthrough/step-sequence',
  stepDuplicate: 'walkthrough/step-duplicate',
  initMissing: 'walkthrough/init-missing',
  empty: 'walkthrough/empty',
} as const;

/** Cross-file findings in a MANGO game folder (gameChecks.ts). */
export const MangoCodes = {
  unknownLocation: 'mango/unknown-location',
  unknownAction: 'mango/unknown-action',
  unusedLocation: 'mango/unused-location',
  unusedAction: 'mango/unused-action',
  duplicateName: 'mango/duplicate-name',
  notLowerCase: 'mango/not-lower-case',
  duplicateEdge: 'mango/duplicate-edge',
  ambiguousMove: 'mango/ambiguous-move',
  stepLabel: 'mango/step-label',
  unreachableLocation: 'mango/unreachable-location',
  actionMismatch: 'mango/action-mismatch',
  unannotatedMove: 'mango/unannotated-move',
  confusableLocations: 'mango/confusable-locations',
  imputationConflict: 'mango/imputation-conflict',
  skeletonPath: 'mango/skeleton-path',
  skeletonLabel: 'mango/skeleton-label',
  skeletonId: 'mango/skeleton-id',
  skeletonDuplicate: 'mango/skeleton-duplicate',
} as const;
