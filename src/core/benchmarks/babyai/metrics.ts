// Predict, Plan and Decompose scores (evaluators/*.py, spec §6) in the two modes of spec §12.
// Reference mode reproduces the released evaluator; where it would raise (parse failures, bot
// exceptions, ZeroDivisionError) the result says `aborted` with the reason and carries no score.
import {
  extractAnswer,
  parsePlan,
  parseStatePrediction,
  parseSubgoals,
  type ScoringMode,
  SubgoalParseError,
} from './answers';
import { type LevelSpec, runActions } from './env';
import { runExpert, type SubgoalCall } from './omnibot';
import type { Vec } from './world';

/** Why a reference run produces no score. */
export interface Aborted {
  aborted: string;
}

export interface PredictScore {
  mode: ScoringMode;
  parse_error: boolean;
  predicted: { agent_pos: Vec; agent_dir: number } | null;
  expected: { agent_pos: Vec; agent_dir: number };
  success: boolean;
  accuracy: number;
  /** Null only for a faithful-mode parse error. */
  manhattan_distance: number | null;
}

/** Scores a Predict reply: the pose after `actions` from reset (stopping at termination or truncation). */
export function scorePredict(
  spec: LevelSpec,
  actions: readonly number[],
  reply: string,
  mode: ScoringMode,
): PredictScore | Aborted {
  const { env } = runActions(spec, actions);
  const expected = { agent_pos: env.agentPos, agent_dir: env.agentDir };
  const predicted = parseStatePrediction(extractAnswer(reply, 'predict', mode));
  if (!predicted) {
    if (mode === 'reference') return { aborted: 'ValueError: predicted_state cannot be None or empty.' };
    return {
      mode,
      parse_error: true,
      predicted: null,
      expected,
      success: false,
      accuracy: 0,
      manhattan_distance: null,
    };
  }
  const success =
    predicted.pos[0] === expected.agent_pos[0] &&
    predicted.pos[1] === expected.agent_pos[1] &&
    predicted.dir === expected.agent_dir;
  const distance =
    Math.abs(predicted.pos[0] - expected.agent_pos[0]) + Math.abs(predicted.pos[1] - expected.agent_pos[1]);
  return {
    mode,
    parse_error: false,
    predicted: { agent_pos: predicted.pos, agent_dir: predicted.dir },
    expected,
    success,
    accuracy: success ? 1 : 0,
    manhattan_distance: distance,
  };
}

export interface PlanScore {
  mode: ScoringMode;
  parse_error: boolean;
  unknown_tokens: string[];
  /** Faithful: the reply gave no action list at all (no phrase, or nothing after it): a parse error, not a plan of 0 actions. */
  no_plan: boolean;
  CR: number;
  number_of_bot_actions: number;
  number_of_llm_actions: number;
  /** Faithful: how many LLM actions ran up to and including the success step. */
  executed_llm_actions: number;
  llm_efficiency: number;
  bot_reward: number;
  llm_reward: number;
  llm_ball_distance: number | null;
  llm_terminated: boolean;
  bot_terminated: boolean;
  final: { agent_pos: Vec; agent_dir: number };
}

/** The first red ball in x-major order (the evaluator's search), or null. */
export function redBall(env: ReturnType<typeof runActions>['env']): Vec | null {
  for (let i = 0; i < env.grid.width; i++)
    for (let j = 0; j < env.grid.height; j++)
      if (env.grid.get(i, j)?.type === 'ball' && env.grid.get(i, j)?.color === 'red') return [i, j];
  return null;
}

