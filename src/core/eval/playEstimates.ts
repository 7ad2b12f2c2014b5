// Turns × tokens per turn: what an episode may ask of a model, for estimates before it is played
// (`--dry-run`, the editor's cost line). An episode is not one prompt: its chat grows each turn by
// the model's reply and the next observation, up to the history the game keeps, so a 30-step
// SmartPlay episode asks ~60 prompts that grow, not the first one once.
import type { PlayEstimate } from '../benchmark/registry';

/**
 * Turns × tokens per turn for a chat that grows by `growth` tokens a turn (a reply and an
 * observation) and keeps at most `window` turns of it: `requests` prompts of `first` tokens plus
 * min(k, window) × growth for the k-th (0-based).
 */
export function growingChatEstimate(
  requests: number,
  first: number,
  growth: number,
  window = Number.POSITIVE_INFINITY,
): PlayEstimate {
  const carried = (k: number) => Math.min(k, window);
  // Σ_{k<requests} min(k, window), in closed form (Crafter's budget is 10,000 steps).
  const full = Math.min(requests, window + 1);
  const carriedSum = (full * (full - 1)) / 2 + (requests > full ? (requests - full) * window : 0);
  return {
    requests,
    promptTokens: requests * first + growth * carriedSum,
    largestPromptTokens: requests === 0 ? 0 : first + growth * carried(requests - 1),
  };
}
