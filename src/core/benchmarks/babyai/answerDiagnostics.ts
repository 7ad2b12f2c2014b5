// Diagnostics on a model's BabyAI reply (ranges in the REPLY text): where the answer phrase is, which
// state or action token is wrong and why. The values always come from the released parsers in
// answers.ts; this module only finds where in the reply those values were written, and replays
// the actions to explain no-ops, so an author sees the exact text that cost the score.
import { OffsetMapper } from '../../util/locatedJson';
import type { Diagnostic, Range } from '../../util/text';
import { plural } from '../../util/text';
import { extractAnswer, MARKERS, parseStatePrediction, type BabyaiScoringMode } from './answers';
import { pyPose } from './description';
import { BabyAIEnv, type LevelSpec } from './env';
import { type PlanScore, redBall } from './metrics';
import { ACTION_NAMES, Action, actionName, DIRECTION_NAMES, type Vec, type WorldObj } from './world';

/** Stable codes of reply diagnostics (documented in docs/diagnostics.md; quick fixes key on them). */
export const BabyAnswerCodes = {
  noMarker: 'babyai-answer/no-marker',
  unparseableState: 'babyai-answer/unparseable-state',
  looseState: 'babyai-answer/loose-state',
  wrongState: 'babyai-answer/wrong-state',
  unknownAction: 'babyai-answer/unknown-action',
  noOp: 'babyai-answer/no-op',
  afterSuccess: 'babyai-answer/after-success',
  truncated: 'babyai-answer/truncated',
  missionNotAchieved: 'babyai-answer/mission-not-achieved',
  noEndMarker: 'babyai-answer/no-end-marker',
  subgoalSyntax: 'babyai-answer/subgoal-syntax',
  botError: 'babyai-answer/bot-error',
  expertError: 'babyai-answer/expert-error',
  notDone: 'babyai-answer/not-done',
  help: 'babyai-answer/help',
  subgoalHelp: 'babyai-answer/subgoal-help',
  unusedSubgoal: 'babyai-answer/unused-subgoal',
  aborted: 'babyai-answer/aborted',
} as const;

/** The reply, its position map and the scoring mode: what every diagnostic here needs. */
export interface ReplyContext {
  reply: string;
  mapper: OffsetMapper;
  mode: BabyaiScoringMode;
}

/** The context for diagnostics on `reply` scored in `mode`. */
export function replyContext(reply: string, mode: BabyaiScoringMode): ReplyContext {
  return { reply, mapper: new OffsetMapper(reply), mode };
}

/** The range of reply[start, end). */
export function spanRange(context: ReplyContext, start: number, end: number): Range {
  return context.mapper.range(start, Math.max(0, end - start));
}

/** The last line with something on it, without its surrounding blanks (where a missing phrase is reported). */
export function lastNonEmptyLine(context: ReplyContext): Range {
  const { reply } = context;
  const match = /\S[^\r\n]*/g;
  let last: RegExpExecArray | null = null;
  for (let found = match.exec(reply); found; found = match.exec(reply)) last = found;
  if (!last) return spanRange(context, 0, 0);
  return spanRange(context, last.index, last.index + last[0].replace(/\s+$/, '').length);
}

/** Where `text` (a stripped slice of the reply) starts: the first non-blank at or after `from`. */
export function strippedStart(reply: string, from: number): number {
  return from + (/^\s*/.exec(reply.slice(from)) as RegExpExecArray)[0].length;
}

/** What an unparseable answer costs (spec §12 #5). */
export function parseFailure(mode: BabyaiScoringMode): string {
  return mode === 'reference'
    ? 'the reference run aborts and records no score'
    : 'faithful mode scores the answer as a failure (parse_error)';
}

/** The printed form of a marker phrase, as the prompt asks for it. */
const PHRASES: Record<'predict' | 'plan', string> = {
  predict: "The agent's final state is: ",
  plan: "The LLM's action sequence is: ",
};

