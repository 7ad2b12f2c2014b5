// The registered SmartPlay games (spec §2) and how Waypoint builds them: the ported ones as
// environments (Crafter and Messenger with Waypoint's exact simulators, crafter/ and messenger/),
// the simulator-bound one (MineDojo) only as log renderers.
import { BANDIT_ACTIONS, BanditEnv, type BanditVariant } from './bandits';
import { CrafterSmartPlayEnv } from './crafter/smartplayEnv';
import { HANOI_ACTIONS, HanoiEnv } from './hanoi';
import { MessengerEnv } from './messenger/env';
import { SeededRandom } from './random';
import { RPS_ACTIONS, RPS_BASIC, RPS_DIFFERENT_SCORE, RpsEnv } from './rps';
import { SmartPlayEnvError, type SmartPlayEnv } from './types';

export type GameFamily = 'bandits' | 'rps' | 'hanoi' | 'messenger' | 'crafter' | 'minedojo';

interface GameInfo {
  game: string;
  family: GameFamily;
  actionList: readonly string[];
  defaultSteps: number;
  defaultIter: number;
  windowSize: number;
  /** Ported environment Waypoint can simulate (false: logs are only rendered). */
  playable: boolean;
}

const MESSENGER_ACTIONS: readonly string[] = ['Move North', 'Move South', 'Move West', 'Move East', 'Do Nothing'];
export const CRAFTER_ACTIONS: readonly string[] = [
  'Noop',
  'Move West',
  'Move East',
  'Move North',
  'Move South',
  'Do',
  'Sleep',
  'Place Stone',
  'Place Table',
  'Place Furnace',
  'Place Plant',
  'Make Wood Pickaxe',
  'Make Stone Pickaxe',
  'Make Iron Pickaxe',
  'Make Wood Sword',
  'Make Stone Sword',
  'Make Iron Sword',
];
const MINEDOJO_ACTIONS: readonly string[] = ['Move North', 'Move East', 'Move South', 'Move West'];

const BANDIT_VARIANTS: readonly BanditVariant[] = ['Deterministic', 'HighHigh', 'HighLow', 'LowLow'];
const MINEDOJO_TASKS = [0, 1, 2, 4, 5, 7, 8, 9];

// Over 50 lines: one table of the games, family by family.
function games(): GameInfo[] {
  const list: GameInfo[] = [];
  for (const variant of BANDIT_VARIANTS)
    list.push({
      game: `BanditTwoArmed${variant}Fixed`,
      family: 'bandits',
      actionList: BANDIT_ACTIONS,
      defaultSteps: 50,
      defaultIter: 20,
      windowSize: 50,
      playable: true,
    });
  for (const game of [RPS_BASIC.game, RPS_DIFFERENT_SCORE.game])
    list.push({
      game,
      family: 'rps',
      actionList: RPS_ACTIONS,
      defaultSteps: 50,
      defaultIter: 20,
      windowSize: 50,
      playable: true,
    });
  for (const disks of [3, 4])
    list.push({
      game: `Hanoi${disks}Disk`,
      family: 'hanoi',
      actionList: HANOI_ACTIONS,
      defaultSteps: 30,
      defaultIter: 10,
      windowSize: 5,
      playable: true,
    });
  [4, 64, 128].forEach((defaultSteps, index) =>
    list.push({
      game: `MessengerL${index + 1}`,
      family: 'messenger',
      actionList: MESSENGER_ACTIONS,
      defaultSteps,
      defaultIter: 100,
      windowSize: 2,
      playable: true,
    }),
  );
  list.push({
    game: 'Crafter',
    family: 'crafter',
    actionList: CRAFTER_ACTIONS,
    defaultSteps: 10000,
    defaultIter: 10,
    windowSize: 2,
    playable: true,
  });
  // MinedojoCreative0's 200 steps and 20 episodes are its recorded settings (spec §10).
  for (const task of MINEDOJO_TASKS)
    list.push({
      game: `MinedojoCreative${task}`,
      family: 'minedojo',
      actionList: MINEDOJO_ACTIONS,
      defaultSteps: 200,
      defaultIter: 20,
      windowSize: 2,
      playable: false,
    });
  return list;
}

export const SMARTPLAY_GAMES: ReadonlyMap<string, GameInfo> = new Map(games().map((info) => [info.game, info]));

interface CreateEnvOptions {
  /** Seed of the SeededRandom that draws shuffles and outcomes (default 0). */
  seed?: number;
  /** 'reference' keeps upstream's RPS manual labels; 'faithful' (default) labels each score by its action. */
  mode?: 'faithful' | 'reference';
  /** Builds RockPaperScissorDifferentScore, which upstream cannot build (spec §11 #4). */
  allowNonReference?: boolean;
}

/** Builds a playable game by its upstream name; throws SmartPlayEnvError where upstream cannot. */
export function createSmartPlayEnv(game: string, options: CreateEnvOptions = {}): SmartPlayEnv {
  const info = SMARTPLAY_GAMES.get(game);
  if (!info) throw new SmartPlayEnvError(`unknown SmartPlay game '${game}'`);
  const random = new SeededRandom(options.seed ?? 0);
  switch (info.family) {
    case 'hanoi':
      return new HanoiEnv(game === 'Hanoi3Disk' ? 3 : 4);
    case 'bandits':
      return new BanditEnv(game.slice('BanditTwoArmed'.length, -'Fixed'.length) as BanditVariant, random);
    case 'rps':
      if (game === RPS_DIFFERENT_SCORE.game && !options.allowNonReference) {
        throw new SmartPlayEnvError(
          "RockPaperScissorDifferentScore cannot be built upstream: RPSEnv.__init__() got an unexpected keyword argument 'p_dist'",
        );
      }
      return new RpsEnv(
        game === RPS_BASIC.game ? RPS_BASIC : RPS_DIFFERENT_SCORE,
        random,
        options.mode === 'reference' ? 'reference' : 'faithful',
      );
    case 'crafter':
      // The seed is Crafter(seed=S): the world and every creature's draws (runs.md §8).
      return new CrafterSmartPlayEnv(options.seed ?? 0);
    case 'messenger':
      // Exact for the seed: random.seed(seed) before the level's reset (runs.md §8).
      return new MessengerEnv(Number(game.slice('MessengerL'.length)) as 1 | 2 | 3, options.seed ?? 0);
    default:
      throw new SmartPlayEnvError(`${game} needs its upstream simulator; Waypoint only renders its logs`);
  }
}
