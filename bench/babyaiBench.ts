// BabyAI performance (issue 6): simulator steps per second on a 22×22 BossLevel-like grid (3×3
// rooms of size 8, doors between them, objects in every room), and the expert's planning time on
// a 32×32 Plan grid with 180 distractors. Levels are built from a fixed seed so runs compare.
import { performance } from 'node:perf_hooks';
import type { LevelSpec, ObjectSpec } from '../src/core/benchmarks/babyai/env';
import { BabyAIEnv } from '../src/core/benchmarks/babyai/env';
import { runExpert } from '../src/core/benchmarks/babyai/omnibot';
import { COLOR_NAMES, isWallLine } from '../src/core/benchmarks/babyai/world';
import type { BenchRow } from './simplePathsBench';

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Free cells (not wall lines, not taken) in random order. */
function freeCells(
  spec: Pick<LevelSpec, 'width' | 'height' | 'layout'>,
  taken: Set<string>,
  random: () => number,
): Array<[number, number]> {
  const cells: Array<[number, number]> = [];
  for (let y = 1; y < spec.height - 1; y++)
    for (let x = 1; x < spec.width - 1; x++)
      if (!isWallLine(spec.layout, x, y) && !taken.has(`${x},${y}`)) cells.push([x, y]);
  for (let index = cells.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [cells[index], cells[other]] = [cells[other], cells[index]];
  }
  return cells;
}

function bossLevel(): LevelSpec {
  const random = seeded(22);
  const layout = { roomSize: 8, numRows: 3, numCols: 3 };
  const doors: ObjectSpec[] = [];
  // A door in the middle of every wall between neighbouring rooms, all open, so random walks travel.
  for (let row = 0; row < 3; row++)
    for (let col = 0; col < 2; col++)
      doors.push({ type: 'door', color: COLOR_NAMES[(row + col) % 6], pos: [7 * (col + 1), 7 * row + 3], open: true });
  for (let row = 0; row < 2; row++)
    for (let col = 0; col < 3; col++)
      doors.push({
        type: 'door',
        color: COLOR_NAMES[(row + col + 3) % 6],
        pos: [7 * col + 3, 7 * (row + 1)],
        open: true,
      });
  const spec = { width: 22, height: 22, layout };
  const cells = freeCells(spec, new Set(doors.map((door) => `${door.pos[0]},${door.pos[1]}`)), random);
  const objects = cells.slice(0, 27).map(
    ([x, y], index): ObjectSpec => ({
      type: (['key', 'ball', 'box'] as const)[index % 3],
      color: COLOR_NAMES[index % 6],
      pos: [x, y],
    }),
  );
  const [agentX, agentY] = cells[27];
  return {
    ...spec,
    objects: [...doors, ...objects],
    agent: { pos: [agentX, agentY], dir: 0 },
    mission: 'pick up the purple box',
    maxSteps: 1_000_000_000,
  };
}

function planLevel(): LevelSpec {
  const random = seeded(32);
  const spec = { width: 32, height: 32, layout: { roomSize: 32, numRows: 1, numCols: 1 } };
  const cells = freeCells(spec, new Set(), random);
  const distractors = cells.slice(0, 180).map(
    ([x, y], index): ObjectSpec => ({
      type: (['key', 'box', 'ball'] as const)[index % 3],
      color: COLOR_NAMES[1 + (index % 5)],
      pos: [x, y],
    }),
  );
  const [ballX, ballY] = cells[180];
  const [agentX, agentY] = cells[181];
  return {
    ...spec,
    objects: [...distractors, { type: 'ball', color: 'red', pos: [ballX, ballY] }],
    agent: { pos: [agentX, agentY], dir: 0 },
    mission: 'go to the red ball',
  };
}

export function benchBabyai(): BenchRow[] {
  const boss = bossLevel();
  const env = new BabyAIEnv(boss);
  const random = seeded(7);
  const steps = 200_000;
  const started = performance.now();
  for (let step = 0; step < steps; step++) env.step(random() < 0.6 ? 2 : random() < 0.5 ? 0 : 1);
  const stepsPerSecond = steps / ((performance.now() - started) / 1000);
  const plan = planLevel();
  const timings: number[] = [];
  let actions = 0;
  for (let run = 0; run < 5; run++) {
    const before = performance.now();
    const result = runExpert(plan, { loop: 'generator' });
    timings.push(performance.now() - before);
    actions = result.steps.length;
    if (!result.done) throw new Error(`the expert did not reach the red ball: ${result.error ?? 'no error'}`);
  }
  timings.sort((a, b) => a - b);
  return [
    {
      name: 'BabyAI simulator, 22×22 BossLevel-like grid (random actions)',
      value: stepsPerSecond,
      unit: 'st/s',
      minimum: 100_000,
    },
    {
      name: `BabyAI expert plan, 32×32 grid, 180 distractors (${actions} actions, median of 5)`,
      value: timings[2],
      unit: 'ms',
      budget: 1000,
    },
  ];
}
