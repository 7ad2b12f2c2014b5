// The one message protocol between a host (VS Code, or the browser test host) and the walkthrough
// overview webview. Messages are plain JSON; the webview validates what it receives because a
// webview must treat every message as untrusted input.
import type { StepSummary } from './requests';

export type HostToOverviewMessage =
  | { type: 'steps'; fileName: string; steps: StepSummary[] }
  | { type: 'activeStep'; number: number | null };

export type OverviewToHostMessage =
  | { type: 'ready' }
  | { type: 'revealStep'; line: number };
