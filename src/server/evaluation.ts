// The server side of "Run Question": the exact prompt for a skeleton line, and the score,
// diagnostics and trajectory of an answer. The server has the game's files; the extension only
// calls the model.
import type { MangoQuestion } from '../core/eval/types';
import { answerDiagnostics } from '../core/mango/answerDiagnostics';
import { renderMangoPrompt } from '../core/mango/prompt';
import { cl100kCounter, PROMPT_TOKEN_BUDGET } from '../core/mango/tokenizer';
import { referenceScorer } from '../core/mango/referenceScoring';
import { scoreMangoFaithful } from '../core/mango/scoring';
import type { EdgeRecord } from '../core/mango/types';
import { answerTrajectory } from '../core/mango/trajectory';
import type { PrepareQuestionParams, PrepareQuestionResult, ScoreAnswerParams, ScoreAnswerResult } from '../protocol/lsp';
import type { DocumentStore } from './documents';
import { memberText, type LoadedGame } from './games';
import { mazeGraphOf } from './mazeData';
import { listQuestions } from './questions';

export async function prepareQuestion(game: LoadedGame, documents: DocumentStore, params: PrepareQuestionParams): Promise<PrepareQuestionResult | null> {
  const list = await listQuestions(game, documents, params.task, params.cutoff, Number.MAX_SAFE_INTEGER);
  const summary = list.questions.find((question) => question.sampleId === params.sampleId);
  const walkthrough = await memberText(game, documents, 'mango-walkthrough');
  if (!summary || walkthrough === undefined) return null;
  const rendered = renderMangoPrompt({
    walkthrough,
    actions: game.model.actions?.names.map((name) => name.value) ?? [],
    locations: game.model.locations?.names.map((name) => name.value) ?? [],
    task: params.task,
    src: summary.src,
    dst: summary.dst,
    actionList: summary.actionList,
    cutoff: params.cutoff,
    template: params.template,
    tokens: { counter: cl100kCounter(), budget: PROMPT_TOKEN_BUDGET },
  });
  const question: MangoQuestion = { benchmark: 'mango', game: list.game, task: params.task, sampleId: summary.sampleId, src: summary.src, dst: summary.dst, actionList: summary.actionList, answerable: summary.answerable, easy: summary.easy, cutoff: rendered.modelCutoffNum };
  return { question, messages: rendered.messages };
}

export function scoreAnswer(game: LoadedGame, params: ScoreAnswerParams): ScoreAnswerResult {
  const records = (game.model.edges?.edges ?? []).map((edge) => edge.record);
  const graph = mazeGraphOf(game, []);
  const { question, response } = params;
  return {
    scores: params.mode === 'reference' ? referenceScores(records, question, response) : { ...scoreMangoFaithful(records, question, response) },
    // DF answers are checked against the question's action list; reference mode reads the answer as the released evaluator does.
    diagnostics: answerDiagnostics(response, graph, question.src, question.dst, { ...(question.task === 'df' ? { actionList: question.actionList } : {}), mode: params.mode === 'reference' ? 'reference' : 'faithful' }),
    trajectory: answerTrajectory(graph, response, `${question.task.toUpperCase()} ${question.src} → ${question.dst}`, question.src, question.cutoff, params.mode === 'reference' ? 'reference' : 'faithful'),
  };
}

/**
 * The released evaluator's scores for an answer given in the editor. The question came from the
 * skeleton line, so its labels stand in for the result file's fields: an unanswerable question
 * gets a step number past the cutoff (a step_num_error, as upstream), a hard one a forward step
 * past it.
 */
function referenceScores(records: readonly EdgeRecord[], question: MangoQuestion, response: string): Record<string, number | boolean | string | null> {
  const pastCutoff = question.cutoff + 1;
  const score = referenceScorer(records, {
    skeleton: () => ({ min_step_forward_answerable: question.easy ? 0 : pastCutoff, path_length: question.actionList.length }),
    shortestPathLength: () => 1,
  });
  const result = score({
    sample_id: question.sampleId, game_name: question.game, src_node: question.src, dst_node: question.dst, model_cutoff_num: question.cutoff,
    min_step_total_answerable: question.answerable ? 0 : pastCutoff, answerable: question.answerable, response,
    task: question.task === 'df' ? 'desti_finding' : 'route_finding', ...(question.task === 'df' ? { action_list: question.actionList } : {}),
  });
  const range = (values: [number, number] | undefined) => (values ? `${values[0]}–${Number(values[1].toFixed(3))}` : null);
  return {
    parse_error: result.parse_error, step_error: result.step_error,
    success_strict: result.success_strict, success_loose: result.success_loose, reasoning: result.reasoning,
    mode: 'reference', ...(result.note ? { note: result.note } : {}),
    ...(result.hash_dependent ? { success_strict_range: range(result.hash_dependent.success_strict), success_loose_range: range(result.hash_dependent.success_loose) } : {}),
  };
}
