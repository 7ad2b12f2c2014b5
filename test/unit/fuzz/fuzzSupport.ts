// Shared parts of the fuzz suite (issue 12): the seed, the run counts, the corpus of real files
// (samples/ and, when present, the upstream data beside the repository), the mutations applied to
// them, generated garbage, and the checks every public parse/validate entry point must pass: no
// throw escapes, every diagnostic range lies inside the document, and no case hangs.
import { mangoSuffixes } from '../../../src/core/benchmarks/mango/fileKinds';
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Diagnostic } from '../../../src/core/util/text';
import { splitLines } from '../../../src/core/util/text';
import { samplesDir, sharedDataDir, sharedDataMissingReason } from '../../support/paths';

/** One seed for the whole suite, so a failure reproduces; FUZZ_SEED overrides it for exploration. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Multiplies every property's run count (FUZZ_SCALE=10 for a long local run). */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
/**
 * A case that uses more CPU time than this counts as a hang: validation must terminate promptly on
 * any input. CPU time, not wall time: other work on a busy machine stretches the wall clock, not
 * the CPU time this process spends on the case (a typical case takes well under 10 ms).
 */
export const CASE_LIMIT_MS = 2000;

/** CPU time of this process (user + system), in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Cases run and (survey mode) failures, by property. Each test file is its own bundle with its own
 * copy of this module, so the tallies live on globalThis and one root hook prints them once.
 */
const shared = ((
  globalThis as {
    __waypointFuzz?: { casesRun: Map<string, number>; failures: Map<string, { count: number; example: string }> };
  }
).__waypointFuzz ??= { casesRun: new Map(), failures: new Map() });
export const casesRun = shared.casesRun;

/**
 * fast-check parameters for a property of `runs` cases (scaled), seeded. No wall-clock time box:
 * on a busy machine every case still runs (a slow case is caught by its CPU time, a stuck one by
 * mocha's timeout).
 */
export function fuzzParameters(runs: number): fc.Parameters<unknown> {
  return { seed: FUZZ_SEED, numRuns: Math.round(runs * SCALE), endOnFailure: true };
}

/**
 * FUZZ_SURVEY=1 runs every case instead of stopping at the first failure and prints the distinct
 * failures (crashes: distinct throws; hangs: cases over the limit), for before/after figures.
 */
const SURVEY = process.env.FUZZ_SURVEY === '1';
const failures = shared.failures;

/** Runs `check` as property `name` over `arbitrary`, counting cases and flagging slow ones as hangs. */
export function fuzz<T>(name: string, arbitrary: fc.Arbitrary<T>, runs: number, check: (value: T) => void): void {
  const run = (value: T) => {
    casesRun.set(name, (casesRun.get(name) ?? 0) + 1);
    const started = cpuMs();
    check(value);
    const took = cpuMs() - started;
    if (took > CASE_LIMIT_MS)
      throw new Error(`hang: one case took ${Math.round(took)} ms of CPU time (limit ${CASE_LIMIT_MS} ms)`);
  };
  if (SURVEY) {
    for (const value of fc.sample(arbitrary, { seed: FUZZ_SEED, numRuns: Math.round(runs * SCALE) })) {
      try {
        run(value);
      } catch (error) {
        // One failure kind per property, error class, message head and diagnostic code (numbers
        // and positions vary between cases of one defect).
        const message = error instanceof Error ? error.message : String(error);
        const code = /"code":"([^"]+)"/.exec(message)?.[1] ?? '';
        const head = message.split(/[{\n]/)[0].replace(/\d+/g, 'N').slice(0, 120);
        const at =
          error instanceof Error
            ? ((error.stack ?? '')
                .split('\n')
                .find((line) => line.includes('/src/'))
                ?.trim() ?? '')
            : '';
        const key = `${name} | ${error instanceof Error ? error.name : 'throw'}: ${head}${code ? ` [${code}]` : ''} ${at.replace(/:\d+:\d+\)?$/, '')}`;
        const entry = failures.get(key) ?? { count: 0, example: JSON.stringify(value).slice(0, 300) };
        entry.count++;
        failures.set(key, entry);
      }
    }
    return;
  }
  fc.assert(fc.property(arbitrary, run), fuzzParameters(runs) as fc.Parameters<[T]>);
}

