// The maze view's map diff mode (issue 17): one pane per model (two side by side), each the maze at
// the diff's cutoff with the model's map drawn over it (mapOverlay.ts), its own pan and zoom, and a
// summary bar (precision, recall, F1, counts, the alignments that were not exact); one legend below.
import type { MapDiffCounts, MapDiffPane, MazeGraph } from '../../src/protocol/maze';
import { compassLayout } from './layout';
import { mazeLevelOfDetail } from './lod';
import { drawMapOverlay } from './mapOverlay';
import { layoutBounds, PanZoom } from './panZoom';
import { applyCutoff, drawMaze } from './render';
import { svgElement } from '../shared/svg';

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

function span(text: string, className = ''): HTMLSpanElement {
  const created = document.createElement('span');
  if (className) created.className = className;
  created.textContent = text;
  return created;
}

/** The pane's summary: every value from data goes in as text. */
function summary(pane: MapDiffPane): HTMLElement {
  const bar = document.createElement('div');
  bar.className = 'mapdiff-summary';
  const head = document.createElement('div');
  head.className = 'mapdiff-head';
  head.append(
    span(pane.model, 'mapdiff-model'),
    span(` · ${pane.source} · maze at step ${pane.overlay.cutoff} · ${pane.mode}`, 'mapdiff-source'),
  );
  const { edges, rooms } = pane;
  const scores = document.createElement('div');
  scores.className = 'mapdiff-scores';
  for (const [name, value] of [
    ['P', edges.precision],
    ['R', edges.recall],
    ['F1', edges.f1],
  ] as const)
    scores.append(span(`${name} ${percent(value)}`, 'mapdiff-score'));
  // As drawn: a wrong action is its own mark (precision and recall count it as missing and as hallucinated).
  const edgeCounts = span(
    `edges: ${edges.correct} correct · ${edges.missing - edges.wrongAction} missing · ${edges.wrongAction} wrong action · ${edges.hallucinated - edges.wrongAction} hallucinated`,
    'mapdiff-counts',
  );
  edgeCounts.title = `Precision and recall count a move with a wrong action as both missing and hallucinated: ${edges.missing} missing, ${edges.hallucinated} hallucinated.`;
  scores.append(
    edgeCounts,
    span(
      `rooms: ${rooms.correct} correct · ${rooms.missing} never named · ${rooms.hallucinated} not in the maze · ${rooms.merged} merged · ${rooms.split} split`,
      'mapdiff-counts',
    ),
  );
  bar.append(head, scores);
  const aligned = alignmentLine(pane.alignment);
  if (aligned) bar.append(aligned);
  return bar;
}

/** The alignments that were not exact, or null when all were. */
function alignmentLine(alignment: MapDiffPane['alignment']): HTMLElement | null {
  // Case and spacing differences are many and harmless: counted, named in the tooltip; the guesses are listed.
  const normalized = alignment.filter((entry) => entry.rule === 'normalized');
  const fuzzy = alignment.filter((entry) => entry.rule !== 'exact' && entry.rule !== 'normalized');
  if (fuzzy.length === 0 && normalized.length === 0) return null;
  const line = document.createElement('div');
  line.className = 'mapdiff-fuzzy';
  if (normalized.length > 0) {
    const note = span(
      `${normalized.length} ${normalized.length === 1 ? 'name' : 'names'} aligned ignoring case and spacing${fuzzy.length > 0 ? ' · ' : ''}`,
      'mapdiff-normalized',
    );
    note.title = normalized.map((entry) => `${entry.model} → ${entry.truth}`).join('\n');
    line.append(note);
  }
  if (fuzzy.length > 0) line.append(span('not exact: '));
  fuzzy.forEach((entry, index) => {
    const target =
      entry.truth === null
        ? entry.rule === 'ambiguous'
          ? `ambiguous (${(entry.candidates ?? []).join(', ')})`
          : 'no room'
        : `${entry.truth} (${entry.rule}${entry.distance === undefined ? '' : ` ${entry.distance}`})`;
    line.append(span(`${index > 0 ? ' · ' : ''}${entry.model} → ${target}`, `mapdiff-align rule-${entry.rule}`));
  });
  return line;
}

