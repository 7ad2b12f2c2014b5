// A BabyAI level as a multi-turn environment (issue 17): each turn the player reads the state in
// LLM-BabyBench's Structured text (formatters/structured.py, what its prompts describe a level
// with), answers one action, and the simulator steps it as MiniGrid would. A word that is not an
// action is reported and changes nothing (MiniGrid's env.step would raise on it); an action that
// changes nothing (forward into a wall) is MiniGrid's silent no-op, said in words.
import type { BoardTimeline, GridScene } from '../../benchmark/board';
import { ModelCallError } from '../../eval/engine';
import { preparedEpisode } from '../../eval/episodeQuestions';
import type { BabyaiQuestion } from './questionSchema';
import type { PreparedQuestion } from '../../benchmark/registry';
import { type EpisodeAgent, type EpisodeEnvironment, type EpisodeStepResult, turnDraw } from '../../eval/episodes';
import { babyaiScene, babyaiTimeline } from './boardTimeline';
import { describeEnv, directionWord, pyTuple } from './description';
import { BabyAIEnv, type LevelSpec } from './env';
import { runExpert } from './omnibot';
import { formatStructured, STRUCTURED_HEADER } from './structured';
import { ACTION_NAMES, Action, type ActionName, actionName, type WorldObj } from './world';

interface BabyaiPlayState {
  readonly scene: GridScene;
  readonly mission: string;
  readonly steps: number;
  readonly maxSteps: number;
  readonly status: 'in progress' | 'success' | 'truncated';
}

const carriedText = (object: WorldObj | null) => (object ? `${object.color} ${object.type}` : 'nothing');

export class BabyaiEpisode implements EpisodeEnvironment<BabyaiPlayState> {
  readonly benchmark = 'babyai' as const;
  readonly commands: readonly string[] = ACTION_NAMES;
  private env: BabyAIEnv;
  private stepCount = 0;
  private status: BabyaiPlayState['status'] = 'in progress';

  /** Throws MissionError when the level's mission does not parse. */
  constructor(
    readonly spec: LevelSpec,
    readonly title = 'level',
  ) {
    this.env = new BabyAIEnv(spec);
  }

  /** MiniGrid's own budget for the level (room_size²·rooms·navs unless the level sets it). */
  get maxSteps(): number {
    return this.env.maxSteps;
  }

  get steps(): number {
    return this.stepCount;
  }

  get instructions(): string {
    return `${STRUCTURED_HEADER.trimEnd()}\n\nYou act in this world one action at a time. Each turn, reply with exactly one action (${ACTION_NAMES.join(', ')}) and nothing else. Mission: '${this.spec.mission}'. You have ${this.maxSteps} actions.`;
  }

  /** The Structured description of the current state, with what the agent carries. */
  describe(): string {
    const text = formatStructured(describeEnv(this.env)).slice(STRUCTURED_HEADER.length);
    return `${text.replace('- Agent initial position:', '- Agent position:')}\n- Carrying: ${carriedText(this.env.carrying)}`;
  }

  reset(): string {
    this.env = new BabyAIEnv(this.spec);
    this.stepCount = 0;
    this.status = 'in progress';
    return this.describe();
  }

  step(command: string): EpisodeStepResult {
    if (this.status !== 'in progress') return { observation: 'The episode is over.', done: true, valid: false };
    const name = command.trim().toLowerCase();
    this.stepCount += 1;
    if (!(ACTION_NAMES as readonly string[]).includes(name)) {
      const budgetSpent = this.stepCount >= this.maxSteps;
      if (budgetSpent) this.status = 'truncated';
      return {
        observation: `'${command}' is not an action (${ACTION_NAMES.join(', ')}); nothing happened.\n${this.describe()}`,
        done: budgetSpent,
        valid: false,
      };
    }
    const result = this.env.step(Action[name as ActionName]);
    if (result.terminated) this.status = 'success';
    else if (result.truncated || this.stepCount >= this.maxSteps) this.status = 'truncated';
    const outcome = result.terminated
      ? `${name}: mission complete (reward ${result.reward.toFixed(3)}).`
      : result.changed
        ? `${name}: done.`
        : `${name}: nothing changed.`;
    return { observation: `${outcome}\n${this.describe()}`, done: this.status !== 'in progress', valid: true };
  }

  location(): string {
    return `${pyTuple(this.env.agentPos)} facing ${directionWord(this.env.agentDir)}`;
  }

  succeeded(): boolean {
    return this.status === 'success';
  }

  state(): BabyaiPlayState {
    return {
      scene: babyaiScene(this.env),
      mission: this.spec.mission,
      steps: this.stepCount,
      maxSteps: this.maxSteps,
      status: this.status,
    };
  }
}

/**
 * The oracle: the actions of BabyAI's expert bot (the generator loop of LLM-BabyBench's dataset
 * scripts) from reset, one a turn. Throws the bot's error when the expert cannot solve the level.
 */
export function babyaiOracleAgent(spec: LevelSpec): EpisodeAgent {
  const run = runExpert(spec, { loop: 'generator' });
  // The expert raising is the reference bot failing on this level (plan's oracle answers nothing there): say so, not a bare bot message.
  if (run.error)
    throw new ModelCallError(
      `BabyAI's expert bot cannot solve this level (${run.error.message}), so the oracle has no episode to play`,
    );
  const actions = run.steps.map((step) => actionName(step.action));
  // By turn number, not a counter: a turn answered from the cache never calls the agent.
  return async (turn) => actions[turn.step - 1] ?? 'done';
}

/** A seeded random player over the six acting actions. */
function babyaiRandomAgent(seed: number): EpisodeAgent {
  const choices = ACTION_NAMES.filter((name) => name !== 'done');
  return async (turn) => choices[Math.floor(turnDraw(seed, turn.step) * choices.length)];
}

/** The question of an episode of a level (a level file, or record `record` of a record file). */
export function babyaiPlayQuestion(source: string, record: number | null, levelName: string): BabyaiQuestion {
  return {
    benchmark: 'babyai',
    task: 'plan',
    source,
    record,
    levelName,
    sampleId: `play-${source}${record === null ? '' : `#${record}`}`,
    actions: [],
    play: true,
  };
}

/** The episode as a pipeline question; scores: `success` (mission done), `steps`, `invalid_actions` and `parse_error: false` (every turn's command is read; reports count it valid). */
export function preparedBabyaiEpisode(question: BabyaiQuestion, spec: LevelSpec): PreparedQuestion<BabyaiQuestion> {
  return preparedEpisode<BabyaiQuestion, BabyaiEpisode>({
    question,
    makeEnv: () => new BabyaiEpisode(spec, question.levelName),
    builtInAgent: (_env, provider, seed) => (provider === 'oracle' ? babyaiOracleAgent(spec) : babyaiRandomAgent(seed)),
    scores: (transcript) => ({
      success: transcript.reached ? 1 : 0,
      steps: transcript.moves,
      invalid_actions: transcript.steps.filter((step) => !step.valid).length,
      parse_error: false,
    }),
  });
}

/** What the board steps through for a played episode: the level replayed with the transcript's commands (invalid ones marked, as the board marks them). */
export function babyaiEpisodeTimeline(
  spec: LevelSpec,
  steps: ReadonlyArray<{ command: string }>,
  title: string,
): BoardTimeline {
  return babyaiTimeline(
    spec,
    steps.map((step) => step.command),
    title,
  );
}
