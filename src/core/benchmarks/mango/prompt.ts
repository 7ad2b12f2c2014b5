// The MANGO prompt exactly as upstream renders it (spec mango.md §5): the walkthrough with its
// separators removed, cut at step c (or earlier when a token budget is given), then the release
// user message with Python str(list) action and location lists and the RF or DF question.
import type { ChatMessage } from '../../eval/types';
import { pythonStrList } from '../../util/pythonRepr';

const SYSTEM_MESSAGE = 'You are a helpful assistant.';

import type { TokenCounter } from '../../util/tokenizer';

/** The walkthrough text as the prompt shows it, and the cutoff upstream records (`model_cutoff_num`). */
export function promptWalkthrough(
  raw: string,
  maxStep = 70,
  tokens?: { counter: TokenCounter; budget: number },
): { text: string; modelCutoffNum: number } {
  const text = raw.trim().split('===========').join('');
  let cutoff = maxStep;
  if (tokens) {
    const encoded = tokens.counter.encode(text);
    if (encoded.length > tokens.budget) {
      // Upstream: the second-to-last step header visible in the first `budget` tokens.
      const parts = tokens.counter.decode(encoded.slice(0, tokens.budget)).split('NUM: ');
      const visible = Number.parseInt(parts[parts.length - 2]?.split('\n')[0] ?? '', 10);
      if (Number.isFinite(visible)) cutoff = Math.min(cutoff, visible);
    }
  }
  // Quirk kept on purpose: when the walkthrough is shorter than the cutoff the split finds
  // nothing and the text's last line is still dropped, as upstream does.
  const cut = text.split(`NUM: ${cutoff + 1}`)[0];
  return { text: cut.split('\n').slice(0, -1).join('\n'), modelCutoffNum: cutoff };
}

export function rfQuestion(src: string, dst: string): string {
  return `!!! Can you find a path from "${src}" to "${dst}", and format the output as a python list of python dictionary with keys 'location_before', 'action' and 'location_after'? Start your response with '['.`;
}

export function dfQuestion(src: string, actions: readonly string[]): string {
  return `!!! Starting from place "${src}", perform a list of action ${pythonStrList(actions)}, where are you now? Describe the trajectory in a python list of python dictionary with keys 'location_before', 'action' and 'location_after'. Start your response with '['.`;
}

/**
 * The draw-the-map question (issue 17), in the RF/DF questions' style and answer format: the same
 * list of dicts, one per move, so the answer parses as MANGO's answers do.
 */
export function mapQuestion(): string {
  return "!!! Can you draw the map of the walkthrough above: every move between two locations it makes, and format the output as a python list of python dictionary with keys 'location_before', 'action' and 'location_after', one dictionary for each move? Start your response with '['.";
}

interface PromptInput {
  walkthrough: string;
  actions: readonly string[];
  locations: readonly string[];
  task: 'df' | 'rf' | 'map';
  src: string;
  dst: string;
  actionList: readonly string[];
  cutoff: number;
  template: 'release' | 'paper';
  tokens?: { counter: TokenCounter; budget: number };
  /**
   * The walkthrough already cut (promptWalkthrough of `walkthrough` at `cutoff` with `tokens`): a
   * question set renders thousands of prompts of one game, and tokenizing the walkthrough again for
   * each costs milliseconds apiece.
   */
  cut?: { text: string; modelCutoffNum: number };
}

/** The chat messages for one question, and the cutoff the walkthrough was cut at. */
export function renderMangoPrompt(input: PromptInput): { messages: ChatMessage[]; modelCutoffNum: number } {
  const { text, modelCutoffNum } = input.cut ?? promptWalkthrough(input.walkthrough, input.cutoff, input.tokens);
  const question =
    input.task === 'rf'
      ? rfQuestion(input.src, input.dst)
      : input.task === 'df'
        ? dfQuestion(input.src, input.actionList)
        : mapQuestion();
  if (input.template === 'paper') {
    // Paper era: four user messages, and "places" for the location list.
    return {
      modelCutoffNum,
      messages: [
        { role: 'system', content: SYSTEM_MESSAGE },
        { role: 'user', content: text },
        { role: 'user', content: `The allowed actions are: ${pythonStrList(input.actions)}.` },
        { role: 'user', content: `The list of places are: ${pythonStrList(input.locations)}.` },
        { role: 'user', content: question },
      ],
    };
  }
  const user = [
    '!!! Here is a walkthrough of a text game:',
    text,
    '',
    `The allowed actions are: ${pythonStrList(input.actions)}.`,
    `The list of locations are: ${pythonStrList(input.locations)}.`,
    question,
  ].join('\n');
  return {
    modelCutoffNum,
    messages: [
      { role: 'system', content: SYSTEM_MESSAGE },
      { role: 'user', content: user },
    ],
  };
}
