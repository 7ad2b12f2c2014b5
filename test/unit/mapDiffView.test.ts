// What the maze view must draw for a map diff (core/benchmarks/mango/maze/mapDiffView.ts), on a small hand-made
// maze whose answer is known by construction: ghost rooms once per unaligned name of a hallucinated
// move, one badge per confused true room, and the pane carrying core's counts unchanged.
import { strict as assert } from 'node:assert';
import { diffMap, type MapMove } from '../../src/core/benchmarks/mango/scoring/mapDiff';
import { expectedMapDiffCounts, ghostRoomNames, mapDiffPane } from '../../src/core/benchmarks/mango/maze/mapDiffView';

const truth: MapMove[] = [
  { src: 'hall', action: 'north', dst: 'library' },
  { src: 'library', action: 'south', dst: 'hall' },
  { src: 'hall', action: 'east', dst: 'kitchen' },
  { src: 'kitchen', action: 'west', dst: 'hall' },
  { src: 'kitchen', action: 'down', dst: 'cellar' },
];

describe('map diff view data', () => {
  it('counts what the overlay draws: dashed, wrong-action marks, red moves, ghosts and missing rooms', () => {
    const model: MapMove[] = [
      { src: 'hall', action: 'north', dst: 'library' },
      // A typo names the hall a second time (a split); a change of case alone does not.
      { src: 'hal', action: 'east', dst: 'kitchen' },
      { src: 'kitchen', action: 'up', dst: 'cellar' },
      { src: 'library', action: 'east', dst: 'kitchen' },
      { src: 'library', action: 'up', dst: 'secret attic' },
      { src: 'Secret Attic', action: 'down', dst: 'library' },
      { src: 'hall', action: 'north', dst: 'library' },
    ];
    const diff = diffMap(truth, model, 10);
    const counts = expectedMapDiffCounts(diff);
    assert.deepEqual(ghostRoomNames(diff), ['secret attic'], 'one ghost, however many moves name it, in whatever case');
    assert.deepEqual(counts, {
      correct: 2,
      missing: 2,
      wrongAction: 1,
      hallucinated: 3,
      ghostRooms: 1,
      missingRooms: 0,
      merged: 0,
      split: 1,
    });
    const pane = mapDiffPane(diff, 'model <b>', 'map.txt');
    assert.equal(pane.mode, 'faithful');
    assert.deepEqual(pane.edges, diff.edges);
    assert.deepEqual(pane.overlay.trueEdges, diff.trueEdges);
    assert.equal(pane.overlay.cutoff, 10);
    assert.equal('alignment' in pane.overlay, false, 'the overlay is only what is drawn');
  });

  it('badges each merged true room once and counts rooms the map never names', () => {
    // "hall" written for both the hall and the library: the library is never named, and merged.
    const model: MapMove[] = [
      { src: 'hall', action: 'north', dst: 'hall' },
      { src: 'hall', action: 'east', dst: 'kitchen' },
    ];
    const diff = diffMap(truth, model, 10);
    assert.deepEqual(diff.merged, [{ model: 'hall', truths: ['hall', 'library'] }]);
    const counts = expectedMapDiffCounts(diff);
    assert.equal(counts.merged, 2);
    assert.equal(counts.missingRooms, diff.missingRooms.length);
    assert.ok(diff.missingRooms.includes('cellar'));
  });
});
