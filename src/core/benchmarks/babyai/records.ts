// LLM-BabyBench records (spec §2) turned into levels: the task from the columns, tuple fields
// parsed as Python literals, and the env_description (Structured, or Narrative / JSON formatter
// output) rebuilt into a LevelSpec. Diagnostics point into the record file.
import { parsePythonLiteral, PythonLiteralError, type PythonValue } from '../../util/pythonLiteral';
import { lineStartOffsets, type Diagnostic, type Range } from '../../util/text';
import { levelFromDescription, type EnvDescription } from './description';
import type { LevelSpec } from './env';
import { parseJsonDescription, parseNarrative } from './otherFormats';
import type { BabyTask } from './prompts';
import type { LocatedField, RawRecord } from './recordFiles';
import { type DescriptionSource, parseStructured } from './structured';
import { type LevelLocator, validateLevel } from './validation';
import { ACTION_NAMES, sameVec, type Vec } from './world';

export interface Pose {
  pos: Vec;
  dir: number;
}

export interface BabyRecord {
  task: BabyTask | null;
  levelName: string;
  seed: number | null;
  description: string;
  initialState: Pose | null;
  /** Predict: action_sequence; Plan: expert_action_sequence (action indices). */
  actions: number[];
  targetState: Pose | null;
  targetSubgoal: Vec | null;
  mission: string | null;
  helpCount: number | null;
}

export interface LoadedRecord {
  record: BabyRecord;
  spec: LevelSpec | null;
  diagnostics: Diagnostic[];
}

const isInt = (value: PythonValue | undefined): value is number => typeof value === 'number' && Number.isInteger(value);

function literal(field: LocatedField, diagnostics: Diagnostic[], what: string): PythonValue | undefined {
  try {
    return parsePythonLiteral(field.value);
  } catch (error) {
    const offset = error instanceof PythonLiteralError ? error.offset : 0;
    diagnostics.push({
      severity: 'error',
      code: 'babyai/record-field',
      message: `${what}: ${error instanceof Error ? error.message : String(error)}`,
      range: { start: field.positionOf(offset), end: field.positionOf(offset + 1) },
    });
    return undefined;
  }
}

function pose(field: LocatedField | undefined, diagnostics: Diagnostic[], name: string): Pose | null {
  if (!field) return null;
  const value = literal(field, diagnostics, name);
  if (
    Array.isArray(value) &&
    value.length === 2 &&
    Array.isArray(value[0]) &&
    value[0].length === 2 &&
    isInt(value[0][0]) &&
    isInt(value[0][1]) &&
    isInt(value[1]) &&
    value[1] >= 0 &&
    value[1] <= 3
  )
    return { pos: [value[0][0], value[0][1]], dir: value[1] };
  if (value !== undefined)
    diagnostics.push({
      severity: 'error',
      code: 'babyai/record-field',
      message: `${name} must be ((x, y), dir) with dir 0..3`,
      range: field.range,
    });
  return null;
}

function actionList(field: LocatedField | undefined, diagnostics: Diagnostic[]): number[] {
  if (!field || field.value.trim() === '') return [];
  const actions: number[] = [];
  let offset = 0;
  for (const token of field.value.split(',')) {
    const name = token.trim();
    const index = (ACTION_NAMES as readonly string[]).indexOf(name);
    const start = offset + token.indexOf(name);
    if (index < 0)
      diagnostics.push({
        severity: 'error',
        code: 'babyai/unknown-action',
        message: `unknown action '${name}' (expected ${ACTION_NAMES.join(', ')})`,
        range: { start: field.positionOf(start), end: field.positionOf(start + Math.max(1, name.length)) },
      });
    else actions.push(index);
    offset += token.length + 1;
  }
  return actions;
}

/** Maps diagnostics of the description text (its own lines) into the record file. */
function relocate(diagnostics: Diagnostic[], field: LocatedField): Diagnostic[] {
  // The description parsers split lines at \r\n, lone \r and \n; so does this.
  const lineStarts = lineStartOffsets(field.value);
  const map = (p: { line: number; character: number }) => field.positionOf((lineStarts[p.line] ?? 0) + p.character);
  return diagnostics.map((d) => ({ ...d, range: { start: map(d.range.start), end: map(d.range.end) } }));
}

/** Which formatter wrote a description. */
function descriptionFormat(text: string): 'structured' | 'narrative' | 'json' {
  if (text.trimStart().startsWith('{')) return 'json';
  if (/^An agent is in a grid world made of/.test(text)) return 'narrative';
  return 'structured';
}

/** Parses a description of any of the three formats; diagnostics are relative to the text. */
export function parseDescription(text: string): {
  description: EnvDescription | null;
  diagnostics: Diagnostic[];
  source?: DescriptionSource;
} {
  const format = descriptionFormat(text);
  if (format === 'json') return parseJsonDescription(text);
  if (format === 'narrative') return parseNarrative(text);
  return parseStructured(text);
}

