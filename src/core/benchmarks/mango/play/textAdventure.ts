// A MANGO game as a live text adventure (runs.md §7, `waypoint play mango`): the player starts in a
// room with a goal; a command the maze has from the current room moves there and returns the
// walkthrough's observation of the arrival room, any other command "You can't go that way.".
// The maze is edges.json's edges, all of them; the evaluator's naive reverses are only drawn in the
// maze view, never walked (a model must not pass through a door the game never showed).
import {
  type EpisodeAgent,
  EpisodeEnded,
  type EpisodeEnvironment,
  type EpisodeStepResult,
  turnDraw,
} from '../../../eval/episodes';
import { MangoGraph } from '../graph/graph';
import { shortestRoute } from '../graph/shortestRoute';

export { episodeRoute } from './episodeRoute';
import { NEVER, type EdgeRecord } from '../types';
import { stepsOf } from '../walkthrough/walkthrough';

export const CANT_GO = "You can't go that way.";
export const DEFAULT_PLAY_STEPS = 30;

/** What the maze and the human-play panel draw: where the player is, where it has been, the goal. */
export interface MangoPlayState {
  readonly game: string;
  readonly room: string;
  readonly goal: string;
  readonly start: string;
  /** Rooms visited in order, the start first. */
  readonly path: string[];
  readonly steps: number;
  readonly maxSteps: number;
  readonly reached: boolean;
}

interface MangoPlayInput {
  game: string;
  walkthrough: string;
  records: readonly EdgeRecord[];
  from: string;
  to: string;
  maxSteps?: number;
  /** Shared by the episodes of one game (a question set's), so each is not rebuilt per episode. */
  graph?: MangoGraph;
  observations?: Map<number, string>;
}

/** The observation text of each walkthrough step, by step number (a repeated number keeps its first). */
export function walkthroughObservations(text: string): Map<number, string> {
  const observations = new Map<number, string>();
  for (const { number, observation } of stepsOf(text)) {
    // The header line's text is trimmed on its own (a trailing space there is not part of the text).
    if (!observations.has(number))
      observations.set(number, [observation[0].trim(), ...observation.slice(1)].join('\n').trim());
  }
  return observations;
}

/** A name as the player may type it: case and spacing do not matter. */
const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export class MangoTextAdventure implements EpisodeEnvironment<MangoPlayState> {
  readonly benchmark = 'mango' as const;
  readonly graph: MangoGraph;
  readonly commands: string[];
  readonly maxSteps: number;
  readonly start: string;
  readonly goal: string;
  private readonly observations: Map<number, string>;
  private room: string;
  private path: string[] = [];
  private stepCount = 0;

  /** Throws an Error naming the game when a room is not in its maze or the budget is not positive. */
  constructor(readonly input: MangoPlayInput) {
    this.graph = input.graph ?? MangoGraph.fromRecords(input.records);
    const room = (name: string, flag: string) => {
      const found = this.graph.nodes.find((node) => key(node) === key(name));
      if (found === undefined) throw new Error(`${flag} '${name}' is not a room of ${input.game}'s maze (edges.json)`);
      return found;
    };
    this.start = room(input.from, '--from');
    this.goal = room(input.to, '--to');
    this.maxSteps = input.maxSteps ?? DEFAULT_PLAY_STEPS;
    if (!Number.isInteger(this.maxSteps) || this.maxSteps < 1)
      throw new Error(`the step budget must be a positive integer, not ${this.maxSteps}`);
    this.commands = [...new Set(this.graph.edges.map((edge) => edge.action))];
    this.observations = input.observations ?? walkthroughObservations(input.walkthrough);
    this.room = this.start;
  }

  get instructions(): string {
    return [
      `You are playing the text adventure ${this.input.game}. You start in ${this.start}; your goal is to reach ${this.goal}.`,
      `Each turn, reply with exactly one command and nothing else. Moves are commands such as: ${this.commands.join(', ')}.`,
      `A move the game does not allow answers "${CANT_GO}" You have ${this.maxSteps} commands.`,
    ].join('\n');
  }

  get steps(): number {
    return this.stepCount;
  }

  reset(): string {
    this.room = this.start;
    this.path = [this.start];
    this.stepCount = 0;
    return this.roomObservation(this.start, null);
  }

  step(command: string): EpisodeStepResult {
    if (this.stepCount >= this.maxSteps || this.succeeded())
      return { observation: 'The episode is over.', done: true, valid: false };
    this.stepCount += 1;
    const edge = this.graph
      .outEdges(this.graph.indexOf(this.room))
      .find((candidate) => key(candidate.action) === key(command));
    let observation = CANT_GO;
    if (edge) {
      this.room = edge.dst;
      this.path.push(edge.dst);
      observation = this.roomObservation(edge.dst, edge.record);
    }
    return { observation, done: this.succeeded() || this.stepCount >= this.maxSteps, valid: edge !== undefined };
  }

  location(): string {
    return this.room;
  }

  succeeded(): boolean {
    return this.room === this.goal;
  }

  state(): MangoPlayState {
    return {
      game: this.input.game,
      room: this.room,
      goal: this.goal,
      start: this.start,
      path: [...this.path],
      steps: this.stepCount,
      maxSteps: this.maxSteps,
      reached: this.succeeded(),
    };
  }

  /**
   * The walkthrough's text of arriving in `room`: the step that walked this very edge forward;
   * else the first step that arrived there by any edge (forward, or walking an edge's reverse);
   * else, for the walkthrough's first room, the opening (step 0); else the room's name alone
   * (a room the walkthrough never enters, which edges.json can still have).
   */
  roomObservation(room: string, via: EdgeRecord | null): string {
    const at = (step: number) => (step === NEVER ? undefined : this.observations.get(step));
    if (via) {
      const text = at(via.seen_in_forward);
      if (text) return text;
    }
    let best = NEVER;
    for (const record of this.input.records) {
      if (record.dst_node === room) best = Math.min(best, record.seen_in_forward);
      if (record.src_node === room) best = Math.min(best, record.seen_in_reversed);
    }
    const arrival = at(best);
    if (arrival) return arrival;
    const first = [...this.input.records].sort((a, b) => a.seen_in_forward - b.seen_in_forward)[0];
    if (first && first.src_node === room && at(0)) return at(0) as string;
    return room.replace(/\b\w/g, (letter) => letter.toUpperCase());
  }
}

/** A shortest route's actions from `from` to `to` (shortestRoute.ts: edges.json order breaks ties); null when unreachable. */
export function shortestActions(graph: MangoGraph, from: string, to: string): string[] | null {
  return shortestRoute(graph, from, to)?.map((step) => step.action) ?? null;
}

/** The oracle: the first move of a shortest route from wherever the player stands (so it recovers from any start). */
export function mangoOracleAgent(env: MangoTextAdventure): EpisodeAgent {
  return async () => {
    const route = shortestActions(env.graph, env.location(), env.goal);
    // Unreachable goal: no command helps, so the oracle ends the episode and says why.
    if (!route?.length) throw new EpisodeEnded(`no route from ${env.location()} to ${env.goal}`);
    return route[0];
  };
}

/** A seeded random walk over the current room's exits (a floor that moves, as MANGO's random agent does). */
export function mangoRandomAgent(env: MangoTextAdventure, seed: number): EpisodeAgent {
  return async (turn) => {
    const exits = env.graph.outEdges(env.graph.indexOf(env.location()));
    return exits.length === 0 ? 'wait' : exits[Math.floor(turnDraw(seed, turn.step) * exits.length)].action;
  };
}
