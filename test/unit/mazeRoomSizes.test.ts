// Rooms sized to their names (webview/maze/roomLabels.ts), laid out by core with those sizes, and
// stretched to a tall panel (webview/maze/stretch.ts), in Node with a fixed-width measurer: names
// wrap onto balanced lines that give the name back; the layout stays clean (no room over a room, no
// edge through a room, no label over a label or a room) on the sample, the six shared games and
// generated mazes; the stretch keeps every room's size, every edge end on its room and every compass
// move its way, and gives the drawing the panel's shape within its bound.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { layoutQuality } from '../../src/core/maze/layoutQuality';
import { buildMazeGraph } from '../../src/core/benchmarks/mango/maze/maze';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import type { MazeGraph } from '../../src/protocol/maze';
import { type Layout, layoutWithLabels } from '../../webview/maze/layout';
import { roomLabels, wrapName } from '../../webview/maze/roomLabels';
import { stretchToPanel } from '../../webview/maze/stretch';
import { generatedMaze } from '../support/mazes';
import { samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

/** About the view's 12.5 px sans-serif: 7 units a character. */
const measure = (text: string) => text.length * 7;
const GAMES = ['905', 'night', 'omniquest', 'partyfoul', 'spirit', 'zork1'];

function graphs(): MazeGraph[] {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as EdgeRecord[];
  const shared = existsSync(join(sharedDataDir, 'mango'))
    ? GAMES.map((game) => buildMazeGraph(game, read(join(sharedDataDir, 'mango', game, `${game}.edges.json`)), []))
    : [];
  if (shared.length === 0) console.log(`      (shared games not checked: ${sharedDataMissingReason})`);
  return [
    buildMazeGraph('lighthouse', read(join(samplesDir, 'mango', 'lighthouse', 'lighthouse.edges.json')), []),
    ...shared,
    buildMazeGraph('generated 100', generatedMaze(100, 200, 7), []),
  ];
}

/** The view's layout (centres) as core's boxes (top-left corners), for layoutQuality. */
function qualityOf(layout: Layout) {
  const nodes = [...layout.nodes.values()].map((node) => ({
    id: node.name,
    x: node.x - node.width / 2,
    y: node.y - node.height / 2,
    width: node.width,
    height: node.height,
  }));
  return { nodes, quality: layoutQuality(nodes, [...layout.edges.values()]) };
}

function assertClean(name: string, layout: Layout): void {
  const { quality } = qualityOf(layout);
  assert.equal(quality.roomOverlaps, 0, `${name}: room overlaps`);
  assert.equal(quality.edgesThroughRooms, 0, `${name}: edges through a room`);
  assert.equal(quality.labelLabelOverlaps, 0, `${name}: label–label overlaps`);
  assert.equal(quality.labelRoomOverlaps, 0, `${name}: label–room overlaps`);
}

describe('maze rooms sized to their names', () => {
  it('keeps a short name on one line and wraps a long one onto balanced lines that give the name back', () => {
    assert.deepEqual(wrapName('kitchen', measure), ['kitchen']);
    const twisty = wrapName('maze of twisty passages (stop 5)', measure);
    assert.ok(twisty.length >= 2 && twisty.length <= 4, twisty.join(' | '));
    assert.equal(twisty.join(''), 'maze of twisty passages (stop 5)');
    assert.ok(
      twisty.every((line) => measure(line.trimEnd()) <= 100),
      twisty.join(' | '),
    );
    // Breaks inside a word after a hyphen or a slash keep the mark on the first line.
    const hall = wrapName('hall (1st floor, north end of north/south hall)', measure);
    assert.equal(hall.join(''), 'hall (1st floor, north end of north/south hall)');
    assert.ok(
      hall.every((line) => !line.startsWith(' ')),
      hall.join(' | '),
    );
    // One long word cannot wrap: one line, and a box as wide as it.
    const word = 'Supercalifragilisticexpialidocious';
    assert.deepEqual(wrapName(word, measure), [word]);
    const label = roomLabels([word], measure).get(word);
    assert.ok(label && label.width >= measure(word) && label.textWidth === measure(word));
    // The longest real name (omniquest, 57 characters): four lines, the most there are.
    const longest = wrapName('end of path(an exit to the northeast and a raincoat here)', measure);
    assert.ok(longest.length === 4 && longest.every((line) => measure(line.trimEnd()) <= 120), longest.join(' | '));
  });

  it('gives every room a box its text fits in, taller for more lines', () => {
    const labels = roomLabels(['attic', 'hallway (near quarters of palemon and tuffberry)'], measure);
    const attic = labels.get('attic');
    const hallway = labels.get('hallway (near quarters of palemon and tuffberry)');
    assert.ok(attic && hallway);
    for (const label of [attic, hallway])
      assert.ok(label.width >= label.textWidth + 16 && label.height >= label.textHeight + 10, JSON.stringify(label));
    assert.equal(attic.lines.length, 1);
    assert.ok(hallway.lines.length > 1 && hallway.height > attic.height);
  });

  it('lays out the real box sizes cleanly: the sample, the shared games and a generated maze', () => {
    for (const graph of graphs()) {
      const layout = layoutWithLabels(graph, measure);
      assertClean(graph.game, layout);
      for (const [name, node] of layout.nodes) {
        const label = layout.labels.get(name);
        assert.ok(
          label && node.width === label.width && node.height === label.height,
          `${graph.game}: ${name} is laid out at its measured size`,
        );
      }
    }
  });

  it('stretches a wide layout towards a tall panel: rooms keep their size and order, edges their ends, compass moves their way', () => {
    for (const graph of graphs()) {
      const wide = layoutWithLabels(graph, measure);
      // A half-width editor panel: 700 × 900.
      const tall = stretchToPanel(wide, 700 / 900);
      assertClean(`${graph.game} stretched`, tall);
      const before = qualityOf(wide).quality;
      const after = qualityOf(tall).quality;
      assert.ok(
        after.compassConsistent >= before.compassConsistent,
        `${graph.game}: compass moves drawn their way (${before.compassConsistent} → ${after.compassConsistent})`,
      );
      assert.equal(tall.width, wide.width, `${graph.game}: a tall panel stretches rows, not columns`);
      if (wide.width / wide.height > 700 / 900) {
        assert.ok(tall.height > wide.height, `${graph.game}: taller`);
        assert.ok(tall.width / tall.height >= 700 / 900 - 1e-6, `${graph.game}: not past the panel's shape`);
      }
      for (const [name, node] of tall.nodes) {
        const was = wide.nodes.get(name);
        assert.ok(
          was && node.width === was.width && node.height === was.height && node.x === was.x,
          `${graph.game}: ${name} keeps its size and column`,
        );
      }
      const box = (name: string) => tall.nodes.get(name) as { x: number; y: number; width: number; height: number };
      const distance = (
        [x, y]: readonly [number, number],
        room: { x: number; y: number; width: number; height: number },
      ) =>
        Math.hypot(
          Math.max(room.x - room.width / 2 - x, 0, x - room.x - room.width / 2),
          Math.max(room.y - room.height / 2 - y, 0, y - room.y - room.height / 2),
        );
      for (const edge of tall.edges.values()) {
        assert.ok(
          distance(edge.points[0], box(edge.src)) <= 1e-6,
          `${graph.game}: ${edge.src} -${edge.action}-> starts on its room`,
        );
        assert.ok(
          distance(edge.points[edge.points.length - 1], box(edge.dst)) <= 1e-6,
          `${graph.game}: ${edge.src} -${edge.action}-> ends on its room`,
        );
      }
    }
  });

  it('stretches the gaps between rooms at most threefold, and leaves a layout already the panel\u2019s shape as it is', () => {
    const graph = buildMazeGraph(
      'lighthouse',
      JSON.parse(
        readFileSync(join(samplesDir, 'mango', 'lighthouse', 'lighthouse.edges.json'), 'utf8'),
      ) as EdgeRecord[],
      [],
    );
    const wide = layoutWithLabels(graph, measure);
    const veryTall = stretchToPanel(wide, 0.05);
    // Rooms keep their height and only the gaps between them grow, at most threefold.
    assert.ok(
      veryTall.height > wide.height && veryTall.height <= 3 * wide.height,
      `bounded: ${wide.height} → ${veryTall.height}`,
    );
    assert.ok(veryTall.width / veryTall.height > 0.05, 'the bound stops short of a very tall panel');
    assert.equal(stretchToPanel(wide, wide.width / wide.height), wide);
    assert.equal(stretchToPanel(wide, 0), wide);
  });
});
