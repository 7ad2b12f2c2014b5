// The one zod schema of an OpenAI-compatible chat completion, whole and streamed (a chunk), for
// every reader: the provider, the connection test and batch import. Only `choices` decides whether
// a body is a chat completion at all; every other field is read leniently (a wrong type reads as
// absent), because each server spells its extras its own way (notes/real-servers.md) and a field a
// reader does not need must not lose an answer that was paid for. The objects stay loose: the
// extras beyond these fields (reasoning text, token details, the provider's cost) are read by
// replyFields.ts from the same objects.
import * as z from 'zod/mini';

/** `schema`, or undefined when the field is missing or of another type. */
const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

const tokenCount = z.int().check(z.minimum(0));

const usageSchema = z.looseObject({
  prompt_tokens: lenient(z.nullable(tokenCount)),
  completion_tokens: lenient(z.nullable(tokenCount)),
});

/** A whole reply's `message`, or a streamed chunk's `delta`. */
const messageSchema = z.looseObject({ content: lenient(z.nullable(z.string())) });

const choiceSchema = z.looseObject({
  message: lenient(messageSchema),
  delta: lenient(messageSchema),
  finish_reason: lenient(z.nullable(z.string())),
});

const fields = { model: lenient(z.nullable(z.string())), usage: lenient(z.nullable(usageSchema)) };

/** A choice that is not an object reads as an empty one. */
const choices = z.array(z.catch(choiceSchema, {}));

/** `POST /chat/completions` answered whole (also the body of a batch output row). */
export const chatCompletionSchema = z.looseObject({ ...fields, choices });

/** One event of a streamed reply (`stream: true`); the last may carry only `usage`. */
const chatCompletionChunkSchema = z.looseObject({ ...fields, choices: lenient(choices) });

type ChatCompletion = z.infer<typeof chatCompletionSchema>;
type ChatCompletionChunk = z.infer<typeof chatCompletionChunkSchema>;

/** `value` as a chat completion, or null when it is not one (no `choices` list). */
export function readChatCompletion(value: unknown): ChatCompletion | null {
  const parsed = z.safeParse(chatCompletionSchema, value);
  return parsed.success ? parsed.data : null;
}

/** `value` as a streamed chunk; a chunk that is not an object reads as an empty one. */
export function readChatCompletionChunk(value: unknown): ChatCompletionChunk {
  const parsed = z.safeParse(chatCompletionChunkSchema, value);
  return parsed.success ? parsed.data : {};
}
