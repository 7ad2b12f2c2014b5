// Crafter simulator speed (issue 19: at least 10x upstream's Python). The workload: SmartPlay's
// Crafter step (dynamics + its text observation) with 5,000 generated actions from seed 5,
// resetting when the player dies; step and reset time are measured apart. The Python figures were
// measured once on the development machine with the same workload on upstream's own code
// (SmartPlay's vendored crafter, opensimplex 0.4.5 without numba, numpy 2.4, CPython 3.11) with its
// image rendering replaced by the random draws it makes, so upstream's real step is slower still:
// 1,990 steps/s and 994 ms per reset (the best of three runs: 1,674-1,990 steps/s, 994-1,163 ms).
// No bench step runs Python (SmartPlay is not vendored here).
import { ACTION_TEXTS } from '../src/core/benchmarks/smartplay/crafter/data';
import { CrafterSmartPlayEnv } from '../src/core/benchmarks/smartplay/crafter/smartplayEnv';
import type { BenchRow } from './simplePathsBench';

const UPSTREAM_STEPS_PER_SECOND = 1990;
const UPSTREAM_RESET_MS = 994;

function lcgActions(seed: number, count: number): number[] {
  const weights = [1, 6, 6, 6, 6, 8, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1];
  const table = weights.flatMap((weight, action) => new Array<number>(weight).fill(action));
  let x = seed;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff; // (x * 1103515245 + 12345) % 2**31
    out.push(table[(x >> 16) % table.length]);
  }
  return out;
}

function run(actions: readonly number[]): { stepMs: number; resetMs: number; resets: number } {
  const env = new CrafterSmartPlayEnv(5);
  let stepMs = 0;
  let resetMs = 0;
  let resets = 0;
  const reset = () => {
    const started = performance.now();
    env.reset();
    resetMs += performance.now() - started;
    resets += 1;
  };
  reset();
  for (const action of actions) {
    const started = performance.now();
    const result = env.step(action);
    stepMs += performance.now() - started;
    if (result.done) reset();
  }
  return { stepMs, resetMs, resets };
}

export function benchCrafter(): BenchRow[] {
  if (ACTION_TEXTS.length !== 17) throw new Error('Crafter has 17 actions');
  const actions = lcgActions(5, 5000);
  run(actions); // warm the JIT
  // The median of three runs: the machine is shared, single runs vary by a factor of two.
  const runs = [run(actions), run(actions), run(actions)].sort((a, b) => a.stepMs - b.stepMs);
  const { stepMs, resetMs, resets } = runs[1];
  const stepsPerSecond = actions.length / (stepMs / 1000);
  const perReset = resetMs / resets;
  return [
    {
      name: 'Crafter steps/s (dynamics + SmartPlay text)',
      value: stepsPerSecond,
      unit: 'steps/s',
      minimum: 10 * UPSTREAM_STEPS_PER_SECOND,
      note: `upstream Python ${UPSTREAM_STEPS_PER_SECOND} steps/s (measured, rendering skipped)`,
    },
    {
      name: 'Crafter speed-up over upstream Python (steps)',
      value: stepsPerSecond / UPSTREAM_STEPS_PER_SECOND,
      unit: 'x',
      minimum: 10,
    },
    {
      name: 'Crafter reset (world generation)',
      value: perReset,
      unit: 'ms',
      note: `upstream Python ${UPSTREAM_RESET_MS} ms; ${resets} resets`,
    },
  ];
}
