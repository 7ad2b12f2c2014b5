// `waypoint mango layout` as a user runs it: dist/cli.js in a child process (spec runs.md §7).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LayoutJson } from '../../src/cli/mango/layout';
import { distDir, repoRoot, samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

type Box = { x: number; y: number; width: number; height: number };
/** Distance from a point to a box (0 inside or on it). */
const distanceToBox = ([x, y]: [number, number], box: Box) =>
  Math.hypot(Math.max(box.x - x, 0, x - box.x - box.width), Math.max(box.y - y, 0, y - box.y - box.height));

function checkShape(json: LayoutJson, edgesFile: string): void {
  const records = JSON.parse(readFileSync(edgesFile, 'utf8')) as Array<{
    src_node: string;
    action: string;
    dst_node: string;
  }>;
  const rooms = new Set(records.flatMap((record) => [record.src_node, record.dst_node]));
  assert.deepEqual(new Set(json.nodes.map((node) => node.id)), rooms);
  const boxes = new Map(json.nodes.map((node) => [node.id, node]));
  for (const node of json.nodes)
    for (const key of ['x', 'y', 'width', 'height'] as const)
      assert.ok(Number.isFinite(node[key]) && node[key] >= 0, `${node.id}.${key}`);
  const explicit = json.edges.filter((edge) => edge.explicit).map((edge) => `${edge.src}|${edge.action}|${edge.dst}`);
  assert.deepEqual(
    new Set(explicit),
    new Set(records.map((record) => `${record.src_node}|${record.action}|${record.dst_node}`)),
  );
  for (const edge of json.edges) {
    assert.ok(edge.points.length >= 2, `${edge.src} ${edge.action}`);
    // Starts at the src box and ends at the dst box (within a few pixels).
    assert.ok(
      distanceToBox(edge.points[0], boxes.get(edge.src) as Box) <= 3,
      `${edge.src} -${edge.action}-> starts off its room`,
    );
    assert.ok(
      distanceToBox(edge.points[edge.points.length - 1], boxes.get(edge.dst) as Box) <= 3,
      `${edge.src} -${edge.action}-> ends off its room`,
    );
    // The label sits next to its edge: some point of the polyline within 10 px of the label's box.
    const near = edge.points.slice(1).some((point, index) => {
      const [ax, ay] = edge.points[index];
      return Array.from({ length: 101 }, (_, k) => k / 100).some(
        (t) => distanceToBox([ax + (point[0] - ax) * t, ay + (point[1] - ay) * t], edge.label) <= 10,
      );
    });
    assert.ok(near, `label of ${edge.src} -${edge.action}-> is not next to it`);
  }
}

/** Pairs of room boxes that overlap (touching borders aside). */
function roomOverlaps(json: LayoutJson): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < json.nodes.length; i++)
    for (let j = i + 1; j < json.nodes.length; j++) {
      const [a, b] = [json.nodes[i], json.nodes[j]];
      if (
        a.x + a.width - 0.5 > b.x &&
        b.x + b.width - 0.5 > a.x &&
        a.y + a.height - 0.5 > b.y &&
        b.y + b.height - 0.5 > a.y
      )
        pairs.push(`${a.id} / ${b.id}`);
    }
  return pairs;
}

/** `mango layout --engine elk --json` run twice: the layout, after checking both runs print the same bytes. */
function elkLayoutOf(dir: string): LayoutJson {
  const first = waypoint('mango', 'layout', dir, '--engine', 'elk', '--json');
  assert.equal(first.code, 0, first.stderr);
  const second = waypoint('mango', 'layout', dir, '--engine', 'elk', '--json');
  assert.equal(second.stdout, first.stdout, 'the same input gives the same layout');
  return JSON.parse(first.stdout) as LayoutJson;
}

