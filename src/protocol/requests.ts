// Custom LSP requests between the extension (client) and the language server. One definition of
// each method name and its parameter/result shapes, imported by both sides, so a rename or a new
// field cannot drift (the same idea as rust-analyzer's lsp_ext.ts).

/** A walkthrough step reduced to what views need. */
export interface StepSummary {
  number: number;
  action: string;
  location: string | null;
  /** 0-based line of the step header. */
  line: number;
}

export const WalkthroughStepsRequest = 'waypoint/walkthroughSteps';
export interface WalkthroughStepsParams {
  uri: string;
}
export interface WalkthroughStepsResult {
  uri: string;
  version: number;
  steps: StepSummary[];
}

export const ValidateWorkspaceRequest = 'waypoint/validateWorkspace';
export interface ValidateWorkspaceParams {
  /** Files above this size are listed as skipped rather than read. */
  maxFileSizeBytes: number;
}
export interface ValidateWorkspaceResult {
  files: number;
  errors: number;
  warnings: number;
  skipped: Array<{ path: string; reason: string }>;
  cancelled: boolean;
}
