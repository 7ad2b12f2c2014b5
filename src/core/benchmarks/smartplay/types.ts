// The old-gym API of upstream SmartPlay (spec §1) as plain TypeScript: reset() gives an info,
// step(a) gives (reward, done, info). Random draws can be replaced by recorded ones so an episode
// logged from a Python run (or from ours) replays exactly.

/** What upstream's `info` carries and the runner reads. */
export interface StepInfo {
  manual: string;
  obs: string;
  history: string;
  score: number;
  completed: 0 | 1;
}

/** The random setup drawn at reset: per-action payout probabilities and rewards after shuffling. */
export interface EpisodeSetup {
  probabilities: number[];
  rewards: number[];
}

/** The random outcome of one step: a bandit payout, or the RPS opponent's action index. */
export type StepOutcome = { paid: boolean } | { opponent: number };

export interface ResetResult {
  info: StepInfo;
  /** Present for games with a random setup (Bandits, RPS). */
  setup?: EpisodeSetup;
}

export interface StepResult {
  reward: number;
  done: boolean;
  info: StepInfo;
  /** The random outcome used, so logs can replay it; absent for deterministic games. */
  outcome?: StepOutcome;
}

export interface SmartPlayEnv {
  /** Upstream env name without `smartplay:` and `-v0`, e.g. `Hanoi3Disk`. */
  readonly game: string;
  readonly actionList: readonly string[];
  readonly defaultSteps: number;
  readonly defaultIter: number;
  /** History window size (`max_steps` of upstream's HistoryTracker). */
  readonly windowSize: number;
  /** Shows the last `size` observations in `history` instead of the game's window (a profile's historyTurns, so long episodes fit a context); before reset. */
  setHistoryWindow(size: number): void;
  /** Starts an episode; a recorded setup replaces the random one. */
  reset(setup?: EpisodeSetup): ResetResult;
  /** Plays action `action`; a recorded outcome replaces the random draw. */
  step(action: number, outcome?: StepOutcome): StepResult;
}

/** Thrown where upstream raises (step after done, an env that cannot be built, bad actions). */
export class SmartPlayEnvError extends Error {}
