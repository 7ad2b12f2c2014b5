// zod schemas of Waypoint's SmartPlay episode logs (JSON Lines): one header line, one line per
// step, an optional end line. Logs written by the runner carry every field; logs converted from
// other runs (Messenger, Crafter, MineDojo) may omit what they do not have, so only what a viewer
// needs (observations, actions, rewards, scores) is required.
import { z } from 'zod';
import { chatMessageSchema } from '../../eval/recordSchemas';

export const EPISODE_LOG_FORMAT = 'waypoint-smartplay-episode';

const text = (description: string) => z.string().describe(description);
const count = (description: string) => z.number().int().min(0).describe(description);

const promptRecordSchema = z.object({
  messages: z.array(chatMessageSchema).min(1).describe('The exact chat messages sent for one question.'),
  answer: text('The raw model answer; data, never code.'),
});

const episodeSetupSchema = z
  .object({
    probabilities: z.array(z.number().min(0).max(1)).min(1),
    rewards: z.array(z.number()).min(1),
  })
  .describe('The random setup drawn at reset (Bandits: p_dist/r_dist; RPS: probs/reward after shuffling).');

const stepOutcomeSchema = z
  .union([z.object({ paid: z.boolean() }).strict(), z.object({ opponent: z.number().int().min(0).max(2) }).strict()])
  .describe('The random outcome of a step: a bandit payout or the RPS opponent action.');

export const episodeHeaderLineSchema = z
  .object({
    kind: z.literal('header'),
    format: z.literal(EPISODE_LOG_FORMAT),
    version: z.literal(1),
    game: z
      .string()
      .min(1)
      .describe('Upstream env name, e.g. Hanoi3Disk, BanditTwoArmedHighLowFixed, MessengerL1, Crafter.'),
    settings: z
      .object({
        maxSteps: count('Step limit of the episode.').optional(),
        windowSize: count('History window size.').optional(),
        mode: z.enum(['faithful', 'reference']).optional(),
        optionalFinalPeriod: z
          .boolean()
          .optional()
          .describe('Non-reference matching of actions without their final period.'),
      })
      .optional(),
    seed: z.number().int().nullable().optional(),
    agent: z.string().optional(),
    actionList: z.array(z.string().min(1)).min(1).optional(),
    manual: z.string().optional(),
    reset: z.object({ observation: z.string(), score: z.number(), setup: episodeSetupSchema.optional() }).optional(),
  })
  .describe('First line of a SmartPlay episode log.');

export const episodeStepLineSchema = z
  .object({
    kind: z.literal('step'),
    step: z.number().int().min(1).describe('1-based step number.'),
    observation: text('Observation shown in this step (before acting).'),
    history: z.string().optional(),
    prompts: z.array(promptRecordSchema).optional(),
    action: count('Index into the action list.'),
    actionText: z.string().optional(),
    matched: z.boolean().optional().describe('False when no action matched the answer and action 0 was taken.'),
    reward: z.number(),
    totalReward: z.number().optional(),
    done: z.boolean(),
    score: z.number().describe("info['score'] after the step."),
    completed: z.union([z.literal(0), z.literal(1)]).optional(),
    nextObservation: z.string().optional(),
    outcome: stepOutcomeSchema.optional(),
  })
  .describe('One step of a SmartPlay episode.');

export const episodeEndLineSchema = z
  .object({
    kind: z.literal('end'),
    reason: z.enum(['done', 'step-limit', 'cancelled', 'error']),
    steps: count('Steps played.'),
    score: z.number(),
    totalReward: z.number(),
    completed: z.union([z.literal(0), z.literal(1)]),
    normalizedScore: z.number().nullable(),
    error: z.string().optional(),
  })
  .describe('Last line of a finished SmartPlay episode log.');

export const episodeLineSchema = z.discriminatedUnion('kind', [
  episodeHeaderLineSchema,
  episodeStepLineSchema,
  episodeEndLineSchema,
]);

export type EpisodeHeaderLine = z.infer<typeof episodeHeaderLineSchema>;
export type EpisodeStepLine = z.infer<typeof episodeStepLineSchema>;
export type EpisodeEndLine = z.infer<typeof episodeEndLineSchema>;
export type EpisodeLine = z.infer<typeof episodeLineSchema>;

/** JSON Schema of one log line, for documentation and editor help. */
export function smartplayJsonSchemas(): Record<string, unknown> {
  return { 'smartplay-episode-line': z.toJSONSchema(episodeLineSchema, { target: 'draft-7' }) };
}
