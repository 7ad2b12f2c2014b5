// The ASCII grid text of spec §3: 24 lines of 47 characters, each ending in "\n". Rendering is
// byte-exact with upstream; reading reports every layout problem at the offending character (an
// index into the decoded string) so the file reader can point into the JSON source.
import { GRID_SIZE, type GraspGrid, type GridPosition } from './types';

export type CellChar = ' ' | 'E' | 'O' | 'A';
const CELL_CHARS = new Set<string>([' ', 'E', 'O', 'A']);

const GRID_LINE_COUNT = 2 * GRID_SIZE + 2;
export const GRID_LINE_LENGTH = 47;
export const GRID_TEXT_LENGTH = GRID_LINE_COUNT * (GRID_LINE_LENGTH + 1);

const HEADER = `    ${Array.from({ length: GRID_SIZE }, (_, col) => String(col)).join('   ')} `;
const SEPARATOR = `  +${'---+'.repeat(GRID_SIZE)}`;

/** Column of cell (r, c)'s character within its row line. */
export function cellColumn(col: number): number {
  return 4 + 4 * col;
}

/** Line of row r within the grid text. */
export function rowLine(row: number): number {
  return 2 + 2 * row;
}

function rowTemplate(row: number, chars: readonly string[]): string {
  return `${String(row).padStart(2)}|${chars.map((char) => ` ${char} |`).join('')}`;
}

/** Each row line with '?' for its cells, as readGridText compares them (built once: bulk import reads hundreds of grids). */
const ROW_PATTERNS = Array.from({ length: GRID_SIZE }, (_, row) =>
  rowTemplate(row, Array<string>(GRID_SIZE).fill('?')),
);

/** The grid text for cell characters chars[row][col] (exactly upstream's layout). */
export function renderGridText(chars: readonly (readonly CellChar[])[]): string {
  const lines = [HEADER, SEPARATOR];
  for (let row = 0; row < GRID_SIZE; row++) lines.push(rowTemplate(row, chars[row]), SEPARATOR);
  return `${lines.join('\n')}\n`;
}

export interface GridTextProblem {
  /** Index into the grid string (decoded, UTF-16) and length of the offending characters. */
  index: number;
  length: number;
  code: 'grasp/grid-layout' | 'grasp/grid-cell' | 'grasp/start-count';
  message: string;
}

export interface ReadGridText {
  /** chars[row][col]; null when a row line is missing or too short to read. */
  chars: CellChar[][] | null;
  /** Positions of every `A`, in reading order. */
  agents: GridPosition[];
  problems: GridTextProblem[];
}

/** Reads and checks a grid string; unknown cell characters read as empty, as upstream's loader does. */
export function readGridText(text: string): ReadGridText {
  const problems: GridTextProblem[] = [];
  const lines = text.split('\n');
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  if (!text.endsWith('\n'))
    problems.push({
      index: text.length,
      length: 0,
      code: 'grasp/grid-layout',
      message: 'The grid text must end with "\\n" (every one of its 24 lines does).',
    });
  const lineCount = text.endsWith('\n') ? lines.length - 1 : lines.length;
  if (lineCount !== GRID_LINE_COUNT) {
    const at = Math.min(lineCount, GRID_LINE_COUNT);
    problems.push({
      index: lineStarts[at] ?? text.length,
      length: 0,
      code: 'grasp/grid-layout',
      message: `The grid text has ${lineCount} lines; it must have ${GRID_LINE_COUNT} (a header, then a separator after each of the ${GRID_SIZE} rows).`,
    });
  }
  const chars: CellChar[][] = [];
  let readable = true;
  const agents: GridPosition[] = [];
  for (let lineIndex = 0; lineIndex < Math.min(lineCount, GRID_LINE_COUNT); lineIndex++) {
    const line = lines[lineIndex];
    const start = lineStarts[lineIndex];
    const isRow = lineIndex >= 2 && lineIndex % 2 === 0;
    const mismatch = layoutProblem(line, lineIndex, start);
    if (mismatch) problems.push(mismatch);
    if (!isRow) continue;
    if (line.length <= cellColumn(GRID_SIZE - 1)) {
      readable = false;
      continue;
    }
    chars.push(rowCells(line, (lineIndex - 2) / 2, start, agents, problems));
  }
  if (chars.length !== GRID_SIZE) readable = false;
  problems.push(...startCountProblems(agents, lineStarts, readable));
  return { chars: readable ? chars : null, agents, problems };
}

