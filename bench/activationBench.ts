// Activation in a real VS Code (DESIGN.md budget: 150 ms): scripts/activation-bench.mjs starts
// code-server in fresh profiles and reads the extension's own timing (code loading plus
// activate(), as VS Code's Running Extensions view counts it). The median of three starts.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { BenchRow } from './simplePathsBench';

interface Sample {
  activationMs: number;
  activationLoadingMs: number;
  activationCallMs: number;
}

export function benchActivation(repoRoot: string, runs = 3): BenchRow[] {
  const name = `activation in code-server: code loading + activate() (median of ${runs} fresh profiles)`;
  const result = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'activation-bench.mjs'), String(runs)], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  let parsed: { samples?: Sample[]; error?: string };
  try {
    parsed = JSON.parse(line) as { samples?: Sample[]; error?: string };
  } catch {
    parsed = { error: `scripts/activation-bench.mjs exited ${result.status} without a result` };
  }
  if (!parsed.samples) return [{ name, value: Number.NaN, unit: 'ms', note: `not measured: ${parsed.error}` }];
  const sorted = [...parsed.samples].sort((a, b) => a.activationMs - b.activationMs);
  const median = sorted[Math.floor(sorted.length / 2)];
  return [
    {
      name,
      value: median.activationMs,
      unit: 'ms',
      budget: 150,
      note: `loading ${median.activationLoadingMs.toFixed(1)} + activate ${median.activationCallMs.toFixed(1)} ms; all: ${sorted.map((sample) => sample.activationMs.toFixed(0)).join(', ')} ms`,
    },
  ];
}
