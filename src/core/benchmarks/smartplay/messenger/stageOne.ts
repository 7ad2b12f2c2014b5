// Messenger stage one (messenger/envs/stage_one.py, split "test"): three immovable entities on
// four fixed cells around the avatar; one step onto an entity ends the episode. Every draw comes
// from Python's global generator in upstream's order: game, positions, message, manual.
import { TEST_GAMES, TEST_TEXTS } from './data';
import type { PyRandom } from './pyRandom';
import { type Cell, NO_MESSAGE_ID, npcId, WITH_MESSAGE_ID } from './text';

/** config.ACTIONS: up, down, left, right, stay. */
const MOVES: readonly (readonly [number, number])[] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
  [0, 0],
];
const MESSENGER_GRID_SIZE = 10;

const POSITIONS: readonly (readonly [number, number])[] = [
  [3, 5],
  [5, 3],
  [5, 7],
  [7, 5],
];

export type EntityRole = 'enemy' | 'message' | 'goal' | 'decoy_message' | 'decoy_goal';
export type EntityCell = Cell & { role: EntityRole; name: string };

/** One stage's state as the text observation and the board read it. */
export interface MessengerState {
  /** Entity cells (enemy, message, goal, decoys) with their ids and roles. */
  entities: EntityCell[];
  /** The avatar, or null once VGDL has killed it. */
  avatar: Cell | null;
}

interface StageStep {
  reward: number;
  done: boolean;
}

/** The enemy, message and goal sentences of stage one: immovable then unknown (StageOne.__init__). */
function stageOneSentences(entity: string, role: string): string[] {
  const texts = TEST_TEXTS[entity][role];
  return [...texts.immovable, ...texts.unknown];
}

export class StageOne {
  state: MessengerState = { entities: [], avatar: null };
  private roles: { enemy: EntityCell; message: EntityCell; goal: EntityCell } | null = null;

  constructor(private readonly random: PyRandom) {}

  /** StageOne.reset then _get_manual; returns the manual sentences. */
  reset(): string[] {
    const [enemy, message, goal] = this.random.choice(TEST_GAMES);
    const shuffled = this.random.sample(POSITIONS, 4);
    const place = (name: string, role: EntityRole, at: readonly [number, number]): EntityCell => ({
      id: npcId(name),
      name,
      role,
      y: at[0],
      x: at[1],
    });
    this.roles = {
      enemy: place(enemy, 'enemy', shuffled[0]),
      message: place(message, 'message', shuffled[1]),
      goal: place(goal, 'goal', shuffled[2]),
    };
    const avatarId = this.random.random() < 0.2 ? WITH_MESSAGE_ID : NO_MESSAGE_ID;
    this.state = {
      entities: [this.roles.enemy, this.roles.message, this.roles.goal],
      avatar: { id: avatarId, y: 5, x: 5 },
    };
    const manual = [
      this.random.choice(stageOneSentences(enemy, 'enemy')),
      this.random.choice(stageOneSentences(message, 'message')),
      this.random.choice(stageOneSentences(goal, 'goal')),
    ];
    return this.random.shuffle(manual);
  }

  step(action: number): StageStep {
    const avatar = this.state.avatar;
    if (!this.roles || !avatar) throw new Error('StageOne.step before reset');
    const [dy, dx] = MOVES[action];
    const y = avatar.y + dy;
    const x = avatar.x + dx;
    // Moves off the 10×10 grid leave the avatar where it is.
    if (y >= 0 && y < MESSENGER_GRID_SIZE && x >= 0 && x < MESSENGER_GRID_SIZE)
      this.state.avatar = { id: avatar.id, y, x };
    const at = (cell: Cell) => cell.y === this.state.avatar?.y && cell.x === this.state.avatar?.x;
    const withMessage = avatar.id === WITH_MESSAGE_ID;
    if (at(this.roles.enemy)) return { reward: -1, done: true };
    if (at(this.roles.message)) return { reward: withMessage ? -1 : 1, done: true };
    if (at(this.roles.goal)) return { reward: withMessage ? 1 : -1, done: true };
    return { reward: 0, done: false };
  }
}
