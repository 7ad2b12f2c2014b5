// `waypoint babyai generate --family F[,F...]|all --count N --seed S --out DIR [--distractors K] [--json]`:
// seeded levels of LLM-BabyBench's mission families as `<family>-<i>.level.json`, and
// `proofs.json`, one entry a level: its mission, the expert's action sequence that solves it (replayed
// and checked at generation), the proof's length and the difficulty label it gives. DIR must not
// exist or be empty. These are Waypoint's own families; `--level` (babyaiGenerateLevels.ts) is the
// exact port of MiniGrid's levels and writes LLM-BabyBench CSV rows instead.
// Levels are streamed into a temporary folder beside DIR (memory stays flat for any --count) that
// becomes DIR only when every level and proofs.json are written; on an error or Ctrl+C the
// temporary folder is removed and DIR is left as it was.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import { describeFsError } from '../../core/util/walk';
import { AtomicOutput, type InterruptWatch, watchInterrupts } from '../../host/atomicOutput';
import {
  generateLevel,
  LEVEL_FAMILIES,
  LevelGenerationError,
  type LevelFamily,
} from '../../core/benchmarks/babyai/levelGenerator';
import { nonNegativeInteger, parseArgs, positiveInteger, UsageError } from '../args';
import { runExactGenerate } from './generateLevels';

type Output = (text: string) => void;

/** Runs `waypoint babyai generate ...`; returns the exit code. */
export function runBabyaiGenerate(argv: readonly string[], out: Output, err: Output): number | Promise<number> {
  if (argv.some((argument) => argument === '--level' || argument.startsWith('--level=')))
    return runExactGenerate(argv, out, err);
  const args = parseArgs(argv, ['json'], ['family', 'count', 'seed', 'out', 'distractors']);
  if (args.positionals.length > 0)
    throw new UsageError(`babyai generate takes no positional arguments, got '${args.positionals[0]}'`);
  const seed = args.options.get('seed');
  if (seed === undefined || seed === '') throw new UsageError('babyai generate needs --seed S');
  const outDir = args.options.get('out');
  if (outDir === undefined || outDir === '') throw new UsageError('--out DIR is required');
  const familyText = args.options.get('family') ?? 'all';
  const families = familyText === 'all' ? [...LEVEL_FAMILIES] : familyText.split(',').map((name) => name.trim());
  for (const family of families)
    if (!(LEVEL_FAMILIES as readonly string[]).includes(family))
      throw new UsageError(`--family must be all or some of ${LEVEL_FAMILIES.join(', ')}, not '${family}'`);
  const count = args.options.has('count') ? positiveInteger(args.options.get('count'), 'count') : 10;
  const distractors = args.options.has('distractors')
    ? nonNegativeInteger(args.options.get('distractors'), 'distractors')
    : 3;
  if (distractors > 12) throw new UsageError('--distractors must be at most 12');
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) {
    err(`${outDir}: exists and is not a directory`);
    return 1;
  }
  if (existsSync(outDir) && readdirSync(outDir).length > 0) {
    err(`${outDir}: exists and is not empty (generate writes only into a new or empty folder)`);
    return 1;
  }
  return generateFamilies(
    { outDir, families: families as LevelFamily[], seed, count, distractors, json: args.flags.has('json') },
    out,
    err,
  );
}

/** The checked flags of `babyai generate --family`. */
interface FamiliesOptions {
  readonly outDir: string;
  readonly families: readonly LevelFamily[];
  readonly seed: string;
  readonly count: number;
  readonly distractors: number;
  readonly json: boolean;
}

/** What the levels came to: how many, and how many of each difficulty label. */
interface LevelTally {
  levels: number;
  labels: Record<string, number>;
}

/** Where the levels are built before they are published: see {@link openStaging}. */
interface Staging {
  /** DIR existed (empty): it is filled, not replaced. */
  readonly existing: boolean;
  /** DIR's absolute path. */
  readonly target: string;
  /** The hidden folder the levels are written into. */
  readonly temp: string;
  readonly proofs: AtomicOutput;
}

/** Lets signals in between levels: a level is synchronous work, and Ctrl+C is handled only when the event loop turns. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `text` (JSON.stringify(_, null, 2) output) indented as an element of proofs.json's `levels`. */
const indented = (text: string) => text.replace(/^/gm, '    ');