/** Scores a Plan reply against the expert's action list (the record's expert_action_sequence). */
export function scorePlan(
  spec: LevelSpec,
  botActions: readonly number[],
  reply: string,
  mode: ScoringMode,
): PlanScore | Aborted {
  const parsed = parsePlan(extractAnswer(reply, 'plan', mode));
  // The released parser reads a blank or prose reply as a valid plan of 0 actions; faithful mode
  // does not count an answer that gives no plan as one (it can never succeed: nothing runs).
  const noPlan = mode === 'faithful' && parsed.actions.length === 0 && parsed.unknown.length === 0;
  const invalid = mode === 'faithful' && (parsed.unknown.length > 0 || noPlan);
  const llmActions = invalid ? [] : parsed.actions;
  const bot = runActions(spec, botActions);
  const llm = runActions(spec, llmActions);
  const llmTerminated = llm.results.some((r) => r.terminated);
  const ball = redBall(llm.env);
  let distance: number | null = null;
  if (ball) {
    distance = Math.abs(llm.env.agentPos[0] - ball[0]) + Math.abs(llm.env.agentPos[1] - ball[1]) - 1;
    if (mode === 'faithful') distance = Math.max(0, distance);
  } else if (mode === 'reference')
    return { aborted: 'TypeError: no red ball in the grid (the evaluator cannot compute the distance)' };
  const denominator = mode === 'reference' ? llmActions.length : llm.results.length;
  return {
    mode,
    parse_error: invalid,
    unknown_tokens: parsed.unknown,
    no_plan: noPlan,
    CR: llmTerminated ? 1 : 0,
    number_of_bot_actions: botActions.length,
    number_of_llm_actions: llmActions.length,
    executed_llm_actions: llm.results.length,
    llm_efficiency: llmTerminated && denominator > 0 ? botActions.length / denominator : 0,
    bot_reward: bot.totalReward,
    llm_reward: llm.totalReward,
    llm_ball_distance: distance,
    llm_terminated: llmTerminated,
    bot_terminated: bot.results.some((r) => r.terminated),
    final: { agent_pos: llm.env.agentPos, agent_dir: llm.env.agentDir },
  };
}

export interface DecomposeScore {
  mode: ScoringMode;
  parse_error: boolean;
  /** The bot raised while executing the model's subgoals (faithful scores it 0). */
  bot_error: string | null;
  subgoals: SubgoalCall[];
  help: number;
  max_help: number;
  /** Faithful ACI's K (spec §12 #1). */
  k: number | null;
  CR: number;
  PR: number;
  ACI: number;
  actions: number;
}

/** Scores a Decompose reply: the model's subgoals as the bot's initial stack, then a fresh bot for max_help. */
export function scoreDecompose(spec: LevelSpec, reply: string, mode: ScoringMode, k = 30): DecomposeScore | Aborted {
  const block = extractAnswer(reply, 'decompose', mode);
  let subgoals: SubgoalCall[];
  try {
    subgoals = parseSubgoals(block);
  } catch (error) {
    if (!(error instanceof SubgoalParseError)) throw error;
    if (mode === 'reference') return { aborted: `ValueError: ${error.message}` };
    return {
      mode,
      parse_error: true,
      bot_error: null,
      subgoals: [],
      help: 0,
      max_help: 0,
      k,
      CR: 0,
      PR: 0,
      ACI: 0,
      actions: 0,
    };
  }
  const run = runExpert(spec, { loop: 'evaluator', plan: subgoals });
  const fresh = runExpert(spec, { loop: 'evaluator' });
  if (mode === 'reference' && (run.error || fresh.error))
    return { aborted: `${(run.error ?? fresh.error)!.kind}: ${(run.error ?? fresh.error)!.message}` };
  const done = run.error === null && run.done;
  const help = run.helpCount;
  const maxHelp = fresh.helpCount;
  let aci: number;
  if (!done) aci = 0;
  else if (mode === 'faithful') aci = Math.max(0, (k - help) / k);
  else if (maxHelp === 0) return { aborted: 'ZeroDivisionError: max_help is 0' };
  else aci = Math.max(0, (maxHelp - help) / maxHelp);
  return {
    mode,
    parse_error: false,
    bot_error: run.error ? `${run.error.kind}: ${run.error.message}` : null,
    subgoals,
    help,
    max_help: maxHelp,
    k: mode === 'faithful' ? k : null,
    CR: done ? 1 : 0,
    PR: done && help === 0 ? 1 : 0,
    ACI: aci,
    actions: run.steps.length,
  };
}

export function isAborted(value: object): value is Aborted {
  return 'aborted' in value;
}
