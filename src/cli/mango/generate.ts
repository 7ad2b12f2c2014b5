// `waypoint mango generate --rooms N --seed S --out DIR [knobs] [--json]` (spec runs.md §7) and
// `waypoint mango reskin <gameDir> --out DIR (--rename-seed S | --rotate 90|180|270 | --reflect ns|ew)
// [--canary TEXT] [--json]`. Both write a game folder in the release format named after DIR's last
// component; DIR must not exist or be empty, so nothing is ever overwritten.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { GenerateError, generateGame } from '../../core/benchmarks/mango/generate/generate';
import { reskinGame, ReskinError, type ReskinTransform } from '../../core/benchmarks/mango/generate/reskin';
import { parseArgs, positiveInteger, UsageError } from '../args';
import { readInputText } from '../input';
import { nodeSha256Hex } from './skeletons';

type Output = (text: string) => void;

const KNOBS = ['confusable', 'imputed-share', 'passages', 'corridor', 'idle'] as const;

/** Runs `waypoint mango generate ...`; returns the exit code. */
export function runGenerate(argv: readonly string[], out: Output, err: Output): number {
  const args = parseArgs(argv, ['json'], ['rooms', 'seed', 'out', 'canary', ...KNOBS]);
  if (args.positionals.length > 0)
    throw new UsageError(`mango generate takes no positional arguments, got '${args.positionals[0]}'`);
  const rooms = positiveInteger(args.options.get('rooms'), 'rooms');
  const seed = args.options.get('seed');
  if (seed === undefined || seed === '') throw new UsageError('mango generate needs --seed S');
  const outDir = requireOut(args.options.get('out'));
  const knob = (name: (typeof KNOBS)[number]): number | undefined => {
    const text = args.options.get(name);
    if (text === undefined) return undefined;
    const value = Number(text);
    if (text.trim() === '' || !(value >= 0 && value <= 1))
      throw new UsageError(`--${name} must be a number from 0 to 1, not '${text}'`);
    return value;
  };
  const name = basename(resolve(outDir));
  let game: ReturnType<typeof generateGame>;
  try {
    game = generateGame({
      name,
      rooms,
      seed,
      confusable: knob('confusable'),
      imputedShare: knob('imputed-share'),
      passages: knob('passages'),
      corridor: knob('corridor'),
      idle: knob('idle'),
      canary: args.options.get('canary'),
      sha256Hex: nodeSha256Hex,
    });
  } catch (error) {
    if (error instanceof GenerateError) throw new UsageError(error.message);
    throw error;
  }
  if (!prepareOut(outDir, err)) return 1;
  for (const file of game.files) writeFileSync(join(outDir, file.name), file.text);
  if (args.flags.has('json')) out(JSON.stringify({ dir: outDir, game: name, ...game.stats }));
  else {
    const s = game.stats;
    out(
      `${outDir}: ${s.rooms} rooms, ${s.edges} edges (${s.reverseOnlyEdges} reverse-only, ${s.oneWayEdges} one-way), ${s.steps} steps; imputed share ${s.imputedShare.toFixed(3)} (asked ${s.targetImputedShare}), confusable ${s.confusableShare.toFixed(3)}, mean path ${s.meanShortestPath.toFixed(2)}`,
    );
  }
  return 0;
}

/** The one transform of --rename-seed S, --rotate 90|180|270 or --reflect ns|ew. */
function reskinTransformOf(options: ReadonlyMap<string, string>): ReskinTransform {
  const chosen = ['rename-seed', 'rotate', 'reflect'].filter((option) => options.has(option));
  if (chosen.length !== 1)
    throw new UsageError('mango reskin needs exactly one of --rename-seed S, --rotate 90|180|270, --reflect ns|ew');
  const value = options.get(chosen[0]) as string;
  if (chosen[0] === 'rename-seed') return { kind: 'rename', seed: value };
  if (chosen[0] === 'rotate') {
    if (value !== '90' && value !== '180' && value !== '270')
      throw new UsageError(`--rotate must be 90, 180 or 270, not '${value}'`);
    return { kind: 'rotate', degrees: Number(value) as 90 | 180 | 270 };
  }
  if (value !== 'ns' && value !== 'ew') throw new UsageError(`--reflect must be ns or ew, not '${value}'`);
  return { kind: 'reflect', axis: value };
}

/** Runs `waypoint mango reskin ...`; returns the exit code. */
export async function runReskin(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['out', 'rename-seed', 'rotate', 'reflect', 'canary']);
  if (args.positionals.length !== 1)
    throw new UsageError(`mango reskin needs exactly one game directory, got ${args.positionals.length}`);
  const outDir = requireOut(args.options.get('out'));
  const transform = reskinTransformOf(args.options);
  const gameDir = args.positionals[0];
  const source = basename(resolve(gameDir));
  const texts: Record<string, string> = {};
  for (const suffix of ['walkthrough', 'edges.json']) {
    const path = join(gameDir, `${source}.${suffix}`);
    try {
      texts[suffix] = await readInputText(path, { keepBom: true });
    } catch (error) {
      err(
        `${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file (a game folder holds <name>.walkthrough and <name>.edges.json)' : (error as Error).message}`,
      );
      return 1;
    }
  }
  const name = basename(resolve(outDir));
  let game: ReturnType<typeof reskinGame>;
  try {
    game = reskinGame({
      name,
      original: source,
      walkthrough: texts.walkthrough,
      edgesJson: texts['edges.json'],
      transform,
      canary: args.options.get('canary'),
      sha256Hex: nodeSha256Hex,
    });
  } catch (error) {
    if (!(error instanceof ReskinError)) throw error;
    // Positions in the edges file are reported against its real path (file:line:column).
    const message = error.message.startsWith('edges.json:')
      ? `${join(gameDir, `${source}.edges.json`)}${error.message.slice('edges.json'.length)}`
      : `${gameDir}: ${error.message}`;
    err(message);
    return 1;
  }
  if (!prepareOut(outDir, err)) return 1;
  for (const file of game.files) writeFileSync(join(outDir, file.name), file.text);
  if (args.flags.has('json'))
    out(JSON.stringify({ dir: outDir, game: name, renamed: Object.fromEntries(game.renamed) }));
  else out(`${outDir}: ${game.files.length} files, ${game.renamed.size} names changed`);
  return 0;
}

function requireOut(out: string | undefined): string {
  if (out === undefined || out === '') throw new UsageError('--out DIR is required');
  return out;
}

/** Creates DIR, or accepts it when it exists empty; anything else is an input error (exit 1). */
function prepareOut(outDir: string, err: Output): boolean {
  if (existsSync(outDir)) {
    if (!statSync(outDir).isDirectory()) {
      err(`${outDir}: exists and is not a directory`);
      return false;
    }
    if (readdirSync(outDir).length > 0) {
      err(`${outDir}: exists and is not empty (generate writes only into a new or empty folder)`);
      return false;
    }
    return true;
  }
  mkdirSync(outDir, { recursive: true });
  return true;
}
