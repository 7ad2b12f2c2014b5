// A GRASP grid as a multi-turn environment (issue 17): each turn the grid text (upstream's
// picture, the agent's cell marked A) and the agent's status, one action back. Actions are the
// scorer's (core/benchmarks/grasp/simulator.ts): every turn replays the actions so far through the same
// simulation, so an episode scores exactly as the same list of actions would in one reply. The
// episode ends with DROP on the start cell (the task's "return and drop") or after the step limit.
import type { BoardTimeline, GridScene } from '../../benchmark/board';
import { preparedEpisode } from '../../eval/episodeQuestions';
import type { GraspQuestion } from './questionSchema';
import type { PreparedQuestion } from '../../benchmark/registry';
import { customIdOf } from './settings';
import { type EpisodeAgent, type EpisodeEnvironment, type EpisodeStepResult, turnDraw } from '../../eval/episodes';
import { movesOf } from './actions';
import { greedySearch } from './baselines';
import { graspScene, graspTimeline } from './boardTimeline';
import { type CellChar, renderGridText } from './gridText';
import { graspSystemPrompt } from './prompt';
import { type GraspSimulation, simulate, type TraceLabel } from './simulator';
import { type GraspGrid, type GraspSettings, type GridPosition, STEP_LIMIT, type GraspScoringMode } from './types';

interface GraspPlayState {
  readonly scene: GridScene;
  readonly agent: GridPosition;
  readonly carried: number;
  readonly startCellEnergy: number;
  readonly score: number;
  readonly steps: number;
  readonly maxSteps: number;
}

const LABEL_TEXT: Record<TraceLabel, string> = {
  moved: 'You move.',
  blocked_boundary: 'You bump into the edge of the grid; you stay where you are.',
  blocked_obstacle: 'An obstacle blocks the way; you stay where you are.',
  took: 'You take one unit of energy.',
  take_empty_cell: 'There is no energy here to take.',
  take_at_carry_limit: 'You cannot carry more.',
  dropped_at_start: 'You drop the energy you carry on the start cell.',
  dropped_off_start: 'You drop the energy you carry here (not the start cell).',
  drop_nothing: 'You carry nothing to drop.',
  ignored_diagonal_not_in_action_set: 'Diagonal moves are not allowed in this setting; nothing happens.',
  ignored_unknown_token: 'That is not an action; nothing happens.',
};

export class GraspEpisode implements EpisodeEnvironment<GraspPlayState> {
  readonly benchmark = 'grasp' as const;
  readonly maxSteps = STEP_LIMIT;
  readonly commands: readonly string[];
  private actions: string[] = [];
  private simulation: GraspSimulation;

  constructor(
    readonly grid: GraspGrid,
    readonly settings: GraspSettings,
    readonly obstacles: boolean,
    readonly mode: GraspScoringMode = 'faithful',
  ) {
    this.commands = [...movesOf(settings.moves), 'TAKE', 'DROP'];
    this.simulation = simulate(grid, [], settings, { mode });
  }

  get instructions(): string {
    return `${graspSystemPrompt(this.obstacles, this.settings)}\n\nYou act one step at a time: each turn, reply with exactly one action (${this.commands.join(', ')}) and nothing else.`;
  }

  get steps(): number {
    return this.actions.length;
  }

  /** The grid as upstream draws it (E energy, O obstacle, A the agent), then the status. */
  describe(): string {
    const world = this.simulation.finalGrid;
    const [row, col] = this.simulation.final.agentPos;
    const chars: CellChar[][] = world.cells.map((cells, r) =>
      cells.map(
        (cell, c): CellChar => (r === row && c === col ? 'A' : cell.obstacle ? 'O' : cell.energy > 0 ? 'E' : ' '),
      ),
    );
    const final = this.simulation.final;
    return `${renderGridText(chars)}\nYou are at (${row}, ${col}); the start cell is (${this.grid.start[0]}, ${this.grid.start[1]}). Carrying ${final.carried}; energy on the start cell ${final.startCellEnergy}; ${this.maxSteps - this.actions.length} steps left.`;
  }

  reset(): string {
    this.actions = [];
    this.simulation = simulate(this.grid, [], this.settings, { mode: this.mode });
    return this.describe();
  }

