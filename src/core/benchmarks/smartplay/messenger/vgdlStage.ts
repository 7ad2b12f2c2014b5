// Messenger stages two and three (messenger/envs/stage_two.py with vgdl_files/stage_2_nd, and
// stage_three.py) on a port of the py-vgdl rules they use (ahjwang/py-vgdl: core.BasicGameLevel.tick,
// ontology Chaser/Fleeing/Immovable/MovingAvatar, effects stepBack/killSprite/transformTo,
// SpriteCounter). The game files say `block_size=2`: positions are pixels, a cell is 2×2, the
// avatar moves 2 pixels and the NPCs (speed 0.5) 1 pixel, so an NPC can straddle two cells and
// rectangles collide when they overlap at all. The grid cell of a sprite is its pixel // 2.
import { SmartPlayEnvError } from '../types';
import {
  STAGE2_INIT_STATES,
  STAGE2_VARIANTS,
  STAGE3_INIT_STATES,
  STAGE3_VARIANTS,
  TEST_GAMES,
  TEST_TEXTS,
} from './data';
import { PyRandom } from './pyRandom';
import type { EntityRole, MessengerState } from './stageOne';
import { NO_MESSAGE_ID, npcId, WITH_MESSAGE_ID } from './text';

type Key = 'enemy' | 'message' | 'goal' | 'decoy_message' | 'decoy_goal' | 'no_message' | 'with_message';
type Motion = 'chaser' | 'fleeing' | 'immovable' | 'avatar';

/** py-vgdl's sprite registry order (leaf keys in the order the game file defines them). */
const KEYS: readonly Key[] = ['enemy', 'message', 'goal', 'decoy_message', 'decoy_goal', 'no_message', 'with_message'];
const AVATAR_KEYS: ReadonlySet<Key> = new Set(['no_message', 'with_message']);
const LETTERS: Readonly<Record<string, Key>> = {
  E: 'enemy',
  M: 'message',
  G: 'goal',
  N: 'decoy_message',
  H: 'decoy_goal',
  X: 'no_message',
  Y: 'with_message',
};
const MOTIONS: Readonly<Record<string, Motion>> = { c: 'chaser', f: 'fleeing', i: 'immovable' };
/** ontology.constants.BASEDIRS: UP, LEFT, DOWN, RIGHT as (dx, dy). */
const BASEDIRS: readonly (readonly [number, number])[] = [
  [0, -1],
  [-1, 0],
  [0, 1],
  [1, 0],
];
/** Avatar actions UP, DOWN, LEFT, RIGHT, NO_OP (MovingAvatar.declare_possible_actions) as (dx, dy). */
const AVATAR_MOVES: readonly (readonly [number, number])[] = [
  [0, -1],
  [0, 1],
  [-1, 0],
  [1, 0],
  [0, 0],
];
const BLOCK = 2;
const SCREEN = 10 * BLOCK;

interface Sprite {
  key: Key;
  motion: Motion;
  x: number;
  y: number;
  lastX: number;
  lastY: number;
}

type Stype = Key | 'avatar';

interface CollisionEffect {
  actor: Stype;
  actee: Stype;
  score: number;
  kind: 'kill' | 'transform';
}

function effects(level: 2 | 3): CollisionEffect[] {
  const kill = (actor: Stype, actee: Stype, score: number): CollisionEffect => ({ actor, actee, score, kind: 'kill' });
  return [
    kill('avatar', 'enemy', -1),
    ...(level === 3 ? [kill('avatar', 'decoy_message', -1), kill('avatar', 'decoy_goal', -1)] : []),
    kill('no_message', 'goal', -1),
    { actor: 'no_message', actee: 'message', score: 0.5, kind: 'transform' },
    kill('message', 'avatar', 0),
    kill('goal', 'with_message', 1),
  ];
}

function overlap(a: Sprite, b: Sprite): boolean {
  return Math.abs(a.x - b.x) < BLOCK && Math.abs(a.y - b.y) < BLOCK;
}

export class VgdlStage {
  state: MessengerState = { entities: [], avatar: null };
  private live = new Map<Key, Sprite[]>();
  private vgdlRandom: PyRandom;
  private names: Record<'enemy' | 'message' | 'goal', string> = { enemy: '', message: '', goal: '' };
  private readonly effects: CollisionEffect[];

  constructor(
    private readonly level: 2 | 3,
    private readonly random: PyRandom,
    private readonly seed: number,
  ) {
    this.vgdlRandom = new PyRandom(seed);
    this.effects = effects(level);
  }

