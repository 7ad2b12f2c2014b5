// GRASP's question set (runs.md §2): grid files × the agent settings, prepared to ask, and the grid
// loader the importers share. The order is upstream's own: a file at a time (in the order the
// sources name them, a folder's grid files by name), then, like the request files, chat by setting
// then index (batch_gpt4o.jsonl) and o1-mini by index then setting (gpt_o1_mini.jsonl), so a batch
// export can equal upstream's request file line for line.
import { isJsonObject } from '../../eval/imported';
import type { ModelProfile } from '../../eval/types';
import type { GraspQuestion } from './questionSchema';
import {
  QuestionOptionError,
  type PreparedQuestion,
  type QuestionOptionHint,
  type QuestionSet,
  type QuestionSetFiles,
  type QuestionSetOptions,
  type ScoredReply,
} from '../../benchmark/registry';
import { parseInclusiveRange } from '../../util/ranges';
import { baseName } from '../../util/walk';
import { EXTRACTION_RULES, type ExtractionRule } from './answers';
import { GRASP_RELEASE_NAME } from './declaration';
import { builtInGraspAnswer, prepareGraspQuestion, scoreGraspAnswer, type PreparedGraspQuestion } from './evaluation';
import { parseGraspGridFile, type GraspGridEntry } from './gridFile';
import { PROMPT_STYLES, type PromptStyle } from './prompt';
import { ALL_SETTINGS, settingsFlags } from './settings';
import { gridFromChars, readGridText } from './gridText';
import { graspPlayQuestion, preparedGraspEpisode } from './episode';
import {
  GRID_SIZE,
  isGraspScoringMode,
  SCORING_MODES,
  type GraspGridRecord,
  type GraspSettings,
  type GridPosition,
  type GraspScoringMode,
} from './types';
import { FileProblems, MAX_DIAGNOSTICS_PER_FILE, TOO_MANY_PROBLEMS } from '../../util/diagnosticCap';

export const GRASP_QUESTION_OPTIONS = ['settings', 'style', 'indices', 'extraction', 'task'] as const;

/** How hosts offer the options (core/runs/optionHints.ts). */
export const GRASP_QUESTION_OPTION_HINTS: Readonly<
  Record<(typeof GRASP_QUESTION_OPTIONS)[number], QuestionOptionHint>
> = {
  settings: { fallback: 'all', help: 'all, or a comma list of <moves>-<carry>-<cost> such as 8-none-0.3,4-2-0' },
  style: { choices: PROMPT_STYLES, fallback: 'chat', help: 'chat (system + user) or o1-mini (one user message)' },
  indices: { help: 'the grid indices to ask, A-B (inclusive) or one index; every grid when empty' },
  task: {
    choices: ['play'],
    help: 'play: each grid as an interactive episode, one action a turn; empty: one reply per grid',
  },
  extraction: {
    choices: EXTRACTION_RULES,
    fallback: 'recommended',
    help: 'how actions are read from a reply (both non-official)',
  },
};

/** One grid file as read: its records by index; records with errors are left out and described in the set's problems. */
export interface LoadedGridFile {
  /** The file's name as custom_ids spell it. */
  name: string;
  path: string;
  entries: GraspGridEntry[];
  byIndex: Map<number, GraspGridEntry>;
}

interface LoadedGrids {
  files: LoadedGridFile[];
  byName: Map<string, LoadedGridFile>;
  problems: string[];
}

/** Whether a name in a folder is a grid file (`*.grids.jsonl` or an upstream release name). */
export function isGridFileName(name: string): boolean {
  return name.toLowerCase().endsWith('.grids.jsonl') || GRASP_RELEASE_NAME.test(name);
}

function joinPath(folder: string, name: string): string {
  return /[\\/]$/.test(folder) ? `${folder}${name}` : `${folder}/${name}`;
}

/**
 * The grid files of `sources` (files, or folders whose grid files are taken by name, not
 * recursively). A file or record that cannot be read becomes a problem line (`path:line:col:
 * message`), never a silent skip; two files of one name would give one custom_id two grids, so the
 * second is refused.
 */
