// The timeline: first/previous/next/last buttons, a slider, ←/→/Home/End, "Step N of M", the
// action with its flags, and a strip of all actions (invalid and no-op ones visibly marked).
// It only reports positions; main decides what to draw.
import type { BoardFrame, BoardFrameFlag } from '../../src/protocol/board';
import { htmlElement, svgElement } from './svg';

/** Button icons as SVG: the media-control characters are missing from many fonts. */
const ICONS: Record<'first' | 'prev' | 'next' | 'last', string> = {
  first: 'M 3 2 h 2 v 12 h -2 z M 14 2 v 12 l -8 -6 z',
  prev: 'M 12 2 v 12 l -8 -6 z',
  next: 'M 4 2 v 12 l 8 -6 z',
  last: 'M 11 2 h 2 v 12 h -2 z M 2 2 v 12 l 8 -6 z',
};

function icon(name: keyof typeof ICONS): SVGSVGElement {
  const svg = svgElement('svg', {
    viewBox: '0 0 16 16',
    width: 12,
    height: 12,
    'aria-hidden': 'true',
    class: 'timeline-icon',
  });
  svg.append(svgElement('path', { d: ICONS[name] }));
  return svg;
}

const FLAG_TEXT: Record<BoardFrameFlag, string> = {
  invalid: 'invalid',
  noop: 'no-op',
  blocked: 'blocked',
  takeSucceeded: 'take succeeded',
  takeFailed: 'take failed',
};

function flagsOf(frame: BoardFrame): BoardFrameFlag[] {
  return (Array.isArray(frame.flags) ? frame.flags : []).filter((flag): flag is BoardFrameFlag => flag in FLAG_TEXT);
}

function flagBadges(frame: BoardFrame): HTMLElement[] {
  return flagsOf(frame).map((flag) => htmlElement('span', `flag-badge flag-${flag}`, FLAG_TEXT[flag]));
}

/** Chips show this many characters of an action; the tooltip has all of it. */
const CHIP_TEXT = 28;

export class Timeline {
  readonly element: HTMLElement;
  private readonly buttons: Record<'first' | 'prev' | 'next' | 'last', HTMLButtonElement>;
  private readonly slider: HTMLInputElement;
  private readonly stepLabel: HTMLElement;
  private readonly actionLabel: HTMLElement;
  private readonly strip: HTMLElement;
  /** What the marked chips' styles mean, for the flags this timeline has. */
  private readonly key: HTMLElement;
  private frames: readonly BoardFrame[] = [];
  private position = 0;

  constructor(private readonly onMove: (index: number) => void) {
    this.element = htmlElement('section', 'board-timeline');
    this.element.hidden = true;
    this.element.setAttribute('aria-label', 'Timeline');
    const button = (id: keyof Timeline['buttons'], label: string, target: () => number) => {
      const created = htmlElement('button', 'timeline-button');
      created.append(icon(id));
      created.id = `timeline-${id}`;
      created.title = label;
      created.setAttribute('aria-label', label);
      created.addEventListener('click', () => this.move(target()));
      return created;
    };
    this.buttons = {
      first: button('first', 'First step (Home)', () => 0),
      prev: button('prev', 'Previous step (←)', () => this.position - 1),
      next: button('next', 'Next step (→)', () => this.position + 1),
      last: button('last', 'Last step (End)', () => this.frames.length - 1),
    };
    this.slider = document.createElement('input');
    this.slider.type = 'range';
    this.slider.id = 'timeline-slider';
    this.slider.min = '0';
    this.slider.setAttribute('aria-label', 'Step');
    this.slider.addEventListener('input', () => this.move(Number(this.slider.value)));
    this.stepLabel = htmlElement('span', 'timeline-step');
    this.stepLabel.id = 'timeline-step';
    this.actionLabel = htmlElement('span', 'timeline-action');
    this.actionLabel.id = 'timeline-action';
    this.strip = htmlElement('div', 'timeline-strip');
    const controls = htmlElement('div', 'timeline-controls');
    controls.append(
      this.buttons.first,
      this.buttons.prev,
      this.buttons.next,
      this.buttons.last,
      this.slider,
      this.stepLabel,
      this.actionLabel,
    );
    this.key = htmlElement('div', 'timeline-key');
    this.key.id = 'timeline-key';
    this.element.append(controls, this.strip, this.key);
    window.addEventListener('keydown', (event) => this.onKey(event));
  }

