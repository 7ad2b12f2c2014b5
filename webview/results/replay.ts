// The inline replay of a record (PackedReplay from core's replayFrames.ts): grids as glyph/style
// character pairs, other scenes as text, stepped with ◀ ▶ and a slider, with the step's action,
// flags, note, facts and subgoals beside it.
import type { PackedFrame, PackedReplay } from '../../src/protocol/results';
import { button, el } from './dom';

/** Style characters (PackedFrame.g in replayFrames.ts) → cell classes. */
const STYLE_CLASSES: Record<string, string> = {
  W: 'wall',
  A: 'agent',
  S: 'start',
  r: 'red',
  g: 'green',
  b: 'blue',
  p: 'purple',
  y: 'yellow',
  e: 'grey',
};
const BAD_FLAGS = new Set(['invalid', 'blocked', 'takeFailed']);

function grid(rows: readonly string[]): HTMLElement {
  const table = el('table', 'replay-grid');
  for (const row of rows) {
    const tr = el('tr');
    for (let at = 0; at + 1 < row.length; at += 2) {
      const style = STYLE_CLASSES[row[at + 1]];
      tr.append(el('td', style ? `rg-${style}` : undefined, row[at]));
    }
    table.append(tr);
  }
  return table;
}

function side(frame: PackedFrame): HTMLElement {
  const box = el('div', 'replay-side');
  const action = el('div', 'replay-action');
  action.append(
    el('span', 'replay-label', 'action'),
    el('code', undefined, frame.a === null ? '(start)' : String(frame.a)),
  );
  for (const flag of Array.isArray(frame.fl) ? frame.fl : [])
    action.append(el('span', `flag-badge${BAD_FLAGS.has(flag) ? ' bad' : ''}`, String(flag)));
  box.append(action);
  if (frame.n) box.append(el('p', 'replay-note', String(frame.n)));
  if (Array.isArray(frame.f) && frame.f.length > 0) {
    const facts = el('dl', 'replay-facts');
    for (const [label, value, tone] of frame.f)
      facts.append(
        el('dt', undefined, String(label)),
        el('dd', tone === 'good' || tone === 'bad' ? tone : undefined, String(value)),
      );
    box.append(facts);
  }
  if (Array.isArray(frame.sg) && frame.sg.length > 0)
    box.append(el('p', 'replay-note', `subgoals: ${frame.sg.join(' ← ')}`));
  return box;
}

export function renderReplay(replay: PackedReplay): HTMLElement {
  const box = el('div', 'replay');
  const frames = replay.fr;
  box.append(el('div', 'replay-title', replay.m ? `${replay.t} — mission: ${replay.m}` : String(replay.t)));
  const controls = el('div', 'replay-controls');
  const back = button('◀', 'replay-back', 'Previous step');
  const next = button('▶', 'replay-next', 'Next step');
  const slider = el('input', 'replay-slider');
  slider.type = 'range';
  slider.min = '0';
  slider.max = String(Math.max(0, frames.length - 1));
  slider.value = '0';
  slider.setAttribute('aria-label', 'Replay step');
  const where = el('span', 'replay-step');
  controls.append(back, slider, next, where);
  const body = el('div', 'replay-body');
  box.append(controls, body);
  const show = (at: number) => {
    const frame = frames[at];
    slider.value = String(at);
    back.disabled = at === 0;
    next.disabled = at >= frames.length - 1;
    where.textContent = at === 0 ? `start · ${frames.length - 1} steps` : `step ${at} of ${frames.length - 1}`;
    const scene = el('div', 'replay-scene');
    scene.append(Array.isArray(frame.g) ? grid(frame.g) : el('pre', 'replay-text', String(frame.x ?? '')));
    body.replaceChildren(scene, side(frame));
  };
  back.addEventListener('click', () => show(Math.max(0, Number(slider.value) - 1)));
  next.addEventListener('click', () => show(Math.min(frames.length - 1, Number(slider.value) + 1)));
  slider.addEventListener('input', () => show(Number(slider.value)));
  if (frames.length === 0) box.append(el('p', 'note', 'The replay has no frames.'));
  else show(0);
  return box;
}
