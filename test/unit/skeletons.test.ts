// DF/RF skeleton generation: labels, ids, limits on hand-made games, and regeneration of the six
// shared games' all2all.jsonl / all_pairs.jsonl from their edges.json.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pythonJsonDumps } from '../../src/core/util/pythonJson';
import {
  dfSkeletons,
  isAnswerable,
  isEasy,
  isHard,
  pathStep,
  pathStepJson,
  rfSkeletons,
  upstreamEdgeOrder,
  skeletonGraph,
} from '../../src/core/benchmarks/mango/skeletons/skeletons';
import type { DfSkeleton, EdgeRecord, RfSkeleton } from '../../src/core/benchmarks/mango/types';
import { edge } from '../support/mangoEdges';
import { sharedDataDir, sharedDataMissingReason } from '../support/paths';

describe('skeletons on a hand-made game', () => {
  // a -> b -> c, a -> c directly (seen late), two parallel edges b -> c, d unreachable.
  const records: EdgeRecord[] = [
    edge('a', 'north', 'b', 2),
    edge('b', 'east', 'c', 4, 30),
    edge('b', 'climb', 'c', 9),
    edge('a', 'jump', 'c', 80),
    edge('c', 'west', 'b', 9999, 4),
    edge('d', 'south', 'a', 1),
  ];
  const df = [...dfSkeletons(records)].map((line) => line.skeleton);
  const rf = [...rfSkeletons(records)].map((line) => line.skeleton);
  const dfOf = (src: string, dst: string) => df.filter((line) => line.src_node === src && line.dst_node === dst);
  const rfOf = (src: string, dst: string) =>
    rf.find((line) => line.src_node === src && line.dst_node === dst) as RfSkeleton;

  it('lists paths shortest first and expands parallel edges, last step fastest', () => {
    assert.deepEqual(
      dfOf('a', 'c').map((line) => [
        line.diff_shortest,
        line.step_count,
        line.path_details.map((s) => s.action).join(','),
      ]),
      [
        [0, 1, 'jump'],
        [1, 2, 'north,east'],
        [1, 2, 'north,climb'],
      ],
    );
  });

  it('labels a path with the maximum over its edges', () => {
    const [, viaEast] = dfOf('a', 'c');
    assert.deepEqual(
      [
        viaEast.min_step_forward,
        viaEast.min_step_total,
        viaEast.min_step_forward_answerable,
        viaEast.min_step_total_answerable,
      ],
      [4, 4, 4, 4],
    );
    const reverseOnly = dfOf('c', 'b')[0];
    assert.deepEqual([reverseOnly.min_step_forward, reverseOnly.min_step_total], [9999, 4]);
    assert.ok(isAnswerable(reverseOnly) && !isEasy(reverseOnly) && isHard(reverseOnly));
  });

  it('gives a pair the minimum over its simple paths, 9999 and 0 paths when unreachable', () => {
    assert.deepEqual(rfOf('a', 'c'), { ...rfOf('a', 'c'), num_paths: 3, min_step_forward: 4, min_step_total: 4 });
    const unreachable = rfOf('a', 'd');
    assert.deepEqual(
      [unreachable.num_paths, unreachable.min_step_forward, unreachable.min_step_total_answerable],
      [0, 9999, 9999],
    );
    assert.ok(!isAnswerable(unreachable) && !isHard(unreachable));
    assert.equal(rf.length, 4 * 3, 'one RF line per ordered pair');
  });

  it('keys lines in upstream order', () => {
    assert.deepEqual(Object.keys(df[0]), [
      'src_node',
      'dst_node',
      'diff_shortest',
      'path_details',
      'step_count',
      'id',
      'min_step_forward',
      'min_step_total',
      'min_step_forward_answerable',
      'min_step_total_answerable',
    ]);
    assert.deepEqual(Object.keys(rf[0]), [
      'src_node',
      'dst_node',
      'num_paths',
      'id',
      'min_step_forward',
      'min_step_total',
      'min_step_forward_answerable',
      'min_step_total_answerable',
    ]);
    assert.deepEqual(Object.keys(df[0].path_details[0]), [
      'prev_node',
      'node',
      'action',
      'seen_in_forward',
      'seen_in_reversed',
      'edge_min_step',
      'seen_in_forward_answerable',
      'seen_in_reversed_answerable',
      'edge_min_step_answerable',
    ]);
    assert.equal(new Set(df.map((line) => line.id)).size, df.length);
  });

  it('applies the answerable / easy cutoff', () => {
    const [jump] = dfOf('a', 'c');
    assert.ok(!isAnswerable(jump) && isAnswerable(jump, 80) && isEasy(jump, 80));
  });

  it('caps paths per pair, shortest first, and marks the cut pair', () => {
    const limited = [...dfSkeletons(records, { limitPerPair: 2 })].filter(
      (line) => line.skeleton.src_node === 'a' && line.skeleton.dst_node === 'c',
    );
    assert.deepEqual(
      limited.map((line) => [line.skeleton.path_details.map((s) => s.action).join(','), line.truncated]),
      [
        ['jump', false],
        ['north,east', true],
      ],
    );
    const exact = [...dfSkeletons(records, { limitPerPair: 3 })].filter(
      (line) => line.skeleton.src_node === 'a' && line.skeleton.dst_node === 'c',
    );
    assert.ok(
      exact.every((line) => !line.truncated),
      'a limit that is exactly met cuts nothing',
    );
    const rfLimited = [...rfSkeletons(records, { limitPerPair: 2 })].find(
      (line) => line.skeleton.src_node === 'a' && line.skeleton.dst_node === 'c',
    );
    // The two-step node path has two expansions and would straddle the limit, so it is left out whole.
    assert.deepEqual(
      [rfLimited?.skeleton.num_paths, rfLimited?.skeleton.min_step_forward, rfLimited?.truncated],
      [1, 80, true],
    );
  });
});

