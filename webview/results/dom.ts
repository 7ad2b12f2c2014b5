// Small DOM and number helpers of the results view. Every piece of record text goes in as
// textContent (never markup); SVG is built with the shared svgElement.
import type { GlossaryEntry } from '../../src/protocol/results';
import { svgElement } from '../shared/svg';
import { formatInterval, formatMetricValue } from '../../src/core/runs/numbers';

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number> = {},
  text?: string,
): SVGElementTagNameMap[K] {
  const element = svgElement(tag, attributes);
  if (text !== undefined) element.textContent = text;
  return element;
}

export function button(label: string, className: string, title?: string): HTMLButtonElement {
  const element = el('button', className, label);
  element.type = 'button';
  if (title) element.title = title;
  return element;
}

/** A short number for axis ticks (three decimals at most); metric values use `fixed`. */
export function num(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return String(Math.round(value * 1000) / 1000);
}

/** A metric value in the form every report prints it (numbers.ts: fixed decimals, half to even), so the digits line up and agree. */
export const fixed = formatMetricValue;

/** An interval in its mean's precision; '' for none. */
export const ci = formatInterval;

export function count(value: number): string {
  return value.toLocaleString('en-US');
}

export function countedNoun(value: number, one: string, many = `${one}s`): string {
  return `${count(value)} ${value === 1 ? one : many}`;
}

export function keyText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '—' : String(value);
}

/** A section heading with an optional note beside it. */
export function heading(text: string, note?: string): HTMLElement {
  const head = el('h2', 'results-heading', text);
  if (note) head.append(el('span', 'results-heading-note', note));
  return head;
}

/** What a metric or term means, from the benchmark's glossary (the model's entries); '' when it has none. */
export function meaningOf(glossary: readonly GlossaryEntry[] | undefined, term: string): string {
  return (Array.isArray(glossary) ? glossary : []).find((entry) => entry.term === term)?.meaning ?? '';
}

/**
 * A legend of the terms a tab shows (its metrics, then words in its field values such as μ2), so
 * CR or a bandit's score is explained on the page, not only in a tooltip; null when none applies.
 */
export function glossaryLegend(
  glossary: readonly GlossaryEntry[] | undefined,
  terms: readonly string[] | null = null,
): HTMLElement | null {
  const entries = (Array.isArray(glossary) ? glossary : []).filter(
    (entry) =>
      typeof entry?.term === 'string' &&
      typeof entry.meaning === 'string' &&
      (terms === null || terms.includes(entry.term)),
  );
  if (entries.length === 0) return null;
  const box = el('section', 'results-glossary');
  box.setAttribute('aria-label', 'What the terms mean');
  const list = el('dl');
  for (const entry of entries) {
    const term = el('dt', undefined, entry.term);
    term.dataset.term = entry.term;
    list.append(term, el('dd', undefined, entry.meaning));
  }
  box.append(el('h3', undefined, 'What the terms mean'), list);
  return box;
}
