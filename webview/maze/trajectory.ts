// Stepping through a model's answer on the maze: Prev/Next buttons and the arrow keys move the
// current step. Routes are drawn in their own layer over the edges, each with its own colour AND
// shape so they read apart without colour: the expected route as a wide dotted band, the model's
// route as a solid line with arrowheads (dashed where a move is only an imputed reverse, a red
// dotted ghost where the move does not exist), the active step thick with a halo, and a second
// answer (comparisons) dash-dotted with diamonds, offset so it never hides the first.
import type { ExpectedRoute, MazeGraph, ShownQuestion, Trajectory, TrajectoryStep } from '../../src/protocol/maze';
import type { Layout } from './layout';
import type { DrawnMaze } from './render';
import { routeLegend } from './routeLegend';
import { svgElement } from '../shared/svg';

const VERDICT_TEXT: Record<TrajectoryStep['verdict'], string> = {
  valid: 'valid move',
  imputed: 'imputed reverse (accepted by the evaluator)',
  'hallucinated-edge': 'no such move',
  'unknown-location': 'unknown location',
};

/** Marker ids and their shapes, added to the drawing's defs once. */
const MARKERS: ReadonlyArray<[string, string]> = [
  ['route-arrow-model', 'M 0 0 L 10 5 L 0 10 z'],
  ['route-arrow-active', 'M 0 0 L 10 5 L 0 10 z'],
  ['route-diamond-compare', 'M 0 5 L 5 0 L 10 5 L 5 10 z'],
];

export class TrajectoryStepper {
  readonly element: HTMLElement;
  private readonly label: HTMLElement;
  private readonly detail: HTMLElement;
  private readonly chips: HTMLElement;
  private readonly compareChips: HTMLElement;
  private readonly legend: HTMLElement;
  /** Which graph the steps were checked on, when the view draws more than it. */
  private readonly graphNote: HTMLElement;
  private readonly previous: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private trajectory: Trajectory | null = null;
  private compare: Trajectory | null = null;
  private question: ShownQuestion | null = null;
  private expected: ExpectedRoute | null = null;
  /** What the legend on show says (see updateLegend). */
  private legendKey = '';
  private drawn: DrawnMaze | null = null;
  private layout: Layout | null = null;
  /** Per edge id of the drawn maze: its ends, to tell a route step drawn on a graph it was not computed on. */
  private edgeEnds = new Map<string, readonly [string, string]>();
  /** Number of steps taken: 0 is the start, the longer answer's length the end. */
  private position = 0;
  /** Told the current room after every drawing of the routes (the view keeps it in sight and its name on top). */
  onPainted: ((current: string | null) => void) | null = null;

  constructor() {
    this.element = document.createElement('section');
    this.element.className = 'trajectory';
    this.element.hidden = true;
    this.label = document.createElement('strong');
    this.previous = document.createElement('button');
    this.previous.textContent = '◀ Prev';
    this.previous.title = 'Previous step (←; Home: the start)';
    this.next = document.createElement('button');
    this.next.textContent = 'Next ▶';
    this.next.title = 'Next step (→; End: the last step)';
    this.detail = document.createElement('span');
    this.detail.className = 'trajectory-detail';
    this.chips = document.createElement('div');
    this.chips.className = 'trajectory-chips';
    this.compareChips = document.createElement('div');
    this.compareChips.className = 'trajectory-chips compare';
    this.compareChips.hidden = true;
    this.legend = document.createElement('div');
    this.legend.className = 'route-legend';
    this.graphNote = document.createElement('div');
    this.graphNote.className = 'trajectory-graph-note';
    this.graphNote.hidden = true;
    const row = document.createElement('div');
    row.className = 'trajectory-row';
    row.append(this.label, this.previous, this.next, this.detail);
    this.element.append(row, this.graphNote, this.chips, this.compareChips, this.legend);
    this.previous.addEventListener('click', () => this.go(this.position - 1));
    this.next.addEventListener('click', () => this.go(this.position + 1));
    window.addEventListener('keydown', (event) => {
      if (!this.trajectory || (event.target as HTMLElement).closest('input, vscode-textfield')) return;
      if (event.key === 'ArrowRight') this.go(this.position + 1);
      else if (event.key === 'ArrowLeft') this.go(this.position - 1);
      else if (event.key === 'Home') this.go(0);
      else if (event.key === 'End') this.go(this.length());
    });
  }

