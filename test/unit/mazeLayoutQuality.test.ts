// Layout quality (issue 16) over the six shared MANGO games and generated mazes of 20–500 rooms:
// no edge through a room other than its ends, no label over a label or a room, no two rooms
// overlapping, compass consistency of at least 90% overall; crossings are reported.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LayoutQuality, layoutQuality, segmentEntersBox } from '../../src/core/maze/layoutQuality';
import { buildMazeGraph } from '../../src/core/benchmarks/mango/maze/maze';
import { layoutMaze } from '../../src/core/maze/mazeLayout';
import type { MazeGraph } from '../../src/core/maze/mazeView';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { generatedMaze } from '../support/mazes';
import { samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

const GAMES = ['905', 'night', 'omniquest', 'partyfoul', 'spirit', 'zork1'];

function qualityOf(game: string, source: EdgeRecord[] | MazeGraph): LayoutQuality {
  const layout = layoutMaze(Array.isArray(source) ? buildMazeGraph(game, source, []) : source);
  return layoutQuality(layout.nodes, layout.edges);
}

function assertClean(name: string, quality: LayoutQuality): void {
  console.log(
    `      ${name}: ${quality.rooms} rooms, ${quality.edges} edges, compass ${quality.compassConsistent}/${quality.compassEdges}, crossings ${quality.crossings}`,
  );
  assert.equal(quality.edgesThroughRooms, 0, `${name}: edges through a room`);
  assert.equal(quality.labelLabelOverlaps, 0, `${name}: label–label overlaps`);
  assert.equal(quality.labelRoomOverlaps, 0, `${name}: label–room overlaps`);
  assert.equal(quality.roomOverlaps, 0, `${name}: room overlaps`);
}

describe('maze layout quality', () => {
  it('the metrics see what they measure: an edge through a room, overlaps, a contradicted compass move, a crossing', () => {
    const room = (id: string, x: number, y: number) => ({ id, x, y, width: 80, height: 30 });
    const nodes = [room('a', 0, 0), room('b', 200, 0), room('c', 400, 0), room('d', 410, 10)];
    const label = (x: number, y: number) => ({ x, y, width: 30, height: 14 });
    const quality = layoutQuality(nodes, [
      // a → c straight through b; drawn east for "east": consistent.
      {
        src: 'a',
        dst: 'c',
        action: 'east',
        points: [
          [80, 15],
          [400, 15],
        ],
        label: label(100, 40),
      },
      // "north" drawn going east: inconsistent; its label overlaps the first one and room a.
      {
        src: 'a',
        dst: 'b',
        action: 'north',
        points: [
          [40, 30],
          [40, 60],
          [240, 60],
          [240, 30],
        ],
        label: label(90, 35),
      },
      {
        src: 'b',
        dst: 'a',
        action: 'up',
        points: [
          [100, 45],
          [300, 45],
        ],
        label: label(210, 5),
      },
    ]);
    assert.equal(quality.edgesThroughRooms, 1);
    assert.equal(quality.labelLabelOverlaps, 1);
    assert.equal(quality.labelRoomOverlaps, 1);
    assert.equal(quality.roomOverlaps, 1);
    assert.deepEqual([quality.compassConsistent, quality.compassEdges], [1, 2]);
    assert.equal(quality.compassByPosition, 1, 'c lies east of a');
    // "south" that leaves a downward (as ELK's ports draw it) but reaches b, east of a: consistent by
    // its first segment, not by where the rooms are.
    const leaving = layoutQuality(nodes.slice(0, 2), [
      {
        src: 'a',
        dst: 'b',
        action: 'south',
        points: [
          [40, 30],
          [40, 60],
          [240, 60],
          [240, 30],
        ],
        label: label(100, 70),
      },
    ]);
    assert.deepEqual([leaving.compassConsistent, leaving.compassByPosition, leaving.compassEdges], [1, 0, 1]);
    assert.equal(quality.crossings, 1, 'the up edge crosses the last leg of the north one');
    assert.ok(segmentEntersBox([0, 0], [100, 100], { x: 40, y: 40, width: 10, height: 10 }));
    assert.ok(
      !segmentEntersBox([0, 0], [100, 0], { x: 40, y: 0, width: 10, height: 10 }),
      'grazing a border is not entering',
    );
    const crossed = layoutQuality(
      [],
      [
        {
          src: 'p',
          dst: 'q',
          action: 'x',
          points: [
            [0, 0],
            [10, 10],
          ],
          label: label(0, 100),
        },
        {
          src: 'r',
          dst: 's',
          action: 'y',
          points: [
            [0, 10],
            [10, 0],
          ],
          label: label(50, 100),
        },
      ],
    );
    assert.equal(crossed.crossings, 1);
  });

  it('the six shared games: clean, and compass consistency at least 90% overall', function () {
    if (!existsSync(join(sharedDataDir, 'mango'))) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    let consistent = 0;
    let total = 0;
    for (const game of GAMES) {
      const quality = qualityOf(
        game,
        JSON.parse(readFileSync(join(sharedDataDir, 'mango', game, `${game}.edges.json`), 'utf8')) as EdgeRecord[],
      );
      assertClean(game, quality);
      consistent += quality.compassConsistent;
      total += quality.compassEdges;
    }
    assert.ok(consistent / total >= 0.9, `compass consistency ${consistent}/${total}`);
  });

  it('the placement search reduces crossings and never gives up a compass move (shared games, the sample, generated mazes)', function () {
    const graphs = [
      ...(existsSync(join(sharedDataDir, 'mango'))
        ? GAMES.map((game) =>
            buildMazeGraph(
              game,
              JSON.parse(
                readFileSync(join(sharedDataDir, 'mango', game, `${game}.edges.json`), 'utf8'),
              ) as EdgeRecord[],
              [],
            ),
          )
        : []),
      buildMazeGraph(
        'lighthouse',
        JSON.parse(
          readFileSync(join(samplesDir, 'mango', 'lighthouse', 'lighthouse.edges.json'), 'utf8'),
        ) as EdgeRecord[],
        [],
      ),
      buildMazeGraph('generated 20', generatedMaze(20, 40, 7), []),
      buildMazeGraph('generated 60', generatedMaze(60, 120, 7), []),
    ];
    let greedyTotal = 0;
    let searchedTotal = 0;
    for (const graph of graphs) {
      const greedyLayout = layoutMaze(graph, { searchPlacement: false });
      const greedy = layoutQuality(greedyLayout.nodes, greedyLayout.edges);
      const searched = qualityOf(graph.game, graph);
      console.log(
        `      ${graph.game}: crossings ${greedy.crossings} → ${searched.crossings}, compass ${greedy.compassConsistent} → ${searched.compassConsistent}/${searched.compassEdges}`,
      );
      assertClean(graph.game, searched);
      assert.ok(
        searched.crossings <= greedy.crossings,
        `${graph.game}: crossings ${greedy.crossings} → ${searched.crossings}`,
      );
      assert.ok(
        searched.compassConsistent >= greedy.compassConsistent,
        `${graph.game}: compass ${greedy.compassConsistent} → ${searched.compassConsistent}`,
      );
      greedyTotal += greedy.crossings;
      searchedTotal += searched.crossings;
    }
    assert.ok(
      searchedTotal * 3 <= greedyTotal,
      `crossings ${greedyTotal} → ${searchedTotal}: expected at least a two-thirds cut`,
    );
    const again = layoutMaze(graphs[graphs.length - 1]);
    assert.deepEqual(again, layoutMaze(graphs[graphs.length - 1]), 'deterministic');
    if (!existsSync(join(sharedDataDir, 'mango')))
      console.log(`      (shared games not checked: ${sharedDataMissingReason})`);
  });

  it('the sample game lighthouse: clean, every compass move drawn its way (harbour road ↔ fish market no longer through the herb garden)', () => {
    const quality = qualityOf(
      'lighthouse',
      JSON.parse(
        readFileSync(join(samplesDir, 'mango', 'lighthouse', 'lighthouse.edges.json'), 'utf8'),
      ) as EdgeRecord[],
    );
    assertClean('lighthouse', quality);
    assert.equal(quality.compassConsistent, quality.compassEdges);
  });

  for (const [rooms, edges] of [
    [20, 40],
    [100, 200],
    [230, 470],
    [500, 1000],
  ]) {
    it(`a generated maze of ${rooms} rooms: clean, compass consistency at least 90%`, () => {
      const quality = qualityOf(`generated ${rooms}`, generatedMaze(rooms, edges, 7));
      assertClean(`generated ${rooms}`, quality);
      assert.equal(quality.rooms, rooms);
      assert.ok(quality.compassShare >= 0.9, `compass ${quality.compassConsistent}/${quality.compassEdges}`);
    });
  }
});
