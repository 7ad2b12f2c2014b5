// The server side of "Run Question": the exact prompt for a skeleton line, and the score,
// diagnostics and trajectory of an answer. The server has the game's files; the extension only
// calls the model.
import type { MangoQuestion } from '../core/eval/types';
import { answerDiagnostics } from '../core/mango/answerDiagnostics';
import { renderMangoPrompt } from '../core/mango/prompt';
import { cl100kCounter, PROMPT_TOKEN_BUDGET } from '../core/mango/tokenizer';
import { scoreMangoFaithful } from '../core/mango/scoring';
import { answerTrajectory } from '../core/mango/trajectory';
import type { PrepareQuestionParams, PrepareQuestionResult, ScoreAnswerParams, ScoreAnswerResult } from '../protocol/requests';
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
  const score = scoreMangoFaithful(records, question, response);
  return {
    scores: { ...score },
    diagnostics: answerDiagnostics(response, graph, question.src, question.dst),
    trajectory: answerTrajectory(graph, response, `${question.task.toUpperCase()} ${question.src} → ${question.dst}`, question.src),
  };
}