/** A legend sample drawn with the map's own classes, so colour and dash match. */
function sample(kind: string): SVGSVGElement {
  const svg = svgElement('svg', {
    class: 'maze map-diff mapdiff-sample',
    viewBox: '0 0 44 16',
    width: 44,
    height: 16,
    'aria-hidden': 'true',
  });
  const add = <K extends keyof SVGElementTagNameMap>(
    name: K,
    attributes: Record<string, string>,
    parent: Element = svg,
  ) => {
    const created = svgElement(name, attributes);
    parent.append(created);
    return created;
  };
  if (kind === 'correct' || kind === 'missing' || kind === 'wrong-action' || kind === 'other') {
    const group = add('g', { class: `edge explicit diff-${kind}` });
    add('path', { d: 'M 3 8 L 41 8', class: 'edge-line' }, group);
    if (kind === 'wrong-action') {
      const mark = add('g', { class: 'diff-mark', transform: 'translate(22 8)' });
      add('rect', { x: '-9', y: '-6', width: '18', height: '12', rx: '3' }, mark);
      add('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central' }, mark).textContent = '≠';
    }
  } else if (kind === 'hallucinated') {
    const group = add('g', { class: 'diff-hallucinated' });
    add('path', { d: 'M 3 8 L 41 8', class: 'diff-hallucinated-line' }, group);
    add('path', { d: 'M 18 4 L 26 12 M 26 4 L 18 12', class: 'diff-cross' }, group);
  } else if (kind === 'ghost' || kind === 'missing-room') {
    const group = add('g', { class: kind === 'ghost' ? 'diff-ghost-room' : 'node diff-missing-room' });
    add('rect', { x: '4', y: '2', width: '36', height: '12', rx: '4' }, group);
  } else {
    const group = add('g', { class: `diff-badge diff-badge-${kind}`, transform: 'translate(22 8)' });
    add('rect', { x: '-19', y: '-7', width: '38', height: '14', rx: '7' }, group);
    add('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central' }, group).textContent =
      kind === 'merged' ? '⊕' : '⊘';
  }
  return svg;
}

function legend(): HTMLElement {
  const element = document.createElement('div');
  element.className = 'mapdiff-legend';
  for (const [kind, text] of [
    ['correct', 'on the map (correct)'],
    ['missing', 'missing from the map (dashed)'],
    ['wrong-action', 'right rooms, wrong action (model\u2019s ≠ maze\u2019s)'],
    ['hallucinated', 'not in the maze (dotted, ✕)'],
    ['ghost', 'a name of no room (ghost)'],
    ['missing-room', 'room never named'],
    ['merged', 'merged: one name, two rooms'],
    ['split', 'split: one room, two names'],
    ['other', 'imputed or learnt after the cutoff'],
  ] as const) {
    const item = document.createElement('span');
    item.className = `mapdiff-legend-item legend-diff-${kind}`;
    item.append(sample(kind), span(text));
    element.append(item);
  }
  return element;
}

/**
 * The maze the map is judged on: the edges known at the cutoff and their rooms. Later parts of a
 * long game would only shrink the rooms that matter (zork1 at step 70 is 19 of its rooms).
 */
function mazeAtStep(graph: MazeGraph, cutoff: number): MazeGraph {
  const edges = graph.edges.filter((edge) => edge.minStep <= cutoff);
  const ends = new Set(edges.flatMap((edge) => [edge.src, edge.dst]));
  return { ...graph, nodes: graph.nodes.filter((node) => ends.has(node.name) || node.firstStep <= cutoff), edges };
}

export class MapDiffView {
  readonly element = document.createElement('div');
  private panZooms: PanZoom[] = [];

  constructor() {
    this.element.className = 'mapdiff';
    this.element.hidden = true;
  }

  /** Draws each pane over the whole maze; returns what each drew. */
  show(whole: MazeGraph, panes: readonly MapDiffPane[]): Array<{ model: string; counts: MapDiffCounts }> {
    this.clear();
    this.element.hidden = false;
    const row = document.createElement('div');
    row.className = `mapdiff-panes panes-${panes.length}`;
    const laidOut = new Map<number, { graph: MazeGraph; layout: ReturnType<typeof compassLayout> }>();
    const drawnCounts = panes.map((pane) => {
      const cutoff = pane.overlay.cutoff;
      if (!laidOut.has(cutoff)) {
        const graph = mazeAtStep(whole, cutoff);
        laidOut.set(cutoff, { graph, layout: compassLayout(graph) });
      }
      const { graph, layout } = laidOut.get(cutoff) as { graph: MazeGraph; layout: ReturnType<typeof compassLayout> };
      const section = document.createElement('section');
      section.className = 'mapdiff-pane';
      section.setAttribute('aria-label', `Map diff of ${pane.model}`);
      const canvas = document.createElement('div');
      canvas.className = 'maze-canvas mapdiff-canvas';
      section.append(summary(pane), canvas);
      row.append(section);
      const drawn = drawMaze(graph, layout);
      canvas.append(drawn.svg);
      applyCutoff(graph, drawn, cutoff);
      const { counts, ghosts } = drawMapOverlay(graph, drawn, layout, pane);
      const detail = mazeLevelOfDetail(drawn, layout, graph);
      const panZoom = new PanZoom(
        drawn.svg,
        layoutBounds([...layout.nodes.values(), ...ghosts], layout, layout.edges.values()),
        { extent: detail.extent },
      );
      panZoom.onChange(detail.apply);
      this.panZooms.push(panZoom);
      return { model: pane.model, counts };
    });
    this.element.append(row, legend());
    return drawnCounts;
  }

  fit(): void {
    for (const panZoom of this.panZooms) panZoom.fit();
  }

  clear(): void {
    for (const panZoom of this.panZooms.splice(0)) panZoom.dispose();
    this.element.replaceChildren();
    this.element.hidden = true;
  }
}