/**
 * The "phrase missing" diagnostic. A near miss (a typographic apostrophe, no colon) is reported
 * where it was written, since that is the text to fix; otherwise on the last non-empty line.
 */
export function noMarkerDiagnostic(
  context: ReplyContext,
  expected: string,
  nearMisses: ReadonlyArray<{ text: string; why: string }>,
  consequence = parseFailure(context.mode),
): Diagnostic {
  const lower = context.reply.toLowerCase();
  for (const miss of nearMisses) {
    const index = lower.indexOf(miss.text);
    if (index >= 0)
      return {
        severity: 'error',
        code: BabyAnswerCodes.noMarker,
        message: `Expected the phrase ${JSON.stringify(expected)}: ${miss.why}, so the parser finds no answer and ${consequence}.`,
        range: spanRange(context, index, index + miss.text.length),
        data: { expected },
      };
  }
  return {
    severity: 'error',
    code: BabyAnswerCodes.noMarker,
    message: `The reply never writes the phrase ${JSON.stringify(expected)} (matched case-insensitively), so the parser finds no answer and ${consequence}.`,
    range: lastNonEmptyLine(context),
    data: { expected },
  };
}

function markerNearMisses(task: 'predict' | 'plan'): Array<{ text: string; why: string }> {
  const marker = MARKERS[task];
  return [
    {
      text: marker.replace("'", '\u2019'),
      why: 'the reply has it with a typographic apostrophe (\u2019), which the released parser does not match',
    },
    { text: marker.replace(/: $/, ':'), why: 'the colon must be followed by a space' },
    { text: marker.replace(/: $/, ''), why: 'the phrase must end with ": "' },
  ];
}

/** The answer after a Predict or Plan phrase: the same text extractAnswer returns, with its offset in the reply. */
function locateMarkedAnswer(
  reply: string,
  task: 'predict' | 'plan',
): { markerStart: number; markerEnd: number; textStart: number; text: string } | null {
  const markerStart = reply.toLowerCase().indexOf(MARKERS[task]);
  if (markerStart < 0) return null;
  const markerEnd = markerStart + MARKERS[task].length;
  return { markerStart, markerEnd, textStart: strippedStart(reply, markerEnd), text: extractAnswer(reply, task) };
}

const directionName = (dir: number) =>
  DIRECTION_NAMES[dir] ?? `${dir} (not a direction: 0 east, 1 south, 2 west, 3 north)`;

/** Where the parser's state was written inside the answer: the ((x, y), dir) match, else the first three integers. */
function locateState(text: string): { start: number; end: number; loose: boolean } | null {
  // The same two patterns as parse_state_prediction, for their positions only.
  const tuple = /\(\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*,\s*(-?\d+)\s*\)/.exec(text);
  if (tuple) return { start: tuple.index, end: tuple.index + tuple[0].length, loose: false };
  const numbers = [...text.matchAll(/-?\d+/g)].slice(0, 3);
  if (numbers.length < 3) return null;
  return { start: numbers[0].index ?? 0, end: (numbers[2].index ?? 0) + numbers[2][0].length, loose: true };
}

