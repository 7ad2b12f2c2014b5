// Prompt tokens as the model's own server counts them when it can (llama-server's /apply-template +
// /tokenize, vLLM's /tokenize: exact, its tokenizer and chat template), otherwise estimated with
// cl100k — and every count says which it is. Tokenizers differ by a third and more (a Llama
// vocabulary counted 29–30% more than cl100k, ../shared/notes/real-servers.md), so an estimate is
// never passed off as the server's number.
import { type JsonPost, serverPromptTokens, type TokenCounting } from '../eval/serverFacts';
import type { ChatMessage } from '../eval/types';
import { cl100kCounter } from '../util/tokenizer';
import { ChatTokenCounter } from './tokens';

/** Who counted: the server (exact) or cl100k (an estimate for any model but OpenAI's cl100k family). */
export type CountedBy = 'server' | 'cl100k';

export interface PromptCount {
  tokens: number;
  by: CountedBy;
}

export interface PromptCounter {
  /** `server` when counts come from the served model's server (each count still says, in case one fell back), `cl100k` when all are estimates. */
  readonly by: CountedBy;
  count(messages: readonly ChatMessage[]): Promise<PromptCount>;
}

let chatTokens: ChatTokenCounter | undefined;

/** Prompt tokens as OpenAI counts a chat request: cl100k over each message plus 3 per message and 3 to prime the reply. */
export function countChatTokens(messages: readonly ChatMessage[]): number {
  chatTokens ??= new ChatTokenCounter(cl100kCounter());
  return chatTokens.countMessages(messages);
}

/** Estimates only (cl100k): for servers that do not count, and offline agents. */
export const cl100kPromptCounter: PromptCounter = {
  by: 'cl100k',
  count: async (messages) => ({ tokens: countChatTokens(messages), by: 'cl100k' }),
};

/** A server that stopped answering counts this many times in a row is not asked again: the rest are estimates. */
const GIVE_UP_AFTER = 3;

/** Counts by the server at `root` the way `counting` says (probed beforehand), falling back to cl100k for a count the server did not give. */
export function serverPromptCounter(
  post: JsonPost,
  root: string,
  counting: TokenCounting,
  model: string,
): PromptCounter {
  let failuresInARow = 0;
  return {
    by: 'server',
    async count(messages) {
      if (failuresInARow < GIVE_UP_AFTER) {
        const tokens = await serverPromptTokens(post, root, counting, model, messages);
        failuresInARow = tokens === null ? failuresInARow + 1 : 0;
        if (tokens !== null) return { tokens, by: 'server' };
      }
      return { tokens: countChatTokens(messages), by: 'cl100k' };
    },
  };
}

/**
 * The most tokens any tokenizer Waypoint meets can make of a chat prompt: byte-level BPE and
 * SentencePiece with byte fallback never make more tokens than the text has UTF-8 bytes (one more
 * for SentencePiece's leading space), and a chat template adds its own tokens around each message
 * (8 allowed) and at the start (64 allowed: a BOS and a default system line, as Llama 3.1's adds).
 */
export function promptTokenCeiling(messages: readonly ChatMessage[]): number {
  const encoder = new TextEncoder();
  return messages.reduce((sum, message) => sum + encoder.encode(message.content).length + 1 + 8, 64);
}
