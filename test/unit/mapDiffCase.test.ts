// A new user's map (README, map-diff): `North of House` and `north of house` in one model's map are
// one room, since names align ignoring case, spaces, `_` and `-`. Core's diff, the view's counts and
// the CLI's summary and JSON must all say so: no split, one hallucinated room per unknown name
// whatever its spelling, one ghost, and repeated moves in another case counted once.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseMapAnswer } from '../../src/core/benchmarks/mango/scoring/mapAnswer';
import { diffMap, type MapMove } from '../../src/core/benchmarks/mango/scoring/mapDiff';
import { expectedMapDiffCounts, ghostRoomNames } from '../../src/core/benchmarks/mango/maze/mapDiffView';
import { distDir, repoRoot, sharedDataDir, sharedDataMissingReason } from '../support/paths';

const truth: MapMove[] = [
  { src: 'west of house', action: 'north', dst: 'north of house' },
  { src: 'north of house', action: 'east', dst: 'behind house' },
  { src: 'behind house', action: 'west', dst: 'kitchen' },
];

const MAP = [
  'West of House --north--> North of House',
  'north of house --east--> Behind_House',
  'behind house --west--> kitchen',
  'kitchen --up--> Secret Attic',
  'secret attic --down--> Kitchen',
  'SECRET  ATTIC --down--> kitchen',
].join('\n');

describe('map diff: names that differ only in case are one room', () => {
  it('core: no split, every true move found, one hallucinated room, one ghost, a repeat in capitals counted once', () => {
    const parsed = parseMapAnswer(MAP);
    assert.deepEqual(parsed.diagnostics, []);
    const diff = diffMap(truth, parsed.edges, 70);
    assert.deepEqual(diff.split, []);
    assert.deepEqual(diff.merged, []);
    assert.deepEqual(diff.rooms, { correct: 4, missing: 0, hallucinated: 1, merged: 0, split: 0 });
    assert.deepEqual(
      { ...diff.edges, f1: undefined },
      { correct: 3, missing: 0, hallucinated: 2, precision: 0.6, recall: 1, f1: undefined, wrongAction: 0 },
    );
    assert.ok(Math.abs(diff.edges.f1 - 0.75) < 1e-12);
    assert.deepEqual(
      diff.modelEdges.map((edge) => edge.status),
      ['correct', 'correct', 'correct', 'hallucinated', 'hallucinated', 'duplicate'],
    );
    assert.deepEqual(ghostRoomNames(diff), ['Secret Attic']);
    assert.deepEqual(expectedMapDiffCounts(diff), {
      correct: 3,
      missing: 0,
      wrongAction: 0,
      hallucinated: 2,
      ghostRooms: 1,
      missingRooms: 0,
      merged: 0,
      split: 0,
    });
  });

  it('a name that differs by more than normalization (a typo) still splits the room', () => {
    const diff = diffMap(
      truth,
      [...parseMapAnswer(MAP).edges, { src: 'kitchn', action: 'west', dst: 'behind house' }],
      70,
    );
    assert.deepEqual(diff.split, [{ truth: 'kitchen', models: ['kitchen', 'kitchn'] }]);
  });

  it("the CLI on zork1 (the user's map): no split line, and its JSON agrees with the view's counts", function () {
    const zork = join(sharedDataDir, 'mango', 'zork1');
    if (!existsSync(zork)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const file = join(mkdtempSync(join(tmpdir(), 'waypoint-mapcase-')), 'map.txt');
    writeFileSync(file, 'West of House --north--> North of House\nnorth of house --east--> kitchen\n');
    const run = (...extra: string[]) =>
      spawnSync(process.execPath, [join(distDir, 'cli.js'), 'mango', 'map-diff', zork, '--answer', file, ...extra], {
        cwd: repoRoot,
        encoding: 'utf8',
      });
    const human = run();
    assert.equal(human.status, 0, human.stderr);
    assert.doesNotMatch(human.stdout, /split:/);
    assert.match(human.stdout, /rooms: \d+ correct, \d+ missing, 0 hallucinated, \d+ merged, 0 split/);
    const json = run('--json');
    assert.equal(json.status, 0, json.stderr);
    const diff = JSON.parse(json.stdout);
    assert.deepEqual(diff.split, []);
    assert.equal(expectedMapDiffCounts(diff).split, 0);
    assert.equal(diff.rooms.split, 0);
  });
});
