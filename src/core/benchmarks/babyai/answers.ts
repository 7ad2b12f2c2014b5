// Answer extraction and parsing (llms/utils.py::parser and evaluators/utils.py, spec §5). Model
// output is data: regexes only. Reference mode keeps upstream's defects (the last character
// dropped without <END>, unknown plan tokens dropped); faithful mode differs as spec §12 says.
import type { SubgoalCall } from './omnibot';
import type { BabyTask } from './prompts';
import { ACTION_NAMES, type Vec } from './world';

export type BabyaiScoringMode = 'faithful' | 'reference';

/** The phrases that open a Predict or Plan answer, lower-cased as the parser searches for them. */
export const MARKERS: Record<'predict' | 'plan', string> = {
  predict: "the agent's final state is: ",
  plan: "the llm's action sequence is: ",
};

/** Python str.strip(): whitespace as Python's str.isspace sees it (close enough: JS \s). */
const pyStrip = (text: string) => text.replace(/^\s+|\s+$/g, '');

/** parser(): the answer part of a reply; "" when the marker is missing. */
export function extractAnswer(output: string, task: BabyTask, mode: BabyaiScoringMode = 'reference'): string {
  const lower = output.toLowerCase();
  if (task === 'decompose') {
    const start = lower.indexOf('<start>\n');
    if (start < 0) return '';
    const end = lower.indexOf('\n<end>');
    // Python's slice [a:-1] when find() returns −1 drops the last character.
    const stop = end >= 0 ? end : mode === 'reference' ? output.length - 1 : output.length;
    return pyStrip(output.slice(start + '<start>\n'.length, Math.max(start + '<start>\n'.length, stop)));
  }
  const index = lower.indexOf(MARKERS[task]);
  return index < 0 ? '' : pyStrip(output.slice(index + MARKERS[task].length));
}

/** parse_state_prediction: ((x, y), dir), else the first three integers, else null. */
export function parseStatePrediction(text: string): { pos: Vec; dir: number } | null {
  const match = /\(\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*,\s*(-?\d+)\s*\)/.exec(text);
  const numbers = match ? match.slice(1, 4) : (text.match(/-?\d+/g) ?? []).slice(0, 3);
  if (numbers.length < 3) return null;
  const [x, y, dir] = numbers.map(Number);
  return { pos: [x, y], dir };
}

interface ParsedPlan {
  actions: number[];
  /** Tokens that are not action names (reference drops them; faithful rejects the plan). */
  unknown: string[];
}

/** str_action_seq_to_int: split on ",", strip, lower-case, keep action names. */
export function parsePlan(text: string): ParsedPlan {
  const actions: number[] = [];
  const unknown: string[] = [];
  for (const raw of text.split(',')) {
    const token = pyStrip(raw).toLowerCase();
    const index = (ACTION_NAMES as readonly string[]).indexOf(token);
    if (index >= 0) actions.push(index);
    else if (token !== '') unknown.push(token);
  }
  return { actions, unknown };
}

const SUBGOAL_NAMES = [
  'GoNextToSubgoal',
  'OpenSubgoal',
  'CloseSubgoal',
  'DropSubgoal',
  'PickupSubgoal',
  'ExploreSubgoal',
];

export class SubgoalParseError extends Error {
  constructor(
    message: string,
    /** 0-based line inside the extracted block. */
    readonly line: number,
  ) {
    super(message);
  }
}

/** parse_str_subgoals + instantiate_subgoals' name check; throws SubgoalParseError (ValueError). */
export function parseSubgoals(block: string): SubgoalCall[] {
  return block.split('\n').map((input, line) => {
    let s = pyStrip(input);
    if (s.startsWith('(') && s.endsWith(')')) s = pyStrip(s.slice(1, -1));
    const withTuple = /^([^,]+?)\s*,\s*\(\s*([^()]+?)\s*\)$/.exec(s);
    const withoutTuple = /^([^,]+)$/.exec(s);
    let name: string;
    let args: number[] | null = null;
    if (withTuple) {
      name = pyStrip(withTuple[1]);
      const parts = withTuple[2].split(',').map(pyStrip);
      // Python int() accepts an optional sign and surrounding whitespace, nothing else here.
      if (!parts.every((part) => /^[-+]?\d+$/.test(part)))
        throw new SubgoalParseError(`invalid literal for int() in ${JSON.stringify(input)}`, line);
      args = parts.map(Number);
    } else if (withoutTuple) name = pyStrip(withoutTuple[1]);
    else throw new SubgoalParseError(`Input string format not recognized: ${JSON.stringify(input)}`, line);
    if (!SUBGOAL_NAMES.includes(name)) throw new SubgoalParseError(`Unknown subgoal type: ${name}`, line);
    return { name: name as SubgoalCall['name'], args };
  });
}