  /** Attaches to a freshly drawn maze (re-applies the current trajectory, if any). */
  attach(drawn: DrawnMaze, layout: Layout, graph: MazeGraph): void {
    this.drawn = drawn;
    this.layout = layout;
    this.edgeEnds = new Map(graph.edges.map((edge) => [edge.id, [edge.src, edge.dst] as const]));
    if (this.trajectory) this.render();
  }

  /**
   * The host's route for the question on show, recomputed on a changed graph (an edit to edges.json
   * renumbers edge ids); a route for another question (one shown since) is ignored.
   */
  reroute(question: ShownQuestion): void {
    const shown = this.question;
    if (
      !shown ||
      shown.task !== question.task ||
      shown.src !== question.src ||
      shown.dst !== question.dst ||
      shown.actions.join('\n') !== question.actions.join('\n')
    )
      return;
    this.question = question;
    this.expected = question.expected;
    this.updateLegend();
    this.render();
  }

  /**
   * The host's walk of the answer(s) on show, again on a changed graph (their steps name edges by
   * edges.json index as well); kept where the reader stepped to. Walks of other answers (shown
   * since) are ignored. Without `compare`, B is kept as drawn (the host could not walk it again):
   * A is still applied, and B's steps are drawn only where their edge still joins their rooms.
   */
  rewalk(trajectory: Trajectory, compare: Trajectory | null): void {
    if (!this.trajectory || this.trajectory.title !== trajectory.title) return;
    if (compare && this.compare?.title !== compare.title) return;
    this.trajectory = trajectory;
    this.chips.replaceChildren(...this.chipsOf(trajectory, ''));
    if (compare) {
      this.compare = compare;
      this.compareChips.replaceChildren(...this.chipsOf(compare, 'B '));
    }
    this.position = Math.min(this.position, this.length());
    this.render();
  }

  /**
   * Whether a step's edge still joins its rooms in the drawn maze: route and answer steps carry
   * edges.json indices, which an edit shifts, and a stale id would draw the step along another edge.
   */
  private joins(step: { edgeId: string | null; from: string; to: string }): boolean {
    const ends = step.edgeId === null ? undefined : this.edgeEnds.get(step.edgeId);
    return ends !== undefined && ends[0] === step.from && ends[1] === step.to;
  }

  /**
   * Shows an answer from its first step. With `follow` (a Play episode sends its route again after
   * every move), the answer on show with steps added at its end follows the newest step instead;
   * returns whether it was one. Without it, the same answer shown again opens at its start again.
   */
  show(
    trajectory: Trajectory,
    compare: Trajectory | null = null,
    question: ShownQuestion | null = null,
    follow = false,
  ): 'new' | 'continued' {
    const continued = follow && this.continues(trajectory, compare);
    this.trajectory = trajectory;
    this.compare = compare;
    this.question = question;
    // The host's route (core's, the oracle's): the view draws it, it does not search one itself.
    this.expected = question?.expected ?? null;
    this.position = continued ? this.length() : 0;
    this.element.hidden = false;
    // Older hosts send no graph; the note is only there when user reverse pairs are drawn too.
    const note = trajectory.graph?.note ?? null;
    this.graphNote.textContent = note ?? '';
    this.graphNote.hidden = note === null;
    this.chips.replaceChildren(...this.chipsOf(trajectory, ''));
    this.compareChips.hidden = compare === null;
    this.compareChips.replaceChildren(...(compare ? this.chipsOf(compare, 'B ') : []));
    this.updateLegend();
    this.render();
    return continued ? 'continued' : 'new';
  }