  /** StageTwo/StageThree.reset: game, variant, init state, the VGDL level, the manual; returns the manual. */
  reset(): string[] {
    const [enemy, message, goal] = this.random.choice(TEST_GAMES);
    this.names = { enemy, message, goal };
    const [, types] = this.random.choice(this.level === 2 ? STAGE2_VARIANTS : STAGE3_VARIANTS).split(':');
    const [, cells] = this.random.choice(this.level === 2 ? STAGE2_INIT_STATES : STAGE3_INIT_STATES).split(':');
    const motionOf: Partial<Record<Key, Motion>> = {};
    KEYS.slice(0, this.level === 2 ? 3 : 5).forEach((key, index) => {
      motionOf[key] = MOTIONS[types[index]];
    });
    this.live = new Map(KEYS.map((key) => [key, []]));
    for (const [, letter, row, col] of cells.matchAll(/([A-Z])(\d)(\d)/g)) {
      const key = LETTERS[letter];
      const x = Number(col) * BLOCK;
      const y = Number(row) * BLOCK;
      this.live.get(key)?.push({
        key,
        motion: AVATAR_KEYS.has(key) ? 'avatar' : (motionOf[key] ?? 'immovable'),
        x,
        y,
        lastX: x,
        lastY: y,
      });
    }
    // BasicGameLevel.reset reseeds the level's generator (runs.md §8, choice 2).
    this.vgdlRandom = new PyRandom(this.seed);
    const manual = this.level === 2 ? this.stageTwoManual(motionOf) : this.stageThreeManual(motionOf);
    this.random.shuffle(manual);
    this.observe();
    return manual;
  }

  step(action: number): { reward: number; done: boolean } {
    let reward = 0;
    // update(): every live sprite in registry order; NPCs see the avatar where it was last tick.
    const sprites = KEYS.flatMap((key) => [...(this.live.get(key) ?? [])]);
    for (const sprite of sprites) {
      sprite.lastX = sprite.x;
      sprite.lastY = sprite.y;
      if (sprite.motion === 'avatar') {
        const [dx, dy] = AVATAR_MOVES[action];
        sprite.x += dx * BLOCK;
        sprite.y += dy * BLOCK;
      } else if (sprite.motion !== 'immovable') {
        const [dx, dy] = this.vgdlRandom.choice(this.npcOptions(sprite));
        sprite.x += dx;
        sprite.y += dy;
      }
    }
    // `root EOS > stepBack`: a sprite leaving the 20×20 screen returns to where it was.
    for (const sprite of sprites) {
      if (sprite.x < 0 || sprite.y < 0 || sprite.x + BLOCK > SCREEN || sprite.y + BLOCK > SCREEN) {
        sprite.x = sprite.lastX;
        sprite.y = sprite.lastY;
      }
    }
    reward += this.collide();
    const avatars = this.avatars().length;
    const done = avatars === 0 || (this.live.get('goal') ?? []).length === 0;
    this.observe();
    return { reward, done };
  }

  /** Chaser/Fleeing: the base directions that bring it nearer to (or farther from) the closest avatar. */
  private npcOptions(sprite: Sprite): (readonly [number, number])[] {
    const targets = this.avatars();
    let best = Number.POSITIVE_INFINITY;
    let closest: Sprite[] = [];
    for (const target of targets) {
      const d = Math.abs(sprite.y - target.y) + Math.abs(sprite.x - target.x);
      if (d < best) {
        best = d;
        closest = [target];
      } else if (d === best) closest.push(target);
    }
    const options: (readonly [number, number])[] = [];
    for (const target of closest) {
      const base = Math.abs(sprite.y - target.y) + Math.abs(sprite.x - target.x);
      for (const [dx, dy] of BASEDIRS) {
        const next = Math.abs(sprite.y + dy - target.y) + Math.abs(sprite.x + dx - target.x);
        if (sprite.motion === 'fleeing' ? base < next : base > next) options.push([dx, dy]);
      }
    }
    return options.length > 0 ? options : [...BASEDIRS];
  }

  private avatars(): Sprite[] {
    return [...(this.live.get('no_message') ?? []), ...(this.live.get('with_message') ?? [])];
  }

