// The BabyAI mission language (verifier.py surfaces), parsed back into instructions:
//   go to D | pick up D | open D | put D next to D, joined by " and " (And),
//   ", then " (Before) and " after you " (After); D = the|a [colour] type|object [location].
// Parse errors carry the character span inside the mission text, so files can underline it.
import { COLOR_NAMES, isColor, type Color } from './world';

export const LOCATION_NAMES = ['left', 'right', 'front', 'behind'] as const;
export type LocationName = (typeof LOCATION_NAMES)[number];
export type DescType = 'door' | 'key' | 'ball' | 'box' | null;

export interface Span {
  start: number;
  end: number;
}

/** ObjDesc(type, color, loc) as written in a mission, with where it was written. */
export interface ObjDescSpec {
  type: DescType;
  color: Color | null;
  loc: LocationName | null;
  article: 'the' | 'a';
  span: Span;
}

export type ActionInstrSpec =
  | { kind: 'goto'; desc: ObjDescSpec; span: Span }
  | { kind: 'pickup'; desc: ObjDescSpec; span: Span }
  | { kind: 'open'; desc: ObjDescSpec; span: Span }
  | { kind: 'putnext'; move: ObjDescSpec; fixed: ObjDescSpec; span: Span };
export type AndInstrSpec = { kind: 'and'; a: ActionInstrSpec; b: ActionInstrSpec; span: Span };
export type InstrSpec =
  | ActionInstrSpec
  | AndInstrSpec
  | { kind: 'before' | 'after'; a: ActionInstrSpec | AndInstrSpec; b: ActionInstrSpec | AndInstrSpec; span: Span };

export class MissionError extends Error {
  constructor(
    message: string,
    readonly span: Span,
  ) {
    super(message);
  }
}

const LOCATION_SUFFIXES: ReadonlyArray<[string, LocationName]> = [
  [' in front of you', 'front'],
  [' behind you', 'behind'],
  [' on your left', 'left'],
  [' on your right', 'right'],
];

function parseDesc(text: string, offset: number): ObjDescSpec {
  const span = { start: offset, end: offset + text.length };
  const words = /^(the|a) (.+)$/.exec(text);
  if (!words) throw new MissionError(`an object description starts with 'the' or 'a', found '${text}'`, span);
  let rest = words[2];
  let loc: LocationName | null = null;
  for (const [suffix, name] of LOCATION_SUFFIXES) {
    if (rest.endsWith(suffix)) {
      loc = name;
      rest = rest.slice(0, -suffix.length);
      break;
    }
  }
  const parts = rest.split(' ');
  if (parts.length > 2)
    throw new MissionError(
      `'${text}' is not an object description ([colour] key|ball|box|door|object [location])`,
      span,
    );
  const typeWord = parts[parts.length - 1];
  const colorWord = parts.length === 2 ? parts[0] : null;
  if (colorWord !== null && !isColor(colorWord))
    throw new MissionError(`unknown colour '${colorWord}' (expected ${COLOR_NAMES.join(', ')})`, span);
  if (!['door', 'key', 'ball', 'box', 'object'].includes(typeWord))
    throw new MissionError(`unknown object type '${typeWord}' (expected key, ball, box, door or object)`, span);
  return {
    type: typeWord === 'object' ? null : (typeWord as DescType),
    color: colorWord as Color | null,
    loc,
    article: words[1] as 'the' | 'a',
    span,
  };
}

function parseAction(text: string, offset: number): ActionInstrSpec {
  const span = { start: offset, end: offset + text.length };
  const prefixed = (prefix: string) =>
    text.startsWith(prefix) ? parseDesc(text.slice(prefix.length), offset + prefix.length) : null;
  if (text.startsWith('put ')) {
    const at = text.indexOf(' next to ');
    if (at < 0) throw new MissionError("'put' needs 'next to'", span);
    const move = parseDesc(text.slice(4, at), offset + 4);
    const fixed = parseDesc(text.slice(at + 9), offset + at + 9);
    if (move.type === 'door') throw new MissionError('a door cannot be put next to something', move.span);
    return { kind: 'putnext', move, fixed, span };
  }
  const goTo = prefixed('go to ');
  if (goTo) return { kind: 'goto', desc: goTo, span };
  const pickUp = prefixed('pick up ');
  if (pickUp) {
    if (pickUp.type === 'door') throw new MissionError('a door cannot be picked up', pickUp.span);
    return { kind: 'pickup', desc: pickUp, span };
  }
  const open = prefixed('open ');
  if (open) {
    if (open.type !== 'door') throw new MissionError('only doors can be opened', open.span);
    return { kind: 'open', desc: open, span };
  }
  throw new MissionError(`'${text}' does not start with 'go to', 'pick up', 'open' or 'put'`, span);
}

function parseAndOrAction(text: string, offset: number): ActionInstrSpec | AndInstrSpec {
  const span = { start: offset, end: offset + text.length };
  const at = text.indexOf(' and ');
  if (at < 0) return parseAction(text, offset);
  const a = parseAction(text.slice(0, at), offset);
  const b = parseAction(text.slice(at + 5), offset + at + 5);
  return { kind: 'and', a, b, span };
}

/** Parses a mission string; throws MissionError with the span at fault. */
export function parseMission(mission: string): InstrSpec {
  const span = { start: 0, end: mission.length };
  if (mission.trim() === '') throw new MissionError('the mission is empty', span);
  for (const [separator, kind] of [
    [', then ', 'before'],
    [' after you ', 'after'],
  ] as const) {
    const at = mission.indexOf(separator);
    if (at >= 0) {
      const a = parseAndOrAction(mission.slice(0, at), 0);
      const b = parseAndOrAction(mission.slice(at + separator.length), at + separator.length);
      return { kind, a, b, span };
    }
  }
  return parseAndOrAction(mission, 0);
}

/** The object descriptions a mission mentions, in reading order. */
export function missionDescs(instr: InstrSpec): ObjDescSpec[] {
  switch (instr.kind) {
    case 'goto':
    case 'pickup':
    case 'open':
      return [instr.desc];
    case 'putnext':
      return [instr.move, instr.fixed];
    default:
      return [...missionDescs(instr.a), ...missionDescs(instr.b)];
  }
}

/** num_navs_needed: 2 for PutNext, 1 for other actions, summed over sequences (max_steps, §9). */
export function numNavs(instr: InstrSpec): number {
  if (instr.kind === 'putnext') return 2;
  if (instr.kind === 'goto' || instr.kind === 'pickup' || instr.kind === 'open') return 1;
  return numNavs(instr.a) + numNavs(instr.b);
}