  /** Whether `next` is the answer on show with steps added at its end (and nothing else changed). */
  private continues(next: Trajectory, compare: Trajectory | null): boolean {
    const shown = this.trajectory;
    if (
      !shown ||
      this.compare ||
      compare ||
      shown.title !== next.title ||
      shown.start !== next.start ||
      next.steps.length < shown.steps.length
    )
      return false;
    return shown.steps.every(
      (step, index) =>
        step.from === next.steps[index].from &&
        step.action === next.steps[index].action &&
        step.to === next.steps[index].to,
    );
  }

  /**
   * The part of the maze the routes on show cover, in layout units with a margin: every room on
   * them and every drawn step's line (a step may detour around other rooms). Null when none is drawn.
   */
  routeBounds(): { x: number; y: number; width: number; height: number } | null {
    if (!this.layout) return null;
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
    const include = (x: number, y: number) => {
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    };
    for (const room of this.rooms()) {
      const box = this.layout.nodes.get(room);
      if (!box) continue;
      include(box.x - box.width / 2, box.y - box.height / 2);
      include(box.x + box.width / 2, box.y + box.height / 2);
    }
    const steps = [...(this.trajectory?.steps ?? []), ...(this.compare?.steps ?? []), ...(this.expected?.steps ?? [])];
    for (const step of steps)
      for (const [x, y] of (step.edgeId && this.joins(step) ? this.layout.edges.get(step.edgeId)?.points : undefined) ??
        [])
        include(x, y);
    if (!Number.isFinite(left)) return null;
    // Room around the route to see where it could have turned off.
    const margin = 60;
    return { x: left - margin, y: top - margin, width: right - left + 2 * margin, height: bottom - top + 2 * margin };
  }

  /** Every room on a drawn route: never faded by the cutoff, and the reason to draw the whole maze. */
  rooms(): Set<string> {
    const rooms = new Set<string>();
    for (const trajectory of [this.trajectory, this.compare]) {
      if (trajectory?.start) rooms.add(trajectory.start);
      for (const step of trajectory?.steps ?? []) rooms.add(step.from).add(step.to);
    }
    for (const step of this.expected?.steps ?? []) rooms.add(step.from).add(step.to);
    if (this.question) rooms.add(this.question.src).add(this.question.dst);
    return rooms;
  }

  private chipsOf(trajectory: Trajectory, prefix: string): HTMLButtonElement[] {
    return trajectory.steps.map((step) => {
      const chip = document.createElement('button');
      chip.className = `chip verdict-${step.verdict}`;
      chip.textContent = `${prefix}${step.index + 1}. ${step.action}`;
      chip.title = step.message;
      chip.addEventListener('click', () => this.go(step.index + 1));
      return chip;
    });
  }

  /**
   * The legend depends on the answer shown, not on the step: built when what it says changes (a Play
   * episode sends its route again after every move, with the same legend), kept while stepping.
   */
  private updateLegend(): void {
    const parts = {
      question: this.question,
      expected: this.expected,
      model: this.compare ? `A: ${this.trajectory?.title}` : 'model',
      compare: this.compare?.title ?? null,
    };
    const key = JSON.stringify([
      parts.question?.task ?? null,
      parts.expected?.problem ?? null,
      parts.expected !== null,
      parts.model,
      parts.compare,
    ]);
    if (key === this.legendKey) return;
    this.legendKey = key;
    this.legend.replaceChildren(...routeLegend(parts));
  }

  private length(): number {
    return Math.max(this.trajectory?.steps.length ?? 0, this.compare?.steps.length ?? 0);
  }

  private go(position: number): void {
    if (!this.trajectory) return;
    this.position = Math.max(0, Math.min(this.length(), position));
    this.render();
  }

