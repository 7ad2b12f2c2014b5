// The symbols of a grid cell, each drawn in a size×size box at the origin (the caller translates
// it): shapes follow MiniGrid's renderer (key with ring and teeth, ball as a disc, box as an
// outlined square with a lid line, doors by state, the agent as a triangle), GRASP energy,
// obstacles and the start, Crafter's tiles and creatures. Colours come from CSS classes, so every
// theme can tune them.
import type {
  BoardColor,
  BoardDirection,
  BoardObject,
  Creature,
  DoorState,
  TerrainMaterial,
} from '../../src/protocol/board';
import { CREATURE_GLYPHS, TERRAIN_GLYPHS } from '../../src/core/benchmark/board';
import { BOARD_COLORS } from '../../src/protocol/board';
import { svgElement, svgText } from './svg';

export function colorOf(value: unknown): BoardColor {
  return BOARD_COLORS.includes(value as BoardColor) ? (value as BoardColor) : 'grey';
}

function group(className: string): SVGGElement {
  return svgElement('g', { class: className });
}

function rect(x0: number, x1: number, y0: number, y1: number, size: number, className: string): SVGRectElement {
  return svgElement('rect', {
    x: x0 * size,
    y: y0 * size,
    width: (x1 - x0) * size,
    height: (y1 - y0) * size,
    class: className,
  });
}

export function wallSymbol(size: number): SVGGElement {
  const drawn = group('sym wall');
  drawn.append(svgElement('rect', { width: size, height: size, class: 'wall-fill' }));
  return drawn;
}

export function keySymbol(color: BoardColor, size: number): SVGGElement {
  const drawn = group(`sym key c-${color}`);
  drawn.append(
    rect(0.5, 0.63, 0.31, 0.88, size, 'fill'),
    rect(0.38, 0.5, 0.59, 0.66, size, 'fill'),
    rect(0.38, 0.5, 0.81, 0.88, size, 'fill'),
    svgElement('circle', {
      cx: 0.56 * size,
      cy: 0.28 * size,
      r: 0.14 * size,
      class: 'ring',
      'stroke-width': 0.1 * size,
    }),
  );
  return drawn;
}

export function ballSymbol(color: BoardColor, size: number): SVGGElement {
  const drawn = group(`sym ball c-${color}`);
  drawn.append(svgElement('circle', { cx: size / 2, cy: size / 2, r: 0.31 * size, class: 'fill' }));
  return drawn;
}

export function boxSymbol(color: BoardColor, size: number, contains?: BoardObject | null): SVGGElement {
  const drawn = group(`sym box c-${color}`);
  drawn.append(
    svgElement('rect', {
      x: 0.15 * size,
      y: 0.15 * size,
      width: 0.7 * size,
      height: 0.7 * size,
      class: 'outline',
      'stroke-width': 0.06 * size,
    }),
    rect(0.16, 0.84, 0.47, 0.53, size, 'fill'),
  );
  if (contains) {
    // The content, small, under the lid line: a key in a box is visible at a glance.
    const inner = objectSymbol(contains, size * 0.3);
    inner.setAttribute('transform', `translate(${0.35 * size} ${0.54 * size})`);
    inner.classList.add('contents');
    drawn.append(inner);
  }
  return drawn;
}

function objectSymbol(object: BoardObject, size: number): SVGGElement {
  const color = colorOf(object.color);
  if (object.kind === 'key') return keySymbol(color, size);
  if (object.kind === 'ball') return ballSymbol(color, size);
  return boxSymbol(color, size);
}

/** Open: a gap with the leaf folded to one side; closed: a frame with a handle; locked: filled, with a keyhole. */
export function doorSymbol(color: BoardColor, state: DoorState, size: number): SVGGElement {
  const drawn = group(`sym door door-${state} c-${color}`);
  if (state === 'open') {
    drawn.append(
      svgElement('rect', {
        x: 1.5,
        y: 1.5,
        width: size - 3,
        height: size - 3,
        class: 'outline gap',
        'stroke-width': 1.5,
      }),
      rect(0.86, 1.0, 0.0, 1.0, size, 'fill'),
    );
  } else if (state === 'closed') {
    drawn.append(
      svgElement('rect', {
        x: 0.05 * size,
        y: 0.05 * size,
        width: 0.9 * size,
        height: 0.9 * size,
        class: 'outline',
        'stroke-width': 0.1 * size,
      }),
      svgElement('rect', {
        x: 0.2 * size,
        y: 0.2 * size,
        width: 0.6 * size,
        height: 0.6 * size,
        class: 'outline',
        'stroke-width': 0.04 * size,
      }),
      svgElement('circle', { cx: 0.72 * size, cy: 0.5 * size, r: 0.07 * size, class: 'fill' }),
    );
  } else {
    drawn.append(
      svgElement('rect', { width: size, height: size, class: 'fill' }),
      svgElement('rect', {
        x: 0.07 * size,
        y: 0.07 * size,
        width: 0.86 * size,
        height: 0.86 * size,
        class: 'locked-inner',
      }),
      svgElement('circle', { cx: 0.5 * size, cy: 0.42 * size, r: 0.1 * size, class: 'fill' }),
      rect(0.46, 0.54, 0.42, 0.7, size, 'fill'),
    );
  }
  return drawn;
}

