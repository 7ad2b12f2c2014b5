// The MANGO multigraph (order, parallel edges, duplicates) and the evaluator's naive reverses.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPPOSITE_DIRECTIONS } from '../../src/core/benchmarks/mango/walkthrough/directions';
import { MangoGraph } from '../../src/core/benchmarks/mango/graph/graph';
import {
  DEFAULT_REVERSE_PAIRS,
  evaluationGraph,
  imputeReverseEdges,
  reverseActionMap,
} from '../../src/core/benchmarks/mango/graph/imputation';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { edge } from '../support/mangoEdges';
import { sharedDataDir, sharedDataMissingReason } from '../support/paths';

describe('MangoGraph', () => {
  const records = [
    edge('hall', 'north', 'kitchen'),
    edge('kitchen', 'south', 'hall'),
    edge('hall', 'east', 'study'),
    edge('hall', 'up', 'kitchen'),
    edge('hall', 'north', 'kitchen', 5),
    edge('cellar', 'up', 'hall'),
  ];
  const graph = MangoGraph.fromRecords(records);

  it('numbers nodes by first appearance, src before dst, as networkx add_edge does', () => {
    assert.deepEqual(graph.nodes, ['hall', 'kitchen', 'study', 'cellar']);
    assert.equal(graph.indexOf('study'), 2);
    assert.equal(graph.indexOf('attic'), -1);
  });

  it('keeps parallel edges with different actions and drops a repeated (src, action, dst)', () => {
    assert.equal(graph.edges.length, 5);
    assert.equal(graph.duplicates.length, 1);
    assert.equal(graph.duplicates[0].record?.seen_in_forward, 5, 'the first record wins');
    assert.deepEqual(
      graph.edgesBetween(0, 1).map((e) => e.action),
      ['north', 'up'],
    );
    assert.ok(graph.hasEdge('hall', 'up', 'kitchen'));
    assert.ok(!graph.hasEdge('kitchen', 'up', 'hall'));
  });

  it('groups out-edges by successor in order of the first edge to each, like networkx', () => {
    assert.deepEqual(graph.successors(0), [1, 2]);
    assert.deepEqual(
      graph.outEdges(0).map((e) => `${e.action}->${e.dst}`),
      ['north->kitchen', 'up->kitchen', 'east->study'],
    );
    assert.deepEqual(
      graph.edgesByNode().map((e) => e.action),
      ['north', 'up', 'east', 'south', 'up'],
    );
    const { offsets, targets, nodeCount } = graph.adjacency();
    assert.equal(nodeCount, 4);
    assert.deepEqual([...offsets], [0, 2, 3, 3, 4]);
    assert.deepEqual([...targets], [1, 2, 0, 0]);
  });

  it('can list isolated locations first and append edges', () => {
    const withLocations = MangoGraph.fromEdges(graph.edges, ['attic', 'hall']);
    assert.deepEqual(withLocations.nodes, ['attic', 'hall', 'kitchen', 'study', 'cellar']);
    assert.equal(
      graph.withEdges([{ src: 'study', action: 'west', dst: 'hall', explicit: false, record: null }]).edges.length,
      6,
    );
  });
});

describe('naive reverse edges (G_eval)', () => {
  it('uses exactly the five spec pairs by default', () => {
    assert.deepEqual(Object.fromEntries(reverseActionMap()), OPPOSITE_DIRECTIONS);
    assert.equal(DEFAULT_REVERSE_PAIRS.length, 5);
  });

  it('adds (dst, opposite, src) unless it exists, only for exact direction names', () => {
    const graph = MangoGraph.fromRecords([
      edge('a', 'north', 'b'),
      edge('b', 'south', 'a'),
      edge('b', 'east', 'c'),
      edge('c', 'enter car', 'd'),
      edge('d', 'North', 'a'),
      edge('d', 'n', 'a'),
      edge('a', 'exit', 'd'),
      edge('c', 'up', 'e'),
      edge('c', 'northeast', 'e'),
    ]);
    const imputed = imputeReverseEdges(graph);
    assert.deepEqual(
      imputed.map((e) => `${e.src} -${e.action}-> ${e.dst}`),
      ['c -west-> b', 'e -down-> c', 'e -southwest-> c'],
    );
    assert.ok(imputed.every((e) => !e.explicit && e.record === null && e.reverseOf?.explicit));
    assert.equal(evaluationGraph(graph).edges.length, graph.edges.length + 3);
  });

  it('takes extra pairs such as enter/exit when asked', () => {
    const graph = MangoGraph.fromRecords([edge('porch', 'enter', 'hall'), edge('hall', 'west', 'kitchen')]);
    assert.equal(imputeReverseEdges(graph).length, 1);
    const extended = imputeReverseEdges(graph, [...DEFAULT_REVERSE_PAIRS, ['enter', 'exit']]);
    assert.deepEqual(
      extended.map((e) => `${e.src} -${e.action}-> ${e.dst}`),
      ['hall -exit-> porch', 'kitchen -east-> hall'],
    );
  });

  it('counts an imputed reverse as existing for later edges', () => {
    // Two parallel "north" edges cannot exist, but "north" and "up" to the same place both reverse.
    const graph = MangoGraph.fromRecords([edge('a', 'north', 'b'), edge('a', 'up', 'b')]);
    assert.deepEqual(
      imputeReverseEdges(graph).map((e) => e.action),
      ['south', 'down'],
    );
  });

  describe('on the shared games (spec §3: zork1 gains 5, night gains 4)', () => {
    const mangoDir = join(sharedDataDir, 'mango');
    before(function () {
      if (!existsSync(mangoDir)) {
        console.log(`      skipped: ${sharedDataMissingReason}`);
        this.skip();
      }
    });
    const expected: Record<string, number> = { zork1: 5, night: 4 };
    for (const [game, count] of Object.entries(expected)) {
      it(`${game} gains ${count}`, function () {
        const path = join(mangoDir, game, `${game}.edges.json`);
        if (!existsSync(path)) this.skip();
        const graph = MangoGraph.fromRecords(JSON.parse(readFileSync(path, 'utf8')) as EdgeRecord[]);
        assert.equal(imputeReverseEdges(graph).length, count);
      });
    }
  });
});
