// `mango annotate` (runs.md §7) against the human annotation of the six shared games: precision and
// recall of the proposed edges, exact (names as the release writes them) and after the name
// alignment (each proposed room renamed to the human name it co-occurs with at the same steps). The
// floors are the measured levels, the same rules for every game; the exact floors are lower where
// the annotators named a room by hand (`inside of the car` for the title `Driving`, `hall (2nd
// floor, middle of north/south hall)` for a second `Hall`). Also the CLI's JSON contract and its
// exit codes, and the rules on small made-up walkthroughs.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { annotateWalkthrough } from '../../src/core/benchmarks/mango/annotate/annotate';
import { scoreAnnotation } from '../../src/core/benchmarks/mango/annotate/annotateScore';
import { distDir, repoRoot, sharedDataDir, sharedDataMissingReason } from '../support/paths';

/** game -> measured floors [exact precision, exact recall, aligned precision, aligned recall]. */
const FLOORS: Record<string, [number, number, number, number]> = {
  '905': [0.8, 0.8, 1, 1],
  night: [0.25, 0.25, 0.97, 0.97],
  omniquest: [0.9, 0.9, 1, 1],
  partyfoul: [1, 1, 1, 1],
  spirit: [0.94, 0.94, 1, 1],
  zork1: [1, 1, 1, 1],
};

function skip(context: Mocha.Context): void {
  console.log(`      skipped: ${sharedDataMissingReason}`);
  context.skip();
}

function walkthrough(steps: Array<[string, string]>): string {
  return steps
    .map(
      ([act, observation], index) =>
        `===========\n==>STEP NUM: ${index}\n==>ACT: ${act}\n==>OBSERVATION: ${observation}\n`,
    )
    .join('\n');
}

describe('mango annotate', () => {
  for (const [game, [exactP, exactR, alignedP, alignedR]] of Object.entries(FLOORS)) {
    it(`${game}: proposed edges reach the measured precision/recall against the human edges.json`, function () {
      const dir = join(sharedDataDir, 'mango', game);
      if (!existsSync(dir)) return skip(this);
      const proposals = annotateWalkthrough(readFileSync(join(dir, `${game}.walkthrough`), 'utf8'));
      const score = scoreAnnotation(proposals.edges, JSON.parse(readFileSync(join(dir, `${game}.edges.json`), 'utf8')));
      const where = `${game}: ${JSON.stringify({ exact: score.exact, aligned: score.aligned })}`;
      assert.ok(score.exact.precision >= exactP - 1e-9 && score.exact.recall >= exactR - 1e-9, where);
      assert.ok(score.aligned.precision >= alignedP - 1e-9 && score.aligned.recall >= alignedR - 1e-9, where);
      for (const edge of proposals.edges) {
        assert.ok(edge.confidence >= 0 && edge.confidence <= 1, `${game}: confidence ${edge.confidence}`);
        assert.ok(edge.evidence.length > 0 && edge.evidence[0].line >= 0, `${game}: step ${edge.step} has evidence`);
        assert.equal(edge.src, edge.src.toLowerCase());
      }
    });
  }

  it('zork1: the dark attic is the move of step 15 (named at 16), pray is a move, and a book heading is no room', function () {
    const dir = join(sharedDataDir, 'mango', 'zork1');
    if (!existsSync(dir)) return skip(this);
    const { edges, locations } = annotateWalkthrough(readFileSync(join(dir, 'zork1.walkthrough'), 'utf8'));
    const attic = edges.find((edge) => edge.dst === 'attic');
    assert.deepEqual(attic && [attic.src, attic.action, attic.step], ['kitchen', 'up', 15]);
    assert.ok((attic?.confidence ?? 1) < 0.95, 'a move named later is less certain');
    assert.ok(
      edges.some((edge) => edge.src === 'altar' && edge.action === 'pray' && edge.dst === 'forest' && edge.step === 51),
    );
    assert.ok(
      !locations.some((location) => location.name.startsWith('commandment')),
      'the book read at step 57 names no room',
    );
    assert.equal(locations[0].name, 'west of house');
  });

  it('tells apart rooms one title names, resolves bare revisits through the map, and ignores refusals', () => {
    const text = walkthrough([
      ['Init', 'Banner\nRelease 1\n\nHall\nYou are in the north end of a long hall.'],
      ['south', 'Hall\nYou are in the south end of a long hall.'],
      ['east', "You can't go that way."],
      ['north', 'Hall'],
      ['enter closet', 'Closet\nThis is a small closet.'],
      ['exit', 'Hall'],
      ['look', 'The Hall\nYou are in the north end of a long hall.'],
    ]);
    const { locations, edges } = annotateWalkthrough(text);
    assert.deepEqual(
      locations.map((location) => location.name),
      ['hall', 'hall (2)', 'closet'],
    );
    assert.deepEqual(locations[0].aliases, ['the hall']);
    assert.deepEqual(
      edges.map((edge) => [edge.src, edge.action, edge.dst, edge.step]),
      [
        ['hall', 'south', 'hall (2)', 1],
        ['hall (2)', 'north', 'hall', 3],
        ['hall', 'enter closet', 'closet', 4],
        ['closet', 'exit', 'hall', 5],
      ],
    );
  });

  it('CLI: --json is the contract, a game folder works, and a file that is no walkthrough exits 1', function () {
    const dir = join(sharedDataDir, 'mango', '905');
    if (!existsSync(dir)) return skip(this);
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8' });
    const result = run('mango', 'annotate', join(dir, '905.walkthrough'), '--json');
    assert.equal(result.status, 0, result.stderr);
    const json = JSON.parse(result.stdout);
    assert.ok(
      json.locations.every(
        (l: { name: unknown; aliases: unknown }) => typeof l.name === 'string' && Array.isArray(l.aliases),
      ),
    );
    assert.deepEqual(
      json.edges.map((e: Record<string, unknown>) => [e.src, e.action, e.dst, e.step]),
      [
        ['bedroom', 'south', 'bathroom', 3],
        ['bathroom', 'north', 'bedroom', 10],
        ['bedroom', 'east', 'living room', 15],
        ['living room', 'south', 'driveway', 17],
        ['driveway', 'enter car', 'driving', 19],
      ],
    );
    assert.equal(run('mango', 'annotate', dir, '--json').stdout, result.stdout);
    const human = run('mango', 'annotate', dir);
    assert.match(human.stdout, /step 19: driveway --enter car--> driving {2}confidence 0\.80/);
    const bad = run('mango', 'annotate', join(dir, '905.edges.json'));
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /905\.edges\.json:1:1: not a MANGO walkthrough/);
    assert.equal(run('mango', 'annotate').status, 2);
  });
});
