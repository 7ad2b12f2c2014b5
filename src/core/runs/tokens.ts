// Prompt tokens of a whole question set (`waypoint run --dry-run`, the cost cap), counted with
// cl100k fast enough for 5,000 MANGO prompts of 3,600 tokens each. The prompts of one game share
// most of their lines (the walkthrough), so the text is split where cl100k's pre-tokenizer can
// never join across (after the last line break of a run of white space: its `\s*[\r\n]+`
// alternative is tried before any other that could start there, and ends there), and each piece's
// count is remembered. Since BPE merges only inside pre-tokens, the sum is the exact count of the
// whole text (a test checks it against encoding the whole).
import type { ChatMessage } from '../eval/types';
import type { TokenCounter } from '../util/tokenizer';

const MEMO_LIMIT = 200_000;

export class ChatTokenCounter {
  private readonly memo = new Map<string, number>();

  constructor(private readonly counter: TokenCounter) {}

  /** Tokens of one text, exactly as encoding it whole. */
  count(text: string): number {
    let total = 0;
    for (const piece of text.split(/(?<=[\r\n])(?!\s*[\r\n])/)) {
      let tokens = this.memo.get(piece);
      if (tokens === undefined) {
        tokens = this.counter.encode(piece).length;
        if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
        this.memo.set(piece, tokens);
      }
      total += tokens;
    }
    return total;
  }

  /** A chat request as OpenAI bills it: each message's content plus 3 tokens, and 3 to prime the reply. */
  countMessages(messages: readonly ChatMessage[]): number {
    return messages.reduce((sum, message) => sum + 3 + this.count(message.content), 3);
  }
}
