// The Structured environment description (formatters/structured.py, spec §3): the formatter,
// byte-exact, and a line-based reader that rebuilds the description with located diagnostics.
import type { Diagnostic } from '../../util/text';
import { directionWord, type DescribedObject, type EnvDescription, frontOf, pyTuple } from './description';
import { isColor, isObjectType, sameVec, type Vec } from './world';

export const STRUCTURED_HEADER =
  'An agent is in a grid world consisting of one or more rooms. ' +
  'All rooms in the same grid world are squares of identical size and are organized in a square grid layout. ' +
  'Rooms are separated by walls and might contain objects such as keys, balls, and boxes of different colors. ' +
  'Some walls, connecting two adjacent rooms, have doors. Some doors are unlocked, whereas others need to be unlocked with keys of the same color. ' +
  'The agent can perform 6 actions: left (turn left), right (turn right), forward (move forward), pickup (pickup an object), drop (drop an object), and toggle (open/close a door or a box). ' +
  "Only the forward action changes the agent's position in the grid world. Turning left or right changes the agent's orientation only but not the position. " +
  'The agent cannot move into a cell that is already occupied by an object, even if the object is one it is trying to interact with. ' +
  'Using a coordinate system where the (0, 0) position is the top-left corner of the grid world, necessarily corresponding to a wall, ' +
  'the coordinates follow the format (x, y), with x denoting the horizontal position in the grid and y denoting the vertical position in the grid,\n\n' +
  'These are the specifics regarding this environment: \n\n';

function pyBool(value: boolean | undefined): string {
  return value ? 'True' : 'False';
}

/** StructuredFormatter.format. */
export function formatStructured(d: EnvDescription): string {
  const config: string[] = [];
  config.push(d.numRows > 1 || d.numCols > 1 ? `- Number of rooms: ${d.numRows}x${d.numCols}` : '- Number of rooms: 1');
  config.push(`- Size of each room (including walls): ${d.roomSize}x${d.roomSize}`);
  config.push(`- Effective room size (excluding walls): ${d.roomSize - 2}x${d.roomSize - 2}`);
  config.push(`- Total grid size: ${d.height}x${d.width}`);
  config.push(`- Agent initial position: ${pyTuple(d.agentPos)}`);
  config.push(
    `- Agent facing direction: ${directionWord(d.agentDir)} (toward ${pyTuple(frontOf(d.agentPos, d.agentDir))})`,
  );
  if (d.objects.length > 0) {
    config.push('- Objects in environment:');
    for (const o of d.objects)
      config.push(
        `  - ${o.type}, color=${o.color}, position=${pyTuple(o.pos)}${o.type === 'door' ? `, locked=${pyBool(o.locked)}` : ''}`,
      );
  } else config.push('- Objects in environment: none');
  config.push(`- Mission: '${d.mission}'`);
  return STRUCTURED_HEADER + config.join('\n');
}

/** Where each part of a parsed description was written (0-based line, UTF-16 columns). */
export interface DescriptionSource {
  line: (
    key: 'rooms' | 'roomSize' | 'gridSize' | 'agentPos' | 'agentDir' | 'mission',
  ) => { line: number; start: number; end: number } | undefined;
  objects: Array<{ line: number; start: number; end: number }>;
  /** Column where the mission text starts on its line. */
  missionColumn: number;
}

interface ParsedDescription {
  description: EnvDescription | null;
  source: DescriptionSource;
  diagnostics: Diagnostic[];
}

const DIRS = ['east', 'south', 'west', 'north'];
type Key = Parameters<DescriptionSource['line']>[0];

/** The required lines' values, null until read. */
interface RequiredFields {
  rooms: [number, number] | null;
  roomSize: number | null;
  grid: [number, number] | null;
  agentPos: Vec | null;
  agentDir: number | null;
  mission: string | null;
}

type Span = { line: number; start: number; end: number };
type ReportError = (line: number, start: number, end: number, code: string, message: string) => void;

