// Reading a GRASP grid JSONL file (spec §3) into records and simulator grids, with every problem
// located at the offending JSON value or grid character. Lines are numbered from 0 like LSP.
import { splitLines, type Diagnostic } from '../../util/text';
import { GraspCodes } from './codes';
import { checkRecordSemantics } from './gridChecks';
import { gridFromChars, readGridText, type CellChar } from './gridText';
import { parseObjectLine, type LineReporter } from './lineReporter';
import { ENERGY_DISTRIBUTIONS, GRID_SIZE, type GraspGrid, type GraspGridRecord } from './types';
import { DiagnosticCap } from '../../util/diagnosticCap';

export interface GraspGridEntry {
  /** 0-based line of the record in the file. */
  line: number;
  record: GraspGridRecord;
  chars: CellChar[][];
  grid: GraspGrid;
}

interface GraspGridFile {
  /** Records whose fields have the right types and whose grid could be read (problems or not). */
  entries: GraspGridEntry[];
  diagnostics: Diagnostic[];
}

const KEYS = ['index', 'energy', 'energy_probability', 'obstacle', 'start_position', 'grid', 'start'] as const;
const ENUMS: Record<string, readonly string[]> = {
  energy: ENERGY_DISTRIBUTIONS,
  obstacle: ['free', 'block'],
  start_position: ['inner', 'outer'],
};

/**
 * Parses and validates a whole grid file; `fileName` enables the file-name consistency check.
 * `cleanOnly`: entries only of lines without an error, so a reader that caps the problems (a
 * million broken lines) still knows which records it may use without keeping every problem.
 */
export function parseGraspGridFile(
  text: string,
  fileName?: string,
  limit = Number.POSITIVE_INFINITY,
  cleanOnly = false,
): GraspGridFile {
  const entries: GraspGridEntry[] = [];
  // `limit` caps the problems kept (validation passes the per-file cap; readers keep them all).
  const diagnostics = new DiagnosticCap(limit);
  // LSP's line ends (\r\n, lone \r, \n), which are also Python's universal newlines that
  // upstream's load_jsonl reads with, so a bare \r moves no diagnostic to another line.
  const lines = splitLines(text);
  // The file's final line end leaves one empty string behind; it is not a blank record.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  let position = 0;
  lines.forEach((lineText, line) => {
    if (lineText.trim() === '') {
      diagnostics.push({
        severity: 'error',
        code: GraspCodes.blankLine,
        message: "A blank line; upstream's load_jsonl parses every line as JSON and fails on it.",
        range: { start: { line, character: 0 }, end: { line, character: lineText.length } },
      });
      return;
    }
    const result = parseGridLine(lineText, line, position++, fileName);
    diagnostics.push(...result.diagnostics);
    if (result.entry && !(cleanOnly && result.diagnostics.some((diagnostic) => diagnostic.severity === 'error')))
      entries.push(result.entry);
  });
  return { entries, diagnostics: diagnostics.list() };
}

/** One record: JSON syntax, key types, the grid text, then the semantic checks of gridChecks.ts. */
function parseGridLine(
  lineText: string,
  line: number,
  position: number,
  fileName?: string,
): { entry: GraspGridEntry | null; diagnostics: Diagnostic[] } {
  const { reporter, object: fields } = parseObjectLine(
    lineText,
    line,
    GraspCodes.notObject,
    'A grid record is a JSON object with the keys index, energy, energy_probability, obstacle, start_position, grid and start.',
  );
  if (!fields) return { entry: null, diagnostics: reporter.diagnostics };
  let typed = true;
  for (const key of KEYS) {
    if (!(key in fields)) {
      reporter.report('error', GraspCodes.fieldMissing, `Missing key "${key}".`, reporter.rangeOf([]), { key });
      typed = false;
    } else if (!hasType(key, fields[key], reporter)) typed = false;
  }
  for (const key of Object.keys(fields)) {
    if (!(KEYS as readonly string[]).includes(key))
      reporter.report(
        'warning',
        GraspCodes.unknownField,
        `Unknown key "${key}"; upstream's grid files have only ${KEYS.join(', ')}.`,
        reporter.rangeOf([key]),
        { key },
      );
  }
  if (!typed) return { entry: null, diagnostics: reporter.diagnostics };
  const record = fields as unknown as GraspGridRecord;
  const read = readGridText(record.grid);
  for (const problem of read.problems)
    reporter.report(
      'error',
      problem.code,
      problem.message,
      reporter.rangeInString(['grid'], problem.index, problem.length),
    );
  if (read.chars === null) return { entry: null, diagnostics: reporter.diagnostics };
  checkRecordSemantics(record, read, position, fileName, reporter);
  const start: [number, number] = [record.start[0], record.start[1]];
  return {
    entry: { line, record: { ...record, start }, chars: read.chars, grid: gridFromChars(read.chars, start) },
    diagnostics: reporter.diagnostics,
  };
}

function hasType(key: (typeof KEYS)[number], value: unknown, reporter: LineReporter): boolean {
  const wrong = (expected: string) => {
    reporter.report(
      'error',
      GraspCodes.fieldType,
      `"${key}" must be ${expected}, found ${JSON.stringify(value)}.`,
      reporter.rangeOf([key]),
      { key },
    );
    return false;
  };
  switch (key) {
    case 'index':
      return (typeof value === 'number' && Number.isInteger(value) && value >= 0) || wrong('a non-negative integer');
    case 'energy_probability':
      return typeof value === 'number' || wrong('a number');
    case 'grid':
      return typeof value === 'string' || wrong('the grid text (a string)');
    case 'start': {
      const inGrid = (coordinate: unknown) =>
        typeof coordinate === 'number' && Number.isInteger(coordinate) && coordinate >= 0 && coordinate < GRID_SIZE;
      return (
        (Array.isArray(value) && value.length === 2 && value.every(inGrid)) ||
        wrong(`[row, col] with integers 0..${GRID_SIZE - 1}`)
      );
    }
    default: {
      const allowed = ENUMS[key];
      return (
        (typeof value === 'string' && allowed.includes(value)) ||
        wrong(`one of ${allowed.map((name) => `"${name}"`).join(', ')}`)
      );
    }
  }
}
