// Interactive episodes (issue 17): one small interface for every multi-turn environment (a MANGO
// game as a text adventure, a BabyAI level, a GRASP grid), and one loop that asks an agent — a
// built-in player, a model through the pipeline's `ask`, or a person in the editor — for a command
// each turn and keeps the transcript. Hosts step an environment themselves (the human-play panel)
// or hand it to runEpisode; either way the drawable state is `env.state()`.
import { ModelCallCancelled, ModelCallError } from './engine';
import type { Failure } from './failures';
import type { ChatMessage } from './types';

/** What one command did. */
export interface EpisodeStepResult {
  readonly observation: string;
  /** The episode is over (goal reached, the environment ended it, or the step budget is spent). */
  readonly done: boolean;
  /** False when the command was not a move or action the environment accepts (it still costs a step). */
  readonly valid: boolean;
}

/** A multi-turn environment: reset gives the opening observation, step one command's outcome. */
export interface EpisodeEnvironment<S = unknown> {
  readonly benchmark: 'mango' | 'babyai' | 'grasp';
  /** The system message: the goal and the commands, as a model or a person is told. */
  readonly instructions: string;
  /** Commands the environment understands (for a panel's suggestions; a model is told them in `instructions`). */
  readonly commands: readonly string[];
  readonly maxSteps: number;
  /** Starts over; returns the opening observation. */
  reset(): string;
  step(command: string): EpisodeStepResult;
  /** Where the player is, one line (a MANGO room, a BabyAI pose, a GRASP cell): the transcript's `location`. */
  location(): string;
  /** Whether the goal is reached (MANGO: the goal room; BabyAI: the mission; GRASP: energy dropped at the start). */
  succeeded(): boolean;
  /** Steps taken since reset. */
  readonly steps: number;
  /** What a maze or board draws now (plain data, JSON-safe). */
  state(): S;
}

/** One turn of a transcript. */
export interface EpisodeStep {
  readonly command: string;
  readonly observation: string;
  readonly location: string;
  readonly valid: boolean;
  /** The agent's whole reply when the command was read out of a longer one. */
  readonly reply?: string;
}

/** `error`: a turn's model call failed (the chat outgrew the context, the server went away); the turns before it stand. */
export type EpisodeEnd = 'success' | 'done' | 'step-limit' | 'cancelled' | 'error';

export interface EpisodeTranscript {
  readonly reached: boolean;
  /** Commands issued (each counts against the step budget, valid or not). */
  readonly moves: number;
  readonly start: string;
  readonly steps: EpisodeStep[];
  readonly end: EpisodeEnd;
  /** Why the player ended the episode without acting (EpisodeEnded), e.g. `no route from a to b`; for end `error`, the failed call's message. */
  readonly reason?: string;
  /** End `error`: what kind of failure the turn met, when known. */
  readonly failure?: Failure;
}

/** What an agent sees on its turn: the chat so far (system, opening observation, replies and observations), or its last turns (historyTurns). */
export interface EpisodeTurn {
  readonly step: number;
  readonly observation: string;
  readonly messages: readonly ChatMessage[];
}

/** Answers a turn with a command (or a reply holding one). A ModelCallError ends the episode with end `error`; other errors propagate. */
export type EpisodeAgent = (turn: EpisodeTurn, signal: AbortSignal) => Promise<string>;

/**
 * Thrown by an agent that will not act: the episode ends `done` with `reason` and the turns so far,
 * rather than spending the budget on commands the player knows are pointless (the MANGO oracle
 * when the goal cannot be reached from where it stands).
 */
export class EpisodeEnded extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The episode was cancelled through its AbortSignal; `transcript` holds the turns played. */
export class EpisodeCancelled extends Error {
  constructor(readonly transcript: EpisodeTranscript) {
    super('cancelled');
  }
}

/**
 * The command in a reply: its first non-blank line, without quotes, backticks, a `>` prompt or a
 * final period, spaces collapsed. Models often answer `> north.`; the environment judges the rest.
 */
