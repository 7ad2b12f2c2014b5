// Crafter's creatures and the player (danijar/crafter objects.py as vendored by SmartPlay). Every
// random draw is made where upstream makes it, including Python's short-circuit `and`s, and an
// object that removed itself still finishes its update (drawing, and for a zombie attacking)
// because upstream's `update` does not return after `world.remove(self)`.

import { COLLECT, ITEM_MAX, ITEMS, type Item, MAKE, PLACE, WALKABLE } from './data';
import type { ObjectKind, World, WorldObject } from './engine';

type Vec = [number, number];
const PLAYER_WALKABLE: readonly string[] = [...WALKABLE, 'lava'];
const ALL_DIRS: readonly Vec[] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

abstract class CreatureBase implements WorldObject {
  removed = false;
  private hp = 0;
  abstract readonly kind: ObjectKind;
  constructor(
    readonly world: World,
    public x: number,
    public y: number,
  ) {}

  abstract update(): void;

  walkable(): readonly (string | null)[] {
    return WALKABLE;
  }

  // Upstream's `health` setter clamps at 0 for every object.
  get health(): number {
    return this.hp;
  }
  set health(value: number) {
    this.hp = Math.max(0, value);
  }

  /** `Object.move`: true when the target was free (even if this object was already removed). */
  move(dx: number, dy: number): boolean {
    const tx = this.x + dx;
    const ty = this.y + dy;
    if (this.isFree(tx, ty)) {
      this.world.move(this, tx, ty);
      return true;
    }
    return false;
  }

  isFree(x: number, y: number, materials: readonly (string | null)[] = this.walkable()): boolean {
    return this.world.objectAt(x, y) === null && materials.includes(this.world.material(x, y));
  }

  distanceTo(x: number, y: number): number {
    return Math.abs(x - this.x) + Math.abs(y - this.y);
  }

  toward(target: WorldObject, longAxis = true): Vec {
    const ox = target.x - this.x;
    const oy = target.y - this.y;
    const ax = Math.abs(ox);
    const ay = Math.abs(oy);
    if (longAxis ? ax > ay : ax <= ay) return [Math.sign(ox), 0];
    return [0, Math.sign(oy)];
  }

  randomDir(): Vec {
    return ALL_DIRS[this.world.random.randint(0, 4)];
  }
}

export class Player extends CreatureBase {
  readonly kind = 'player';
  facing: Vec = [0, 1];
  readonly inventory: Record<Item, number>;
  readonly achievements = new Map<string, number>();
  action = 'noop';
  sleeping = false;
  private lastHealth: number;
  private hunger = 0;
  private thirst = 0;
  private fatigue = 0;
  private recover = 0;

  constructor(world: World, x: number, y: number, achievements: readonly string[]) {
    super(world, x, y);
    const inventory = {} as Record<Item, number>;
    for (const item of ITEMS)
      inventory[item] = item === 'health' || item === 'food' || item === 'drink' || item === 'energy' ? 9 : 0;
    this.inventory = inventory;
    for (const name of achievements) this.achievements.set(name, 0);
    this.lastHealth = this.health;
  }

  // The player's health is its inventory entry, as upstream's `health` property.
  override get health(): number {
    return this.inventory ? this.inventory.health : 0;
  }
  override set health(value: number) {
    if (this.inventory) this.inventory.health = Math.max(0, value);
  }

  override walkable(): readonly (string | null)[] {
    return PLAYER_WALKABLE;
  }

  private achieve(name: string): void {
    this.achievements.set(name, (this.achievements.get(name) ?? 0) + 1);
  }

  update(): void {
    const tx = this.x + this.facing[0];
    const ty = this.y + this.facing[1];
    const material = this.world.material(tx, ty);
    const obj = this.world.objectAt(tx, ty);
    let action = this.action;
    if (this.sleeping) {
      if (this.inventory.energy < ITEM_MAX) action = 'sleep';
      else {
        this.sleeping = false;
        this.achieve('wake_up');
      }
    }
    if (action === 'noop') {
      // nothing
    } else if (action.startsWith('move_')) this.moveAction(action.slice(5));
    else if (action === 'do' && obj) this.doObject(obj);
    else if (action === 'do') this.doMaterial(tx, ty, material);
    else if (action === 'sleep') {
      if (this.inventory.energy < ITEM_MAX) this.sleeping = true;
    } else if (action.startsWith('place_')) this.place(action.slice(6), tx, ty, material);
    else if (action.startsWith('make_')) this.make(action.slice(5));
    this.updateLifeStats();
    this.degenOrRegenHealth();
    for (const item of ITEMS) this.inventory[item] = Math.max(0, Math.min(this.inventory[item], ITEM_MAX));
    // After the clamp, as upstream: waking depends on the clamped health.
    if (this.health < this.lastHealth) this.sleeping = false;
    this.lastHealth = this.health;
  }

