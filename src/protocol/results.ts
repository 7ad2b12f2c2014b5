// The results view's message protocol (issue 15), one zod schema per direction; both sides use the
// inferred types and the receiver parses every message. The host sends the model built by core
// (src/core/runs/resultsModel.ts, re-exported here); the view asks for one record's detail, the
// answer or replay in the editor, a comparison of two models, or an export.
import * as z from 'zod/mini';
import type { PackedReplay } from '../core/runs/replayFrames';
import type { CompareJson, RecordDetail, ResultsModel } from '../core/runs/reportTypes';

export type * from '../core/runs/reportTypes';
export type { PackedFrame, PackedReplay } from '../core/runs/replayFrames';

// Checked as far as the view relies on (it treats the rest defensively and sets all text as text).
// Plain predicates: a model holds 40,000 rows, which zod would walk one by one.
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const model = z.custom<ResultsModel>(
  (value) =>
    isObject(value) &&
    isObject(value.report) &&
    Array.isArray(value.rows) &&
    Array.isArray(value.strings) &&
    Array.isArray(value.models),
);
const detail = z.custom<RecordDetail>(
  (value) => isObject(value) && typeof value.rawAnswer === 'string' && Array.isArray(value.diagnostics),
);
const replay = z.custom<PackedReplay>((value) => isObject(value) && Array.isArray(value.fr));
const comparison = z.custom<CompareJson>(
  (value) => isObject(value) && isObject(value.metrics) && Array.isArray(value.flips),
);

/** More files than this in one drop are refused whole (a drop of a folder's thousands of files is a slip). */
export const MAX_DROPPED_FILES = 64;

/** A figure larger than this (SVG text or PNG data URL) is refused: the papers' figures are tens of kilobytes. */
export const MAX_FIGURE_CHARS = 32 * 1024 * 1024;

export const hostToResultsMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('results'), model }),
  /** A record's detail; `replay` when the host found its files, else `replayNote` says why not. */
  z.object({
    type: z.literal('detail'),
    index: z.int(),
    detail,
    replay: z.optional(replay),
    replayNote: z.optional(z.string()),
  }),
  z.object({
    type: z.literal('compared'),
    a: z.string(),
    b: z.string(),
    result: z.optional(comparison),
    error: z.optional(z.string()),
  }),
  /** A message for the status line (an export written, a replay that could not open). */
  z.object({ type: z.literal('status'), text: z.string() }),
]);
export type HostToResultsMessage = z.infer<typeof hostToResultsMessage>;

export const resultsToHostMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('detail'), index: z.int() }),
  /** Open the record's answer in the editor with its diagnostics. */
  z.object({ type: z.literal('openAnswer'), index: z.int() }),
  /** Replay the record on the maze or the board. */
  z.object({ type: z.literal('openReplay'), index: z.int() }),
  z.object({ type: z.literal('compare'), a: z.string(), b: z.string() }),
  /** One question's answers by models a and b side by side in the editor, step by step with verdicts. */
  z.object({ type: z.literal('compareQuestion'), sampleId: z.string(), a: z.string(), b: z.string() }),
  z.object({ type: z.literal('share'), format: z.enum(['html', 'csv']) }),
  /**
   * Save one paper figure where the user says: `data` is the figure's SVG text, or for `png` a PNG
   * data URL the view drew from it. `name` is the file-name stem `report --plots` uses.
   */
  z.object({
    type: z.literal('saveFigure'),
    name: z.string().check(z.maxLength(200)),
    title: z.string().check(z.maxLength(500)),
    format: z.enum(['svg', 'png']),
    data: z.string().check(z.maxLength(MAX_FIGURE_CHARS)),
  }),
  /**
   * Files dropped on the view (VS Code's Explorer hands a webview its drags only while Shift is
   * held), as the URIs the drag carried: the host adds the run files among them to the view.
   */
  z.object({
    type: z.literal('openFiles'),
    uris: z.array(z.string().check(z.maxLength(4096))).check(z.minLength(1), z.maxLength(MAX_DROPPED_FILES)),
  }),
  /** Count records answered from a cut (`truncated`, `context_truncated`) in the means, or leave them out (the default): `waypoint report --include-truncated`. */
  z.object({ type: z.literal('includeTruncated'), include: z.boolean() }),
  /** Count questions without a correct answer at their cutoff in the headline, or report them apart (the default): `waypoint report --include-unanswerable`. */
  z.object({ type: z.literal('includeUnanswerable'), include: z.boolean() }),
  /** The view has drawn the model: how long it took from receiving it (the 2 s budget). */
  z.object({ type: z.literal('rendered'), milliseconds: z.number(), rows: z.int() }),
]);
export type ResultsToHostMessage = z.infer<typeof resultsToHostMessage>;
