// One BabyAI question from level to score, for the extension's "Run BabyAI Question": the exact
// upstream prompt of a Predict, Plan or Decompose question, the built-in agents' replies, and the
// scoring of a reply with the released parsers and metrics (metrics.ts, answers.ts) plus
// diagnostics placed on the reply's own text and the actions to step through on the board.
import type { ChatMessage } from '../../eval/types';
import type { BabyaiQuestion } from './questionSchema';
import { sha256Hex } from '../../util/sha256';
import type { Diagnostic } from '../../util/text';
import { plural } from '../../util/text';
import {
  BabyAnswerCodes,
  lastNonEmptyLine,
  planDiagnostics,
  predictDiagnostics,
  replyContext,
  type ReplyContext,
} from './answerDiagnostics';
import { extractAnswer, parsePlan, parseStatePrediction, type BabyaiScoringMode } from './answers';
import { decomposeDiagnostics } from './decomposeDiagnostics';
import { describeEnv, pyPose } from './description';
import { BabyAIEnv, type LevelSpec, runActions } from './env';
import { isAborted, scoreDecompose, scorePlan, scorePredict } from './metrics';
import { runExpert } from './omnibot';
import { type PromptStrategy, renderBabyPrompt } from './prompts';
import { formatStructured } from './structured';
import { actionName } from './world';

export interface BabyaiQuestionInput {
  spec: LevelSpec;
  task: 'predict' | 'plan' | 'decompose';
  levelName: string;
  /** The file path as shown to the user. */
  source: string;
  /** 0-based record index in a record file; null for a level file. */
  record: number | null;
  /** The record's seed (LLM-BabyBench's `seed` column), when it has one: named in reports, not part of the sample id. */
  seed?: number;
  /** The record's env_description verbatim; without it the Structured description of `spec`. */
  description?: string;
  /** Predict: the record's action_sequence; default: the expert's actions (generator loop), as upstream's generator does. */
  predictActions?: number[];
  /** Plan: the record's expert_action_sequence; default: the expert's actions (generator loop). */
  expertActions?: number[];
  /**
   * Upstream's prompter; default zero_shot. Few-shot messages are the faithful mode's (the example
   * substituted); in the reference mode upstream cannot build them (promptConstructionError).
   */
  prompt?: PromptStrategy;
}

export interface PreparedBabyaiQuestion {
  question: BabyaiQuestion;
  messages: ChatMessage[];
  spec: LevelSpec;
  predictActions: number[];
  expertActions: number[];
}

interface BabyaiAnswerResult {
  /** Flat and JSON-able; always has `mode`; a reference run upstream would abort is `{ aborted, mode }`. */
  scores: Record<string, number | boolean | string | null>;
  /** Ranges in the REPLY text. */
  diagnostics: Diagnostic[];
  /** Predict {agent_pos, agent_dir} | null; Plan: action names; Decompose: subgoal calls | null. */
  parsedAnswer: unknown;
  /** Actions to step through on the board (Plan: the model's; Predict: the question's; Decompose: the bot's). */
  timelineActions: string[];
  /** Decompose: the subgoal stack after each action, bottom first. */
  stacks?: string[][];
  /** One short human line. */
  summary: string;
}

/** The question, its exact prompt (one user message, renderBabyPrompt) and the action lists scoring needs. */
export function prepareBabyaiQuestion(input: BabyaiQuestionInput): PreparedBabyaiQuestion {
  const { spec, task } = input;
  const description = input.description ?? formatStructured(describeEnv(new BabyAIEnv(spec)));
  // Both defaults are the same expert run; run it once, and only when a default is needed.
  let expert: number[] | undefined;
  const expertActions = () => (expert ??= runExpert(spec, { loop: 'generator' }).steps.map((step) => step.action));
  const predictActions = input.predictActions ?? expertActions();
  const actions = task === 'predict' ? predictActions.map(actionName) : [];
  const strategy = input.prompt ?? 'zero_shot';
  // The strategy joins the hash only when it is not zero-shot, so zero-shot ids (and the cache
  // entries and records keyed by them) stay those written before strategies existed.
  const sampleId = sha256Hex(
    JSON.stringify({
      levelName: input.levelName,
      task,
      description,
      predictActions: actions,
      ...(strategy === 'zero_shot' ? {} : { prompt: strategy }),
    }),
  );
  const question: BabyaiQuestion = {
    benchmark: 'babyai',
    task,
    source: input.source,
    record: input.record,
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
    levelName: input.levelName,
    sampleId,
    actions,
    prompt: strategy,
  };
  const messages: ChatMessage[] = renderBabyPrompt(task, description, actions, { strategy }).map((message) => ({
    role: message.role,
    content: message.content,
  }));
  // Only Plan reads the expert's actions (its scoring and built-in agents); a question set of 500
  // Predict records should not run the expert 500 times to prepare them, so they are computed on first read.
  let expertCopy: number[] | undefined;
  return {
    question,
    messages,
    spec,
    predictActions: [...predictActions],
    get expertActions() {
      return (expertCopy ??= [...(input.expertActions ?? expertActions())]);
    },
  };
}

