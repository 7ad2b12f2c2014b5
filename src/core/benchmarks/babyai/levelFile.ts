// Waypoint level files (`*.level.json`): located JSON → zod schema → LevelSpec → semantic checks,
// every diagnostic at the JSON value at fault (and inside the mission string when possible).
import { parseLocatedJson, rangeAt } from '../../util/locatedJson';
import { schemaDiagnostics } from '../../util/schema/issues';
import { levelFileSchema, type LevelFile } from './levelSchema';
import { lineStartOffsets, type Diagnostic, type Range } from '../../util/text';
import type { CarriedSpec, LevelSpec, ObjectSpec } from './env';
import { validateLevel } from './validation';

interface LoadedLevelFile {
  spec: LevelSpec | null;
  file: LevelFile | null;
  diagnostics: Diagnostic[];
}

const DIRECTIONS = ['east', 'south', 'west', 'north'];

function carried(value: LevelFile['carrying']): CarriedSpec | null {
  if (!value) return null;
  return { type: value.type, color: value.color, contains: carried(value.contains as LevelFile['carrying']) };
}

/** The LevelSpec of a schema-valid level file; doors first, then objects (the locator relies on it). */
function levelSpecOf(file: LevelFile): LevelSpec {
  const objects: ObjectSpec[] = [
    ...file.doors.map(
      (door): ObjectSpec => ({
        type: 'door',
        color: door.color,
        pos: door.pos,
        locked: door.state === 'locked',
        open: door.state === 'open',
      }),
    ),
    ...file.objects.map(
      (object): ObjectSpec => ({
        type: object.type,
        color: object.color,
        pos: object.pos,
        contains: object.type === 'box' ? carried(object.contains as LevelFile['carrying']) : null,
      }),
    ),
  ];
  return {
    width: file.width,
    height: file.height,
    layout: { roomSize: file.rooms.size, numRows: file.rooms.rows, numCols: file.rooms.cols },
    objects,
    agent: {
      pos: file.agent.pos,
      dir: typeof file.agent.dir === 'number' ? file.agent.dir : DIRECTIONS.indexOf(file.agent.dir),
    },
    carrying: carried(file.carrying),
    mission: file.mission,
    ...(file.maxSteps !== undefined ? { maxSteps: file.maxSteps } : {}),
  };
}

/** Parses and validates a level file's text. */
export function loadLevelFile(text: string): LoadedLevelFile {
  const located = parseLocatedJson(text);
  if (located.diagnostics.length > 0) return { spec: null, file: null, diagnostics: located.diagnostics };
  const parsed = levelFileSchema.safeParse(located.value);
  if (!parsed.success) {
    const diagnostics = schemaDiagnostics(located, parsed.error.issues);
    return { spec: null, file: null, diagnostics };
  }
  const file = parsed.data;
  const spec = levelSpecOf(file);
  const missionRange = rangeAt(located, ['mission']);
  const missionRaw = text.slice(
    offsetOf(text, missionRange),
    offsetOf(text, { start: missionRange.end, end: missionRange.end }),
  );
  // Without escapes the mission's characters sit one after the opening quote, on one line.
  const plain = missionRaw === JSON.stringify(file.mission);
  const diagnostics = validateLevel(spec, {
    whole: rangeAt(located, []),
    size: rangeAt(located, ['width']),
    agent: rangeAt(located, ['agent', 'pos']),
    object: (index) =>
      index < file.doors.length
        ? rangeAt(located, ['doors', index, 'pos'])
        : rangeAt(located, ['objects', index - file.doors.length, 'pos']),
    mission: (span) =>
      plain
        ? {
            start: { line: missionRange.start.line, character: missionRange.start.character + 1 + span.start },
            end: { line: missionRange.start.line, character: missionRange.start.character + 1 + span.end },
          }
        : missionRange,
  });
  return { spec, file, diagnostics };
}

function offsetOf(text: string, range: Range): number {
  // The same line ends as the range's (LSP's: \r\n, lone \r, \n).
  return (lineStartOffsets(text)[range.start.line] ?? text.length) + range.start.character;
}
