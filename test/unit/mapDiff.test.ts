// Map diff (runs.md §7) on crafted maps of the six shared release games: each map starts from the
// true edge list at the cutoff, then drops edges, adds hallucinated ones, renames a room with a
// typo, writes a room in capitals once (the same room, not a split), swaps an action, merges two rooms and repeats moves. The
// expected counts are computed here from that construction (which true room each written name
// stands for, then plain set arithmetic), and must equal map-diff's, for both accepted notations.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMapAnswer } from '../../src/core/benchmarks/mango/scoring/mapAnswer';
import { alignRoom, diffMap, mazeAtCutoff } from '../../src/core/benchmarks/mango/scoring/mapDiff';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { sharedDataDir, sharedDataMissingReason } from '../support/paths';

const mangoData = join(sharedDataDir, 'mango');
const GAMES = ['905', 'night', 'omniquest', 'partyfoul', 'spirit', 'zork1'];
const CUTOFF = 70;
const NEW_ROOM = 'quux chamber of nothing at all';

interface Move {
  src: string;
  action: string;
  dst: string;
}

/** Plain Levenshtein distance over characters (the test's own, to pick names no rule can confuse). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

const squash = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
const key = (src: string | null, action: string, dst: string | null) =>
  JSON.stringify([src, action.toLowerCase(), dst]);

interface Crafted {
  moves: Move[];
  /** The true room each written name stands for (null: none). */
  truthOf: Map<string, string | null>;
  typo: { model: string; truth: string };
  split: { truth: string; models: string[] };
  merge: { kept: string; gone: string };
}

function craft(truth: readonly Move[]): Crafted {
  const rooms = [...new Set(truth.flatMap((move) => [move.src, move.dst]))];
  const degree = (room: string) => truth.filter((move) => move.src === room || move.dst === room).length;
  const far = (room: string) => rooms.every((other) => other === room || distance(squash(room), squash(other)) >= 4);
  const byDegree = [...rooms].sort((a, b) => degree(b) - degree(a) || a.localeCompare(b));
  const typoRoom = byDegree.find((room) => squash(room).length >= 6 && far(room));
  assert.ok(typoRoom, 'a room with a long, distinctive name');
  const splitRoom = byDegree.find((room) => room !== typoRoom && degree(room) >= 2 && /[a-z]/.test(room));
  assert.ok(splitRoom);
  const rest = byDegree.filter((room) => room !== typoRoom && room !== splitRoom);
  // The merged-away room must be named by nothing else, and one of its moves must turn into a move
  // the maze has not (the evidence of the merge).
  let merge: { kept: string; gone: string } | undefined;
  for (const gone of rest.filter((room) => far(room) && squash(room).length >= 3)) {
    const kept = [...rest, splitRoom].find(
      (room) =>
        room !== gone &&
        truth.some(
          (move) =>
            (move.src === gone || move.dst === gone) &&
            !truth.some(
              (other) =>
                key(other.src, other.action, other.dst) ===
                key(move.src === gone ? room : move.src, move.action, move.dst === gone ? room : move.dst),
            ),
        ),
    );
    if (kept) {
      merge = { kept, gone };
      break;
    }
  }
  assert.ok(merge, 'two rooms to merge');
  // A one-letter typo in the middle of the name.
  const middle = Math.floor(typoRoom.length / 2);
  const replacement = typoRoom[middle] === 'q' ? 'z' : 'q';
  const typo = `${typoRoom.slice(0, middle)}${replacement}${typoRoom.slice(middle + 1)}`;
  const upper = splitRoom.toUpperCase();
  const touchesGone = (move: Move) => move.src === merge.gone || move.dst === merge.gone;
  const swapIndex = truth.findIndex((move) => !touchesGone(move));
  const dropped = new Set(
    truth
      .map((_, index) => index)
      .filter((index) => index !== swapIndex && !touchesGone(truth[index]))
      .slice(-2),
  );
  const rename = (name: string) => (name === typoRoom ? typo : name === merge.gone ? merge.kept : name);
  const moves: Move[] = [];
  let upperUsed = false;
  truth.forEach((move, index) => {
    if (dropped.has(index)) return;
    let src = rename(move.src);
    const dst = rename(move.dst);
    if (src === splitRoom && !upperUsed) {
      src = upper;
      upperUsed = true;
    }
    moves.push({ src, action: index === swapIndex ? 'sideways' : move.action, dst });
  });
  assert.ok(upperUsed, 'the split room is written in capitals once');
  // Repeats count once: the same move again, and again with the action in capitals.
  moves.push({ ...moves[0] }, { ...moves[1], action: moves[1].action.toUpperCase() });
  moves.push({ src: typo, action: 'xyzzy', dst: splitRoom }, { src: NEW_ROOM, action: 'xyzzy', dst: merge.kept });
  const truthOf = new Map<string, string | null>();
  for (const move of moves) {
    for (const name of [move.src, move.dst]) {
      truthOf.set(name, name === typo ? typoRoom : name === upper ? splitRoom : name === NEW_ROOM ? null : name);
    }
  }
  return {
    moves,
    truthOf,
    typo: { model: typo, truth: typoRoom },
    split: { truth: splitRoom, models: [splitRoom, upper] },
    merge,
  };
}

