// Crafter's world generation (danijar/crafter worldgen.py as vendored by SmartPlay): terrain from
// OpenSimplex noise seeded by the world's first `randint(0, 2**31 - 1)`, then creatures, visiting
// cells x-major. `uniform()` is drawn only where upstream's short-circuit conditions reach it.

import { WALKABLE } from './data';
import type { World } from './engine';
import { Cow, type Player, Skeleton, Zombie } from './objects';
import { OpenSimplex } from './opensimplex';

type Sizes = readonly (readonly [number, number])[];

function noise(simplex: OpenSimplex, x: number, y: number, z: number, sizes: number | Sizes, normalize = true): number {
  const pairs: Sizes = typeof sizes === 'number' ? [[sizes, 1]] : sizes;
  let value = 0;
  let total = 0;
  for (const [size, weight] of pairs) {
    value += weight * simplex.noise3(x / size, y / size, z);
    total += weight;
  }
  if (normalize) value /= total;
  return value;
}

const WATER_SIZES: Sizes = [
  [15, 1],
  [5, 0.15],
];
const MOUNTAIN_SIZES: Sizes = [
  [15, 1],
  [5, 0.3],
];

export function generateWorld(world: World, player: Player): void {
  const simplex = new OpenSimplex(world.random.randint(0, 2 ** 31 - 1));
  const tunnels = new Uint8Array(world.width * world.height);
  for (let x = 0; x < world.width; x++)
    for (let y = 0; y < world.height; y++) setMaterial(world, x, y, player, tunnels, simplex);
  for (let x = 0; x < world.width; x++) for (let y = 0; y < world.height; y++) setObject(world, x, y, player, tunnels);
}

function setMaterial(
  world: World,
  x: number,
  y: number,
  player: Player,
  tunnels: Uint8Array,
  simplex: OpenSimplex,
): void {
  const random = world.random;
  const s = (sx: number, sy: number, z: number, sizes: number | Sizes, normalize = true) =>
    noise(simplex, sx, sy, z, sizes, normalize);
  let start = 4 - Math.sqrt((x - player.x) ** 2 + (y - player.y) ** 2);
  start += 2 * s(x, y, 8, 3);
  start = 1 / (1 + Math.exp(-start));
  let water = s(x, y, 3, WATER_SIZES, false) + 0.1;
  water -= 2 * start;
  let mountain = s(x, y, 0, MOUNTAIN_SIZES);
  mountain -= 4 * start + 0.3 * water;
  let material: string;
  if (start > 0.5) material = 'grass';
  else if (mountain > 0.15) {
    if (s(x, y, 6, 7) > 0.15 && mountain > 0.3) material = 'path';
    else if (s(2 * x, y / 5, 7, 3) > 0.4) {
      material = 'path';
      tunnels[x * world.height + y] = 1;
    } else if (s(x / 5, 2 * y, 7, 3) > 0.4) {
      material = 'path';
      tunnels[x * world.height + y] = 1;
    } else if (s(x, y, 1, 8) > 0 && random.uniform() > 0.85) material = 'coal';
    else if (s(x, y, 2, 6) > 0.4 && random.uniform() > 0.75) material = 'iron';
    else if (mountain > 0.18 && random.uniform() > 0.994) material = 'diamond';
    else if (mountain > 0.3 && s(x, y, 6, 5) > 0.35) material = 'lava';
    else material = 'stone';
  } else if (water > 0.25 && water <= 0.35 && s(x, y, 4, 9) > -0.2) material = 'sand';
  else if (water > 0.3) material = 'water';
  else if (s(x, y, 5, 7) > 0 && random.uniform() > 0.8) material = 'tree';
  else material = 'grass';
  world.setMaterial(x, y, material);
}

function setObject(world: World, x: number, y: number, player: Player, tunnels: Uint8Array): void {
  const random = world.random;
  const dist = Math.sqrt((x - player.x) ** 2 + (y - player.y) ** 2);
  const material = world.material(x, y);
  if (!WALKABLE.includes(material as string)) return;
  if (dist > 3 && material === 'grass' && random.uniform() > 0.985) world.add(new Cow(world, x, y));
  else if (dist > 10 && random.uniform() > 0.993) world.add(new Zombie(world, x, y, player));
  else if (material === 'path' && tunnels[x * world.height + y] && random.uniform() > 0.95)
    world.add(new Skeleton(world, x, y, player));
}