  private updateLifeStats(): void {
    this.hunger += this.sleeping ? 0.5 : 1;
    if (this.hunger > 25) {
      this.hunger = 0;
      this.inventory.food -= 1;
    }
    this.thirst += this.sleeping ? 0.5 : 1;
    if (this.thirst > 20) {
      this.thirst = 0;
      this.inventory.drink -= 1;
    }
    if (this.sleeping) this.fatigue = Math.min(this.fatigue - 1, 0);
    else this.fatigue += 1;
    if (this.fatigue < -10) {
      this.fatigue = 0;
      this.inventory.energy += 1;
    }
    if (this.fatigue > 30) {
      this.fatigue = 0;
      this.inventory.energy -= 1;
    }
  }

  private degenOrRegenHealth(): void {
    const ok = this.inventory.food > 0 && this.inventory.drink > 0 && (this.inventory.energy > 0 || this.sleeping);
    if (ok) this.recover += this.sleeping ? 2 : 1;
    else this.recover -= this.sleeping ? 0.5 : 1;
    if (this.recover > 25) {
      this.recover = 0;
      this.health += 1;
    }
    if (this.recover < -15) {
      this.recover = 0;
      this.health -= 1;
    }
  }

  private moveAction(direction: string): void {
    const dirs: Record<string, Vec> = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] };
    this.facing = dirs[direction];
    this.move(this.facing[0], this.facing[1]);
    if (this.world.material(this.x, this.y) === 'lava') this.health = 0;
  }

  private doObject(obj: WorldObject): void {
    const inv = this.inventory;
    const dmg = Math.max(1, inv.wood_sword && 2, inv.stone_sword && 3, inv.iron_sword && 5);
    if (obj instanceof Plant && obj.ripe) {
      obj.grown = 0;
      inv.food += 4;
      this.achieve('eat_plant');
    }
    // Upstream's Fence branch (remove it, count `fence`) is unreachable: no action places a fence.
    if (obj instanceof Fence) this.world.remove(obj);
    if (obj instanceof Zombie) {
      obj.health -= dmg;
      if (obj.health <= 0) this.achieve('defeat_zombie');
    }
    if (obj instanceof Skeleton) {
      obj.health -= dmg;
      if (obj.health <= 0) this.achieve('defeat_skeleton');
    }
    if (obj instanceof Cow) {
      obj.health -= dmg;
      if (obj.health <= 0) {
        inv.food += 6;
        this.achieve('eat_cow');
        this.hunger = 0;
      }
    }
  }

  private doMaterial(x: number, y: number, material: string | null): void {
    if (material === 'water') this.thirst = 0;
    const info = material === null ? undefined : COLLECT[material];
    if (!info) return;
    for (const [name, amount] of Object.entries(info.require)) if (this.inventory[name as Item] < (amount ?? 0)) return;
    this.world.setMaterial(x, y, info.leaves);
    if (this.world.random.uniform() <= (info.probability ?? 1)) {
      for (const [name, amount] of Object.entries(info.receive)) {
        this.inventory[name as Item] += amount ?? 0;
        this.achieve(`collect_${name}`);
      }
    }
  }

  private place(name: string, x: number, y: number, material: string | null): void {
    if (this.world.objectAt(x, y)) return;
    const info = PLACE[name];
    if (!info.where.includes(material as string)) return;
    const uses = Object.entries(info.uses) as [Item, number][];
    if (uses.some(([item, amount]) => this.inventory[item] < amount)) return;
    for (const [item, amount] of uses) this.inventory[item] -= amount;
    if (info.type === 'material') this.world.setMaterial(x, y, name);
    else this.world.add(new Plant(this.world, x, y));
    this.achieve(`place_${name}`);
  }

  private make(name: string): void {
    const nearby = this.world.nearbyMaterials(this.x, this.y, 1);
    const info = MAKE[name];
    if (!info.nearby.every((util) => nearby.has(util))) return;
    const uses = Object.entries(info.uses) as [Item, number][];
    if (uses.some(([item, amount]) => this.inventory[item] < amount)) return;
    for (const [item, amount] of uses) this.inventory[item] -= amount;
    this.inventory[name as Item] += info.gives;
    this.achieve(`make_${name}`);
  }
}

