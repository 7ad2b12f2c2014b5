// Re-skinned variants of a MANGO game for contamination checks (`waypoint mango reskin`): the same
// maze under new names, or with its compass turned. A model that scores lower on the re-skin than on
// the original has likely memorised the original's walkthrough rather than read it.
// - rename: every location gets a fresh "<adjective> <noun>" name (no word of any original name),
//   replaced wherever it appears in the walkthrough, whole words, keeping the case style; every
//   non-direction action gets a fresh verb phrase, in edges and on the ACT lines that use it.
// - rotate / reflect: the eight compass words (with -ern/-erly/-ward(s) endings and hyphenated
//   forms), and the abbreviations on ACT lines, are mapped in the walkthrough, the actions and the
//   location names alike; up/down stay. Rotations and reflections map opposite directions to
//   opposite directions, so `seen_in_reversed` keeps its meaning.
// Step numbers and labels are untouched; edges.json keeps its order, skeleton lines are regenerated.
import { seededRandom } from '../../../util/random';
import { normaliseAction, OPPOSITE_DIRECTIONS } from '../walkthrough/directions';
import { ROOM_ADJECTIVES, ROOM_NOUNS, RENAMED_ACTIONS } from './generateWords';
import { stripBom } from '../../../util/bom';
import { parseEdgesFile } from '../walkthrough/gameFiles';
import { skeletonFile } from './generate';
import { indentedJson } from './generatedFiles';
import { parseSkeletonLine } from '../skeletons/skeletonLines';
import type { EdgeRecord } from '../types';

export type ReskinTransform =
  | { kind: 'rename'; seed: string }
  | { kind: 'rotate'; degrees: 90 | 180 | 270 }
  | { kind: 'reflect'; axis: 'ns' | 'ew' };

interface ReskinInput {
  /** The original game's name, recorded in the pairing file. */
  original?: string;
  /** The new game's name (file prefix). */
  name: string;
  walkthrough: string;
  edgesJson: string;
  transform: ReskinTransform;
  canary?: string;
  sha256Hex?: (text: string) => string;
}

export class ReskinError extends Error {}

const COMPASS = ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'];
const ABBREVIATION: Record<string, string> = {
  north: 'n',
  northeast: 'ne',
  east: 'e',
  southeast: 'se',
  south: 's',
  southwest: 'sw',
  west: 'w',
  northwest: 'nw',
};

/** The compass map of a rotation (clockwise) or reflection: north → east for 90°. */
export function compassMap(transform: Exclude<ReskinTransform, { kind: 'rename' }>): Map<string, string> {
  const map = new Map<string, string>();
  COMPASS.forEach((direction, index) => {
    // Directions are 45° apart clockwise from north; `ns` swaps north and south (index 4 - i), `ew` east and west (8 - i).
    let target: number;
    if (transform.kind === 'rotate') target = index + transform.degrees / 45;
    else target = transform.axis === 'ew' ? 8 - index : 4 - index;
    map.set(direction, COMPASS[((target % 8) + 8) % 8]);
  });
  return map;
}

/**
 * `<game>.reskin.json`: each re-skinned question's id → the original question's id, so a run on the
 * re-skin pairs with a run on the original (`waypoint compare A B --pairs <game>.reskin.json`): the
 * ids are hashes of the (renamed) rooms and actions, so they differ. Line i of both regenerated
 * skeleton files is the same question (the edges keep their order). The validator skips the file.
 */
function pairingFile(
  input: ReskinInput,
  records: readonly EdgeRecord[],
  written: { df: string; rf: string },
): { original: string | null; transform: ReskinTransform; sample_ids: Record<string, string> } {
  const sampleIds: Record<string, string> = {};
  // Our own generator's lines, read back through the skeleton line parser (never a cast JSON.parse).
  const ids = (task: 'df' | 'rf', text: string) =>
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line, index) => {
        const parsed = parseSkeletonLine(task, line, index);
        if (!parsed.ok) throw new ReskinError(`internal: regenerated ${task} line ${index + 1} does not parse`);
        return parsed.value.id;
      });
  for (const task of ['df', 'rf'] as const) {
    const before = ids(task, skeletonFile(task, records, { sha256Hex: input.sha256Hex }));
    // The files just written (a canary is an extra field the line parser ignores).
    const after = ids(task, written[task]);
    after.forEach((id, index) => {
      sampleIds[id] = before[index];
    });
  }
  return { original: input.original ?? null, transform: input.transform, sample_ids: sampleIds };
}

/** How a re-skin maps each kind of text, and the names it changed (old → new). */
interface Reskinning {
  mapName: (name: string) => string;
  mapAction: (action: string) => string;
  /** Walkthrough observations. */
  mapText: (text: string) => string;
  /** Walkthrough acts (commands as typed, abbreviations included). */
  mapAct: (act: string) => string;
  renamed: Map<string, string>;
}

