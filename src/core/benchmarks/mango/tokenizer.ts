// MANGO's prompt cap: upstream's camera-ready prompts are cut at 3,600 tokens of tiktoken's
// cl100k_base (core/util/tokenizer.ts).
export { cl100kCounter } from '../../util/tokenizer';

/** The prompt's token cap, as upstream's `cutoff_input`. */
export const PROMPT_TOKEN_BUDGET = 3600;
