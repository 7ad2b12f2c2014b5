// Crafter behind Waypoint's SmartPlayEnv interface (the old-gym API the runner and `smartplay
// replay` use), as SmartPlay's Crafter wrapper: reset() runs the hidden Noop step, which upstream
// also records in the history window, so the history after reset already holds that step's text.
// The manual: upstream loads an LLM-written context from a pickle (crafter_ctxt.pkl) that Waypoint
// does not ship; Waypoint's manual is its own short rules summary followed by upstream's action list.

import { describeActions, HistoryTracker } from '../history';
import { SmartPlayEnvError, type ResetResult, type SmartPlayEnv, type StepInfo, type StepResult } from '../types';
import { ACTION_TEXTS } from './data';
import { CrafterEnv, type CrafterStep } from './env';

const CRAFTER_MANUAL =
  'You are playing Crafter, a 2D open-world survival game on a 64x64 grid. You see a 9x7 window around you. ' +
  'Collect resources (wood from trees, stone, coal, iron, diamond), place a table, furnace, stone or plant, make pickaxes and swords ' +
  'near a table (and a furnace for iron tools), drink water, eat cows and ripe plants, sleep when energy is low, and defend against ' +
  'zombies and skeletons. Each of the 22 achievements unlocked adds to your score at every later step.\n\n' +
  describeActions(ACTION_TEXTS);

export class CrafterSmartPlayEnv implements SmartPlayEnv {
  readonly game = 'Crafter';
  readonly actionList: readonly string[] = ACTION_TEXTS;
  readonly defaultSteps = 10000;
  readonly defaultIter = 10;
  /** The history window: upstream's length for the game unless setHistoryWindow changed it. */
  get windowSize(): number {
    return this.history.windowSize;
  }

  setHistoryWindow(size: number): void {
    this.history.windowSize = size;
  }
  readonly manual = CRAFTER_MANUAL;
  readonly env: CrafterEnv;
  private readonly history = new HistoryTracker(2);
  private started = false;

  constructor(readonly seed: number) {
    if (!Number.isInteger(seed) || seed < 0)
      throw new SmartPlayEnvError(`Crafter needs a non-negative integer seed, not ${seed}`);
    this.env = new CrafterEnv(seed);
  }

  reset(): ResetResult {
    this.history.reset();
    const result = this.env.reset();
    // The hidden Noop step's own info entered the history before the reset's (crafter_env.py).
    this.history.push(result.hiddenObs ?? '');
    const info = this.info(result);
    this.history.push(info.obs);
    this.started = true;
    return { info };
  }

  step(action: number): StepResult {
    if (!this.started) throw new SmartPlayEnvError('Crafter: step() before reset()');
    if (!Number.isInteger(action) || action < 0 || action >= ACTION_TEXTS.length)
      throw new SmartPlayEnvError(`Crafter has no action ${action}`);
    const result = this.env.step(action);
    const info = this.info(result);
    this.history.push(info.obs);
    return { reward: result.reward, done: result.done, info };
  }

  private info(result: CrafterStep): StepInfo {
    return {
      manual: this.manual,
      obs: result.obs,
      history: this.history.describe(),
      score: result.score,
      completed: 0,
    };
  }
}
