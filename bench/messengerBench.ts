// Messenger simulator speed (issue 19): steps per second of SmartPlay's MessengerL1–L3 wrapper
// (step + text observation; a reset whenever an episode ends), random actions. Upstream's Python
// (SmartPlay's messenger_env over the vendored messenger and py-vgdl, same loop, 3,000 steps,
// measured on this machine with py-vgdl's pygame rectangles replaced by pure Python) ran L1 8,690,
// L2 1,849 and L3 1,350 steps/s; the budget is 10× that.
import { MessengerEnv } from '../src/core/benchmarks/smartplay/messenger/env';
import { PyRandom } from '../src/core/benchmarks/smartplay/messenger/pyRandom';
import type { BenchRow } from './simplePathsBench';

const UPSTREAM_STEPS_PER_SECOND: Readonly<Record<1 | 2 | 3, number>> = { 1: 8690, 2: 1849, 3: 1350 };

export function benchMessenger(): BenchRow[] {
  return ([1, 2, 3] as const).map((level) => {
    const env = new MessengerEnv(level, 1);
    env.reset();
    const actions = new PyRandom(5);
    const steps = 50_000;
    const started = performance.now();
    for (let step = 0; step < steps; step++) if (env.step(actions.randrange(5)).done) env.reset();
    const perSecond = steps / ((performance.now() - started) / 1000);
    return {
      name: `Messenger L${level} steps/s (random actions, resets included)`,
      value: Math.round(perSecond),
      unit: 'steps/s',
      minimum: 10 * UPSTREAM_STEPS_PER_SECOND[level],
      note: `upstream Python ${UPSTREAM_STEPS_PER_SECOND[level]} steps/s; ×${(perSecond / UPSTREAM_STEPS_PER_SECOND[level]).toFixed(0)}`,
    };
  });
}