  step(command: string): EpisodeStepResult {
    if (this.isOver()) return { observation: 'The episode is over.', done: true, valid: false };
    this.actions.push(command);
    this.simulation = simulate(this.grid, this.actions, this.settings, { mode: this.mode });
    const last = this.simulation.steps[this.simulation.steps.length - 1];
    return {
      observation: `${LABEL_TEXT[last.label]}\n${this.describe()}`,
      done: this.isOver(),
      valid: !last.label.startsWith('ignored'),
    };
  }

  private isOver(): boolean {
    const last = this.simulation.steps[this.simulation.steps.length - 1];
    return last?.label === 'dropped_at_start' || this.actions.length >= this.maxSteps;
  }

  location(): string {
    const [row, col] = this.simulation.final.agentPos;
    return `(${row}, ${col})`;
  }

  /** Energy brought home: the episode ended with a drop on the start cell that left energy there. */
  succeeded(): boolean {
    const last = this.simulation.steps[this.simulation.steps.length - 1];
    return (
      last?.label === 'dropped_at_start' &&
      this.simulation.final.startCellEnergy > this.grid.cells[this.grid.start[0]][this.grid.start[1]].energy
    );
  }

  /** The score the actions so far get in the episode's mode. */
  score(): number {
    return this.simulation.score;
  }

  state(): GraspPlayState {
    const final = this.simulation.final;
    const energy = this.simulation.finalGrid.cells.map((cells) => cells.map((cell) => cell.energy));
    return {
      scene: graspScene(this.simulation.finalGrid, final.agentPos, energy),
      agent: final.agentPos,
      carried: final.carried,
      startCellEnergy: final.startCellEnergy,
      score: this.simulation.score,
      steps: this.actions.length,
      maxSteps: this.maxSteps,
    };
  }
}

/** The oracle: GRASP's greedy baseline (core/benchmarks/grasp/baselines.ts) for the grid, one action a turn. */
export function graspOracleAgent(grid: GraspGrid, settings: GraspSettings, seed: number): EpisodeAgent {
  const actions = greedySearch(grid, settings, seed);
  // By turn number, not a counter: a turn answered from the cache never calls the agent.
  return async (turn) => (actions[turn.step - 1] ?? 'DROP').toUpperCase();
}

/** A seeded random player over the setting's actions. */
function graspRandomAgent(settings: GraspSettings, seed: number): EpisodeAgent {
  const choices = [...movesOf(settings.moves), 'TAKE', 'DROP'];
  return async (turn) => choices[Math.floor(turnDraw(seed, turn.step) * choices.length)];
}

/** The question of an episode on grid `index` of `file` under `settings`; its sample id is `play-` and upstream's custom_id. */
export function graspPlayQuestion(
  file: string,
  gridPath: string,
  index: number,
  settings: GraspSettings,
): GraspQuestion {
  return {
    benchmark: 'grasp',
    file,
    gridPath,
    index,
    settings,
    style: 'chat',
    sampleId: `play-${customIdOf(file, index, settings)}`,
    play: true,
  };
}

/** The episode as a pipeline question; scores: `score` (the mode's, as the same actions in one reply), `success` (energy brought home), `steps`, `invalid_actions`. */
export function preparedGraspEpisode(
  question: GraspQuestion,
  grid: GraspGrid,
  obstacles: boolean,
): PreparedQuestion<GraspQuestion> {
  return preparedEpisode<GraspQuestion, GraspEpisode>({
    question,
    makeEnv: (mode) => new GraspEpisode(grid, question.settings, obstacles, mode),
    builtInAgent: (_env, provider, seed) =>
      provider === 'oracle'
        ? graspOracleAgent(grid, question.settings, seed)
        : graspRandomAgent(question.settings, seed),
    scores: (transcript, env) => ({
      score: env.score(),
      success: transcript.reached ? 1 : 0,
      steps: transcript.moves,
      invalid_actions: transcript.steps.filter((step) => !step.valid).length,
    }),
  });
}

/** What the board steps through for a played episode: the grid replayed with the transcript's actions through the scorer's simulation. */
export function graspEpisodeTimeline(
  grid: GraspGrid,
  settings: GraspSettings,
  steps: ReadonlyArray<{ command: string }>,
  mode: GraspScoringMode,
  title: string,
): BoardTimeline {
  return graspTimeline(
    grid,
    simulate(
      grid,
      steps.map((step) => step.command),
      settings,
      { mode },
    ),
    title,
  );
}
