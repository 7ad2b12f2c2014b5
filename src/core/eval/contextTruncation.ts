// Whether a server cut a prompt without saying so. Ollama's OpenAI endpoint ignores `num_ctx` and
// drops the start of a prompt longer than its context (2,048 or 4,096 tokens; ollama#3839, open
// since 2024): no error, an answer to a prompt the model only partly saw, and one sign of it,
// `usage.prompt_tokens` far below the prompt's own size (notes/real-servers.md).

/**
 * A reported prompt below this share of the prompt's cl100k count was cut. Tokenizers differ, but
 * in one direction far more than the other: llama-server counted 1.29–2.1× the cl100k count of the
 * same prompts (Llama-2's and smaller vocabularies), and the larger vocabularies (Llama 3, o200k,
 * Qwen) count English text and JSON at most about a tenth below cl100k. An honest count therefore
 * stays above about 0.9 of ours; Ollama's cut of a MANGO walkthrough prompt (3,600 cl100k tokens
 * to 2,048) reports 0.57. 0.8 sits between the two with room on both sides. Its blind spot: a
 * prompt less than a quarter longer than the context (cut by under a fifth) goes unflagged.
 */
export const CUT_PROMPT_RATIO = 0.8;

/**
 * Prompts smaller than this (cl100k tokens) are not judged: their count is mostly the chat
 * template's few tokens a message, which servers add in their own way, and no server's context
 * is this small.
 */
export const SMALLEST_JUDGED_PROMPT = 64;

/**
 * Whether the server's count of a prompt (`usage.prompt_tokens`) says it saw only part of it.
 * null (not reported) and 0 say nothing: Ollama before mid-2024 reported 0 for a prompt it had
 * cached (ollama#5370).
 */
export function promptWasCut(reportedPromptTokens: number | null, cl100kPromptTokens: number): boolean {
  if (reportedPromptTokens === null || reportedPromptTokens <= 0 || cl100kPromptTokens < SMALLEST_JUDGED_PROMPT)
    return false;
  return reportedPromptTokens < CUT_PROMPT_RATIO * cl100kPromptTokens;
}
