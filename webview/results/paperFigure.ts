// One paper figure in the Plots tab: the SVG text core's figureSvg drew (the file `waypoint report
// --plots` writes, byte for byte), shown inline so each mark's <title> is its tooltip, with Save SVG
// and Save PNG. Parsing that text is safe here: figureSvg escapes every piece of data it draws
// (model ids, field values), the parser is XML (a stray `<` fails the parse and nothing is shown),
// scripts of a parsed document never run, and the page's CSP forbids inline handlers; active parts
// are dropped all the same, should a future figure carry one.
import type { ResultFigure } from '../../src/protocol/results';
import { button, el } from './dom';

export type SaveFigure = (figure: ResultFigure, format: 'svg' | 'png', data: string) => void;

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Twice the SVG's size, as `report --plots` draws its PNG: sharp on a slide or in a paper. */
const PNG_SCALE = 2;

/** The figure's SVG as an element of this document, or null when the text is not one SVG document. */
function parseFigure(text: string): SVGSVGElement | null {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg' || parsed.querySelector('parsererror')) return null;
  for (const active of root.querySelectorAll('script, foreignObject, a')) active.remove();
  for (const element of [root, ...root.querySelectorAll('*')])
    for (const { name } of [...element.attributes])
      if (/^on/i.test(name) || /href$/i.test(name)) element.removeAttribute(name);
  return document.importNode(root, true) as unknown as SVGSVGElement;
}

/** The SVG text drawn on a canvas that is never in the page, as a PNG data URL. */
export async function rasterise(text: string): Promise<string> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(image.naturalWidth * PNG_SCALE);
  canvas.height = Math.round(image.naturalHeight * PNG_SCALE);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

export function paperFigure(figure: ResultFigure, save: SaveFigure): HTMLElement {
  const element = el('figure', 'plot paper-figure');
  element.dataset.title = figure.title;
  element.dataset.name = figure.name;
  const saveSvg = button(
    'Save SVG…',
    'action plot-save',
    'Save this figure as an SVG file (the same file `waypoint report --plots` writes)',
  );
  const savePng = button('Save PNG…', 'action plot-save', 'Save this figure as a PNG at twice its size');
  saveSvg.addEventListener('click', () => save(figure, 'svg', figure.svg));
  savePng.addEventListener('click', () => {
    savePng.disabled = true;
    rasterise(figure.svg)
      .then((url) => save(figure, 'png', url))
      .catch((error: unknown) => {
        savePng.title = `Could not draw the PNG: ${error instanceof Error ? error.message : String(error)}`;
      })
      .finally(() => {
        savePng.disabled = false;
      });
  });
  const head = el('div', 'plot-head');
  const actions = el('div', 'plot-actions');
  actions.append(saveSvg, savePng);
  // The figure draws its own title: the line above it names the file, as `report --plots` names it.
  const file = el('span', 'plot-file', `${figure.name}.svg`);
  file.title = 'The file name `waypoint report --plots` gives this figure';
  head.append(file, actions);
  element.setAttribute('aria-label', figure.title);
  const drawn = parseFigure(figure.svg);
  const body = drawn ?? el('p', 'empty', 'This figure could not be drawn.');
  if (drawn) drawn.classList.add('paper-svg');
  element.append(head, body);
  return element;
}
