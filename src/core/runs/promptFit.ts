// Will the prompts fit the server's context? `--dry-run` shows, per question set (a MANGO game, a
// BabyAI level file, a GRASP grid file, a SmartPlay game), the largest prompt beside the context
// one request may use, and how many prompts will not fit — by the server's own count where it
// gives one. Counting every prompt on the server would take thousands of requests, so the prompts
// are ranked by their cl100k estimate and the server counts from the largest down, as long as one
// could still be too long at the largest server/cl100k ratio seen (plus 10%); the rest fit.
// Episodes are estimated (turns × tokens per turn): their largest prompt is the last turn's,
// scaled by the server's count of the first turn where the server counts.
import type { PreparedQuestion } from '../benchmark/registry';
import type { ModelProfile } from '../eval/types';
import { questionTokens } from './batchRun';
import { countChatTokens, type PromptCounter } from './promptCounts';

/** How a number was counted: by the server, by cl100k, or (an episode's later turns) cl100k scaled by the server's count of the first turn. */
export type FitCountedBy = 'server' | 'cl100k' | 'server-scaled';

/** One question set's prompts against the context (the JSON of `--dry-run`'s `question_sets`). */
export interface QuestionSetFit {
  set: string;
  questions: number;
  largest_prompt: { sample_id: string; tokens: number; counted_by: FitCountedBy; requests: number };
  /** Tokens one request may use; null when the server does not tell. */
  context_tokens: number | null;
  /** Prompts longer than the context (the server refuses them); null when the context is unknown. */
  too_long: number | null;
  /** Prompts that fit but leave fewer than max tokens for the reply (it may be cut); null when the context is unknown. */
  short_of_reply_room: number | null;
  /** How the two counts were decided: by the server's count, by cl100k, or partly each (more prompts near the limit than the server was asked to count). */
  fit_counted_by: 'server' | 'cl100k' | 'mixed' | null;
}

/** Most prompts of one set the server is asked to count. */
const MOST_COUNTED = 200;
const RATIO_MARGIN = 1.1;

interface Ranked {
  prepared: PreparedQuestion;
  estimate: number;
  requests: number;
  episode: boolean;
}

/** The fit of each question set (`setOf` names a question's set), in the order the sets first appear. */
export async function promptFit(
  questions: readonly PreparedQuestion[],
  setOf: (prepared: PreparedQuestion) => string,
  profile: ModelProfile,
  counter: PromptCounter,
  contextTokens: number | null,
): Promise<QuestionSetFit[]> {
  const sets = new Map<string, Ranked[]>();
  for (const prepared of questions) {
    const counted = questionTokens(prepared, profile);
    const list = sets.get(setOf(prepared)) ?? [];
    list.push({
      prepared,
      estimate: counted.largestPromptTokens,
      requests: counted.requests,
      episode: prepared.playEstimate !== undefined,
    });
    sets.set(setOf(prepared), list);
  }
  const fits: QuestionSetFit[] = [];
  for (const [set, ranked] of sets) fits.push(await setFit(set, ranked, profile, counter, contextTokens));
  return fits;
}

async function setFit(
  set: string,
  ranked: Ranked[],
  profile: ModelProfile,
  counter: PromptCounter,
  context: number | null,
): Promise<QuestionSetFit> {
  ranked.sort((a, b) => b.estimate - a.estimate);
  const limit = context === null ? null : context - profile.maxTokens;
  let ratio: number | null = null;
  let asked = 0;
  let tooLong = 0;
  let shortOfRoom = 0;
  let byEstimate = 0;
  let largest: QuestionSetFit['largest_prompt'] | null = null;
  for (const entry of ranked) {
    const mayNotFit = limit === null || ratio === null || entry.estimate * ratio * RATIO_MARGIN > limit;
    if (largest !== null && limit !== null && !mayNotFit) break;
    if (largest !== null && limit === null) break;
    let tokens: number;
    let countedBy: FitCountedBy;
    if (counter.by === 'server' && asked < MOST_COUNTED) {
      asked++;
      const messages = entry.prepared.messages;
      const exact = await counter.count(messages);
      const scale = exact.tokens / countChatTokens(messages);
      if (exact.by === 'server') ratio = Math.max(ratio ?? 0, scale);
      tokens = entry.episode ? Math.round(entry.estimate * scale) : exact.tokens;
      countedBy = exact.by === 'server' ? (entry.episode ? 'server-scaled' : 'server') : 'cl100k';
    } else {
      tokens = counter.by === 'server' && ratio !== null ? Math.round(entry.estimate * ratio) : entry.estimate;
      countedBy = counter.by === 'server' && ratio !== null ? 'server-scaled' : 'cl100k';
      if (counter.by === 'server') byEstimate++;
    }
    // Ranked by the estimate: the server may count a later one larger.
    if (largest === null || tokens > largest.tokens)
      largest = {
        sample_id: entry.prepared.question.sampleId,
        tokens,
        counted_by: countedBy,
        requests: entry.requests,
      };
    if (context !== null && tokens > context) tooLong++;
    else if (context !== null && tokens + profile.maxTokens > context) shortOfRoom++;
  }
  const fitBy = context === null ? null : counter.by === 'cl100k' ? 'cl100k' : byEstimate > 0 ? 'mixed' : 'server';
  return {
    set,
    questions: ranked.length,
    largest_prompt: largest ?? { sample_id: '', tokens: 0, counted_by: 'cl100k', requests: 0 },
    context_tokens: context,
    too_long: context === null ? null : tooLong,
    short_of_reply_room: context === null ? null : shortOfRoom,
    fit_counted_by: fitBy,
  };
}
