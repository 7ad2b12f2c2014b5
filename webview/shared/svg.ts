// SVG elements for every webview (maze, map diff, board, results). Data never becomes markup: every
// string from a scene, graph or run goes in through setAttribute or textContent.

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svgElement<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number> = {},
): SVGElementTagNameMap[K] {
  const created = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) created.setAttribute(key, String(value));
  return created;
}
