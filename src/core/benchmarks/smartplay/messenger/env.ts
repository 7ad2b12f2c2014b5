// SmartPlay's MessengerL1–L3 (smartplay/messenger_emma/messenger_env.py) over Waypoint's stage
// simulators. Seed meaning (runs.md §8): `random.seed(S)`, then the level's environment and
// reset; levels 2 and 3 seed py-vgdl's generator with `random.Random(S)` at each reset.
import { describeActions, HistoryTracker, pythonStrip } from '../history';
import { SmartPlayEnvError, type ResetResult, type SmartPlayEnv, type StepInfo, type StepResult } from '../types';
import { PyRandom } from './pyRandom';
import { type MessengerState, StageOne } from './stageOne';
import { DescribeError, describeMessengerFrame } from './text';
import { VgdlStage } from './vgdlStage';

const MESSENGER_ACTION_LIST: readonly string[] = ['Move North', 'Move South', 'Move West', 'Move East', 'Do Nothing'];
const LEVEL_STEPS = [4, 64, 128];

const GAME_CONTEXT =
  'In the game, MESSENGER, each entity can take on one of three roles: an enemy, message, or goal. The agent\u2019s objective is to bring the message to the goal while avoiding the enemies. If the agent encounters an enemy at any point in the game, or the goal without first obtaining the message, it loses the game and obtains a reward of \u22121.';
const ADVICE =
  'To solve a game, you may find it helpful to list the objects that you see. Then for each object, match it with an entity description, and identify whether it is good or bad to interact with the object.\nThe name specifications of in-game objects may not be exact matches. Please try identifying with synonyms.';

interface Stage {
  state: MessengerState;
  reset(): string[];
  step(action: number): { reward: number; done: boolean };
}

export class MessengerEnv implements SmartPlayEnv {
  readonly game: string;
  readonly actionList = MESSENGER_ACTION_LIST;
  readonly defaultSteps: number;
  readonly defaultIter = 100;
  /** The history window: upstream's length for the game unless setHistoryWindow changed it. */
  get windowSize(): number {
    return this.history.windowSize;
  }

  setHistoryWindow(size: number): void {
    this.history.windowSize = size;
  }
  manual = '';
  private readonly stage: Stage;
  private readonly history = new HistoryTracker(2);

  constructor(
    readonly level: 1 | 2 | 3,
    readonly seed: number,
  ) {
    if (![1, 2, 3].includes(level)) throw new SmartPlayEnvError(`Messenger level must be 1, 2 or 3, not ${level}`);
    this.game = `MessengerL${level}`;
    this.defaultSteps = LEVEL_STEPS[level - 1];
    const random = new PyRandom(seed);
    this.stage = level === 1 ? new StageOne(random) : new VgdlStage(level, random, seed);
  }

  /** The grid after the last reset or step (for the board). */
  get state(): MessengerState {
    return this.stage.state;
  }

  reset(): ResetResult {
    const manual = this.stage.reset();
    this.manual = pythonStrip(
      `${GAME_CONTEXT}\n\n${manual.join('\n')}\n\n${ADVICE}\n\n${describeActions(MESSENGER_ACTION_LIST)}`,
    );
    this.history.reset();
    const info = this.info(describeMessengerFrame(this.stage.state.entities, this.stage.state.avatar), 0, 0);
    this.history.push(info.obs);
    return { info };
  }

  step(action: number): StepResult {
    if (!Number.isInteger(action) || action < 0 || action >= MESSENGER_ACTION_LIST.length)
      throw new SmartPlayEnvError(`Messenger action must be 0..4, not ${action}`);
    const { reward, done } = this.stage.step(action);
    let description: string;
    try {
      description = `You took action ${MESSENGER_ACTION_LIST[action]}.\n\n${describeMessengerFrame(this.stage.state.entities, this.stage.state.avatar)}`;
    } catch (error) {
      // Upstream catches every exception of describe (the avatar gone once VGDL killed it).
      if (!(error instanceof DescribeError)) throw error;
      description = 'Environment Error.';
    }
    const info = this.info(description, reward, reward === 1 && done ? 1 : 0);
    this.history.push(info.obs);
    return { reward, done, info };
  }

  private info(obs: string, score: number, completed: 0 | 1): StepInfo {
    return { manual: this.manual, obs, history: this.history.describe(), score, completed };
  }
}