  show(frames: readonly BoardFrame[], position: number): void {
    this.frames = frames;
    this.element.hidden = false;
    this.slider.max = String(Math.max(0, frames.length - 1));
    this.strip.replaceChildren(
      ...frames.map((frame, index) => {
        const action = frame.action ?? '—';
        // A short label (a Hanoi move as `A → C`) is shown whole; a long action is cut, its tooltip whole.
        const label =
          typeof frame.label === 'string' && frame.label !== ''
            ? frame.label
            : action.length > CHIP_TEXT
              ? `${action.slice(0, CHIP_TEXT - 1).trimEnd()}…`
              : action;
        const chip = htmlElement('button', 'timeline-chip', index === 0 ? 'start' : `${index}. ${label}`);
        for (const flag of flagsOf(frame)) chip.classList.add(`flag-${flag}`);
        chip.dataset.frame = String(index);
        chip.tabIndex = -1;
        chip.title = [
          index === 0 ? 'initial state' : action,
          ...flagsOf(frame).map((flag) => FLAG_TEXT[flag]),
          frame.note ?? '',
        ]
          .filter(Boolean)
          .join(' · ');
        chip.addEventListener('click', () => this.move(index));
        return chip;
      }),
    );
    // A struck-through, faded or red-edged chip says nothing by itself: name the styles in use.
    const present = (Object.keys(FLAG_TEXT) as BoardFrameFlag[]).filter((flag) =>
      frames.some((frame) => flagsOf(frame).includes(flag)),
    );
    this.key.hidden = present.length === 0;
    this.key.replaceChildren(...present.map((flag) => htmlElement('span', `key-chip flag-${flag}`, FLAG_TEXT[flag])));
    this.set(position);
  }

  hide(): void {
    this.frames = [];
    this.element.hidden = true;
  }

  get current(): number {
    return this.position;
  }

  /** Sets the position without reporting it (the host asked for it). */
  set(position: number): void {
    const last = Math.max(0, this.frames.length - 1);
    this.position = Math.max(0, Math.min(last, Math.round(Number.isFinite(position) ? position : 0)));
    this.slider.value = String(this.position);
    this.buttons.first.disabled = this.buttons.prev.disabled = this.position === 0;
    this.buttons.next.disabled = this.buttons.last.disabled = this.position === last;
    this.stepLabel.textContent = this.position === 0 ? `Start · ${last} steps` : `Step ${this.position} of ${last}`;
    const frame = this.frames[this.position];
    const action = frame?.action
      ? htmlElement('strong', 'action-name', frame.action)
      : htmlElement('span', 'action-none', 'initial state');
    const note = frame?.note ? [htmlElement('span', 'action-note', frame.note)] : [];
    this.actionLabel.replaceChildren(action, ...(frame ? flagBadges(frame) : []), ...note);
    [...this.strip.children].forEach((chip, index) => {
      chip.classList.toggle('current', index === this.position);
      if (index === this.position) chip.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
  }

  private move(position: number): void {
    const before = this.position;
    this.set(position);
    if (this.position !== before) this.onMove(this.position);
  }

  private onKey(event: KeyboardEvent): void {
    if (this.element.hidden || this.frames.length === 0) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest?.('input, textarea, vscode-textfield, select')) return;
    if (event.key === 'ArrowRight') this.move(this.position + 1);
    else if (event.key === 'ArrowLeft') this.move(this.position - 1);
    else if (event.key === 'Home') this.move(0);
    else if (event.key === 'End') this.move(this.frames.length - 1);
    else return;
    event.preventDefault();
  }
}