/** Reads a Structured description back; null description when a required line is missing or malformed. */
// Over 50 lines: one table of the format's line patterns, read top to bottom, over state the lines share.
export function parseStructured(text: string): ParsedDescription {
  const lines = text.split(/\r\n|\r|\n/);
  const diagnostics: Diagnostic[] = [];
  const where = new Map<Key, Span>();
  const objectSource: DescriptionSource['objects'] = [];
  const objects: DescribedObject[] = [];
  const error: ReportError = (line, start, end, code, message) =>
    diagnostics.push({
      severity: 'error',
      code,
      message,
      range: { start: { line, character: start }, end: { line, character: end } },
    });
  const fields: RequiredFields = {
    rooms: null,
    roomSize: null,
    grid: null,
    agentPos: null,
    agentDir: null,
    mission: null,
  };
  let missionColumn = 0;
  let inObjects = false;
  let bullets = false;
  lines.forEach((raw, index) => {
    const line = raw.replace(/\s+$/, '');
    const span = { line: index, start: raw.length - raw.trimStart().length, end: line.length };
    const mark = (key: Key) => where.set(key, span);
    let m: RegExpExecArray | null;
    if (line.startsWith('These are the specifics')) bullets = true;
    if (!bullets || line === '' || line.startsWith('These are the specifics')) return;
    if ((m = /^ {2}- (\w+), color=(\w+), position=\((-?\d+), (-?\d+)\)(?:, locked=(True|False))?$/.exec(line))) {
      const object = readObjectLine(m, line, span, inObjects, error);
      if (!object) return;
      objects.push(object);
      objectSource.push(span);
    } else if ((m = /^- Number of rooms: (?:(\d+)x(\d+)|(1))$/.exec(line))) {
      fields.rooms = m[3] ? [1, 1] : [Number(m[1]), Number(m[2])];
      mark('rooms');
    } else if ((m = /^- Size of each room \(including walls\): (\d+)x(\d+)$/.exec(line))) {
      fields.roomSize = Number(m[1]);
      if (m[1] !== m[2]) error(index, span.start, span.end, 'babyai/description-syntax', 'rooms are square');
      mark('roomSize');
    } else if (/^- Effective room size \(excluding walls\): (\d+)x(\d+)$/.test(line)) {
      return;
    } else if ((m = /^- Total grid size: (\d+)x(\d+)$/.exec(line))) {
      fields.grid = [Number(m[1]), Number(m[2])];
      mark('gridSize');
    } else if ((m = /^- Agent initial position: \((-?\d+), (-?\d+)\)$/.exec(line))) {
      fields.agentPos = [Number(m[1]), Number(m[2])];
      mark('agentPos');
    } else if ((m = /^- Agent facing direction: (\w+) \(toward \((-?\d+), (-?\d+)\)\)$/.exec(line))) {
      fields.agentDir = readDirection(m, fields.agentPos, span, error, diagnostics);
      mark('agentDir');
    } else if (line === '- Objects in environment:' || line === '- Objects in environment: none') {
      inObjects = line.endsWith(':');
    } else if ((m = /^- Mission: '(.*)'$/.exec(line))) {
      fields.mission = m[1];
      missionColumn = "- Mission: '".length;
      mark('mission');
      inObjects = false;
    } else
      error(
        index,
        span.start,
        Math.max(span.end, span.start + 1),
        'babyai/description-syntax',
        `unrecognised line in the environment description: '${line.slice(0, 60)}'`,
      );
  });
  const source: DescriptionSource = { line: (key) => where.get(key), objects: objectSource, missionColumn };
  reportMissing(fields, bullets, lines, error);
  return { description: describe(fields, objects), source, diagnostics };
}

/** An object line's object, or null (with a diagnostic) when its type or colour is unknown. */
function readObjectLine(
  m: RegExpExecArray,
  line: string,
  span: Span,
  inObjects: boolean,
  error: ReportError,
): DescribedObject | null {
  const index = span.line;
  if (!inObjects)
    error(
      index,
      span.start,
      span.end,
      'babyai/description-syntax',
      'an object line outside "- Objects in environment:"',
    );
  const [, type, color, x, y, locked] = m;
  if (!isObjectType(type)) {
    error(
      index,
      4,
      4 + type.length,
      'babyai/unknown-type',
      `unknown object type '${type}' (expected door, key, ball or box)`,
    );
    return null;
  }
  if (!isColor(color)) {
    error(
      index,
      line.indexOf('color=') + 6,
      line.indexOf('color=') + 6 + color.length,
      'babyai/unknown-color',
      `unknown colour '${color}'`,
    );
    return null;
  }
  if (type === 'door' && locked === undefined)
    error(index, span.start, span.end, 'babyai/description-syntax', 'a door line needs ", locked=True|False"');
  if (type !== 'door' && locked !== undefined)
    error(index, line.indexOf(', locked'), span.end, 'babyai/description-syntax', 'only doors have a locked state');
  return type === 'door'
    ? { type, color, pos: [Number(x), Number(y)], locked: locked === 'True' }
    : { type, color, pos: [Number(x), Number(y)] };
}

/** The facing direction's index (-1 when unknown), warning when its "toward" cell is not the one in front. */
function readDirection(
  m: RegExpExecArray,
  agentPos: Vec | null,
  span: Span,
  error: ReportError,
  diagnostics: Diagnostic[],
): number {
  const index = span.line;
  const agentDir = DIRS.indexOf(m[1]);
  if (agentDir < 0)
    error(
      index,
      26,
      26 + m[1].length,
      'babyai/description-syntax',
      `unknown direction '${m[1]}' (east, south, west or north)`,
    );
  else if (agentPos && !sameVec(frontOf(agentPos, agentDir), [Number(m[2]), Number(m[3])]))
    diagnostics.push({
      severity: 'warning',
      code: 'babyai/front-mismatch',
      message: `facing ${m[1]} from ${pyTuple(agentPos)} is toward ${pyTuple(frontOf(agentPos, agentDir))}, not (${m[2]}, ${m[3]})`,
      range: { start: { line: index, character: span.start }, end: { line: index, character: span.end } },
    });
  return agentDir;
}

/** One error on the last line per required line the description lacks. */
function reportMissing(fields: RequiredFields, bullets: boolean, lines: readonly string[], error: ReportError): void {
  const last = Math.max(0, lines.length - 1);
  const missing = (what: string) =>
    error(last, 0, lines[last].length, 'babyai/description-missing', `the description has no "${what}" line`);
  if (!bullets) missing('These are the specifics regarding this environment:');
  if (!fields.rooms) missing('- Number of rooms');
  if (fields.roomSize === null) missing('- Size of each room (including walls)');
  if (!fields.grid) missing('- Total grid size');
  if (!fields.agentPos) missing('- Agent initial position');
  if (fields.agentDir === null) missing('- Agent facing direction');
  if (fields.mission === null) missing('- Mission');
}

/** The description, or null when a required line is missing or the direction unknown. */
function describe(fields: RequiredFields, objects: DescribedObject[]): EnvDescription | null {
  const { rooms, roomSize, grid, agentPos, agentDir, mission } = fields;
  if (!rooms || roomSize === null || !grid || !agentPos || agentDir === null || agentDir < 0 || mission === null)
    return null;
  const [numRows, numCols] = rooms;
  const [height, width] = grid;
  return { numRows, numCols, roomSize, width, height, agentPos, agentDir, objects, mission };
}