/** Interprets one raw record; `spec` is null when the description cannot be rebuilt. */
export function loadRecord(raw: RawRecord): LoadedRecord {
  const diagnostics: Diagnostic[] = [];
  const record = readRecordFields(raw, diagnostics);
  const descriptionField = raw.fields.get('env_description');
  if (!descriptionField) {
    diagnostics.push(missingField('env_description', raw.range));
    return { record, spec: null, diagnostics };
  }
  const parsed = parseDescription(descriptionField.value);
  diagnostics.push(...relocate(parsed.diagnostics, descriptionField));
  if (!parsed.description) return { record, spec: null, diagnostics };
  const spec = levelFromDescription(parsed.description);
  diagnostics.push(
    ...relocate(validateLevel(spec, descriptionLocator(descriptionField.value, parsed.source)), descriptionField),
  );
  diagnostics.push(...disagreements(record, spec, raw));
  return { record, spec, diagnostics };
}

function missingField(name: string, range: Range): Diagnostic {
  return { severity: 'error', code: 'babyai/record-missing', message: `the record has no ${name}`, range };
}

/** The record's own fields (the description as text), each problem added to `diagnostics`. */
function readRecordFields(raw: RawRecord, diagnostics: Diagnostic[]): BabyRecord {
  const field = (name: string) => raw.fields.get(name);
  const levelName = (field('level_name') ?? field('env_name'))?.value ?? '';
  if (!levelName) diagnostics.push(missingField('level_name (or env_name)', raw.range));
  const seedText = field('seed')?.value;
  const seed = seedText !== undefined && /^\d+$/.test(seedText.trim()) ? Number(seedText) : null;
  // The task is told by the fields only its files have.
  const task: BabyTask | null =
    field('target_state') || field('action_sequence')
      ? 'predict'
      : field('expert_action_sequence') || field('target_subgoal')
        ? 'plan'
        : field('help_count') || field('mission')
          ? 'decompose'
          : null;
  const initialState = pose(field('initial_state'), diagnostics, 'initial_state');
  const targetState = pose(field('target_state'), diagnostics, 'target_state');
  const targetSubgoal = subgoalCell(field('target_subgoal'), diagnostics);
  const actions = actionList(field('action_sequence') ?? field('expert_action_sequence'), diagnostics);
  const helpText = field('help_count')?.value;
  return {
    task,
    levelName,
    seed,
    description: field('env_description')?.value ?? '',
    initialState,
    actions,
    targetState,
    targetSubgoal,
    mission: field('mission')?.value ?? null,
    helpCount: helpText !== undefined && /^\d+$/.test(helpText.trim()) ? Number(helpText) : null,
  };
}

/** Plan's `target_subgoal`, an (x, y) cell; null when absent or not one (then said in `diagnostics`). */
function subgoalCell(subgoalField: LocatedField | undefined, diagnostics: Diagnostic[]): Vec | null {
  if (!subgoalField) return null;
  const value = literal(subgoalField, diagnostics, 'target_subgoal');
  if (Array.isArray(value) && value.length === 2 && isInt(value[0]) && isInt(value[1])) return [value[0], value[1]];
  if (value !== undefined)
    diagnostics.push({
      severity: 'error',
      code: 'babyai/record-field',
      message: 'target_subgoal must be (x, y)',
      range: subgoalField.range,
    });
  return null;
}

/** Where the record's initial_state and mission differ from the level its description rebuilds. */
function disagreements(record: BabyRecord, spec: LevelSpec, raw: RawRecord): Diagnostic[] {
  const found: Diagnostic[] = [];
  const { initialState } = record;
  const initialField = raw.fields.get('initial_state');
  if (
    initialState &&
    initialField &&
    (!sameVec(initialState.pos, spec.agent.pos) || initialState.dir !== spec.agent.dir)
  )
    found.push({
      severity: 'warning',
      code: 'babyai/initial-state-mismatch',
      message: `initial_state ((${initialState.pos.join(', ')}), ${initialState.dir}) differs from the description's agent ((${spec.agent.pos.join(', ')}), ${spec.agent.dir})`,
      range: initialField.range,
    });
  const missionField = raw.fields.get('mission');
  if (record.mission !== null && missionField && record.mission !== spec.mission)
    found.push({
      severity: 'warning',
      code: 'babyai/mission-mismatch',
      message: `mission differs from the description's '${spec.mission}'`,
      range: missionField.range,
    });
  return found;
}

/** Ranges inside a description text for the level checks (whole text when the format has no lines). */
export function descriptionLocator(text: string, source: DescriptionSource | undefined): LevelLocator {
  const lines = text.split(/\r\n|\r|\n/);
  const last = lines.length - 1;
  const whole: Range = { start: { line: 0, character: 0 }, end: { line: last, character: lines[last].length } };
  const lineRange = (where: { line: number; start: number; end: number } | undefined): Range =>
    where
      ? { start: { line: where.line, character: where.start }, end: { line: where.line, character: where.end } }
      : whole;
  return {
    whole,
    size: lineRange(source?.line('gridSize')),
    agent: lineRange(source?.line('agentPos')),
    object: (index) => lineRange(source?.objects[index]),
    mission: (span) => {
      const where = source?.line('mission');
      if (!where) return whole;
      const column = source!.missionColumn;
      return {
        start: { line: where.line, character: column + span.start },
        end: { line: where.line, character: column + span.end },
      };
    },
  };
}
