// Export of the drawn maze as a standalone SVG (theme colours resolved into the file, so it looks
// the same outside VS Code) or a PNG rendered from it. The host saves the file: webviews cannot
// download.
import { svgElement } from '../shared/svg';

const STYLED_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-opacity',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'font-size',
  'font-family',
  'paint-order',
];

/** A copy of the SVG with computed styles inlined and the whole drawing (`width` × `height` from `origin`, drawing units) in view. */
export function standaloneSvg(svg: SVGSVGElement, width: number, height: number, origin = { x: 0, y: 0 }): string {
  const bounds = { ...origin, width, height };
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = svg.querySelectorAll<SVGElement>('*');
  const copies = copy.querySelectorAll<SVGElement>('*');
  // Styles as at full detail: the file is the whole map, not the zoom level on screen.
  const levelOfDetail = svg.getAttribute('class') ?? '';
  const fullDetail = svg.classList.contains('maze');
  if (fullDetail) svg.setAttribute('class', 'maze lod-edge-labels');
  originals.forEach((original, index) => {
    const style = getComputedStyle(original);
    const inline = STYLED_PROPERTIES.map((property) => `${property}:${style.getPropertyValue(property)}`).join(';');
    copies[index].setAttribute('style', inline);
  });
  if (fullDetail) svg.setAttribute('class', levelOfDetail);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  // The view's pan and zoom is a transform on the viewport group: the file shows the whole maze instead.
  copy.querySelector('.viewport')?.removeAttribute('transform');
  copy.style.removeProperty('transform');
  copy.setAttribute('viewBox', `${bounds.x} ${bounds.y} ${width} ${height}`);
  copy.setAttribute('width', String(Math.round(width)));
  copy.setAttribute('height', String(Math.round(height)));
  const background = svgElement('rect', {
    x: bounds.x,
    y: bounds.y,
    width,
    height,
    fill: getComputedStyle(document.body).backgroundColor,
  });
  copy.insertBefore(background, copy.firstChild);
  return new XMLSerializer().serializeToString(copy);
}

/** Renders SVG text to a PNG at `scale`, as a base64 string (no data: prefix). */
export async function pngFromSvg(svgText: string, width: number, height: number, scale = 2): Promise<string> {
  const image = new Image();
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the SVG could not be rendered'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/png').split(',')[1];
  } finally {
    URL.revokeObjectURL(url);
  }
}
