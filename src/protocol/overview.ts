// The message protocol between a host (VS Code, or the browser test host) and the walkthrough
// overview webview, one zod schema per direction; both sides use the inferred types and the
// receiving side parses every message with the schema (a webview treats every message as untrusted).
import * as z from 'zod/mini';

/** A walkthrough step reduced to what views need. */
const stepSummary = z.object({
  number: z.number(),
  action: z.string(),
  location: z.nullable(z.string()),
  /** 0-based line of the step header. */
  line: z.number(),
});
export type StepSummary = z.infer<typeof stepSummary>;

export const hostToOverviewMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('steps'), fileName: z.string(), steps: z.array(stepSummary) }),
  z.object({ type: z.literal('activeStep'), number: z.nullable(z.number()) }),
]);
export type HostToOverviewMessage = z.infer<typeof hostToOverviewMessage>;

export const overviewToHostMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('revealStep'), line: z.int().check(z.nonnegative()) }),
]);
export type OverviewToHostMessage = z.infer<typeof overviewToHostMessage>;