/** Predict: the phrase, the state's syntax, and a wrong state with the expected pose. */
export function predictDiagnostics(context: ReplyContext, expected: { pos: Vec; dir: number }): Diagnostic[] {
  const located = locateMarkedAnswer(context.reply, 'predict');
  if (!located) return [noMarkerDiagnostic(context, PHRASES.predict, markerNearMisses('predict'))];
  const expectedText = pyPose(expected.pos, expected.dir);
  const predicted = parseStatePrediction(located.text);
  const where = locateState(located.text);
  if (!predicted || !where) {
    const range = located.text
      ? spanRange(context, located.textStart, located.textStart + located.text.length)
      : spanRange(context, located.markerStart, located.markerEnd);
    return [
      {
        severity: 'error',
        code: BabyAnswerCodes.unparseableState,
        message: `No state after the phrase: expected ((x, y), dir) or at least three integers, so ${parseFailure(context.mode)}. The agent's final state is ${expectedText}.`,
        range,
        data: { expected: expectedText },
      },
    ];
  }
  const diagnostics: Diagnostic[] = [];
  const range = spanRange(context, located.textStart + where.start, located.textStart + where.end);
  if (where.loose)
    diagnostics.push({
      severity: 'information',
      code: BabyAnswerCodes.looseState,
      message: `Not written as ((x, y), dir): the parser takes the first three integers, (${predicted.pos[0]}, ${predicted.pos[1]}) facing ${directionName(predicted.dir)}.`,
      range,
    });
  const samePos = predicted.pos[0] === expected.pos[0] && predicted.pos[1] === expected.pos[1];
  if (samePos && predicted.dir === expected.dir) return diagnostics;
  const distance = Math.abs(predicted.pos[0] - expected.pos[0]) + Math.abs(predicted.pos[1] - expected.pos[1]);
  const what = samePos
    ? `the position is right but the agent faces ${directionName(expected.dir)} (${expected.dir}), not ${directionName(predicted.dir)}`
    : `the agent ends at (${expected.pos[0]}, ${expected.pos[1]}) facing ${directionName(expected.dir)}; Manhattan distance ${distance}${predicted.dir === expected.dir ? ', direction right' : ''}`;
  diagnostics.push({
    severity: 'error',
    code: BabyAnswerCodes.wrongState,
    message: `Wrong final state: expected ${expectedText}, not ${pyPose(predicted.pos, predicted.dir)}: ${what}.`,
    range,
    data: { expected: expectedText },
  });
  return diagnostics;
}

/** One comma-separated token of a plan, where it sits in the reply. */
interface PlanToken {
  text: string;
  start: number;
  end: number;
  /** The action index, or null for a token that is not an action name. */
  action: number | null;
}

/** The plan's tokens as str_action_seq_to_int splits them (empty tokens left out). */
function locatePlanTokens(reply: string): { markerStart: number; markerEnd: number; tokens: PlanToken[] } | null {
  const located = locateMarkedAnswer(reply, 'plan');
  if (!located) return null;
  const tokens: PlanToken[] = [];
  let offset = located.textStart;
  for (const piece of located.text.split(',')) {
    const text = piece.replace(/^\s+|\s+$/g, '');
    const start = strippedStart(reply, offset);
    const index = (ACTION_NAMES as readonly string[]).indexOf(text.toLowerCase());
    if (text !== '') tokens.push({ text, start, end: start + text.length, action: index >= 0 ? index : null });
    offset += piece.length + 1;
  }
  return { markerStart: located.markerStart, markerEnd: located.markerEnd, tokens };
}

const at = (pos: readonly number[]) => `(${pos[0]}, ${pos[1]})`;

function thing(cell: WorldObj): string {
  if (cell.type === 'wall') return 'a wall';
  if (cell.type === 'door')
    return `the ${cell.isLocked ? 'locked' : cell.isOpen ? 'open' : 'closed'} ${cell.color} door`;
  return `the ${cell.color} ${cell.type}`;
}

/** Why an action changed nothing (the state is the same before and after a no-op). */
function noOpReason(env: BabyAIEnv, action: number): string {
  const front = env.frontPos;
  const cell = env.grid.get(front[0], front[1]);
  const carried = env.carrying ? `the ${env.carrying.color} ${env.carrying.type}` : null;
  switch (action) {
    case Action.forward:
      if (!cell) return `the agent at ${at(env.agentPos)} cannot move to ${at(front)}`;
      return `the agent at ${at(env.agentPos)} faces ${thing(cell)} at ${at(front)}${cell.type === 'door' ? ' (toggle opens it first)' : cell.type === 'wall' ? '' : ' (objects block the way)'}`;
    case Action.pickup:
      if (carried) return `the agent already carries ${carried} (drop it first)`;
      if (!cell) return `there is nothing to pick up at ${at(front)}`;
      return `${thing(cell)} at ${at(front)} cannot be picked up`;
    case Action.drop:
      if (!carried) return 'the agent carries nothing';
      return `the cell in front, ${at(front)}, holds ${thing(cell as WorldObj)} (drop needs an empty cell)`;
    case Action.toggle:
      if (!cell) return `there is nothing to toggle at ${at(front)}`;
      if (cell.type === 'door' && cell.isLocked)
        return `${thing(cell)} at ${at(front)} needs a ${cell.color} key and the agent carries ${carried ?? 'nothing'}`;
      return `${thing(cell)} at ${at(front)} cannot be toggled`;
    default:
      return 'MiniGrid ignores it and the episode goes on';
  }
}

