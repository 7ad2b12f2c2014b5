// tiktoken's cl100k_base, the tokenizer Waypoint counts prompts with where a server cannot tell
// (MANGO's prompt cap is upstream's in it; token estimates and cost bounds use it too). Built on
// first use: its ranks take a moment to load and most runs never count a prompt.
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';

/** Counts and cuts tokens as tiktoken does; injected where core must not load a tokenizer itself. */
export interface TokenCounter {
  encode(text: string): number[];
  decode(tokens: number[]): string;
}

let cl100k: TokenCounter | undefined;

export function cl100kCounter(): TokenCounter {
  cl100k ??= new Tiktoken(cl100kBase);
  return cl100k;
}