/** `--rename-seed`: fresh names for every location and action, seeded. */
function renaming(seed: string, locations: readonly string[], actions: readonly string[]): Reskinning {
  const renamed = new Map<string, string>();
  const names = freshNames(seed, locations, actions);
  locations.forEach((name, index) => renamed.set(name, names.locations[index]));
  const newActions = new Map(names.actions);
  for (const [from, to] of newActions) renamed.set(from, to);
  return {
    mapName: (name) => renamed.get(name) ?? name,
    mapAction: (action) => newActions.get(action) ?? action,
    mapText: nameReplacer(new Map(locations.map((name) => [name, renamed.get(name) as string]))),
    mapAct: (act) => newActions.get(normaliseAction(act)) ?? act,
    renamed,
  };
}

/** `--rotate` or `--reflect`: every compass word (and abbreviation, in acts) turned. */
function compassTurn(
  transform: Exclude<ReskinTransform, { kind: 'rename' }>,
  locations: readonly string[],
  actions: readonly string[],
): Reskinning {
  const renamed = new Map<string, string>();
  const compass = compassMap(transform);
  const words = compassReplacer(compass);
  const abbreviations = new Map(
    COMPASS.map((direction) => [ABBREVIATION[direction], ABBREVIATION[compass.get(direction) as string]]),
  );
  for (const name of [...locations, ...actions]) if (words(name) !== name) renamed.set(name, words(name));
  return {
    mapName: words,
    mapAction: words,
    mapText: words,
    mapAct: (act) =>
      words(act).replace(/(?<![A-Za-z])(ne|nw|se|sw|n|e|s|w)(?![A-Za-z])/gi, (match) =>
        keepCase(match, abbreviations.get(match.toLowerCase()) as string),
      ),
    renamed,
  };
}

/** Builds the re-skinned game's files. */
export function reskinGame(input: ReskinInput): {
  files: Array<{ name: string; text: string }>;
  renamed: Map<string, string>;
} {
  if (input.canary !== undefined && /[\r\n]/.test(input.canary)) throw new ReskinError('the canary must be one line');
  // The validator's own parser: a broken file is refused with the position of its first error.
  const parsed = parseEdgesFile(stripBom(input.edgesJson));
  const problem = parsed.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  if (problem)
    throw new ReskinError(
      `edges.json:${problem.range.start.line + 1}:${problem.range.start.character + 1}: ${problem.message}`,
    );
  const records: EdgeRecord[] = parsed.edges.map((edge) => edge.record);
  const locations = [...new Set(records.flatMap((record) => [record.src_node, record.dst_node]))];
  const actions = [...new Set(records.map((record) => record.action))];
  const { mapName, mapAction, mapText, mapAct, renamed } =
    input.transform.kind === 'rename'
      ? renaming(input.transform.seed, locations, actions)
      : compassTurn(input.transform, locations, actions);
  const newRecords = records.map((record) => ({
    ...record,
    src_node: mapName(record.src_node),
    dst_node: mapName(record.dst_node),
    action: mapAction(record.action),
  }));
  const walkthrough = mapWalkthrough(input.walkthrough, mapText, mapAct, input.canary);
  const g = input.name;
  const skeletons = {
    df: skeletonFile('df', newRecords, { sha256Hex: input.sha256Hex }, input.canary),
    rf: skeletonFile('rf', newRecords, { sha256Hex: input.sha256Hex }, input.canary),
  };
  return {
    files: [
      { name: `${g}.walkthrough`, text: walkthrough },
      { name: `${g}.edges.json`, text: indentedJson(newRecords) },
      { name: `${g}.actions.json`, text: indentedJson([...new Set(newRecords.map((record) => record.action))]) },
      {
        name: `${g}.locations.json`,
        text: indentedJson([...new Set(newRecords.flatMap((record) => [record.src_node, record.dst_node]))]),
      },
      { name: `${g}.all2all.jsonl`, text: skeletons.df },
      { name: `${g}.all_pairs.jsonl`, text: skeletons.rf },
      { name: `${g}.reskin.json`, text: indentedJson(pairingFile(input, records, skeletons)) },
    ],
    renamed,
  };
}

/** ACT lines through `mapAct`, every other line (observations) through `mapText`; headers kept. */
function mapWalkthrough(
  text: string,
  mapText: (text: string) => string,
  mapAct: (act: string) => string,
  canary: string | undefined,
): string {
  let canaryPending = canary !== undefined;
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('==>ACT: ')) return `==>ACT: ${mapAct(line.slice('==>ACT: '.length))}`;
      if (line.startsWith('==>STEP NUM:') || /^=+\r?$/.test(line)) return line;
      if (line.startsWith('==>OBSERVATION: ')) {
        const mapped = `==>OBSERVATION: ${mapText(line.slice('==>OBSERVATION: '.length))}`;
        if (!canaryPending) return mapped;
        // The first observation (the opening banner) carries the canary on a line of its own.
        canaryPending = false;
        return `${mapped}\nCanary: ${canary}`;
      }
      return mapText(line);
    })
    .join('\n');
}