/** Prints the total of cases and (FUZZ_SURVEY=1) the distinct failures, once after all fuzz files. */
if (!(globalThis as { __waypointFuzzHook?: boolean }).__waypointFuzzHook) {
  (globalThis as { __waypointFuzzHook?: boolean }).__waypointFuzzHook = true;
  after(() => {
    const total = [...casesRun.values()].reduce((sum, count) => sum + count, 0);
    console.log(`      fuzz: ${total} cases in ${casesRun.size} properties (${sharedDataNote})`);
    printSurvey();
  });
}

function printSurvey(): void {
  if (!SURVEY) return;
  console.log(`      survey: ${failures.size} distinct failures`);
  for (const [key, { count, example }] of failures) console.log(`        ${count}× ${key}\n           e.g. ${example}`);
}

/** Asserts every diagnostic is well formed and its range lies inside `text` (LSP positions). */
export function assertDiagnosticsInside(text: string, diagnostics: readonly Diagnostic[], what = 'document'): void {
  const lines = splitLines(text);
  for (const diagnostic of diagnostics) {
    const { start, end } = diagnostic.range;
    const where = `${what}: ${JSON.stringify(diagnostic)}`;
    assert.ok(['error', 'warning', 'information', 'hint'].includes(diagnostic.severity), `severity ${where}`);
    assert.ok(typeof diagnostic.code === 'string' && diagnostic.code.length > 0, `code ${where}`);
    assert.ok(typeof diagnostic.message === 'string' && diagnostic.message.length > 0, `message ${where}`);
    for (const position of [start, end]) {
      assert.ok(
        Number.isInteger(position.line) && position.line >= 0 && position.line < lines.length,
        `line out of the document (${lines.length} lines) ${where}`,
      );
      assert.ok(
        Number.isInteger(position.character) &&
          position.character >= 0 &&
          position.character <= lines[position.line].length,
        `character out of line ${position.line} (${lines[position.line].length} long) ${where}`,
      );
    }
    assert.ok(
      start.line < end.line || (start.line === end.line && start.character <= end.character),
      `range ends before it starts ${where}`,
    );
  }
}

// ---- the corpus ----------------------------------------------------------------------------

/** Line-based files (JSON Lines, walkthroughs) are cut to this many lines before mutation: the
 *  mutations are local, and whole multi-megabyte skeleton files would make each case slow without
 *  finding more. JSON documents are kept whole (a cut one is only ever a syntax error). */
const MAX_LINES = 60;

export function clip(text: string, maxLines = MAX_LINES): string {
  let index = -1;
  for (let line = 0; line < maxLines; line++) {
    index = text.indexOf('\n', index + 1);
    if (index === -1) return text;
  }
  return text.slice(0, index + 1);
}

function filesUnder(directory: string, accept: (name: string) => boolean): string[] {
  if (!existsSync(directory)) return [];
  const found: string[] = [];
  for (const name of readdirSync(directory).sort()) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path, accept));
    else if (accept(name)) found.push(path);
  }
  return found;
}

/** The upstream data: `../shared/data` beside the repository (WAYPOINT_SHARED_DATA overrides it for a local run). */
export const upstreamDir = process.env.WAYPOINT_SHARED_DATA ?? sharedDataDir;
/** Whether the upstream data is there; when not, only samples/ are mutated. */
export const sharedDataPresent = existsSync(upstreamDir);
export const sharedDataNote = sharedDataPresent
  ? `also mutating upstream files from ${upstreamDir}`
  : `mutating samples/ only: ${sharedDataMissingReason}`;

/** Real files whose name passes `accept`, from samples/ and the upstream data, clipped. */
export function corpus(accept: (name: string) => boolean, limit = 12, maxLines = MAX_LINES): string[] {
  const paths = [...filesUnder(samplesDir, accept), ...filesUnder(upstreamDir, accept).slice(0, limit)];
  return paths.map((path) =>
    path.endsWith('.json') ? readFileSync(path, 'utf8') : clip(readFileSync(path, 'utf8'), maxLines),
  );
}