/** Plan: unknown tokens, no-op actions, actions after success or truncation, a mission not achieved. */
export function planDiagnostics(context: ReplyContext, spec: LevelSpec, score: PlanScore | null): Diagnostic[] {
  const located = locatePlanTokens(context.reply);
  // No phrase: the released parser reads an empty plan (nothing runs, CR 0); faithful mode a parse error.
  if (!located)
    return [
      noMarkerDiagnostic(
        context,
        PHRASES.plan,
        markerNearMisses('plan'),
        context.mode === 'faithful'
          ? 'faithful mode scores it as a parse error (no plan), CR 0'
          : 'the released evaluator reads an empty plan and scores CR 0',
      ),
    ];
  const { tokens } = located;
  const rejected = context.mode === 'faithful' && tokens.some((token) => token.action === null);
  const known = tokens.filter((token) => token.action !== null);
  const replay = replayPlan(context, spec, known);
  const diagnostics = [...unknownActionDiagnostics(context, tokens, rejected), ...replay.noOps];
  if (rejected) return diagnostics;
  const unrun = unrunActionsDiagnostic(context, known, replay, score);
  if (unrun) diagnostics.push(unrun);
  if (!replay.success) diagnostics.push(missionNotAchievedDiagnostic(context, spec, located, known, replay, score));
  return diagnostics;
}

/** A diagnostic on reply[start, end). */
function replyDiagnostic(
  context: ReplyContext,
  severity: Diagnostic['severity'],
  code: string,
  message: string,
  start: number,
  end: number,
  data?: Diagnostic['data'],
): Diagnostic {
  return { severity, code, message, range: spanRange(context, start, end), ...(data ? { data } : {}) };
}

/**
 * Tokens that are not actions: dropped by the released parser, or (`rejected`, faithful mode) sinking the whole plan.
 */
function unknownActionDiagnostics(
  context: ReplyContext,
  tokens: readonly PlanToken[],
  rejected: boolean,
): Diagnostic[] {
  return tokens
    .filter((token) => token.action === null)
    .map((token) => {
      // "turn left", "forward." and "Done." are the usual near misses: suggest the action inside.
      const inside = ACTION_NAMES.filter((name) => new RegExp(`\\b${name}\\b`, 'i').test(token.text));
      const hint = inside.length === 1 ? ` Did the model mean '${inside[0]}'?` : '';
      const consequence = rejected
        ? 'faithful mode rejects the whole plan (an invalid plan scores CR 0 and runs nothing)'
        : 'dropped by the released parser; the other actions run without it';
      return replyDiagnostic(
        context,
        rejected ? 'error' : 'warning',
        BabyAnswerCodes.unknownAction,
        `'${token.text}' is not an action (${ACTION_NAMES.join(', ')}): ${consequence}.${hint}`,
        token.start,
        token.end,
        inside.length === 1 ? { expected: inside[0] } : undefined,
      );
    });
}

/** How the plan's actions played out in the level. */
interface PlanReplay {
  /** The environment after the last action run. */
  env: BabyAIEnv;
  /** The index (among the known actions) of the action that ended the episode; -1 when none did. */
  stoppedAt: number;
  /** The episode ended with the mission achieved. */
  success: boolean;
  /** One warning per action that changed nothing. */
  noOps: Diagnostic[];
}

