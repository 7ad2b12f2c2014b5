// The three encodings of the agent settings (spec §4) and the eight settings in upstream order.
import type { GraspSettings, GraspScoringMode } from './types';

/** The eight settings in the order baseline files and custom_ids enumerate them: (m, e, c). */
export const ALL_SETTINGS: readonly GraspSettings[] = [4, 8].flatMap((moves) =>
  (['none', 2] as const).flatMap((carryLimit) =>
    ([0, 0.3] as const).map((stepCost) => ({ moves: moves as 4 | 8, carryLimit, stepCost })),
  ),
);

/** The custom_id flags m, e, c (0 or 1 each). */
export function settingsFlags(settings: GraspSettings): [m: 0 | 1, e: 0 | 1, c: 0 | 1] {
  return [settings.moves === 8 ? 1 : 0, settings.carryLimit === 2 ? 1 : 0, settings.stepCost > 0 ? 1 : 0];
}

function settingsFromFlags(m: 0 | 1, e: 0 | 1, c: 0 | 1): GraspSettings {
  return { moves: m === 1 ? 8 : 4, carryLimit: e === 1 ? 2 : 'none', stepCost: c === 1 ? 0.3 : 0 };
}

/** `<file>.jsonl-<index>-<m>-<e>-<c>` as the batch requests name it. */
export function customIdOf(fileName: string, index: number, settings: GraspSettings): string {
  return `${fileName}-${index}-${settingsFlags(settings).join('-')}`;
}

interface ParsedCustomId {
  /** The grid file's name, `.jsonl` included. */
  file: string;
  index: number;
  settings: GraspSettings;
}

/** Splits once at `.jsonl-`, then the rest on `-` (spec §4); null when the id is not of that shape. */
export function parseCustomId(customId: string): ParsedCustomId | null {
  const at = customId.indexOf('.jsonl-');
  if (at < 0) return null;
  return wellFormedCustomId(customId, at) ?? customIdBySplitting(customId, at);
}

/** The general reading (exported so a test holds the fast path to it): the rest after `.jsonl-` split on `-`. */
export function customIdBySplitting(customId: string, at = customId.indexOf('.jsonl-')): ParsedCustomId | null {
  if (at < 0) return null;
  const parts = customId.slice(at + '.jsonl-'.length).split('-');
  if (parts.length !== 4 || !/^\d+$/.test(parts[0]) || !parts.slice(1).every((flag) => flag === '0' || flag === '1'))
    return null;
  const [m, e, c] = parts.slice(1).map(Number) as Array<0 | 1>;
  const file = customId.slice(0, at + '.jsonl'.length);
  if (!isPlainFileName(file)) return null;
  return { file, index: Number(parts[0]), settings: settingsFromFlags(m, e, c) };
}

/** `0`..`9`, `0` or `1`, `-` as char codes. */
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const HYPHEN = 45;

const isFlag = (code: number) => code === DIGIT_0 || code === DIGIT_0 + 1;

/** The last file name checked by isPlainFileName and its verdict: the rows of a results file come grouped by grid file. */
let lastFile = '';
let lastPlain = false;

/**
 * parseCustomId for the shape every upstream id has (`<digits>-<0|1>-<0|1>-<0|1>` after `.jsonl-`),
 * read by character codes: bulk import parses one per row. Null for any other shape, which the
 * general reading then refuses as well (it accepts that shape only).
 */
function wellFormedCustomId(customId: string, at: number): ParsedCustomId | null {
  const from = at + '.jsonl-'.length;
  const end = customId.length;
  // At least one digit, then three `-<flag>`.
  if (end - from < 7) return null;
  if (
    customId.charCodeAt(end - 6) !== HYPHEN ||
    customId.charCodeAt(end - 4) !== HYPHEN ||
    customId.charCodeAt(end - 2) !== HYPHEN
  )
    return null;
  const m = customId.charCodeAt(end - 5);
  const e = customId.charCodeAt(end - 3);
  const c = customId.charCodeAt(end - 1);
  if (!isFlag(m) || !isFlag(e) || !isFlag(c)) return null;
  for (let index = from; index < end - 6; index++) {
    const code = customId.charCodeAt(index);
    if (code < DIGIT_0 || code > DIGIT_9) return null;
  }
  const file = customId.slice(0, from - 1);
  if (file !== lastFile) {
    lastPlain = isPlainFileName(file);
    lastFile = file;
  }
  if (!lastPlain) return null;
  return {
    file,
    index: Number(customId.slice(from, end - 6)),
    settings: settingsFromFlags((m - DIGIT_0) as 0 | 1, (e - DIGIT_0) as 0 | 1, (c - DIGIT_0) as 0 | 1),
  };
}

/**
 * A custom_id names a grid file, never a path: no separators, no `..`, no control or glob
 * characters, so `../../x.jsonl-0-0-0-0` can never resolve outside the folder it is looked up in.
 */
export function isPlainFileName(file: string): boolean {
  return !/[/\\\x00-\x1f*?[\]{}]/.test(file) && !file.includes('..') && file !== '.jsonl';
}

/**
 * Settings of a stored baseline row (`movement_prompt` 4/8, `energy_limit_prompt` 100/2,
 * `cost_of_step_prompt` 0/0.3). In reference and pre2025 modes the movement value goes to the scorer's
 * `action_set` as stored, and only 1 selects μ2 there, so 8 scores as μ1 (spec §10 item 4).
 */
export function settingsFromBaselineRow(
  row: { movement_prompt: number; energy_limit_prompt: number; cost_of_step_prompt: number },
  mode: GraspScoringMode,
): GraspSettings | null {
  const { movement_prompt: movement, energy_limit_prompt: limit, cost_of_step_prompt: cost } = row;
  if ((movement !== 4 && movement !== 8) || (limit !== 100 && limit !== 2) || (cost !== 0 && cost !== 0.3)) return null;
  // The paper mode reads 8 as μ2 too: its Table 1 is reproduced only with the diagonals allowed.
  const moves = mode === 'faithful' || mode === 'paper' ? movement : referenceMovesOf(movement);
  return { moves, carryLimit: limit === 2 ? 2 : 'none', stepCost: cost };
}

/** How `check_energy_result` reads its `action_set` argument: only 1 means μ2. */
export function referenceMovesOf(actionSet: number): 4 | 8 {
  return actionSet === 1 ? 8 : 4;
}

/** A short label such as "μ1, no limit, cost 0". */
export function describeSettings(settings: GraspSettings): string {
  return `${settings.moves === 8 ? 'μ2 (8 moves)' : 'μ1 (4 moves)'}, ${settings.carryLimit === 2 ? 'carry 2' : 'no carry limit'}, cost ${settings.stepCost}`;
}