describe('waypoint mango layout', () => {
  it('prints the layout of the sample game as the contract JSON, and writes a standalone SVG', () => {
    const svg = join(mkdtempSync(join(tmpdir(), 'waypoint-layout-')), 'map.svg');
    const result = waypoint('mango', 'layout', join(samplesDir, 'mango', 'lighthouse'), '--json', '--svg', svg);
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout) as LayoutJson;
    checkShape(json, join(samplesDir, 'mango', 'lighthouse', 'lighthouse.edges.json'));
    const text = readFileSync(svg, 'utf8');
    assert.match(text, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.ok(text.includes('>harbour road</text>') && text.includes('>row to island</text>'));
  });

  it('on a shared game: imputed reverses by default (explicit false), none with --reverse none, fewer with --cutoff', function () {
    const dir = join(sharedDataDir, 'mango', 'zork1');
    if (!existsSync(dir)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const naive = JSON.parse(waypoint('mango', 'layout', dir, '--json').stdout) as LayoutJson;
    checkShape(naive, join(dir, 'zork1.edges.json'));
    const imputed = naive.edges.filter((edge) => !edge.explicit);
    assert.ok(imputed.length > 0, 'zork1 has naive reverses to impute');
    const none = JSON.parse(waypoint('mango', 'layout', dir, '--json', '--reverse', 'none').stdout) as LayoutJson;
    assert.equal(none.edges.length, naive.edges.length - imputed.length);
    assert.ok(none.edges.every((edge) => edge.explicit));
    const records = JSON.parse(readFileSync(join(dir, 'zork1.edges.json'), 'utf8')) as Array<{
      src_node: string;
      dst_node: string;
      edge_min_step: number;
    }>;
    const early = JSON.parse(
      waypoint('mango', 'layout', dir, '--json', '--cutoff', '10', '--reverse', 'none').stdout,
    ) as LayoutJson;
    const known = records.filter((record) => record.edge_min_step <= 10);
    assert.equal(early.edges.length, known.length);
    assert.deepEqual(
      new Set(early.nodes.map((node) => node.id)),
      new Set(known.flatMap((record) => [record.src_node, record.dst_node])),
    );
  });

  it('--engine elk on the sample game: ELK layered, every room placed, no two boxes overlapping, the same output each run', () => {
    const dir = join(samplesDir, 'mango', 'lighthouse');
    const json = elkLayoutOf(dir);
    assert.equal(json.engine, 'elk');
    checkShape(json, join(dir, 'lighthouse.edges.json'));
    assert.deepEqual(roomOverlaps(json), []);
    // Room boxes as the compass layout sizes them (one node-size function for both).
    const compass = JSON.parse(waypoint('mango', 'layout', dir, '--json').stdout) as LayoutJson;
    assert.equal(compass.engine, 'compass', 'compass is the default');
    const size = (layout: LayoutJson) =>
      Object.fromEntries(layout.nodes.map((node) => [node.id, [node.width, node.height]]));
    assert.deepEqual(size(json), size(compass));
    assert.notDeepEqual(json.nodes, compass.nodes, 'a different layout');
    // Moves leave their room by the side they name: a north move's polyline starts upward.
    const boxes = new Map(json.nodes.map((node) => [node.id, node]));
    for (const edge of json.edges.filter(
      (candidate) => candidate.action === 'north' && candidate.src !== candidate.dst,
    )) {
      const from = boxes.get(edge.src) as Box;
      assert.ok(
        Math.abs(edge.points[0][1] - from.y) <= 3 && edge.points[1][1] < edge.points[0][1],
        `${edge.src} -north-> leaves by the top of its room`,
      );
    }
    const text = waypoint('mango', 'layout', dir, '--engine', 'elk');
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout,
      /^lighthouse: 13 rooms, 25 edges \(0 imputed\), \d+ × \d+ px, ELK layered layout\nedges through a room 0, label overlaps 0, room overlaps 0, compass consistency \d+\/16 \(rooms in the move's direction \d+\), crossings \d+\n$/,
    );
  });

  it('--engine elk on a shared game (zork1): every room placed, no overlap, deterministic; SVG written', function () {
    const dir = join(sharedDataDir, 'mango', 'zork1');
    if (!existsSync(dir)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const json = elkLayoutOf(dir);
    checkShape(json, join(dir, 'zork1.edges.json'));
    assert.deepEqual(roomOverlaps(json), []);
    assert.ok(
      json.edges.some((edge) => !edge.explicit),
      'imputed reverses by default, as compass',
    );
    const svg = join(mkdtempSync(join(tmpdir(), 'waypoint-layout-')), 'zork1-elk.svg');
    const written = waypoint('mango', 'layout', dir, '--engine', 'elk', '--svg', svg);
    assert.equal(written.code, 0, written.stderr);
    assert.match(
      readFileSync(svg, 'utf8'),
      /<title>Maze of zork1: 19 rooms, \d+ edges \(ELK layered layout\)<\/title>/,
    );
  });

  it('missing game directory: exit 1 with the path; bad flags: exit 2', () => {
    const missing = waypoint('mango', 'layout', join(repoRoot, 'no-such-game'), '--json');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no-such-game\.edges\.json: no such file or directory/);
    assert.equal(missing.stdout, '');
    assert.equal(waypoint('mango', 'layout', join(samplesDir, 'mango', 'lighthouse'), '--reverse', 'both').code, 2);
    assert.equal(waypoint('mango', 'layout', join(samplesDir, 'mango', 'lighthouse'), '--bogus').code, 2);
    assert.equal(waypoint('mango', 'layout').code, 2);
    const engine = waypoint('mango', 'layout', join(samplesDir, 'mango', 'lighthouse'), '--engine', 'dagre');
    assert.equal(engine.code, 2);
    assert.match(engine.stderr, /--engine must be compass or elk, not 'dagre'/);
  });
});