/** Scores a reply with the released parsers and metrics in `mode`, with diagnostics on the reply, the board's actions and a one-line summary. */
export function scoreBabyaiAnswer(
  prepared: PreparedBabyaiQuestion,
  reply: string,
  mode: BabyaiScoringMode,
): BabyaiAnswerResult {
  return scoreBabyaiReply(prepared.question.task, prepared, reply, mode);
}

/** What scoring a reply reads besides the reply: the level and the action lists of its task (Predict's, Plan's expert's). */
interface BabyaiScoringInput {
  spec: LevelSpec;
  predictActions: readonly number[];
  expertActions: readonly number[];
}

/**
 * scoreBabyaiAnswer without a prepared question (the CLI's `babyai score` has a level and actions,
 * no prompt), so the editor and the CLI show the same diagnostics and summary. `k`: Decompose's
 * bot-step budget per subgoal (default the metric's).
 */
export function scoreBabyaiReply(
  task: BabyaiQuestionInput['task'],
  input: BabyaiScoringInput,
  reply: string,
  mode: BabyaiScoringMode,
  options: { k?: number } = {},
): BabyaiAnswerResult {
  const context = replyContext(reply, mode);
  const result =
    task === 'predict'
      ? predictResult(input, context)
      : task === 'plan'
        ? planResult(input, context)
        : decomposeResult(input, context, options.k);
  // Every abort is explained by an error: the task's own checks explain parse failures and bot
  // crashes; anything else (Plan on a level without a red ball) gets the reason as it is.
  const explained =
    task !== 'plan' && result.diagnostics.some((d) => d.severity === 'error' && ABORT_EXPLAINING_CODES.has(d.code));
  if (typeof result.scores.aborted === 'string' && !explained)
    result.diagnostics.push({
      severity: 'error',
      code: BabyAnswerCodes.aborted,
      message: `The reference run aborts and records no score: ${result.scores.aborted}.`,
      range: lastNonEmptyLine(context),
    });
  return result;
}

const ABORT_EXPLAINING_CODES = new Set<string>([
  BabyAnswerCodes.noMarker,
  BabyAnswerCodes.unparseableState,
  BabyAnswerCodes.subgoalSyntax,
  BabyAnswerCodes.botError,
  BabyAnswerCodes.expertError,
]);

const percent = (value: number) => value.toFixed(2);

function predictResult(input: BabyaiScoringInput, context: ReplyContext): BabyaiAnswerResult {
  const { spec, predictActions } = input;
  const score = scorePredict(spec, predictActions, context.reply, context.mode);
  const { env } = runActions(spec, predictActions);
  const expected = pyPose(env.agentPos, env.agentDir);
  const predicted = parseStatePrediction(extractAnswer(context.reply, 'predict', context.mode));
  const base = {
    diagnostics: predictDiagnostics(context, env.pose()),
    parsedAnswer: predicted ? { agent_pos: [predicted.pos[0], predicted.pos[1]], agent_dir: predicted.dir } : null,
    timelineActions: predictActions.map(actionName),
  };
  if (isAborted(score))
    return {
      ...base,
      scores: { aborted: score.aborted, mode: context.mode },
      summary: `Predict: reference run aborted (${score.aborted}); expected ${expected}`,
    };
  const predictedText = score.predicted ? pyPose(score.predicted.agent_pos, score.predicted.agent_dir) : null;
  return {
    ...base,
    scores: {
      mode: score.mode,
      parse_error: score.parse_error,
      success: score.success,
      accuracy: score.accuracy,
      manhattan_distance: score.manhattan_distance,
      predicted_state: predictedText,
      expected_state: expected,
    },
    summary: `Predict success ${score.accuracy} · predicted ${predictedText ?? 'nothing parseable'} · expected ${expected}${score.manhattan_distance !== null ? ` · distance ${score.manhattan_distance}` : ''}`,
  };
}

