// Crafter's World (danijar/crafter engine.py as vendored by SmartPlay): a material map, an object
// map, and 12x12 chunks listing their objects. Upstream keeps each chunk's objects in a Python set
// (ordered by memory address); Waypoint keeps them in insertion order (runs.md §8 choice 1: append
// on add or move in, delete on remove or move out), which is what makes `_balance_object`'s random
// pick deterministic. Chunk keys themselves are kept in the order upstream's defaultdict creates
// them (first object added to or moved into the chunk); chunks that never held an object are
// never balanced, as upstream.

import { MATERIALS } from './data';
import type { RandomState } from './mt19937';

export interface WorldObject {
  x: number;
  y: number;
  removed: boolean;
  health: number;
  readonly kind: ObjectKind;
  update(): void;
}

export type ObjectKind = 'player' | 'cow' | 'zombie' | 'skeleton' | 'arrow' | 'plant' | 'fence';

export interface Chunk {
  readonly xmin: number;
  readonly xmax: number;
  readonly ymin: number;
  readonly ymax: number;
  readonly objects: WorldObject[];
}

/** Material names by id; id 0 is upstream's `None` (never set inside the area). */
export const MATERIAL_NAMES: readonly (string | null)[] = [null, ...MATERIALS];
const MATERIAL_IDS = new Map<string, number>(MATERIALS.map((name, index) => [name, index + 1]));

function materialId(name: string): number {
  const id = MATERIAL_IDS.get(name);
  if (id === undefined) throw new Error(`unknown Crafter material ${name}`);
  return id;
}

/** numpy's basic-slice bounds for `a[start:stop]` on an axis of length `n` (negative starts wrap). */
export function numpySlice(start: number, stop: number, n: number): [number, number] {
  const norm = (index: number) => {
    const wrapped = index < 0 ? index + n : index;
    return Math.min(Math.max(wrapped, 0), n);
  };
  const a = norm(start);
  const b = norm(stop);
  return [a, Math.max(a, b)];
}

export class World {
  readonly width: number;
  readonly height: number;
  readonly chunkSize = 12;
  random!: RandomState;
  daylight = 0;
  readonly matMap: Uint8Array;
  readonly objMap: Uint32Array;
  private objectSlots: (WorldObject | null)[] = [null];
  private chunkMap = new Map<number, Chunk>();

  constructor(width = 64, height = 64) {
    this.width = width;
    this.height = height;
    this.matMap = new Uint8Array(width * height);
    this.objMap = new Uint32Array(width * height);
  }

  reset(random: RandomState): void {
    this.random = random;
    this.daylight = 0;
    this.objectSlots = [null];
    this.chunkMap = new Map();
    this.matMap.fill(0);
    this.objMap.fill(0);
  }

  inside(x: number, y: number): boolean {
    return x >= 0 && x < this.width && y >= 0 && y < this.height;
  }

  /** The live objects in index order (a new array: updates may add or remove objects). */
  objects(): WorldObject[] {
    const out: WorldObject[] = [];
    for (const obj of this.objectSlots) if (obj) out.push(obj);
    return out;
  }

  /** The chunks in creation order; each chunk's object list is live. */
  chunks(): Chunk[] {
    return [...this.chunkMap.values()];
  }

  private chunkOf(x: number, y: number): Chunk {
    const cs = this.chunkSize;
    const xmin = Math.floor(x / cs) * cs;
    const ymin = Math.floor(y / cs) * cs;
    const key = xmin * 100000 + ymin;
    let chunk = this.chunkMap.get(key);
    if (!chunk) {
      chunk = {
        xmin,
        xmax: Math.min(xmin + cs, this.width),
        ymin,
        ymax: Math.min(ymin + cs, this.height),
        objects: [],
      };
      this.chunkMap.set(key, chunk);
    }
    return chunk;
  }

  add(obj: WorldObject): void {
    const cell = obj.x * this.height + obj.y;
    if (this.objMap[cell] !== 0) throw new Error(`Crafter: cell ${obj.x},${obj.y} already holds an object`);
    this.objMap[cell] = this.objectSlots.length;
    this.objectSlots.push(obj);
    this.chunkOf(obj.x, obj.y).objects.push(obj);
  }

  remove(obj: WorldObject): void {
    if (obj.removed) return;
    const cell = obj.x * this.height + obj.y;
    this.objectSlots[this.objMap[cell]] = null;
    this.objMap[cell] = 0;
    removeFrom(this.chunkOf(obj.x, obj.y).objects, obj);
    obj.removed = true;
  }

  move(obj: WorldObject, x: number, y: number): void {
    if (obj.removed) return;
    const from = obj.x * this.height + obj.y;
    const to = x * this.height + y;
    if (this.objMap[to] !== 0) throw new Error(`Crafter: cell ${x},${y} already holds an object`);
    this.objMap[to] = this.objMap[from];
    this.objMap[from] = 0;
    const oldChunk = this.chunkOf(obj.x, obj.y);
    const newChunk = this.chunkOf(x, y);
    if (oldChunk !== newChunk) {
      removeFrom(oldChunk.objects, obj);
      newChunk.objects.push(obj);
    }
    obj.x = x;
    obj.y = y;
  }

  setMaterial(x: number, y: number, name: string): void {
    this.matMap[x * this.height + y] = materialId(name);
  }

  /** `world[pos][0]`: the material name, or null outside the area. */
  material(x: number, y: number): string | null {
    if (!this.inside(x, y)) return null;
    return MATERIAL_NAMES[this.matMap[x * this.height + y]];
  }

  /** `world[pos][1]`: the object there, or null. */
  objectAt(x: number, y: number): WorldObject | null {
    if (!this.inside(x, y)) return null;
    return this.objectSlots[this.objMap[x * this.height + y]];
  }

  /** `world.nearby(pos, d)[0]`: the materials in the (numpy-sliced) square around pos. */
  nearbyMaterials(x: number, y: number, distance: number): Set<string | null> {
    const [x0, x1] = numpySlice(x - distance, x + distance + 1, this.width);
    const [y0, y1] = numpySlice(y - distance, y + distance + 1, this.height);
    const out = new Set<string | null>();
    for (let i = x0; i < x1; i++)
      for (let j = y0; j < y1; j++) out.add(MATERIAL_NAMES[this.matMap[i * this.height + j]]);
    return out;
  }

  /** How many cells of a chunk hold `material` (`mask.sum()`). */
  countInChunk(chunk: Chunk, material: string): number {
    const id = materialId(material);
    const map = this.matMap;
    let count = 0;
    for (let x = chunk.xmin; x < chunk.xmax; x++)
      for (let y = chunk.ymin, cell = x * this.height + y; y < chunk.ymax; y++, cell++) if (map[cell] === id) count++;
    return count;
  }

  /** The cells of a chunk holding `material`, in numpy's boolean-mask order (x outer, y inner). */
  chunkCells(chunk: Chunk, material: string): [number, number][] {
    const id = materialId(material);
    const cells: [number, number][] = [];
    for (let x = chunk.xmin; x < chunk.xmax; x++)
      for (let y = chunk.ymin; y < chunk.ymax; y++) if (this.matMap[x * this.height + y] === id) cells.push([x, y]);
    return cells;
  }
}

function removeFrom(list: WorldObject[], obj: WorldObject): void {
  const index = list.indexOf(obj);
  if (index >= 0) list.splice(index, 1);
}