export function commandOf(reply: string): string {
  const line = reply.split(/\r?\n/).find((text) => text.trim() !== '') ?? '';
  return line
    .trim()
    .replace(/^(?:command|action)\s*:\s*/i, '')
    .replace(/^[>`"'*\s]+|[`"'*.!\s]+$/g, '')
    .replace(/\s+/g, ' ');
}

interface RunEpisodeOptions {
  signal?: AbortSignal;
  /** Each turn shows the agent the system message and only the last `historyTurns` turns (absent: every turn). */
  historyTurns?: number;
  /** After reset, with the opening observation (before the agent's first turn). */
  onStart?: (opening: string) => void;
  onStep?: (step: EpisodeStep, index: number) => void;
}

/**
 * The chat a turn shows when only the last `turns` turns are kept: the system message, then the
 * observation before the oldest turn kept and each kept turn's reply and observation, so the chat
 * still opens with the goal and alternates user/assistant. Absent `turns`: the whole chat.
 */
export function historyWindow(messages: readonly ChatMessage[], turns: number | undefined): ChatMessage[] {
  const [system, ...chat] = messages;
  if (turns === undefined || system === undefined || chat.length <= 2 * turns + 1)
    return messages.map((message) => ({ ...message }));
  return [system, ...chat.slice(chat.length - (2 * turns + 1))].map((message) => ({ ...message }));
}

/**
 * Plays one episode from reset: asks `agent` once a turn until the environment says done or the
 * budget is spent. Throws EpisodeCancelled (with the turns so far) when `signal` aborts, before
 * or during a turn. A turn whose model call fails (ModelCallError) ends the episode with end
 * `error`, its message as `reason` and the turns played before it: a chat that outgrew the
 * model's context at turn 40 keeps its 39 turns. Any other error of the agent propagates.
 */
export async function runEpisode(
  env: EpisodeEnvironment,
  agent: EpisodeAgent,
  options: RunEpisodeOptions = {},
): Promise<EpisodeTranscript> {
  const signal = options.signal ?? new AbortController().signal;
  const start = env.reset();
  options.onStart?.(start);
  const messages: ChatMessage[] = [
    { role: 'system', content: env.instructions },
    { role: 'user', content: start },
  ];
  const steps: EpisodeStep[] = [];
  const transcript = (end: EpisodeEnd, reason?: string, failure?: Failure): EpisodeTranscript => ({
    reached: env.succeeded(),
    moves: steps.length,
    start,
    steps,
    end,
    ...(reason !== undefined ? { reason } : {}),
    ...(failure ? { failure: { ...failure } } : {}),
  });
  let observation = start;
  let done = env.succeeded();
  while (!done && steps.length < env.maxSteps) {
    if (signal.aborted) throw new EpisodeCancelled(transcript('cancelled'));
    let reply: string;
    try {
      reply = await agent(
        { step: steps.length + 1, observation, messages: historyWindow(messages, options.historyTurns) },
        signal,
      );
    } catch (error) {
      if (signal.aborted) throw new EpisodeCancelled(transcript('cancelled'));
      if (error instanceof EpisodeEnded) return transcript('done', error.reason);
      if (error instanceof ModelCallError && !(error instanceof ModelCallCancelled))
        return transcript('error', error.message, error.failure);
      throw error;
    }
    if (signal.aborted) throw new EpisodeCancelled(transcript('cancelled'));
    const command = commandOf(reply);
    const result = env.step(command);
    observation = result.observation;
    const step: EpisodeStep = {
      command,
      observation,
      location: env.location(),
      valid: result.valid,
      ...(reply.trim() !== command ? { reply } : {}),
    };
    steps.push(step);
    messages.push({ role: 'assistant', content: reply }, { role: 'user', content: observation });
    options.onStep?.(step, steps.length - 1);
    done = result.done;
  }
  // The loop ends with the budget spent or the environment done: the budget spent is the step limit
  // even when the environment's last step said done for that reason.
  return transcript(env.succeeded() ? 'success' : steps.length >= env.maxSteps ? 'step-limit' : 'done');
}

/** A transcript as text, one turn a block: what a run record keeps as its raw answer and the CLI prints. */
export function formatTranscript(transcript: EpisodeTranscript): string {
  const lines = [transcript.start, ''];
  transcript.steps.forEach((step, index) => {
    lines.push(
      `> ${step.command}${step.valid ? '' : '   [invalid]'}`,
      step.observation,
      `  (step ${index + 1}: ${step.location})`,
      '',
    );
  });
  const why =
    transcript.end === 'error'
      ? `a turn failed: ${transcript.reason ?? 'no reason given'}`
      : (transcript.reason ?? transcript.end);
  lines.push(
    transcript.reached
      ? `Reached the goal in ${transcript.moves} moves.`
      : `Goal not reached after ${transcript.moves} moves (${why}).`,
  );
  return lines.join('\n');
}

/** The contract's JSON (runs.md §7): reached, moves, start, and per step command, observation and location. */
export function transcriptJson(transcript: EpisodeTranscript): {
  reached: boolean;
  moves: number;
  start: string;
  steps: Array<{ command: string; observation: string; location: string; valid: boolean }>;
} {
  return {
    reached: transcript.reached,
    moves: transcript.moves,
    start: transcript.start,
    steps: transcript.steps.map(({ command, observation, location, valid }) => ({
      command,
      observation,
      location,
      valid,
    })),
  };
}

/**
 * The built-in random players' draw for one turn, in [0, 1): a function of the seed and the turn
 * alone, not of earlier draws, so a turn answered from the cache (the agent not called) leaves the
 * later turns as they would be.
 */
export function turnDraw(seed: number, step: number): number {
  let state = (Math.imul(seed >>> 0, 2654435761) ^ Math.imul(step, 40503) ^ 0x9e3779b9) >>> 0 || 1;
  for (let round = 0; round < 3; round++) state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 2 ** 32;
}
