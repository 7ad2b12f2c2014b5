// The Play panel's message protocol (issue 17: interactive episodes and human play), one zod schema
// per direction; both sides use the inferred types and the receiver parses every message. The host
// plays the episode (core's environment through the evaluation pipeline) and streams it; the view
// only shows it and sends back what a person types, Stop and Restart. Every string here is data
// (observations, model replies): the view sets it as text, never as markup.
import * as z from 'zod/mini';

export const playStep = z.object({
  command: z.string(),
  observation: z.string(),
  location: z.string(),
  /** False when the environment refused the command (it still cost a step). */
  valid: z.boolean(),
  /** A model's whole reply when the command was read out of a longer one. */
  reply: z.optional(z.string()),
});
export type PlayStep = z.infer<typeof playStep>;

/** How an episode ended: core's EpisodeEnd, or `error` when the player failed (a model call that failed). */
export const playEnd = z.enum(['success', 'done', 'step-limit', 'cancelled', 'error']);
export type PlayEnd = z.infer<typeof playEnd>;

export const hostToPlayMessage = z.discriminatedUnion('type', [
  /** A new episode (also on Restart): what the player is told, before the first turn. */
  z.object({
    type: z.literal('episode'),
    title: z.string(),
    /** Who plays: `human` types; `agent` (a built-in) and `model` turns stream in. */
    player: z.object({ kind: z.enum(['human', 'agent', 'model']), label: z.string() }),
    instructions: z.string(),
    commands: z.array(z.string()),
    maxSteps: z.int(),
    opening: z.string(),
  }),
  /** One turn played: the step at `index` (0-based). */
  z.object({ type: z.literal('step'), index: z.int(), step: playStep }),
  /** Whose turn it is: the person's (input enabled) or the player's (waiting for its reply). */
  z.object({ type: z.literal('turn'), step: z.int(), waiting: z.enum(['human', 'player']) }),
  /** The episode is over; `runFile` when its run record was written, `error` when the player failed. */
  z.object({
    type: z.literal('end'),
    end: playEnd,
    reached: z.boolean(),
    moves: z.int(),
    runFile: z.optional(z.string()),
    error: z.optional(z.string()),
  }),
]);
export type HostToPlayMessage = z.infer<typeof hostToPlayMessage>;

export const playToHostMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** What the person typed, as typed (the environment judges it). */
  z.object({ type: z.literal('command'), text: z.string() }),
  z.object({ type: z.literal('stop') }),
  z.object({ type: z.literal('restart') }),
]);
export type PlayToHostMessage = z.infer<typeof playToHostMessage>;