export async function loadGraspGrids(
  sources: readonly string[],
  files: QuestionSetFiles,
  options: { quick?: boolean } = {},
): Promise<LoadedGrids> {
  const loaded: LoadedGrids = { files: [], byName: new Map(), problems: [] };
  for (const source of sources) {
    let names: string[] | null;
    try {
      names = await files.list(source);
    } catch (error) {
      loaded.problems.push(`${source}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const paths =
      names === null
        ? [source]
        : names
            .filter(isGridFileName)
            .sort()
            .map((name) => joinPath(source, name));
    if (names !== null && paths.length === 0)
      loaded.problems.push(
        `${source}: no GRASP grid file (*.grids.jsonl or <inner|outer>_<distribution>_<free|block>.jsonl) in this folder`,
      );
    for (const path of paths) await loadOne(path, files, loaded, options.quick === true);
  }
  return loaded;
}

async function loadOne(path: string, files: QuestionSetFiles, loaded: LoadedGrids, quick: boolean): Promise<void> {
  const name = baseName(path);
  const other = loaded.byName.get(name);
  if (other) {
    if (other.path !== path)
      loaded.problems.push(
        `${path}: another grid file named ${name} was read first (${other.path}); custom_ids name files without their folder, so only the first is used`,
      );
    return;
  }
  let text: string;
  try {
    text = await files.readText(path);
  } catch (error) {
    loaded.problems.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  const fast = quick ? quickEntries(text) : null;
  if (fast) {
    loaded.files.push({
      name,
      path,
      entries: fast,
      byIndex: new Map(fast.map((entry) => [entry.record.index, entry])),
    });
    loaded.byName.set(name, loaded.files[loaded.files.length - 1]);
    return;
  }
  // A file of a million broken lines gives the first problems and a count, not a million lines,
  // and costs the first problems only: they are capped as read, the others counted (7 million
  // problems of a million `{}` lines, kept, took 2.4 GB), and records with an error are left out.
  const parsed = parseGraspGridFile(text, name, MAX_DIAGNOSTICS_PER_FILE, true);
  const fileProblems = new FileProblems(path, loaded.problems);
  for (const diagnostic of parsed.diagnostics) {
    if (diagnostic.code === TOO_MANY_PROBLEMS) fileProblems.count(Number(diagnostic.data?.error ?? 0));
    if (diagnostic.severity !== 'error') continue;
    fileProblems.add(
      `${path}:${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1}: ${diagnostic.message}`,
    );
  }
  fileProblems.finish();
  const entries = parsed.entries;
  const file: LoadedGridFile = {
    name,
    path,
    entries,
    byIndex: new Map(entries.map((entry) => [entry.record.index, entry])),
  };
  loaded.files.push(file);
  loaded.byName.set(name, file);
}

/**
 * The bulk importer's reading: JSON.parse and what scoring needs (the keys' types, the grid layout,
 * one A on `start`), about ten times faster than the located validator. Null when any line falls
 * short, and the caller reads the file with the validator, whose problems name the place.
 */
function quickEntries(text: string): GraspGridEntry[] | null {
  const entries: GraspGridEntry[] = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (let line = 0; line < lines.length; line++) {
    let value: unknown;
    try {
      value = JSON.parse(lines[line]);
    } catch {
      return null;
    }
    if (!isQuickRecord(value)) return null;
    const record = value;
    const read = readGridText(record.grid);
    if (read.chars === null || read.problems.length > 0) return null;
    const start: GridPosition = [record.start[0], record.start[1]];
    const starts = read.chars.flatMap((row, r) => row.flatMap((char, c) => (char === 'A' ? [[r, c]] : [])));
    if (starts.length !== 1 || starts[0][0] !== start[0] || starts[0][1] !== start[1]) return null;
    entries.push({ line, record: { ...record, start }, chars: read.chars, grid: gridFromChars(read.chars, start) });
  }
  return entries;
}

/** The fields scoring reads, with their types; the other keys are validate's business. */
function isQuickRecord(value: unknown): value is GraspGridRecord {
  if (!isJsonObject(value)) return false;
  const { index, grid, obstacle, start } = value;
  const inGrid = (coordinate: unknown) =>
    typeof coordinate === 'number' && Number.isInteger(coordinate) && coordinate >= 0 && coordinate < GRID_SIZE;
  return (
    typeof index === 'number' &&
    Number.isInteger(index) &&
    index >= 0 &&
    typeof grid === 'string' &&
    (obstacle === 'free' || obstacle === 'block') &&
    Array.isArray(start) &&
    start.length === 2 &&
    start.every(inGrid)
  );
}

/** `all` (default) or a comma list of `<moves>-<carry>-<cost>` (`8-none-0.3`), in upstream's setting order. */
export function parseSettingsOption(text: string | undefined): GraspSettings[] {
  if (text === undefined || text === 'all') return [...ALL_SETTINGS];
  const wanted = new Set<string>();
  for (const item of text.split(',').map((part) => part.trim())) {
    const match = /^(4|8)-(none|2)-(0|0\.3)$/.exec(item);
    if (!match)
      throw new QuestionOptionError(
        `--settings: '${item}' is not <moves>-<carry>-<cost> with moves 4|8, carry none|2, cost 0|0.3 (e.g. 8-none-0.3), nor 'all'`,
      );
    wanted.add(
      settingsFlags({
        moves: match[1] === '8' ? 8 : 4,
        carryLimit: match[2] === '2' ? 2 : 'none',
        stepCost: match[3] === '0.3' ? 0.3 : 0,
      }).join(''),
    );
  }
  return ALL_SETTINGS.filter((settings) => wanted.has(settingsFlags(settings).join('')));
}

/** `A-B` (inclusive) or a single index; null = every record. */
export function parseIndicesOption(
  text: string | undefined,
  option = '--indices',
): { from: number; to: number } | null {
  if (text === undefined) return null;
  return parseInclusiveRange(text, option, (message) => new QuestionOptionError(message));
}

export function inIndices(range: { from: number; to: number } | null, index: number): boolean {
  return range === null || (index >= range.from && index <= range.to);
}

function parseStyleOption(text: string | undefined): PromptStyle {
  // batch_gpt4o.jsonl (GPT-4o and GPT-3.5) sends system + user messages: the default.
  const style = (text ?? 'chat') as PromptStyle;
  if (!PROMPT_STYLES.includes(style)) throw new QuestionOptionError(`--style must be chat or o1-mini, not '${text}'`);
  return style;
}

export function parseExtractionOption(text: string | undefined): ExtractionRule {
  const rule = (text ?? 'recommended') as ExtractionRule;
  if (!EXTRACTION_RULES.includes(rule))
    throw new QuestionOptionError(`--extraction must be recommended or every-word (both non-official), not '${text}'`);
  return rule;
}

/** A mode GRASP scores in, or a QuestionOptionError naming them. */
export function graspModeOf(mode: string): GraspScoringMode {
  if (!isGraspScoringMode(mode))
    throw new QuestionOptionError(`GRASP scores in ${SCORING_MODES.join(', ')}, not '${mode}'`);
  return mode;
}

/** A GRASP question for the pipeline, with what it was built from: the editor draws the path on `grasp.grid` and re-reads the summary with `rule`. */
interface PreparedGraspRun extends PreparedQuestion<GraspQuestion> {
  readonly grasp: PreparedGraspQuestion;
  readonly rule: ExtractionRule;
}

/** A prepared GRASP question for the pipeline: built-in agents, scoring in any GRASP mode with the chosen extraction rule. */
function preparedGraspQuestion(
  prepared: PreparedGraspQuestion,
  rule: ExtractionRule = 'recommended',
): PreparedGraspRun {
  return {
    grasp: prepared,
    rule,
    question: prepared.question,
    messages: prepared.messages,
    builtInAnswer(profile: ModelProfile, seed: number): string {
      if (profile.provider !== 'oracle' && profile.provider !== 'random')
        throw new Error(
          `GRASP's built-in agents are oracle (greedy) and random (random walk), not ${profile.provider}`,
        );
      return builtInGraspAnswer(prepared, profile.provider, seed);
    },
    score(replyText: string, mode: string): ScoredReply {
      const result = scoreGraspAnswer(prepared, replyText, graspModeOf(mode), { rule });
      return { parsedAnswer: result.parsedAnswer, scores: result.scores, diagnostics: result.diagnostics };
    },
  };
}

