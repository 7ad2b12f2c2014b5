// The per-question chat messages of upstream examples/experiment.py (spec §3), byte-exact:
// the system prompt has U+2019, Q1 a trailing space.
import type { ChatMessage } from '../../eval/types';
import type { StepInfo } from './types';

export const SYSTEM_PROMPT = 'You\u2019re a player trying to play the game.';
export const QUESTION_1 = "What is the best action to take? Let's think step by step, ";
export const QUESTION_2 =
  'Choose the best executable action from the list of all actions. Write the exact chosen action.';
export const QUESTIONS: readonly string[] = [QUESTION_1, QUESTION_2];

/** Messages for one question; `pastAnswers` are the earlier questions of this step with their answers. */
export function composeMessages(
  info: Pick<StepInfo, 'manual' | 'history' | 'obs'>,
  question: string,
  pastAnswers: ReadonlyArray<readonly [string, string]> = [],
): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: SYSTEM_PROMPT }];
  if (info.manual.length > 0) messages.push({ role: 'system', content: info.manual });
  if (info.history.length > 0) messages.push({ role: 'system', content: info.history });
  messages.push({ role: 'system', content: `current step observation: ${info.obs}` });
  for (const [pastQuestion, answer] of pastAnswers) {
    messages.push({ role: 'user', content: pastQuestion });
    messages.push({ role: 'assistant', content: answer });
  }
  messages.push({ role: 'user', content: question });
  return messages;
}