export class Cow extends CreatureBase {
  readonly kind = 'cow';
  constructor(world: World, x: number, y: number) {
    super(world, x, y);
    this.health = 3;
  }
  update(): void {
    if (this.health <= 0) this.world.remove(this);
    if (this.world.random.uniform() < 0.5) {
      const [dx, dy] = this.randomDir();
      this.move(dx, dy);
    }
  }
}

export class Zombie extends CreatureBase {
  readonly kind = 'zombie';
  cooldown = 0;
  constructor(
    world: World,
    x: number,
    y: number,
    readonly player: Player,
  ) {
    super(world, x, y);
    this.health = 5;
  }
  update(): void {
    const random = this.world.random;
    if (this.health <= 0) this.world.remove(this);
    let dist = this.distanceTo(this.player.x, this.player.y);
    if (dist <= 8 && random.uniform() < 0.9) {
      const [dx, dy] = this.toward(this.player, random.uniform() < 0.8);
      this.move(dx, dy);
    } else {
      const [dx, dy] = this.randomDir();
      this.move(dx, dy);
    }
    dist = this.distanceTo(this.player.x, this.player.y);
    if (dist <= 1) {
      if (this.cooldown) this.cooldown -= 1;
      else {
        this.player.health -= this.player.sleeping ? 7 : 2;
        this.cooldown = 5;
      }
    }
  }
}

export class Skeleton extends CreatureBase {
  readonly kind = 'skeleton';
  reload = 0;
  constructor(
    world: World,
    x: number,
    y: number,
    readonly player: Player,
  ) {
    super(world, x, y);
    this.health = 3;
  }
  update(): void {
    const random = this.world.random;
    if (this.health <= 0) this.world.remove(this);
    this.reload = Math.max(0, this.reload - 1);
    const dist = this.distanceTo(this.player.x, this.player.y);
    if (dist <= 3) {
      const [dx, dy] = this.toward(this.player, random.uniform() < 0.6);
      if (this.move(-dx, -dy)) return;
    }
    if (dist <= 5 && random.uniform() < 0.5) this.shoot(this.toward(this.player));
    else if (dist <= 8 && random.uniform() < 0.3) {
      const [dx, dy] = this.toward(this.player, random.uniform() < 0.6);
      this.move(dx, dy);
    } else if (random.uniform() < 0.2) {
      const [dx, dy] = this.randomDir();
      this.move(dx, dy);
    }
  }
  private shoot([dx, dy]: Vec): void {
    if (this.reload > 0) return;
    if (dx === 0 && dy === 0) return;
    if (this.isFree(this.x + dx, this.y + dy, ARROW_WALKABLE)) {
      this.world.add(new Arrow(this.world, this.x + dx, this.y + dy, [dx, dy]));
      this.reload = 4;
    }
  }
}

const ARROW_WALKABLE: readonly string[] = [...WALKABLE, 'water', 'lava'];

class Arrow extends CreatureBase {
  readonly kind = 'arrow';
  constructor(
    world: World,
    x: number,
    y: number,
    readonly facing: Vec,
  ) {
    super(world, x, y);
  }
  override walkable(): readonly (string | null)[] {
    return ARROW_WALKABLE;
  }
  update(): void {
    const tx = this.x + this.facing[0];
    const ty = this.y + this.facing[1];
    const material = this.world.material(tx, ty);
    const obj = this.world.objectAt(tx, ty);
    if (obj) {
      obj.health -= 2;
      this.world.remove(this);
    } else if (!ARROW_WALKABLE.includes(material as string)) {
      this.world.remove(this);
      if (material === 'table' || material === 'furnace') this.world.setMaterial(tx, ty, 'path');
    } else this.move(this.facing[0], this.facing[1]);
  }
}

class Plant extends CreatureBase {
  readonly kind = 'plant';
  grown = 0;
  constructor(world: World, x: number, y: number) {
    super(world, x, y);
    this.health = 1;
  }
  get ripe(): boolean {
    return this.grown > 300;
  }
  update(): void {
    this.grown += 1;
    const hurt = ALL_DIRS.some(([dx, dy]) => {
      const obj = this.world.objectAt(this.x + dx, this.y + dy);
      return obj instanceof Zombie || obj instanceof Skeleton || obj instanceof Cow;
    });
    if (hurt) this.health -= 1;
    if (this.health <= 0) this.world.remove(this);
  }
}

class Fence extends CreatureBase {
  readonly kind = 'fence';
  update(): void {}
}
