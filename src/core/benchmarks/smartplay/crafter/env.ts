// Crafter as SmartPlay plays it: danijar/crafter's Env (env.py) wrapped by SmartPlay's Crafter
// (crafter_env.py), with Waypoint's determinism choice (runs.md §8 choice 1, see engine.ts).
// `Crafter(seed=S).reset()` seeds the world with `hash((S, 1)) % (2**31 - 1)`, generates it, draws
// the reset image and takes a hidden Noop step whose text is the reset observation. Every step
// ends with the image upstream renders: at night (daylight < 0.5) its noise consumes 63x49
// `uniform` draws from the world's generator even though only text is produced here.

import { ACHIEVEMENTS, ACTIONS } from './data';
import { World } from './engine';
import { RandomState } from './mt19937';
import { Cow, Player, Skeleton, Zombie } from './objects';
import { crafterWorldSeed } from './pythonHash';
import { describeCrafterFrame } from './text';
import { generateWorld } from './worldgen';
import type { Chunk, WorldObject } from './engine';

const VIEW = 9;
const LENGTH = 10000;
/** The local view's pixel grid: 9 x (9 - 2 item rows) cells of 64 // 9 = 7 pixels. */
const NIGHT_NOISE_DRAWS = 9 * 7 * (7 * 7);

export interface CrafterStep {
  obs: string;
  reward: number;
  done: boolean;
  score: number;
  /** Achievements unlocked by this step (upstream's `info['unlocked']`), in data.yaml order. */
  unlocked: string[];
  /** reset() only: the hidden Noop step's own text ("You took action noop. ..."), which upstream's history records. */
  hiddenObs?: string;
}

export class CrafterEnv {
  readonly world = new World(64, 64);
  player!: Player;
  private episode = 0;
  private stepCount = 0;
  private lastHealth = 0;
  private unlocked = new Set<string>();
  private score = 0;

  constructor(readonly seed: number) {}

  get steps(): number {
    return this.stepCount;
  }

  /** `reset()`: the observation after the hidden Noop step. */
  reset(): CrafterStep {
    this.episode += 1;
    this.stepCount = 0;
    this.world.reset(new RandomState(crafterWorldSeed(this.seed, this.episode)));
    this.updateTime();
    this.player = new Player(this.world, 32, 32, ACHIEVEMENTS);
    this.lastHealth = this.player.health;
    this.world.add(this.player);
    this.unlocked = new Set();
    generateWorld(this.world, this.player);
    this.render();
    const hidden = this.innerStep(0);
    this.score = this.unlockedCount();
    const info = this.frameInfo();
    return {
      ...hidden,
      obs: describeCrafterFrame(this.world, info, false),
      score: this.score,
      hiddenObs: describeCrafterFrame(this.world, info, true),
    };
  }

  /** `step(action)` by action index (ACTIONS / ACTION_TEXTS order). */
  step(action: number): CrafterStep {
    const result = this.innerStep(action);
    this.score += this.unlockedCount();
    return { ...result, obs: describeCrafterFrame(this.world, this.frameInfo(), true), score: this.score };
  }

  private unlockedCount(): number {
    let count = 0;
    for (const value of this.player.achievements.values()) if (value > 0) count += 1;
    return count;
  }

  private frameInfo() {
    const p = this.player;
    return {
      action: p.action,
      sleeping: p.sleeping,
      dead: p.health <= 0,
      inventory: p.inventory,
      x: p.x,
      y: p.y,
      facing: p.facing,
    };
  }

  private innerStep(action: number): Omit<CrafterStep, 'obs' | 'score'> {
    if (!Number.isInteger(action) || action < 0 || action >= ACTIONS.length)
      throw new RangeError(`Crafter action index ${action} is outside 0..${ACTIONS.length - 1}`);
    this.stepCount += 1;
    this.updateTime();
    this.player.action = ACTIONS[action];
    for (const obj of this.world.objects()) if (this.player.distanceTo(obj.x, obj.y) < 2 * VIEW) obj.update();
    if (this.stepCount % 10 === 0) for (const chunk of this.world.chunks()) this.balanceChunk(chunk);
    this.render();
    let reward = (this.player.health - this.lastHealth) / 10;
    this.lastHealth = this.player.health;
    const unlocked = ACHIEVEMENTS.filter(
      (name) => (this.player.achievements.get(name) ?? 0) > 0 && !this.unlocked.has(name),
    );
    if (unlocked.length > 0) {
      for (const name of unlocked) this.unlocked.add(name);
      reward += 1.0;
    }
    const dead = this.player.health <= 0;
    const done = dead || this.stepCount >= LENGTH;
    return { reward, done, unlocked };
  }

  private updateTime(): void {
    const progress = ((this.stepCount / 300) % 1) + 0.3;
    this.world.daylight = 1 - Math.abs(Math.cos(Math.PI * progress)) ** 3;
  }

  private render(): void {
    if (this.world.daylight < 0.5) this.world.random.skipDoubles(NIGHT_NOISE_DRAWS);
  }

  private balanceChunk(chunk: Chunk): void {
    const light = this.world.daylight;
    // Spawning and despawning never change materials, so each count holds for the whole chunk.
    const grass = this.world.countInChunk(chunk, 'grass');
    const path = this.world.countInChunk(chunk, 'path');
    this.balanceObject(
      chunk,
      Zombie,
      'grass',
      grass,
      6,
      0,
      0.3,
      0.4,
      (x, y) => new Zombie(this.world, x, y, this.player),
      (space) => [space < 50 ? 0 : 3.5 - 3 * light, 3.5 - 3 * light],
    );
    this.balanceObject(
      chunk,
      Skeleton,
      'path',
      path,
      7,
      7,
      0.1,
      0.1,
      (x, y) => new Skeleton(this.world, x, y, this.player),
      (space) => [space < 6 ? 0 : 1, 2],
    );
    this.balanceObject(
      chunk,
      Cow,
      'grass',
      grass,
      5,
      5,
      0.01,
      0.1,
      (x, y) => new Cow(this.world, x, y),
      (space) => [space < 30 ? 0 : 1, 1.5 + light],
    );
  }

  private balanceObject(
    chunk: Chunk,
    cls: abstract new (...args: never[]) => WorldObject,
    material: string,
    space: number,
    spawnDist: number,
    despawnDist: number,
    spawnProb: number,
    despawnProb: number,
    ctor: (x: number, y: number) => WorldObject,
    target: (space: number) => [number, number],
  ): void {
    const random = this.world.random;
    const creatures = chunk.objects.filter((obj) => obj instanceof cls);
    const [targetMin, targetMax] = target(space);
    if (creatures.length < Math.trunc(targetMin) && random.uniform() < spawnProb) {
      const cells = this.world.chunkCells(chunk, material);
      const [x, y] = cells[random.randint(0, cells.length)];
      const empty = this.world.objectAt(x, y) === null;
      const away = this.player.distanceTo(x, y) >= spawnDist;
      if (empty && away) this.world.add(ctor(x, y));
    } else if (creatures.length > Math.trunc(targetMax) && random.uniform() < despawnProb) {
      const obj = creatures[random.randint(0, creatures.length)];
      if (this.player.distanceTo(obj.x, obj.y) >= despawnDist) this.world.remove(obj);
    }
  }
}
