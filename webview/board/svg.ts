// SVG building blocks shared by the board's renderers. Data never becomes markup: every string
// from a scene goes in through textContent or setAttribute.

import { svgElement } from '../shared/svg';

export { svgElement } from '../shared/svg';

export function svgText(text: string, attributes: Record<string, string | number>): SVGTextElement {
  const created = svgElement('text', attributes);
  created.textContent = text;
  return created;
}

export function htmlElement<K extends keyof HTMLElementTagNameMap>(
  name: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const created = document.createElement(name);
  if (className) created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}

/** A number from untrusted data, clamped into [min, max] (NaN becomes min). */
export function clampInt(value: unknown, min: number, max: number): number {
  const number = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : min;
  return Math.max(min, Math.min(max, number));
}

/** Points of a five-pointed star centred on (cx, cy). */
export function starPoints(cx: number, cy: number, outer: number, inner = outer * 0.45): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index++) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (index * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(' ');
}