  private stepText(steps: readonly TrajectoryStep[]): string {
    const step = steps[Math.min(this.position, steps.length) - 1];
    if (!step) return `start at ${this.trajectory?.start ?? steps[0]?.from ?? '?'}`;
    return `${step.from} —${step.action}→ ${step.to} · ${VERDICT_TEXT[step.verdict]}${step.chained ? '' : ' · does not start where the last step ended'}`;
  }

  private render(): void {
    const trajectory = this.trajectory;
    if (!trajectory) return;
    this.label.textContent = this.compare ? `A: ${trajectory.title}` : trajectory.title;
    const steps = trajectory.steps;
    const total = this.length();
    this.previous.disabled = this.position === 0;
    this.next.disabled = this.position === total;
    [...this.chips.children].forEach((chip, index) => chip.classList.toggle('current', index === this.position - 1));
    [...this.compareChips.children].forEach((chip, index) =>
      chip.classList.toggle('current', index === this.position - 1),
    );
    if (trajectory.error) this.detail.textContent = trajectory.error;
    // No step and no error: a Play episode before its first move (or with only refused commands).
    else if (this.position === 0)
      this.detail.textContent = `Start at ${trajectory.start ?? steps[0]?.from ?? '?'} · ${steps.length === 0 ? 'no moves yet' : `${steps.length} step${steps.length === 1 ? '' : 's'}`}`;
    else
      this.detail.textContent = `Step ${this.position}/${total}: ${this.stepText(steps)}${this.compare ? ` · B: ${this.compare.error ?? this.stepText(this.compare.steps)}` : ''}`;
    this.paint();
  }

  private ensureMarkers(svg: SVGSVGElement): void {
    if (svg.querySelector('#route-arrow-model')) return;
    const defs = svg.querySelector('defs') ?? svg.insertBefore(svgElement('defs'), svg.firstChild);
    for (const [id, d] of MARKERS) {
      const marker = svgElement('marker', {
        id,
        viewBox: '0 0 10 10',
        refX: 8,
        refY: 5,
        markerWidth: 4,
        markerHeight: 4,
        orient: 'auto-start-reverse',
      });
      marker.append(svgElement('path', { d, class: `marker-${id}` }));
      defs.append(marker);
    }
  }

  /** The drawn shape of a step: the maze edge's own curve, or a straight line for a move not in the maze. */
  private geometry(from: string, to: string, edgeId: string | null): string | null {
    const line = edgeId ? this.drawn?.edgeElements.get(edgeId)?.querySelector('.edge-line')?.getAttribute('d') : null;
    if (line) return line;
    const a = this.layout?.nodes.get(from);
    const b = this.layout?.nodes.get(to);
    return a && b ? `M ${a.x} ${a.y} L ${b.x} ${b.y}` : null;
  }