const mangoDir = join(sharedDataDir, 'mango');
const GAMES = ['905', 'night', 'omniquest', 'partyfoul', 'spirit', 'zork1'];
// Upstream ordered equal-length paths of one pair through a Python set (hash order, different on
// every run); these games have no such pairs, so their files are reproduced line for line.
const EXACT_ORDER = new Set(['905', 'night', 'partyfoul', 'spirit', 'zork1']);

function readLines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
}

describe('path_details entries written out (pathStepJson)', () => {
  it('match the generic writer byte for byte, escapes and non-ASCII names included', () => {
    const records = [
      edge('a', 'north', 'b', 2),
      edge('say "hi"', 'go\\back', 'tab\there', 0, 17),
      edge('caf\u00e9 \u{1F600}', 'line\nbreak', '\u2028 end', 9999, 9999),
    ];
    for (const record of records) assert.equal(pathStepJson(record), pythonJsonDumps(pathStep(record)));
    assert.equal(
      pathStepJson(records[2]),
      '{"prev_node": "caf\\u00e9 \\ud83d\\ude00", "node": "\\u2028 end", "action": "line\\nbreak", "seen_in_forward": 9999, "seen_in_reversed": 9999, "edge_min_step": 9999, "seen_in_forward_answerable": 9999, "seen_in_reversed_answerable": 9999, "edge_min_step_answerable": 9999}',
    );
  });
});

describe('skeletons regenerated from the shared games', function () {
  before(function () {
    if (!existsSync(mangoDir)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
  });

  for (const game of GAMES) {
    const file = (suffix: string) => join(mangoDir, game, `${game}.${suffix}`);
    const load = () => JSON.parse(readFileSync(file('edges.json'), 'utf8')) as EdgeRecord[];

    it(`${game}: upstream insertion order recovered from edges.json`, function () {
      if (!existsSync(file('edges.json'))) this.skip();
      const records = load();
      // edges.json was written from networkx's G.edges(): grouping by source in node order.
      assert.deepEqual(
        skeletonGraph(records)
          .edgesByNode()
          .map((e) => e.record),
        records,
      );
      const pairs = readLines(file('all_pairs.jsonl')).map((line) => JSON.parse(line) as RfSkeleton);
      const sources = [...new Set(pairs.map((pair) => pair.src_node))];
      assert.deepEqual(skeletonGraph(records).nodes, sources);
      assert.equal(upstreamEdgeOrder(records).length, records.length);
    });

    it(`${game}: path_details entries written out as the generic writer writes them`, function () {
      if (!existsSync(file('edges.json'))) this.skip();
      for (const record of load()) assert.equal(pathStepJson(record), pythonJsonDumps(pathStep(record)));
    });

    it(`${game}: all_pairs.jsonl reproduced line for line`, function () {
      if (!existsSync(file('all_pairs.jsonl'))) this.skip();
      const ours = [...rfSkeletons(load())].map((line) => pythonJsonDumps(line.skeleton));
      assert.deepEqual(ours, readLines(file('all_pairs.jsonl')));
    });

    it(`${game}: all2all.jsonl reproduced ${EXACT_ORDER.has(game) ? 'line for line' : 'as a set, in the same pair and length order'}`, function () {
      if (!existsSync(file('all2all.jsonl'))) this.skip();
      const ours = [...dfSkeletons(load())].map((line) => pythonJsonDumps(line.skeleton));
      const upstream = readLines(file('all2all.jsonl'));
      if (EXACT_ORDER.has(game)) {
        assert.deepEqual(ours, upstream);
        return;
      }
      assert.deepEqual([...ours].sort(), [...upstream].sort());
      const shape = (line: string) => {
        const parsed = JSON.parse(line) as DfSkeleton;
        return `${parsed.src_node} -> ${parsed.dst_node} (${parsed.step_count})`;
      };
      assert.deepEqual(
        ours.map(shape),
        upstream.map(shape),
        'only paths of equal length within a pair may be permuted',
      );
      const differing = ours.filter((line, index) => line !== upstream[index]).length;
      console.log(
        `      ${game}: ${differing} of ${ours.length} lines at another position within their (pair, length) group`,
      );
    });
  }
});