  /**
   * _event_handling: effects in file order; each stype's list is fetched once per tick — a key's
   * live list by reference (kills shrink it), `avatar` as a snapshot — and the score changes for
   * every colliding pair, even when the actor already died this tick.
   */
  private collide(): number {
    let score = 0;
    const lists = new Map<Stype, Sprite[]>();
    const killed = new Set<Sprite>();
    const list = (stype: Stype): Sprite[] => {
      let found = lists.get(stype);
      if (!found) {
        found = stype === 'avatar' ? this.avatars() : (this.live.get(stype) ?? []);
        lists.set(stype, found);
      }
      return found;
    };
    for (const effect of this.effects) {
      const actors = list(effect.actor);
      const actees = list(effect.actee);
      if (actors.length === 0 || actees.length === 0) continue;
      for (let index = 0; index < actors.length; index++) {
        const sprite = actors[index];
        const hits = actees.filter((other) => other !== sprite && overlap(sprite, other));
        for (const _ of hits) {
          score += effect.score;
          if (killed.has(sprite)) continue;
          killed.add(sprite);
          if (effect.kind === 'kill') {
            const own = this.live.get(sprite.key) ?? [];
            own.splice(own.indexOf(sprite), 1);
          } else {
            // transformTo: the no_message sprite is destroyed (its list replaced) and a
            // with_message sprite appears where it stands.
            this.live.set(
              sprite.key,
              (this.live.get(sprite.key) ?? []).filter((other) => other !== sprite),
            );
            this.live.get('with_message')?.push({
              key: 'with_message',
              motion: 'avatar',
              x: sprite.x,
              y: sprite.y,
              lastX: sprite.x,
              lastY: sprite.y,
            });
          }
        }
      }
    }
    return score;
  }

  /** _convert_obs: entity ids by role (decoys wear the message's and goal's ids) and the avatar. */
  private observe(): void {
    // Grid(layers, shuffle=True) shuffles its layer order with Python's global generator.
    this.random.shuffle(Array.from({ length: this.level === 2 ? 3 : 5 }, (_, index) => index));
    const nameOf: Record<EntityRole, string> = {
      enemy: this.names.enemy,
      message: this.names.message,
      goal: this.names.goal,
      decoy_message: this.names.message,
      decoy_goal: this.names.goal,
    };
    const entities = KEYS.flatMap((key) =>
      key === 'no_message' || key === 'with_message'
        ? []
        : (this.live.get(key) ?? []).slice(0, 1).map((sprite) => ({ key, sprite })),
    ).map(({ key, sprite }) => ({
      id: npcId(nameOf[key as EntityRole]),
      name: nameOf[key as EntityRole],
      role: key as EntityRole,
      y: Math.floor(sprite.y / BLOCK),
      x: Math.floor(sprite.x / BLOCK),
    }));
    const withMessage = this.live.get('with_message')?.[0];
    const noMessage = this.live.get('no_message')?.[0];
    const avatar = noMessage ?? withMessage;
    this.state = {
      entities,
      avatar: avatar
        ? {
            id: avatar === noMessage ? NO_MESSAGE_ID : WITH_MESSAGE_ID,
            y: Math.floor(avatar.y / BLOCK),
            x: Math.floor(avatar.x / BLOCK),
          }
        : null,
    };
  }

  /** TextManual.get_document: each role's sentence, with no movement type 15% of the time. */
  private stageTwoManual(motionOf: Partial<Record<Key, Motion>>): string[] {
    return (['enemy', 'message', 'goal'] as const).map((role) => {
      const entity = this.names[role];
      const kind = this.random.random() < 0.15 ? 'unknown' : (motionOf[role] ?? 'immovable');
      return this.sentence(entity, role, kind);
    });
  }

  /** StageThree.reset: get_document_plus over five descriptions, then the decoy descriptor. */
  private stageThreeManual(motionOf: Partial<Record<Key, Motion>>): string[] {
    const { enemy, message, goal } = this.names;
    const described: [string, string, Motion | undefined][] = [
      [enemy, 'enemy', motionOf.enemy],
      [message, 'message', motionOf.message],
      [goal, 'goal', motionOf.goal],
      [message, 'enemy', motionOf.decoy_message],
      [goal, 'enemy', motionOf.decoy_goal],
    ];
    const manual = described.map(([entity, role, kind]) => {
      this.random.random(); // get_descriptor draws `random() < no_type_p` even when no_type_p is 0
      return this.sentence(entity, role, kind ?? 'immovable');
    });
    const roles = this.random.shuffle(['message', 'goal']);
    const enemyType = motionOf.enemy ?? 'immovable';
    const selectedType = this.random.choice(['chaser', 'fleeing', 'immovable'].filter((kind) => kind !== enemyType));
    for (const role of roles) {
      this.random.random();
      if ((TEST_TEXTS[enemy][role][selectedType] ?? []).length === 0) continue;
      manual.push(this.sentence(enemy, role, selectedType));
      return manual;
    }
    throw new SmartPlayEnvError(
      `upstream raises Exception('decoy description with impossible constraints') for ${enemy} (seed ${this.seed})`,
    );
  }

  private sentence(entity: string, role: string, kind: string): string {
    const sentences = TEST_TEXTS[entity][role][kind] ?? [];
    if (sentences.length === 0) {
      throw new SmartPlayEnvError(
        `upstream raises IndexError('Cannot choose from an empty sequence'): no '${kind}' description of ${entity} as the ${role} (seed ${this.seed})`,
      );
    }
    return this.random.choice(sentences);
  }
}