  private paint(): void {
    if (!this.drawn || !this.layout) return;
    const svg = this.drawn.svg;
    this.ensureMarkers(svg);
    svg
      .querySelectorAll('.walk-valid, .walk-imputed, .current, .current-b, .on-path, .destination')
      .forEach((element) =>
        element.classList.remove('walk-valid', 'walk-imputed', 'current', 'current-b', 'on-path', 'destination'),
      );
    svg.querySelector('.routes')?.remove();
    svg.querySelector('.ghosts')?.remove();
    const routes = svgElement('g', { class: 'routes' });
    const ghosts = svgElement('g', { class: 'ghosts' });
    const layer = (name: string) => routes.appendChild(svgElement('g', { class: name }));
    const [expectedLayer, modelLayer, compareLayer, activeLayer] = [
      'route-layer-expected',
      'route-layer-model',
      'route-layer-compare',
      'route-layer-active',
    ].map(layer);
    // Offset so a second answer walking the same edges runs beside the first, not under it.
    compareLayer.setAttribute('transform', 'translate(5 5)');
    const path = (target: SVGElement, d: string | null, cls: string, marker: string | null, title: string) => {
      if (!d) return;
      const drawn = svgElement('path', { d, class: cls, ...(marker ? { 'marker-end': `url(#${marker})` } : {}) });
      const tooltip = svgElement('title', {});
      tooltip.textContent = title;
      drawn.append(tooltip);
      target.append(drawn);
    };
    for (const step of this.expected?.steps ?? []) {
      if (!this.joins(step)) continue;
      path(
        expectedLayer,
        this.geometry(step.from, step.to, step.edgeId),
        'route route-expected',
        null,
        `expected: ${step.from} —${step.action}→ ${step.to}`,
      );
      this.drawn.edgeElements.get(step.edgeId)?.classList.add('on-path');
    }
    const walk = (trajectory: Trajectory, target: SVGElement, compare: boolean) => {
      const taken = trajectory.steps.slice(0, this.position);
      for (const step of taken) {
        const d = this.geometry(step.from, step.to, step.edgeId);
        if (step.edgeId) {
          // Walked on the graph before an edit: drawn again when the host's new walk arrives.
          if (!this.joins(step)) continue;
          if (!compare)
            this.drawn?.edgeElements
              .get(step.edgeId)
              ?.classList.add(step.verdict === 'valid' ? 'walk-valid' : 'walk-imputed');
          this.drawn?.edgeElements.get(step.edgeId)?.classList.add('on-path');
          path(
            target,
            d,
            `route ${compare ? 'route-compare' : 'route-model'} verdict-${step.verdict}`,
            compare ? 'route-diamond-compare' : 'route-arrow-model',
            `${compare ? 'B' : 'model'} step ${step.index + 1}: ${step.message}`,
          );
        } else if (step.verdict === 'hallucinated-edge' && d) {
          const from = this.layout?.nodes.get(step.from);
          const to = this.layout?.nodes.get(step.to);
          if (!from || !to) continue;
          const ghost = svgElement('line', {
            x1: from.x,
            y1: from.y,
            x2: to.x,
            y2: to.y,
            class: compare ? 'ghost-edge ghost-compare' : 'ghost-edge',
            'data-step': step.index,
          });
          if (compare) ghost.setAttribute('transform', 'translate(5 5)');
          const title = svgElement('title', {});
          title.textContent = step.message;
          ghost.append(title);
          ghosts.append(ghost);
        }
      }
      return taken;
    };
    const taken = walk(this.trajectory as Trajectory, modelLayer, false);
    const active = taken.length === this.position ? taken.at(-1) : undefined;
    if (active && (active.edgeId === null || this.joins(active)))
      path(
        activeLayer,
        this.geometry(active.from, active.to, active.edgeId),
        'route route-active',
        'route-arrow-active',
        `active step ${active.index + 1}: ${active.message}`,
      );
    const compareTaken = this.compare ? walk(this.compare, compareLayer, true) : [];
    const viewport = svg.querySelector('.viewport');
    const nodes = viewport?.querySelector(':scope > .nodes');
    // Under the edge labels (they have a halo): the wide expected-route dots covered "up"/"down".
    const labels = viewport?.querySelector(':scope > .edge-labels');
    viewport?.insertBefore(routes, labels ?? nodes ?? null);
    viewport?.insertBefore(ghosts, nodes ?? null);
    for (const room of this.rooms()) this.drawn.nodeElements.get(room)?.classList.add('on-path');
    if (this.question) this.drawn.nodeElements.get(this.question.dst)?.classList.add('destination');
    const trajectory = this.trajectory;
    const here = taken.length > 0 ? taken[taken.length - 1].to : (trajectory?.start ?? trajectory?.steps[0]?.from);
    if (here) this.drawn.nodeElements.get(here)?.classList.add('current');
    if (this.compare) {
      const there =
        compareTaken.length > 0
          ? compareTaken[compareTaken.length - 1].to
          : (this.compare.start ?? this.compare.steps[0]?.from);
      if (there) this.drawn.nodeElements.get(there)?.classList.add('current-b');
    }
    this.onPainted?.(here ?? null);
  }

  /** Whether an answer is on show. */
  active(): boolean {
    return this.trajectory !== null;
  }
}
