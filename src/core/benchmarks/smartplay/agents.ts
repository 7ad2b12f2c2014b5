// Built-in players for the runner: an optimal Tower of Hanoi solver, a scripted Crafter player
// that collects wood and builds a table, and a seeded random player.
// Both read only what a model would read (the messages), so they exercise the same prompt path.
import { crafterWoodAction } from './crafter/scripted';
import { HANOI_ACTIONS, optimalHanoiAction, parseHanoiConfiguration } from './hanoi';
import { QUESTION_2 } from './prompt';
import type { ChatMessage } from '../../eval/types';
import { SeededRandom } from './random';
import type { SmartPlayAgent } from './runner';

const OBSERVATION_PREFIX = 'current step observation: ';

function currentObservation(messages: readonly ChatMessage[]): string {
  const message = [...messages]
    .reverse()
    .find((candidate) => candidate.role === 'system' && candidate.content.startsWith(OBSERVATION_PREFIX));
  return message ? message.content.slice(OBSERVATION_PREFIX.length) : '';
}

function asksForAction(messages: readonly ChatMessage[]): boolean {
  return messages[messages.length - 1]?.content === QUESTION_2;
}

/** The action texts of the manual's "List of all actions:" section. */
function actionsFromManual(messages: readonly ChatMessage[]): string[] {
  for (const message of messages) {
    const at = message.content.lastIndexOf('List of all actions:\n');
    if (message.role !== 'system' || at < 0) continue;
    return [...message.content.slice(at).matchAll(/^\d+\. (.*)$/gm)].map((match) => match[1]);
  }
  return [];
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/** Plays Tower of Hanoi optimally from whatever configuration the observation shows. */
export function hanoiSolverAgent(): SmartPlayAgent {
  return async (messages, signal) => {
    throwIfAborted(signal);
    const state = parseHanoiConfiguration(currentObservation(messages));
    const action = state === null ? null : optimalHanoiAction(state);
    if (action === null)
      return state === null ? 'I cannot read a Tower of Hanoi configuration.' : 'Every disk is already on rod C.';
    const text = HANOI_ACTIONS[action];
    return asksForAction(messages) ? text : `The optimal next move is to ${text.toLowerCase()}.`;
  };
}

/** Crafter: walks to trees, collects wood, places a table and makes a wood pickaxe (crafter/scripted.ts). */
export function crafterWoodAgent(): SmartPlayAgent {
  let step = 0;
  return async (messages, signal) => {
    throwIfAborted(signal);
    const action = crafterWoodAction(currentObservation(messages), step);
    if (!asksForAction(messages)) return `I will ${action.toLowerCase()}.`;
    step += 1;
    return action;
  };
}

/** Picks one of the manual's actions uniformly with a seeded generator at every Q2. */
export function randomAgent(seed: number): SmartPlayAgent {
  const random = new SeededRandom(seed);
  return async (messages, signal) => {
    throwIfAborted(signal);
    if (!asksForAction(messages)) return 'I will pick an action at random.';
    const actions = actionsFromManual(messages);
    return actions.length === 0 ? 'No action list found.' : actions[random.below(actions.length)];
  };
}