/** MANGO game folders (samples and upstream), each as the texts of its members, clipped. */
export function mangoGames(): Array<Record<string, string>> {
  const directories = [
    join(samplesDir, 'mango/lighthouse'),
    join(samplesDir, 'mango/broken'),
    ...(sharedDataPresent
      ? readdirSync(join(upstreamDir, 'mango')).map((name) => join(upstreamDir, 'mango', name))
      : []),
  ];
  const games: Array<Record<string, string>> = [];
  for (const directory of directories) {
    if (!existsSync(directory) || !statSync(directory).isDirectory()) continue;
    const texts: Record<string, string> = {};
    for (const name of readdirSync(directory)) {
      const kind = MANGO_KINDS.find(([suffix]) => name.endsWith(suffix))?.[1];
      const text = kind ? readFileSync(join(directory, name), 'utf8') : '';
      if (kind) texts[kind] = name.endsWith('.json') ? text : clip(text, kind === 'mango-walkthrough' ? 400 : 40);
    }
    if (Object.keys(texts).length > 0) games.push(texts);
  }
  return games;
}

/** MANGO release file suffixes and their kinds, as core decides them. */
export const MANGO_KINDS = mangoSuffixes;

// ---- mutations and garbage -----------------------------------------------------------------

/** Fragments that stress parsers: JSON and walkthrough syntax, line ends, BOM, surrogates, controls. */
const TOKENS = [
  '"',
  "'",
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '\\',
  '\\u',
  '\\ud800',
  '\ud800',
  '\udc00',
  '\u0000',
  '\u001b[31m',
  '\ufeff',
  '\u2028',
  '\n',
  '\r',
  '\r\n',
  '\t',
  ' ',
  '',
  'null',
  'true',
  '-1',
  '1e309',
  '-0',
  '1.5',
  '99999999999999999999',
  'NaN',
  '"__proto__"',
  '"constructor"',
  '===========',
  '==>STEP NUM: ',
  '==>ACT: ',
  '==>OBSERVATION: ',
  '==>STEP NUM: 0',
  '[',
  '#',
  '```',
  'Answer:',
  'ANSWER:',
  '\u00e9',
  '\u{1F600}',
  '%zz',
  '{"src_node": "a", "dst_node": "b", "action": "north"}',
  '"step_num": "x"',
  '"grid":',
  '"kind": "step"',
];

export const tokenArbitrary = fc.oneof(
  fc.constantFrom(...TOKENS),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
);

type Mutation =
  | { type: 'insert'; at: number; token: string }
  | { type: 'delete'; at: number; length: number }
  | { type: 'duplicate-line'; at: number }
  | { type: 'swap-lines'; at: number; other: number }
  | { type: 'truncate'; at: number };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('insert' as const), at: fc.nat(), token: tokenArbitrary }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('delete' as const),
      at: fc.nat(),
      length: fc.integer({ min: 1, max: 40 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('duplicate-line' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('swap-lines' as const), at: fc.nat(), other: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('truncate' as const), at: fc.nat() }) },
);

function applyMutation(text: string, mutation: Mutation): string {
  const at = text.length === 0 ? 0 : mutation.at % (text.length + 1);
  switch (mutation.type) {
    case 'insert':
      return text.slice(0, at) + mutation.token + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + mutation.length);
    case 'truncate':
      return text.slice(0, at);
    case 'duplicate-line':
    case 'swap-lines': {
      const lines = text.split('\n');
      const index = mutation.at % lines.length;
      if (mutation.type === 'duplicate-line') lines.splice(index, 0, lines[index]);
      else {
        const other = mutation.other % lines.length;
        [lines[index], lines[other]] = [lines[other], lines[index]];
      }
      return lines.join('\n');
    }
  }
}

/** One of `texts`, with 1 to 6 random mutations applied. */
export function mutated(texts: readonly string[]): fc.Arbitrary<string> {
  assert.ok(texts.length > 0, 'the corpus is empty');
  return fc
    .tuple(fc.constantFrom(...texts), fc.array(mutationArbitrary, { minLength: 1, maxLength: 6 }))
    .map(([text, mutations]) => mutations.reduce(applyMutation, text));
}

/** Generated input of no particular shape: random text, random JSON, lines of parser tokens. */
export const garbage: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.json({ maxDepth: 4 }),
  fc.array(fc.json({ maxDepth: 3 }), { maxLength: 6 }).map((lines) => lines.join('\n')),
  fc.array(tokenArbitrary, { maxLength: 40 }).map((tokens) => tokens.join('')),
);

/** Garbage or a mutated real file, half and half. */
export function inputs(texts: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(mutated(texts), garbage);
}