/**
 * One grid record under one setting, prepared as `waypoint run grasp` prepares it (the editor's
 * Run GRASP Question uses this too, so both send the same messages under the same custom_id and
 * score alike). `path` is the grid file as the user sees it: recorded as gridPath, its name in the custom_id.
 */
export function prepareGraspRun(
  entry: GraspGridEntry,
  path: string,
  settings: GraspSettings,
  style: PromptStyle,
  rule: ExtractionRule = 'recommended',
): PreparedGraspRun {
  const prepared = prepareGraspQuestion(entry, path, settings, style);
  return preparedGraspQuestion({ ...prepared, question: { ...prepared.question, gridPath: path } }, rule);
}

/** The question set of runs.md §2: every readable record of every grid file in `indices` × `settings`. */
export async function graspQuestionSet(
  sources: readonly string[],
  options: QuestionSetOptions,
  files: QuestionSetFiles,
): Promise<QuestionSet<GraspQuestion>> {
  const settings = parseSettingsOption(options.settings);
  const style = parseStyleOption(options.style);
  const indices = parseIndicesOption(options.indices);
  const rule = parseExtractionOption(options.extraction);
  if (options.task !== undefined && options.task !== 'play')
    throw new QuestionOptionError(
      `GRASP's only --task is play (an interactive episode); without it each grid is asked in one reply, not '${options.task}'`,
    );
  const grids = await loadGraspGrids(sources, files);
  const questions: PreparedQuestion<GraspQuestion>[] = [];
  for (const file of grids.files) {
    const entries = file.entries
      .filter((entry) => inIndices(indices, entry.record.index))
      .sort((a, b) => a.record.index - b.record.index);
    if (options.task === 'play') {
      for (const setting of settings)
        for (const entry of entries)
          questions.push(
            preparedGraspEpisode(
              graspPlayQuestion(baseName(file.path), file.path, entry.record.index, setting),
              entry.grid,
              entry.record.obstacle === 'block',
            ),
          );
      continue;
    }
    const prepare = (entry: GraspGridEntry, setting: GraspSettings) =>
      questions.push(prepareGraspRun(entry, file.path, setting, style, rule));
    if (style === 'chat') for (const setting of settings) for (const entry of entries) prepare(entry, setting);
    else for (const entry of entries) for (const setting of settings) prepare(entry, setting);
  }
  return { questions, problems: grids.problems };
}
