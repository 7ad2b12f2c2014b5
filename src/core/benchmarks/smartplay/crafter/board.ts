// Crafter's local view on the board: the 9 columns × 7 rows around the player that SmartPlay's text
// describes (crafter_env.py slices x-4..x+4, y-3..y+3), from Waypoint's simulator re-played from
// the log's seed and actions, with the step's text observation above it. World x grows east and y
// south, as the board's columns and rows do; cells outside the 64×64 world stay empty.
import type {
  BoardDirection,
  BoardLegendEntry,
  Creature,
  GridCell,
  GridScene,
  TerrainMaterial,
} from '../../../benchmark/board';
import type { StepRecord } from '../runner';
import { ACTIONS, MATERIALS } from './data';
import { CrafterEnv } from './env';

const VIEW_COLUMNS = 9;
const VIEW_ROWS = 7;
const HALF_COLUMNS = 4;
const HALF_ROWS = 3;

const TERRAIN = new Set<string>(MATERIALS);
const CREATURES = new Set<string>(['cow', 'zombie', 'skeleton', 'arrow', 'plant'] satisfies Creature[]);

/** The board direction of a facing vector (Crafter's facing is always one unit step). */
export function facingDirection(facing: readonly [number, number]): BoardDirection {
  if (facing[0] > 0) return 0;
  if (facing[1] > 0) return 1;
  if (facing[0] < 0) return 2;
  return 3;
}

const DIRECTION_WORDS = ['east', 'south', 'west', 'north'];

/** The scene of the env's current state; `observation` is shown above it. */
function crafterScene(env: CrafterEnv, observation: string): GridScene {
  const { world, player } = env;
  const cells: GridCell[] = [];
  const materials = new Set<TerrainMaterial>();
  const creatures = new Set<Creature>();
  for (let row = 0; row < VIEW_ROWS; row++) {
    for (let column = 0; column < VIEW_COLUMNS; column++) {
      const wx = player.x - HALF_COLUMNS + column;
      const wy = player.y - HALF_ROWS + row;
      const material = world.material(wx, wy);
      if (material === null || !TERRAIN.has(material)) continue;
      const kind = world.objectAt(wx, wy)?.kind;
      const creature = kind !== undefined && CREATURES.has(kind) ? (kind as Creature) : null;
      materials.add(material as TerrainMaterial);
      if (creature) creatures.add(creature);
      cells.push({ x: column, y: row, kind: 'terrain', material: material as TerrainMaterial, creature });
    }
  }
  const dir = facingDirection(player.facing);
  const state = player.health <= 0 ? ', dead' : player.sleeping ? ', asleep' : '';
  const legend: BoardLegendEntry[] = [
    {
      symbol: 'agent',
      label: `you (facing ${DIRECTION_WORDS[dir]}${state}), at (${player.x}, ${player.y}) of the 64×64 world`,
    },
  ];
  for (const material of MATERIALS)
    if (materials.has(material)) legend.push({ symbol: 'terrain', material, label: material });
  for (const creature of CREATURES)
    if (creatures.has(creature as Creature))
      legend.push({ symbol: 'creature', creature: creature as Creature, label: creature });
  return {
    kind: 'grid',
    width: VIEW_COLUMNS,
    height: VIEW_ROWS,
    cells,
    agent: { x: HALF_COLUMNS, y: HALF_ROWS, dir },
    coordinateSystem: 'xy',
    origin: { x: player.x - HALF_COLUMNS, y: player.y - HALF_ROWS },
    mission: observation,
    missionLabel: 'Observation',
    legend,
  };
}

/**
 * The view after reset and after each step, re-played from the seed; null when the log has no
 * seed or the simulation stops matching the log's observations (a log from another simulator).
 */
export function crafterScenes(
  seed: number | null | undefined,
  steps: readonly Pick<StepRecord, 'action' | 'observation'>[],
  resetObservation: string,
): GridScene[] | null {
  if (seed === null || seed === undefined || !Number.isInteger(seed) || seed < 0) return null;
  const env = new CrafterEnv(seed);
  const reset = env.reset().obs;
  if (reset !== resetObservation) return null;
  const scenes = [crafterScene(env, reset)];
  for (const [index, step] of steps.entries()) {
    if (index > 0 && step.observation !== scenes[index].mission) return null;
    if (!Number.isInteger(step.action) || step.action < 0 || step.action >= ACTIONS.length) return null;
    const result = env.step(step.action);
    scenes.push(crafterScene(env, result.obs));
    if (result.done) break;
  }
  return scenes;
}