/** MiniGrid's agent triangle, pointing east and rotated by 90° per direction; a disc without one. */
export function agentSymbol(size: number, dir?: BoardDirection): SVGGElement {
  const drawn = group('sym agent');
  if (dir === undefined) {
    drawn.classList.add('undirected');
    drawn.append(svgElement('circle', { cx: size / 2, cy: size / 2, r: 0.31 * size, class: 'agent-body' }));
    return drawn;
  }
  const triangle = svgElement('polygon', {
    points: `${0.12 * size},${0.19 * size} ${0.87 * size},${0.5 * size} ${0.12 * size},${0.81 * size}`,
    class: 'agent-body',
    transform: `rotate(${dir * 90} ${size / 2} ${size / 2})`,
  });
  drawn.setAttribute('data-dir', String(dir));
  drawn.append(triangle);
  return drawn;
}

/** Energy shading (stronger for more energy) and the amount. */
export function energySymbol(value: number, max: number, size: number): SVGGElement {
  const drawn = group('sym energy');
  const share = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  if (value > 0)
    drawn.append(
      svgElement('rect', {
        x: 1,
        y: 1,
        width: size - 2,
        height: size - 2,
        class: 'energy-fill',
        'fill-opacity': (0.14 + 0.56 * share).toFixed(3),
      }),
    );
  drawn.append(
    svgText(String(value), {
      x: size / 2,
      y: size / 2,
      class: `energy-value${value === 0 ? ' zero' : ''}`,
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      'font-size': 0.4 * size,
    }),
  );
  return drawn;
}

export function obstacleSymbol(size: number): SVGGElement {
  const drawn = group('sym obstacle');
  drawn.append(svgElement('rect', { x: 1, y: 1, width: size - 2, height: size - 2, class: 'obstacle-fill' }));
  for (const offset of [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75]) {
    const a = Math.min(offset, 1);
    const b = Math.max(offset - 1, 0);
    drawn.append(
      svgElement('line', {
        x1: (a * size).toFixed(2),
        y1: (b * size).toFixed(2),
        x2: (b * size).toFixed(2),
        y2: (a * size).toFixed(2),
        class: 'hatch',
      }),
    );
  }
  return drawn;
}

export function startSymbol(size: number): SVGGElement {
  const drawn = group('sym start');
  drawn.append(
    svgElement('rect', { x: 2.5, y: 2.5, width: size - 5, height: size - 5, rx: 3, class: 'start-frame' }),
    svgText('S', {
      x: 0.2 * size,
      y: 0.24 * size,
      class: 'start-letter',
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      'font-size': 0.26 * size,
    }),
  );
  return drawn;
}

export function isTerrainMaterial(value: unknown): value is TerrainMaterial {
  return typeof value === 'string' && Object.hasOwn(TERRAIN_GLYPHS, value);
}

export function isCreature(value: unknown): value is Creature {
  return typeof value === 'string' && Object.hasOwn(CREATURE_GLYPHS, value);
}

/** A Crafter tile: the material's fill and glyph, and a creature's badge over it. */
export function terrainSymbol(material: TerrainMaterial, size: number, creature?: Creature | null): SVGGElement {
  const drawn = group(`sym terrain t-${material}`);
  drawn.append(svgElement('rect', { width: size, height: size, class: 'terrain-fill' }));
  if (creature) {
    // The material's glyph moves to the corner so the creature's badge can sit in the middle.
    drawn.append(
      svgText(TERRAIN_GLYPHS[material], {
        x: 0.2 * size,
        y: 0.2 * size,
        class: 'terrain-glyph',
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        'font-size': 0.28 * size,
      }),
    );
    drawn.append(creatureSymbol(creature, size));
  } else {
    drawn.append(
      svgText(TERRAIN_GLYPHS[material], {
        x: size / 2,
        y: size / 2,
        class: 'terrain-glyph',
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        'font-size': 0.5 * size,
      }),
    );
  }
  return drawn;
}

export function creatureSymbol(creature: Creature, size: number): SVGGElement {
  const drawn = group(`sym creature k-${creature}`);
  drawn.setAttribute('data-creature', creature);
  drawn.append(
    svgElement('circle', { cx: size / 2, cy: size / 2, r: 0.3 * size, class: 'creature-badge' }),
    svgText(CREATURE_GLYPHS[creature], {
      x: size / 2,
      y: size / 2,
      class: 'creature-letter',
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      'font-size': 0.36 * size,
    }),
  );
  return drawn;
}
