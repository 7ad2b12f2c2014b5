// The message protocol between a host (VS Code, or the browser test host) and the walkthrough
// overview webview, one zod schema per direction; both sides use the inferred types and the
// receiving side parses every message with the schema (a webview treats every message as untrusted).
import * as z from 'zod/mini';

/** A walkthrough step reduced to what views need (the server builds it). */
export interface StepSummary {
  number: number;
  action: string;
  location: string | null;
  /** 0-based line of the step header. */
  line: number;
}

// Only the list itself is checked: parsing 100,000 steps one by one with zod (interpreted: the
// webview's CSP forbids its compiled checks) takes ~100 ms against ~5 ms to draw them, and the
// list inserts every field as text, so a wrong field shows as text rather than doing harm.
const steps = z.custom<StepSummary[]>((value) => Array.isArray(value));

export const hostToOverviewMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('steps'), fileName: z.string(), steps }),
  z.object({ type: z.literal('activeStep'), number: z.nullable(z.number()) }),
]);
export type HostToOverviewMessage = z.infer<typeof hostToOverviewMessage>;

export const overviewToHostMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('revealStep'), line: z.int().check(z.nonnegative()) }),
]);
export type OverviewToHostMessage = z.infer<typeof overviewToHostMessage>;
