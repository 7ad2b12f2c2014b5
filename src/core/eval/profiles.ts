// Model profiles as users write them (the `waypoint.models` setting, `waypoint run --profile
// models.json`): one schema and one set of defaults for the editor and the CLI, so a profile means
// the same model with the same parameters in both, and their cache entries agree.
import * as z from 'zod/mini';
import { describeSchemaIssue } from '../util/schema/issues';
import { type ModelProfile, REASONING_EFFORTS, type SentParameters } from './types';

export const PROFILE_DEFAULTS = { temperature: 0, maxTokens: 512, timeoutMs: 60_000, retries: 2 } as const;

export const BUILT_IN_PROFILES: readonly ModelProfile[] = [
  { id: 'oracle', provider: 'oracle', ...PROFILE_DEFAULTS },
  { id: 'random', provider: 'random', ...PROFILE_DEFAULTS },
];

const profileSchema = z.object({
  id: z.string().check(z.minLength(1)),
  provider: z.enum(['openai-compatible', 'oracle', 'random']),
  baseUrl: z.optional(z.string()),
  model: z.optional(z.string()),
  temperature: z.optional(z.number()),
  maxTokens: z.optional(z.int()),
  timeoutMs: z.optional(z.int()),
  retries: z.optional(z.int()),
  stream: z.optional(z.boolean()),
  seed: z.optional(z.int()),
  apiKeyEnv: z.optional(z.string()),
  costPer1kInput: z.optional(z.number()),
  costPer1kOutput: z.optional(z.number()),
  messageLayout: z.optional(z.enum(['as-is', 'alternate'])),
  historyTurns: z.optional(z.int().check(z.minimum(1))),
  maxCompletionTokens: z.optional(z.int().check(z.positive())),
  reasoningEffort: z.optional(z.enum(REASONING_EFFORTS)),
});

/**
 * A profile as a --profile file may write it: the same fields, and no others. A field the schema
 * does not know (`baseURL`, `max_tokens`) is an error there, not silently dropped.
 */
export const profileFileEntrySchema = z.strictObject(profileSchema.shape);

/** A configured entry as a profile with defaults filled in, or why it is not one (`where` names it, e.g. `waypoint.models[2]`). */
export function parseProfile(
  entry: unknown,
  where: string,
): { ok: true; profile: ModelProfile } | { ok: false; message: string } {
  const parsed = profileSchema.safeParse(entry);
  if (!parsed.success)
    return {
      ok: false,
      message: `${where} is not a valid model profile: ${parsed.error.issues.map((issue) => describeSchemaIssue(issue, entry, issue.path as ReadonlyArray<string | number>)).join('; ')}`,
    };
  return { ok: true, profile: { ...PROFILE_DEFAULTS, ...parsed.data } };
}

/** The most completion tokens a request of `profile` may produce: `maxCompletionTokens` when set (it replaces `maxTokens` on the wire), else `maxTokens`. */
export function completionLimit(profile: ModelProfile): number {
  return profile.maxCompletionTokens ?? profile.maxTokens;
}

/** The token limit and reasoning effort a request of `profile` sends, under their wire names. */
export function sentParameters(profile: ModelProfile): SentParameters {
  return {
    ...(profile.maxCompletionTokens !== undefined
      ? { max_completion_tokens: profile.maxCompletionTokens }
      : { max_tokens: profile.maxTokens }),
    ...(profile.reasoningEffort !== undefined ? { reasoning_effort: profile.reasoningEffort } : {}),
  };
}
