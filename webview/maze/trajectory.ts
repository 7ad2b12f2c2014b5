// Stepping through a model's answer on the maze: Prev/Next buttons and the arrow keys move the
// current step; walked edges are coloured by the verdict core gave them, a move that does not
// exist is drawn as a red ghost edge, and the current room is marked.
import type { Trajectory, TrajectoryStep } from '../../src/protocol/maze';
import type { Layout } from './layout';
import type { DrawnMaze } from './render';

const SVG = 'http://www.w3.org/2000/svg';

const VERDICT_TEXT: Record<TrajectoryStep['verdict'], string> = {
  valid: 'valid move',
  imputed: 'imputed reverse (accepted by the evaluator)',
  'hallucinated-edge': 'no such move',
  'unknown-location': 'unknown location',
};

export class TrajectoryStepper {
  readonly element: HTMLElement;
  private readonly label: HTMLElement;
  private readonly detail: HTMLElement;
  private readonly chips: HTMLElement;
  /** Which graph the steps were checked on, when the view draws more than it. */
  private readonly graphNote: HTMLElement;
  private readonly previous: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private trajectory: Trajectory | null = null;
  private drawn: DrawnMaze | null = null;
  private layout: Layout | null = null;
  /** Number of steps taken: 0 is the start, steps.length the end. */
  private position = 0;

  constructor() {
    this.element = document.createElement('section');
    this.element.className = 'trajectory';
    this.element.hidden = true;
    this.label = document.createElement('strong');
    this.previous = document.createElement('button');
    this.previous.textContent = '◀ Prev';
    this.previous.title = 'Previous step (←)';
    this.next = document.createElement('button');
    this.next.textContent = 'Next ▶';
    this.next.title = 'Next step (→)';
    this.detail = document.createElement('span');
    this.detail.className = 'trajectory-detail';
    this.chips = document.createElement('div');
    this.chips.className = 'trajectory-chips';
    this.graphNote = document.createElement('div');
    this.graphNote.className = 'trajectory-graph-note';
    this.graphNote.hidden = true;
    const row = document.createElement('div');
    row.className = 'trajectory-row';
    row.append(this.label, this.previous, this.next, this.detail);
    this.element.append(row, this.graphNote, this.chips);
    this.previous.addEventListener('click', () => this.go(this.position - 1));
    this.next.addEventListener('click', () => this.go(this.position + 1));
    window.addEventListener('keydown', (event) => {
      if (!this.trajectory || (event.target as HTMLElement).closest('input, vscode-textfield')) return;
      if (event.key === 'ArrowRight') this.go(this.position + 1);
      else if (event.key === 'ArrowLeft') this.go(this.position - 1);
    });
  }

  /** Attaches to a freshly drawn maze (re-applies the current trajectory, if any). */
  attach(drawn: DrawnMaze, layout: Layout): void {
    this.drawn = drawn;
    this.layout = layout;
    if (this.trajectory) this.render();
  }

  show(trajectory: Trajectory): void {
    this.trajectory = trajectory;
    this.position = trajectory.steps.length;
    this.element.hidden = false;
    // Older hosts send no graph; the note is only there when user reverse pairs are drawn too.
    const note = trajectory.graph?.note ?? null;
    this.graphNote.textContent = note ?? '';
    this.graphNote.hidden = note === null;
    this.chips.replaceChildren(
      ...trajectory.steps.map((step) => {
        const chip = document.createElement('button');
        chip.className = `chip verdict-${step.verdict}`;
        chip.textContent = `${step.index + 1}. ${step.action}`;
        chip.title = step.message;
        chip.addEventListener('click', () => this.go(step.index + 1));
        return chip;
      }),
    );
    this.render();
  }

  private go(position: number): void {
    if (!this.trajectory) return;
    this.position = Math.max(0, Math.min(this.trajectory.steps.length, position));
    this.render();
  }

  private render(): void {
    const trajectory = this.trajectory;
    if (!trajectory) return;
    this.label.textContent = trajectory.title;
    const steps = trajectory.steps;
    this.previous.disabled = this.position === 0;
    this.next.disabled = this.position === steps.length;
    [...this.chips.children].forEach((chip, index) => chip.classList.toggle('current', index === this.position - 1));
    if (trajectory.error) this.detail.textContent = trajectory.error;
    else if (this.position === 0) this.detail.textContent = `Start at ${trajectory.start ?? steps[0]?.from ?? '?'} · ${steps.length} steps`;
    else {
      const step = steps[this.position - 1];
      this.detail.textContent = `Step ${this.position}/${steps.length}: ${step.from} —${step.action}→ ${step.to} · ${VERDICT_TEXT[step.verdict]}${step.chained ? '' : ' · does not start where the last step ended'}`;
    }
    this.paint(steps.slice(0, this.position));
  }

  private paint(taken: readonly TrajectoryStep[]): void {
    if (!this.drawn || !this.layout) return;
    const svg = this.drawn.svg;
    svg.querySelectorAll('.walk-valid, .walk-imputed, .current').forEach((element) => element.classList.remove('walk-valid', 'walk-imputed', 'current'));
    svg.querySelector('.ghosts')?.remove();
    const ghosts = document.createElementNS(SVG, 'g');
    ghosts.setAttribute('class', 'ghosts');
    for (const step of taken) {
      if (step.edgeId) this.drawn.edgeElements.get(step.edgeId)?.classList.add(step.verdict === 'valid' ? 'walk-valid' : 'walk-imputed');
      const from = this.layout.nodes.get(step.from);
      const to = this.layout.nodes.get(step.to);
      if (step.verdict === 'hallucinated-edge' && from && to) {
        const ghost = document.createElementNS(SVG, 'line');
        for (const [key, value] of [['x1', from.x], ['y1', from.y], ['x2', to.x], ['y2', to.y]] as const) ghost.setAttribute(key, String(value));
        ghost.setAttribute('class', 'ghost-edge');
        ghost.setAttribute('data-step', String(step.index));
        const title = document.createElementNS(SVG, 'title');
        title.textContent = step.message;
        ghost.append(title);
        ghosts.append(ghost);
      }
    }
    svg.querySelector('.viewport')?.append(ghosts);
    const trajectory = this.trajectory;
    const here = taken.length > 0 ? taken[taken.length - 1].to : (trajectory?.start ?? trajectory?.steps[0]?.from);
    if (here) this.drawn.nodeElements.get(here)?.classList.add('current');
  }
}