function planResult(input: BabyaiScoringInput, context: ReplyContext): BabyaiAnswerResult {
  const { spec, expertActions } = input;
  const score = scorePlan(spec, expertActions, context.reply, context.mode);
  const parsed = parsePlan(extractAnswer(context.reply, 'plan', context.mode));
  const names = parsed.actions.map(actionName);
  const base = {
    diagnostics: planDiagnostics(context, spec, isAborted(score) ? null : score),
    parsedAnswer: names,
    timelineActions: names,
  };
  if (isAborted(score))
    return {
      ...base,
      scores: { aborted: score.aborted, mode: context.mode },
      summary: `Plan: reference run aborted (${score.aborted})`,
    };
  const unknown =
    parsed.unknown.length > 0
      ? ` · ${plural(parsed.unknown.length, 'unknown token')} ${score.parse_error ? 'rejected the plan' : 'dropped'}`
      : score.no_plan
        ? ' · no action list (parse error)'
        : '';
  return {
    ...base,
    scores: {
      // `success` is the name reports read for Predict and Plan alike (runs.md §4); for Plan it is CR.
      mode: score.mode,
      parse_error: score.parse_error,
      success: score.CR === 1,
      CR: score.CR,
      llm_efficiency: score.llm_efficiency,
      number_of_bot_actions: score.number_of_bot_actions,
      number_of_llm_actions: score.number_of_llm_actions,
      executed_llm_actions: score.executed_llm_actions,
      bot_reward: score.bot_reward,
      llm_reward: score.llm_reward,
      llm_ball_distance: score.llm_ball_distance,
      llm_terminated: score.llm_terminated,
      bot_terminated: score.bot_terminated,
      unknown_tokens: parsed.unknown.length,
      final_state: pyPose(score.final.agent_pos, score.final.agent_dir),
    },
    summary: `Plan success ${score.CR} · efficiency ${percent(score.llm_efficiency)} · ${plural(score.number_of_llm_actions, 'action')} (expert ${score.number_of_bot_actions})${unknown}`,
  };
}

function decomposeResult(input: BabyaiScoringInput, context: ReplyContext, k?: number): BabyaiAnswerResult {
  const { spec } = input;
  const score = scoreDecompose(spec, context.reply, context.mode, k);
  const analysis = decomposeDiagnostics(context, spec, score);
  const base = {
    diagnostics: analysis.diagnostics,
    parsedAnswer: analysis.calls ? analysis.calls.map((call) => ({ name: call.name, args: call.args })) : null,
    timelineActions: analysis.trace ? analysis.trace.steps.map((step) => actionName(step.action)) : [],
    ...(analysis.trace ? { stacks: analysis.trace.steps.map((step) => step.stack) } : {}),
  };
  if (isAborted(score))
    return {
      ...base,
      scores: { aborted: score.aborted, mode: context.mode },
      summary: `Decompose: reference run aborted (${score.aborted})`,
    };
  const problem = score.parse_error ? ' · parse error' : score.bot_error ? ` · bot error (${score.bot_error})` : '';
  return {
    ...base,
    scores: {
      mode: score.mode,
      parse_error: score.parse_error,
      bot_error: score.bot_error,
      subgoals: score.subgoals.length,
      help: score.help,
      max_help: score.max_help,
      k: score.k,
      CR: score.CR,
      PR: score.PR,
      ACI: score.ACI,
      actions: score.actions,
    },
    summary: `Decompose CR ${score.CR} · PR ${score.PR} · ACI ${percent(score.ACI)} · help ${score.help} (max ${score.max_help}) · ${plural(score.actions, 'action')}${problem}`,
  };
}
