// Seeded BabyAI levels of LLM-BabyBench's mission families (`waypoint babyai generate`), each with
// a proof of solvability: the expert bot's own action sequence, replayed from reset to the reward,
// plus the static check that no mission clause is sealed off (solvability.ts). Difficulty labels
// come from that proof's length. Layouts are BabyAI's: 8-cell rooms, doors in the shared walls.
// - goto / pickup: one room, the target and distractors ("go to the red ball", "pick up a key").
// - putnext: one room, "put the X next to the Y".
// - open: two rooms side by side, "open the <colour> door" (closed door).
// - unlock: two rooms, the door locked, its key in the agent's room ("open the <colour> door").
// - goto-locked: two rooms, the target behind a locked door whose key is in the agent's room.
// A draw the validator rejects or the expert cannot solve is redrawn (seeded, so still deterministic).
import { seededRandom, type Random } from '../../util/random';
import { BabyAIEnv, runActions } from './env';
import { loadLevelFile } from './levelFile';
import { runExpert } from './omnibot';
import { unsolvableClauses } from './solvability';
import { actionName, COLOR_NAMES, type ActionName, type Color } from './world';

export const LEVEL_FAMILIES = ['goto', 'pickup', 'putnext', 'open', 'unlock', 'goto-locked'] as const;
export type LevelFamily = (typeof LEVEL_FAMILIES)[number];

interface GeneratedLevel {
  /** The `.level.json` text. */
  text: string;
  family: LevelFamily;
  mission: string;
  /** The expert's actions from reset to the mission's reward: the proof of solvability. */
  proof: ActionName[];
  difficulty: 'easy' | 'medium' | 'hard';
  /** Draws rejected before this one (validator errors or no expert solution). */
  redraws: number;
}

export class LevelGenerationError extends Error {}

const ROOM = 8;
const CARRIABLE = ['key', 'ball', 'box'] as const;
type Carriable = (typeof CARRIABLE)[number];
interface Placed {
  type: Carriable;
  color: Color;
  pos: [number, number];
}

/** Proof length thresholds of the labels (actions): easy ≤ 8 < medium ≤ 20 < hard. */
export function difficultyOf(actions: number): GeneratedLevel['difficulty'] {
  return actions <= 8 ? 'easy' : actions <= 20 ? 'medium' : 'hard';
}

/** One level of a family; same family, seed and index, same level. */
export function generateLevel(family: LevelFamily, seed: string, index: number, distractors = 3): GeneratedLevel {
  const random = seededRandom(`babyai:${family}:${seed}:${index}`);
  for (let redraws = 0; redraws < 200; redraws++) {
    const file = drawLevel(family, random, distractors, `${family} ${index} (seed ${seed})`);
    const text = `${JSON.stringify(file, null, 2)}\n`;
    const loaded = loadLevelFile(text);
    if (!loaded.spec || loaded.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) continue;
    const spec = loaded.spec;
    if (unsolvableClauses(new BabyAIEnv(spec)).length > 0) continue;
    const expert = runExpert(spec, { loop: 'generator' });
    if (!expert.done || expert.error) continue;
    const actions = expert.steps.map((step) => step.action);
    // The proof is checked, not trusted: replayed from reset, it must end the episode with a reward.
    const replay = runActions(spec, actions);
    const last = replay.results[replay.results.length - 1];
    if (!last?.terminated || replay.totalReward <= 0) continue;
    return {
      text,
      family,
      mission: file.mission,
      proof: actions.map(actionName),
      difficulty: difficultyOf(actions.length),
      redraws,
    };
  }
  throw new LevelGenerationError(`no solvable ${family} level in 200 draws (seed ${seed}, index ${index})`);
}

interface LevelJson {
  name: string;
  width: number;
  height: number;
  rooms: { rows: number; cols: number; size: number };
  doors: Array<{ pos: [number, number]; color: Color; state: 'closed' | 'locked' }>;
  objects: Placed[];
  agent: { pos: [number, number]; dir: number };
  mission: string;
}

function drawLevel(family: LevelFamily, random: Random, distractors: number, name: string): LevelJson {
  const twoRooms = family === 'open' || family === 'unlock' || family === 'goto-locked';
  const width = twoRooms ? 2 * (ROOM - 1) + 1 : ROOM;
  const taken = new Set<string>();
  const doors: LevelJson['doors'] = [];
  if (twoRooms) {
    const doorY = random.integer(1, ROOM - 2);
    doors.push({
      pos: [ROOM - 1, doorY],
      color: random.choice(COLOR_NAMES),
      state: family === 'open' ? 'closed' : 'locked',
    });
    // Keep the cells on both sides of the door free, as BabyAI does, so nothing blocks it.
    taken.add(`${ROOM - 2},${doorY}`).add(`${ROOM},${doorY}`);
  }
  const cells = new Placement(random, taken);
  const agent = { pos: cells.free(0), dir: random.integer(0, 3) };
  let mission: string;
  if (family === 'goto' || family === 'pickup') {
    const target = cells.place(0);
    mission = `${family === 'goto' ? 'go to' : 'pick up'} the ${target.color} ${target.type}`;
  } else if (family === 'putnext') {
    const moved = cells.place(0);
    const fixed = cells.place(0);
    mission = `put the ${moved.color} ${moved.type} next to the ${fixed.color} ${fixed.type}`;
  } else if (family === 'open' || family === 'unlock') {
    if (family === 'unlock') cells.place(0, 'key', doors[0].color);
    mission = `open the ${doors[0].color} door`;
  } else {
    cells.place(0, 'key', doors[0].color);
    const target = cells.place(1, random.choice(['ball', 'box'] as const));
    mission = `go to the ${target.color} ${target.type}`;
  }
  for (let count = 0; count < distractors; count++) cells.place(twoRooms && random.next() < 0.5 ? 1 : 0);
  return {
    name,
    width,
    height: ROOM,
    rooms: { rows: 1, cols: twoRooms ? 2 : 1, size: ROOM },
    doors,
    objects: cells.objects,
    agent,
    mission,
  };
}

/**
 * Where the level's objects go, drawn one by one: each gets a free cell inside its room and, unless
 * the caller fixes them, a type and colour no other object has.
 */
class Placement {
  readonly objects: Placed[] = [];
  private readonly used = new Set<string>();

  constructor(
    private readonly random: Random,
    /** Cells already taken (`x,y`); shared with the caller, which reserves the cells beside a door. */
    private readonly taken: Set<string>,
  ) {}

  /** A free cell inside `room` (0: left, 1: right), now taken. */
  free(room: 0 | 1): [number, number] {
    for (;;) {
      const x = this.random.integer(1, ROOM - 2) + room * (ROOM - 1);
      const y = this.random.integer(1, ROOM - 2);
      if (!this.taken.has(`${x},${y}`)) {
        this.taken.add(`${x},${y}`);
        return [x, y];
      }
    }
  }

  /** An object of `type` and `color` (drawn when not given) on a free cell of `room`. */
  place(room: 0 | 1, type?: Carriable, color?: Color): Placed {
    let kind: Carriable;
    let colour: Color;
    do {
      kind = type ?? this.random.choice(CARRIABLE);
      colour = color ?? this.random.choice(COLOR_NAMES);
    } while (this.used.has(`${kind} ${colour}`) && (type === undefined || color === undefined));
    this.used.add(`${kind} ${colour}`);
    const placed: Placed = { type: kind, color: colour, pos: this.free(room) };
    this.objects.push(placed);
    return placed;
  }
}
