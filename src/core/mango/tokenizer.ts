// Upstream's camera-ready tokenizer (tiktoken cl100k_base) for the prompt's token cap, built on
// first use: its ranks take a moment to load and most runs never render a prompt.
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import type { TokenCounter } from './prompt';

/** The prompt's token cap, as upstream's `cutoff_input`. */
export const PROMPT_TOKEN_BUDGET = 3600;

let cl100k: TokenCounter | undefined;

export function cl100kCounter(): TokenCounter {
  cl100k ??= new Tiktoken(cl100kBase);
  return cl100k;
}
