// Room boxes sized to their names, as drawn: each name is measured in the view's own font (a
// guess per character overflowed its box in wide fonts), a long name is wrapped onto two or three
// balanced lines so one long room does not widen its whole column, and the box is the text plus a
// margin. Every layout engine lays out these sizes, so boxes never overlap and names never spill.

/** Room names' font size in layout units (media/webview.css: svg.maze .node text). */
export const ROOM_FONT_SIZE = 12.5;
export const LINE_HEIGHT = 15.5;
const PAD_X = 12;
const PAD_Y = 7;
const MIN_WIDTH = 70;
/** A single-line room: the height every room had before names wrapped. */
const MIN_HEIGHT = 30;
/** A name wider than this wraps (about 20 characters). */
const MAX_LINE = 100;
const MAX_LINES = 4;

export interface RoomLabel {
  /** The name as drawn, line by line; joined they give the name back (each break keeps its space). */
  lines: string[];
  /** The box. */
  width: number;
  height: number;
  /** The text inside it (its widest line, its lines' height). */
  textWidth: number;
  textHeight: number;
}

/** Where a name may break: after a space, or after a hyphen or slash inside a word. */
function pieces(name: string): string[] {
  return name.match(/[^\s\-/]*[\-/]+|[^\s]+\s*|\s+/g) ?? [name];
}

/** Every way to cut `parts` into `count` non-empty consecutive runs. */
function* splits(parts: readonly string[], count: number, from = 0): Generator<string[]> {
  if (count === 1) {
    yield [parts.slice(from).join('')];
    return;
  }
  for (let end = from + 1; end <= parts.length - count + 1; end++) {
    for (const rest of splits(parts, count - 1, end)) yield [parts.slice(from, end).join(''), ...rest];
  }
}

/**
 * The fewest lines (up to three) in which every line of `name` is at most MAX_LINE wide, balanced
 * so the widest line is as narrow as it can be; a name that does not fit three lines (one very long
 * word) gets the narrowest three-line cut and a box as wide as its widest line.
 */
export function wrapName(name: string, measure: (text: string) => number): string[] {
  if (measure(name) <= MAX_LINE) return [name];
  const parts = pieces(name);
  const widest = (lines: readonly string[]) => Math.max(...lines.map((line) => measure(line.trimEnd())));
  let best: { lines: string[]; width: number } = { lines: [name], width: measure(name) };
  for (let count = 2; count <= Math.min(MAX_LINES, parts.length); count++) {
    for (const lines of splits(parts, count)) {
      const width = widest(lines);
      if (width < best.width) best = { lines, width };
    }
    if (best.width <= MAX_LINE) break;
  }
  return best.lines;
}

/** Each room's lines and box size, from a text measurer in layout units. */
export function roomLabels(names: Iterable<string>, measure: (text: string) => number): Map<string, RoomLabel> {
  const labels = new Map<string, RoomLabel>();
  for (const name of names) {
    if (labels.has(name)) continue;
    const lines = wrapName(name, measure);
    const textWidth = Math.max(...lines.map((line) => measure(line.trimEnd())));
    const textHeight = lines.length * LINE_HEIGHT;
    labels.set(name, {
      lines,
      width: Math.max(MIN_WIDTH, Math.ceil(textWidth + 2 * PAD_X)),
      height: Math.max(MIN_HEIGHT, Math.ceil(textHeight + 2 * PAD_Y)),
      textWidth,
      textHeight,
    });
  }
  return labels;
}

let context: CanvasRenderingContext2D | null = null;
let fontFamily: string | null = null;

/**
 * A measurer in the font the maze draws names in: the family is read from a hidden drawing with the
 * view's own classes (it follows VS Code's font setting), the width from a canvas.
 */
export function textMeasurer(): (text: string) => number {
  if (fontFamily === null) {
    const probe = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    probe.setAttribute('class', 'maze');
    probe.style.cssText = 'position:absolute;visibility:hidden;width:0;height:0';
    const node = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    node.setAttribute('class', 'node');
    const text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    node.append(text);
    probe.append(node);
    document.body.append(probe);
    fontFamily = getComputedStyle(text).fontFamily || 'sans-serif';
    probe.remove();
  }
  context ??= document.createElement('canvas').getContext('2d');
  const measurer = context;
  if (!measurer) return (text) => text.length * ROOM_FONT_SIZE * 0.62;
  measurer.font = `${ROOM_FONT_SIZE}px ${fontFamily}`;
  const cache = new Map<string, number>();
  return (text) => {
    let width = cache.get(text);
    if (width === undefined) {
      width = measurer.measureText(text).width;
      cache.set(text, width);
    }
    return width;
  };
}
