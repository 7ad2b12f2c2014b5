// `waypoint babyai generate --family F[,F...]|all --count N --seed S --out DIR [--distractors K] [--json]`:
// seeded levels of LLM-BabyBench's mission families as `<family>-<i>.level.json`, and
// `proofs.json`, one entry a level: its mission, the expert's action sequence that solves it (replayed
// and checked at generation), the proof's length and the difficulty label it gives. DIR must not
// exist or be empty. These are Waypoint's own families; `--level` (babyaiGenerateLevels.ts) is the
// exact port of MiniGrid's levels and writes LLM-BabyBench CSV rows instead.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateLevel, LEVEL_FAMILIES, LevelGenerationError, type LevelFamily } from '../core/babyai/levelGenerator';
import { nonNegativeInteger, parseArgs, positiveInteger, UsageError } from './args';
import { runExactGenerate } from './babyaiGenerateLevels';

type Output = (text: string) => void;

/** Runs `waypoint babyai generate ...`; returns the exit code. */
export function runBabyaiGenerate(argv: readonly string[], out: Output, err: Output): number | Promise<number> {
  if (argv.some((argument) => argument === '--level' || argument.startsWith('--level='))) return runExactGenerate(argv, out, err);
  const args = parseArgs(argv, ['json'], ['family', 'count', 'seed', 'out', 'distractors']);
  if (args.positionals.length > 0) throw new UsageError(`babyai generate takes no positional arguments, got '${args.positionals[0]}'`);
  const seed = args.options.get('seed');
  if (seed === undefined || seed === '') throw new UsageError('babyai generate needs --seed S');
  const outDir = args.options.get('out');
  if (outDir === undefined || outDir === '') throw new UsageError('--out DIR is required');
  const familyText = args.options.get('family') ?? 'all';
  const families = familyText === 'all' ? [...LEVEL_FAMILIES] : familyText.split(',').map((name) => name.trim());
  for (const family of families) if (!(LEVEL_FAMILIES as readonly string[]).includes(family)) throw new UsageError(`--family must be all or some of ${LEVEL_FAMILIES.join(', ')}, not '${family}'`);
  const count = args.options.has('count') ? positiveInteger(args.options.get('count'), 'count') : 10;
  const distractors = args.options.has('distractors') ? nonNegativeInteger(args.options.get('distractors'), 'distractors') : 3;
  if (distractors > 12) throw new UsageError('--distractors must be at most 12');
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) {
    err(`${outDir}: exists and is not a directory`);
    return 1;
  }
  if (existsSync(outDir) && readdirSync(outDir).length > 0) {
    err(`${outDir}: exists and is not empty (generate writes only into a new or empty folder)`);
    return 1;
  }
  const levels: Array<{ file: string; text: string; entry: Record<string, unknown> }> = [];
  try {
    for (const family of families as LevelFamily[]) {
      for (let index = 0; index < count; index++) {
        const level = generateLevel(family, seed, index, distractors);
        const file = `${family}-${index}.level.json`;
        levels.push({ file, text: level.text, entry: { file, family, mission: level.mission, difficulty: level.difficulty, proof_length: level.proof.length, proof: level.proof, redraws: level.redraws } });
      }
    }
  } catch (error) {
    if (!(error instanceof LevelGenerationError)) throw error;
    err(`babyai generate: ${error.message}`);
    return 1;
  }
  mkdirSync(outDir, { recursive: true });
  for (const level of levels) writeFileSync(join(outDir, level.file), level.text);
  const proofs = { seed, distractors, levels: levels.map((level) => level.entry) };
  writeFileSync(join(outDir, 'proofs.json'), `${JSON.stringify(proofs, null, 2)}\n`);
  const labels = levels.reduce<Record<string, number>>((tally, level) => ({ ...tally, [level.entry.difficulty as string]: (tally[level.entry.difficulty as string] ?? 0) + 1 }), {});
  if (args.flags.has('json')) out(JSON.stringify({ dir: outDir, levels: levels.length, difficulty: labels }));
  else out(`${outDir}: ${levels.length} levels (${Object.entries(labels).map(([label, n]) => `${n} ${label}`).join(', ')}), each with the expert's proof in proofs.json`);
  return 0;
}