function keepCase(original: string, replacement: string): string {
  if (original === original.toUpperCase() && original !== original.toLowerCase()) return replacement.toUpperCase();
  if (original[0] !== original[0].toLowerCase())
    return replacement.replace(/(^|[\s-])([a-z])/g, (_, space: string, letter: string) => space + letter.toUpperCase());
  return replacement;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces whole-word occurrences of the names (longest first, any case) by their new names. */
function nameReplacer(names: ReadonlyMap<string, string>): (text: string) => string {
  const ordered = [...names.keys()].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  // Spaces in a name match any run of spaces (titles and prose wrap differently).
  const pattern = new RegExp(
    `(?<![A-Za-z0-9])(${ordered.map((name) => escapeRegExp(name).replace(/ /g, '\\s+')).join('|')})(?![A-Za-z0-9])`,
    'gi',
  );
  const byKey = new Map([...names].map(([from, to]) => [from.toLowerCase(), to]));
  return (text) =>
    text.replace(pattern, (match) => keepCase(match, byKey.get(match.toLowerCase().replace(/\s+/g, ' ')) ?? match));
}

/** Maps compass words (north, North-East, NORTHERN, westward...) through `compass`. */
function compassReplacer(compass: ReadonlyMap<string, string>): (text: string) => string {
  const pattern = /(?<![A-Za-z])(north|south)?(-?)(east|west)?(ern|erly|wards|ward)?(?![A-Za-z])/gi;
  return (text) =>
    text.replace(
      pattern,
      (match, first: string | undefined, hyphen: string, second: string | undefined, ending: string | undefined) => {
        if (first === undefined && second === undefined) return match;
        // A hyphen joins a compound (north-east) only after north/south; otherwise it is kept as it is.
        const compound = first !== undefined && second !== undefined;
        const before = first === undefined ? hyphen : '';
        const after = first !== undefined && second === undefined ? hyphen : '';
        const lettersOnly = `${first ?? ''}${second ?? ''}`;
        const target = compass.get(lettersOnly.toLowerCase());
        if (target === undefined) return match;
        const spelled =
          compound && hyphen !== '' && /^(north|south)(east|west)$/.test(target)
            ? target.replace(/^(north|south)/, '$1-')
            : target;
        return `${before}${keepCase(lettersOnly, spelled)}${after}${ending ?? ''}`;
      },
    );
}

/** Seeded fresh names: locations "<adjective> <noun>", actions from RENAMED_ACTIONS; no original word reused. */
function freshNames(
  seed: string,
  locations: readonly string[],
  actions: readonly string[],
): { locations: string[]; actions: Array<[string, string]> } {
  const random = seededRandom(`reskin:${seed}`);
  const used = new Set([...locations, ...actions].flatMap((name) => name.toLowerCase().split(/[\s-]+/)));
  const adjectives = random.shuffled(ROOM_ADJECTIVES.filter((word) => !used.has(word)));
  const nouns = random.shuffled(ROOM_NOUNS.filter((word) => !used.has(word)));
  const combinations: string[] = [];
  const chosen = new Set<string>();
  for (let index = 0; combinations.length < locations.length; index++) {
    if (index >= adjectives.length * nouns.length)
      throw new ReskinError(`too many locations (${locations.length}) for the word lists`);
    // Walk the grid diagonally so consecutive names share neither word.
    const adjective = adjectives[index % adjectives.length];
    const noun = nouns[(index + Math.floor(index / adjectives.length)) % nouns.length];
    if (chosen.has(`${adjective} ${noun}`)) continue;
    chosen.add(`${adjective} ${noun}`);
    combinations.push(`${adjective} ${noun}`);
  }
  const renamedActions: Array<[string, string]> = [];
  const taken = new Set<string>();
  let next = 0;
  for (const action of actions) {
    if (action in OPPOSITE_DIRECTIONS) continue;
    let fresh: string;
    do {
      fresh = RENAMED_ACTIONS[next % RENAMED_ACTIONS.length].replace(
        '{noun}',
        nouns[(nouns.length - 1 - Math.floor(next / RENAMED_ACTIONS.length)) % nouns.length],
      );
      next++;
    } while (taken.has(fresh));
    taken.add(fresh);
    renamedActions.push([action, fresh]);
  }
  return { locations: combinations, actions: renamedActions };
}