function expected(truth: readonly Move[], crafted: Crafted) {
  const trueKeys = new Set(truth.map((move) => key(move.src, move.action, move.dst)));
  const truePairs = new Set(truth.map((move) => JSON.stringify([move.src, move.dst])));
  const modelKeys = new Map<string, Move>();
  for (const move of crafted.moves) {
    const src = crafted.truthOf.get(move.src) ?? null;
    const dst = crafted.truthOf.get(move.dst) ?? null;
    // A name standing for no room keeps itself apart from every true edge.
    const k =
      src === null || dst === null
        ? key(`new:${move.src}`, move.action, `new:${move.dst}`)
        : key(src, move.action, dst);
    modelKeys.set(k, { src: src ?? '', action: move.action, dst: dst ?? '' });
  }
  const correct = [...modelKeys.keys()].filter((k) => trueKeys.has(k)).length;
  const wrong = [...modelKeys].filter(([k]) => !trueKeys.has(k));
  const hallucinated = wrong.length;
  const wrongAction = wrong.filter(([, move]) => truePairs.has(JSON.stringify([move.src, move.dst]))).length;
  const precision = correct / (correct + hallucinated);
  const recall = correct / trueKeys.size;
  const rooms = new Set(truth.flatMap((move) => [move.src, move.dst]));
  const named = new Set([...crafted.truthOf.values()].filter((room): room is string => room !== null));
  return {
    edges: {
      correct,
      missing: trueKeys.size - correct,
      hallucinated,
      precision,
      recall,
      f1: (2 * precision * recall) / (precision + recall),
      wrongAction,
    },
    rooms: {
      correct: named.size,
      missing: [...rooms].filter((room) => !named.has(room)).length,
      hallucinated: [...crafted.truthOf.values()].filter((room) => room === null).length,
    },
  };
}

const pyString = (text: string) => JSON.stringify(text);
const asTriples = (moves: readonly Move[]) =>
  `Sure! Here is the map I built while reading:\n[\n${moves.map((move) => `  {'location_before': ${pyString(move.src)}, 'action': ${pyString(move.action)}, 'location_after': ${pyString(move.dst)}}`).join(',\n')}\n]\nLet me know if you need more.`;
const asArrows = (moves: readonly Move[]) =>
  `The map:\n${moves.map((move, index) => `${index + 1}. ${move.src} --${move.action}--> ${move.dst}`).join('\n')}\n`;