/** Runs the known actions until the episode ends, noting each no-op and why it changed nothing. */
function replayPlan(context: ReplyContext, spec: LevelSpec, known: readonly PlanToken[]): PlanReplay {
  const env = new BabyAIEnv(spec);
  const noOps: Diagnostic[] = [];
  for (const [index, token] of known.entries()) {
    const action = token.action as number;
    const result = env.step(action);
    if (!result.changed)
      noOps.push(
        replyDiagnostic(
          context,
          'warning',
          BabyAnswerCodes.noOp,
          `${actionName(action)} does nothing: ${noOpReason(env, action)}.`,
          token.start,
          token.end,
        ),
      );
    if (result.terminated || result.truncated) return { env, stoppedAt: index, success: result.terminated, noOps };
  }
  return { env, stoppedAt: -1, success: false, noOps };
}

/** The actions after the one that ended the episode (success or max_steps), and how each mode counts them. */
function unrunActionsDiagnostic(
  context: ReplyContext,
  known: readonly PlanToken[],
  { env, stoppedAt, success }: PlanReplay,
  score: PlanScore | null,
): Diagnostic | null {
  const rest = stoppedAt >= 0 ? known.slice(stoppedAt + 1) : [];
  if (rest.length === 0) return null;
  const ran = stoppedAt + 1;
  const counted =
    context.mode === 'reference'
      ? `the released evaluator still counts them: efficiency ${score ? score.llm_efficiency.toFixed(2) : '?'} instead of ${score ? (score.number_of_bot_actions / ran).toFixed(2) : '?'}`
      : 'faithful mode does not count them in the efficiency';
  const why = success
    ? `the mission is achieved at action ${ran}`
    : `the episode is truncated at max_steps (${env.maxSteps}) at action ${ran}`;
  return replyDiagnostic(
    context,
    'information',
    success ? BabyAnswerCodes.afterSuccess : BabyAnswerCodes.truncated,
    `${plural(rest.length, 'action')} never run: ${why}; ${counted}.`,
    rest[0].start,
    rest[rest.length - 1].end,
  );
}

/**
 * The plan does not achieve the mission: where the agent ended up (and how far from the red ball), on the whole plan.
 */
function missionNotAchievedDiagnostic(
  context: ReplyContext,
  spec: LevelSpec,
  located: { markerStart: number; markerEnd: number; tokens: readonly PlanToken[] },
  known: readonly PlanToken[],
  { env, stoppedAt }: PlanReplay,
  score: PlanScore | null,
): Diagnostic {
  const { tokens } = located;
  const what =
    spec.mission === 'go to the red ball'
      ? 'does not reach the red ball (the agent must face it)'
      : `does not achieve the mission '${spec.mission}'`;
  if (tokens.length === 0)
    return replyDiagnostic(
      context,
      'error',
      BabyAnswerCodes.missionNotAchieved,
      `The action list is empty: the plan ${what}${context.mode === 'faithful' ? '; faithful mode scores it as a parse error (no plan)' : ''}.`,
      located.markerStart,
      located.markerEnd,
    );
  const ball = redBall(env);
  const [x, y] = env.agentPos;
  const distance = score?.llm_ball_distance ?? null;
  let where = `after ${plural(stoppedAt >= 0 ? stoppedAt + 1 : known.length, 'action')} the agent is at (${x}, ${y}) facing ${directionName(env.agentDir)}`;
  if (ball)
    where +=
      distance !== null && distance <= 0
        ? `, next to the red ball at ${at(ball)} but not facing it`
        : `; its distance to the red ball at ${at(ball)} is ${distance ?? '?'} (Manhattan − 1, 0 when adjacent)`;
  return replyDiagnostic(
    context,
    'error',
    BabyAnswerCodes.missionNotAchieved,
    `The plan ${what}: ${where}${stoppedAt >= 0 ? ' (truncated)' : ''}.`,
    tokens[0].start,
    tokens[tokens.length - 1].end,
    ball ? { redBall: at(ball) } : undefined,
  );
}
