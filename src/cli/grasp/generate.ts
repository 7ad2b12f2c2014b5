// `waypoint grasp generate --seed S --out DIR [--count N] [--json]`: the paper's 20 grid files
// (5 energy distributions × inner/outer start × free/block obstacles), `count` instances each
// (default 100, as released), named as upstream names them. With the 8 request settings that
// `waypoint run grasp --settings all` applies (moves 4|8 × carry none|2 × step cost 0|0.3), they
// are the paper's 160 configurations. Seeded: the same arguments give the same bytes.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateGridFile, variantFileName, type GridVariant } from '../../core/benchmarks/grasp/generator';
import { ENERGY_DISTRIBUTIONS } from '../../core/benchmarks/grasp/types';
import { parseArgs, positiveInteger, UsageError } from '../args';

type Output = (text: string) => void;

/** The 20 grid variants in a fixed order: start region, energy, obstacles. */
function allGridVariants(): GridVariant[] {
  const variants: GridVariant[] = [];
  for (const startPosition of ['inner', 'outer'] as const)
    for (const energy of ENERGY_DISTRIBUTIONS)
      for (const obstacle of ['free', 'block'] as const) variants.push({ startPosition, energy, obstacle });
  return variants;
}

/** Runs `waypoint grasp generate ...`; returns the exit code. */
export function runGraspGenerate(argv: readonly string[], out: Output, err: Output): number {
  const args = parseArgs(argv, ['json'], ['seed', 'out', 'count']);
  if (args.positionals.length > 0)
    throw new UsageError(`grasp generate takes no positional arguments, got '${args.positionals[0]}'`);
  const seed = args.options.get('seed');
  if (seed === undefined || seed === '') throw new UsageError('grasp generate needs --seed S');
  const outDir = args.options.get('out');
  if (outDir === undefined || outDir === '') throw new UsageError('--out DIR is required');
  const count = args.options.has('count') ? positiveInteger(args.options.get('count'), 'count') : 100;
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) {
    err(`${outDir}: exists and is not a directory`);
    return 1;
  }
  if (existsSync(outDir) && readdirSync(outDir).length > 0) {
    err(`${outDir}: exists and is not empty (generate writes only into a new or empty folder)`);
    return 1;
  }
  mkdirSync(outDir, { recursive: true });
  const files = allGridVariants().map((variant) => {
    const name = variantFileName(variant);
    writeFileSync(join(outDir, name), generateGridFile(variant, seed, count));
    return name;
  });
  if (args.flags.has('json')) out(JSON.stringify({ dir: outDir, files, count, configurations: files.length * 8 }));
  else
    out(
      `${outDir}: ${files.length} grid files × ${count} instances; with the 8 request settings, ${files.length * 8} configurations`,
    );
  return 0;
}