describe('map diff on crafted maps of the six shared games', () => {
  before(function () {
    if (!existsSync(mangoData)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
  });

  for (const game of GAMES) {
    it(`${game}: counts, ratios, alignment rules, merged and split rooms equal the construction's`, () => {
      const records = JSON.parse(readFileSync(join(mangoData, game, `${game}.edges.json`), 'utf8')) as EdgeRecord[];
      const truth = records
        .filter((record) => record.edge_min_step <= CUTOFF)
        .map((record) => ({ src: record.src_node, action: record.action, dst: record.dst_node }));
      assert.deepEqual(mazeAtCutoff(records, CUTOFF), truth, 'the release has no repeated edge at the cutoff');
      const crafted = craft(truth);
      const want = expected(truth, crafted);
      for (const text of [asTriples(crafted.moves), asArrows(crafted.moves)]) {
        const parsed = parseMapAnswer(text);
        assert.deepEqual(parsed.diagnostics, []);
        assert.deepEqual(
          parsed.edges.map(({ src, action, dst }) => ({ src, action, dst })),
          crafted.moves,
        );
        const diff = diffMap(mazeAtCutoff(records, CUTOFF), parsed.edges, CUTOFF);
        assert.deepEqual(diff.edges, want.edges);
        assert.deepEqual(
          { correct: diff.rooms.correct, missing: diff.rooms.missing, hallucinated: diff.rooms.hallucinated },
          want.rooms,
        );
        // Every written name is listed once, aligned to the room it stands for, by the expected rule.
        assert.deepEqual(new Map(diff.alignment.map((entry) => [entry.model, entry.truth])), crafted.truthOf);
        assert.equal(diff.alignment.length, crafted.truthOf.size);
        const rule = (name: string) => diff.alignment.find((entry) => entry.model === name)?.rule;
        assert.equal(rule(crafted.typo.model), 'edit');
        assert.equal(rule(crafted.split.models[1]), 'normalized');
        assert.equal(rule(NEW_ROOM), 'none');
        // The room written once in capitals is the same room of the model's map, not a split (README: names align ignoring case).
        assert.deepEqual(diff.split, []);
        assert.equal(diff.rooms.split, 0);
        const merged = diff.merged.find((entry) => entry.model === crafted.merge.kept);
        assert.ok(merged, `${crafted.merge.gone} merged into ${crafted.merge.kept}`);
        assert.ok(merged.truths.includes(crafted.merge.gone) && merged.truths.includes(crafted.merge.kept));
        assert.equal(diff.rooms.merged, diff.merged.length);
        // The overlay's view of the same: one status per true edge, each model edge's aligned ends.
        assert.equal(diff.trueEdges.length, truth.length);
        assert.equal(diff.trueEdges.filter((edge) => edge.status === 'correct').length, want.edges.correct);
        assert.equal(diff.modelEdges.length, crafted.moves.length);
        assert.equal(
          diff.modelEdges.filter((edge) => edge.status === 'duplicate').length,
          crafted.moves.length -
            new Set(
              crafted.moves.map((move) =>
                key(
                  crafted.truthOf.get(move.src) ?? `new:${move.src}`,
                  move.action,
                  crafted.truthOf.get(move.dst) ?? `new:${move.dst}`,
                ),
              ),
            ).size,
        );
        assert.deepEqual(diff.missingRooms.includes(crafted.merge.gone), true);
      }
    });
  }

  it('leaves a name equally close to two rooms unaligned and says which', () => {
    assert.deepEqual(alignRoom('hall b', ['hall a', 'hall c', 'kitchen']), {
      model: 'hall b',
      truth: null,
      rule: 'ambiguous',
      candidates: ['hall a', 'hall c'],
      distance: 1,
    });
    assert.deepEqual(alignRoom('Hall  A', ['hall a', 'hall c']), {
      model: 'Hall  A',
      truth: 'hall a',
      rule: 'normalized',
    });
    // Too far for a typo: a quarter of the longer name, at most three edits.
    assert.equal(alignRoom('den', ['dew', 'kitchen']).truth, null);
    assert.equal(alignRoom('kitchn', ['kitchen']).rule, 'edit');
  });

  it('an empty map scores zero, not NaN', () => {
    const diff = diffMap([{ src: 'a', action: 'north', dst: 'b' }], [], CUTOFF);
    assert.deepEqual(diff.edges, {
      correct: 0,
      missing: 1,
      hallucinated: 0,
      precision: 0,
      recall: 0,
      f1: 0,
      wrongAction: 0,
    });
  });
});