/** Where grid line `lineIndex` (starting at `start` in the text) first departs from its template, or null. */
function layoutProblem(line: string, lineIndex: number, start: number): GridTextProblem | null {
  const isRow = lineIndex >= 2 && lineIndex % 2 === 0;
  const row = (lineIndex - 2) / 2;
  const expected = lineIndex === 0 ? HEADER : isRow ? ROW_PATTERNS[row] : SEPARATOR;
  const mismatch = firstMismatch(line, expected);
  if (mismatch === null) return null;
  const what = lineIndex === 0 ? 'column header' : isRow ? `row ${row}` : 'separator';
  const shown = mismatch < line.length ? `'${line[mismatch]}'` : 'the end of the line';
  const wanted = mismatch < expected.length ? `'${expected[mismatch]}'` : 'the end of the line';
  return {
    index: start + mismatch,
    length: mismatch < line.length ? 1 : 0,
    code: 'grasp/grid-layout',
    message: `Grid line ${lineIndex} (${what}): expected ${wanted} at column ${mismatch}, found ${shown}. Each line is exactly ${GRID_LINE_LENGTH} characters.`,
  };
}

/**
 * The cells of grid row `row` (an unknown character reads as empty and is a problem); each `A` is added to `agents`.
 */
function rowCells(
  line: string,
  row: number,
  start: number,
  agents: GridPosition[],
  problems: GridTextProblem[],
): CellChar[] {
  const rowChars: CellChar[] = [];
  for (let col = 0; col < GRID_SIZE; col++) {
    const char = line[cellColumn(col)];
    if (!CELL_CHARS.has(char)) {
      problems.push({
        index: start + cellColumn(col),
        length: 1,
        code: 'grasp/grid-cell',
        message: `Cell (${row}, ${col}) is '${char}'; a cell is ' ' (empty), 'E' (energy), 'O' (obstacle) or 'A' (the start).`,
      });
      rowChars.push(' ');
      continue;
    }
    if (char === 'A') agents.push([row, col]);
    rowChars.push(char as CellChar);
  }
  return rowChars;
}

/** No start (said only of a grid that could be read whole), or each start after the first. */
function startCountProblems(
  agents: readonly GridPosition[],
  lineStarts: readonly number[],
  readable: boolean,
): GridTextProblem[] {
  const problems: GridTextProblem[] = [];
  if (readable && agents.length === 0)
    problems.push({
      index: 0,
      length: 0,
      code: 'grasp/start-count',
      message: "The grid has no 'A'; exactly one cell must be the agent's start.",
    });
  for (const [row, col] of agents.slice(1)) {
    problems.push({
      index: lineStarts[rowLine(row)] + cellColumn(col),
      length: 1,
      code: 'grasp/start-count',
      message: `A second 'A' at (${row}, ${col}); exactly one cell must be the start (the first is at (${agents[0][0]}, ${agents[0][1]})).`,
    });
  }
  return problems;
}

/** Index of the first character where line differs from the template ('?' matches anything). */
function firstMismatch(line: string, template: string): number | null {
  const length = Math.min(line.length, template.length);
  for (let index = 0; index < length; index++)
    if (template[index] !== '?' && line[index] !== template[index]) return index;
  return line.length === template.length ? null : length;
}

/** The simulator's grid: `E` is one unit of energy, `O` an obstacle, anything else empty (upstream's loader). */
export function gridFromChars(chars: readonly (readonly CellChar[])[], start: GridPosition): GraspGrid {
  return {
    cells: chars.map((row) => row.map((char) => ({ energy: char === 'E' ? 1 : 0, obstacle: char === 'O' }))),
    start: [start[0], start[1]],
  };
}

/** A deep copy, so simulations never change the caller's grid. */
export function cloneGrid(grid: GraspGrid): GraspGrid {
  return { cells: grid.cells.map((row) => row.map((cell) => ({ ...cell }))), start: [grid.start[0], grid.start[1]] };
}