async function generateFamilies(options: FamiliesOptions, out: Output, err: Output): Promise<number> {
  const { outDir } = options;
  const staging = await openStaging(outDir, err);
  if (staging === null) return 1;
  const { existing, target, temp, proofs } = staging;
  const discard = () => rmSync(temp, { recursive: true, force: true });
  const interrupts = watchInterrupts(proofs, (signal) => {
    discard();
    err(`babyai generate: ${signal} again: stopped; nothing was written to ${outDir}`);
  });
  const stopped = (levels: number) => {
    discard();
    err(`babyai generate: ${interrupts.signal} after ${levels} levels: stopped; nothing was written to ${outDir}`);
    return interrupts.exitCode;
  };
  try {
    const tally = await writeLevels(temp, proofs, options, interrupts);
    if (interrupts.signal) {
      await proofs.abort();
      return stopped(tally.levels);
    }
    await proofs.write(tally.levels === 0 ? ']\n}\n' : '\n  ]\n}\n');
    await proofs.commit();
    // A Ctrl+C during the last writes still means nothing is published.
    if (interrupts.signal) return stopped(tally.levels);
    if (existing) fillFolder(temp, target);
    else renameSync(temp, target);
    out(generatedReport(options, tally));
    return 0;
  } catch (error) {
    await proofs.abort();
    discard();
    if (error instanceof LevelGenerationError) {
      err(`babyai generate: ${error.message}`);
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code !== 'string') throw error;
    err(
      code === 'ENOTEMPTY' || code === 'EEXIST'
        ? `${outDir}: files appeared in it while generate ran; nothing was written`
        : `${outDir}: ${describeFsError(error)}; nothing was written`,
    );
    return 1;
  } finally {
    interrupts.dispose();
  }
}

/**
 * Makes the hidden folder the levels are built in and opens proofs.json there; null (the error
 * reported) when that fails. A new DIR is built beside it and renamed into place. An existing
 * (empty) DIR is filled, never replaced (it may be a mount point, the shell's current folder, or
 * carry its own owner and mode): the levels are built in a hidden folder inside it and moved up at
 * the end.
 */
async function openStaging(outDir: string, err: Output): Promise<Staging | null> {
  const existing = existsSync(outDir);
  const target = existing ? realpathSync(outDir) : resolve(outDir);
  const partialName = `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  const temp = existing ? join(target, partialName) : join(dirname(target), partialName);
  try {
    mkdirSync(temp, { recursive: true });
    return { existing, target, temp, proofs: await AtomicOutput.open(join(temp, 'proofs.json')) };
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    err(`${outDir}: ${describeFsError(error)}`);
    return null;
  }
}

/**
 * Writes each level into `temp` and its entry into proofs.json, up to the closing bracket. Stops
 * after the level in progress when a signal is recorded; the caller checks `interrupts.signal`.
 */
async function writeLevels(
  temp: string,
  proofs: AtomicOutput,
  options: FamiliesOptions,
  interrupts: InterruptWatch,
): Promise<LevelTally> {
  const { families, seed, count, distractors } = options;
  // proofs.json byte for byte as JSON.stringify({ seed, distractors, levels }, null, 2) wrote it whole.
  await proofs.write(
    `{\n  "seed": ${JSON.stringify(seed)},\n  "distractors": ${JSON.stringify(distractors)},\n  "levels": [`,
  );
  const tally: LevelTally = { levels: 0, labels: {} };
  let lastTurn = Date.now();
  for (const family of families) {
    for (let index = 0; index < count; index++) {
      const level = generateLevel(family, seed, index, distractors);
      const file = `${family}-${index}.level.json`;
      writeFileSync(join(temp, file), level.text);
      const entry = {
        file,
        family,
        mission: level.mission,
        difficulty: level.difficulty,
        proof_length: level.proof.length,
        proof: level.proof,
        redraws: level.redraws,
      };
      await proofs.write(`${tally.levels === 0 ? '\n' : ',\n'}${indented(JSON.stringify(entry, null, 2))}`);
      tally.levels++;
      tally.labels[level.difficulty] = (tally.labels[level.difficulty] ?? 0) + 1;
      const now = Date.now();
      if (now - lastTurn >= 20) {
        lastTurn = now;
        await nextTurn();
      }
      if (interrupts.signal) return tally;
    }
  }
  return tally;
}

/** The line on stdout: the `--json` object, or one sentence. */
function generatedReport(options: FamiliesOptions, { levels, labels }: LevelTally): string {
  if (options.json) return JSON.stringify({ dir: options.outDir, levels, difficulty: labels });
  return `${options.outDir}: ${levels} levels (${Object.entries(labels)
    .map(([label, n]) => `${n} ${label}`)
    .join(', ')}), each with the expert's proof in proofs.json`;
}

/**
 * Moves the finished files from the hidden folder inside DIR up into DIR (renames within one file
 * system), proofs.json last, then removes the hidden folder. Refused (ENOTEMPTY, nothing moved)
 * when anything else appeared in DIR while generate ran.
 */
function fillFolder(temp: string, target: string): void {
  const hidden = basename(temp);
  if (readdirSync(target).some((name) => name !== hidden))
    throw Object.assign(new Error('files appeared in it'), { code: 'ENOTEMPTY' });
  const names = readdirSync(temp).filter((name) => name !== 'proofs.json');
  for (const name of [...names, 'proofs.json']) renameSync(join(temp, name), join(target, name));
  rmdirSync(temp);
}
