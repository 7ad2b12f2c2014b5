// "Waypoint: Run Question…": pick a game, a task, a question and a model; the server renders the
// exact benchmark prompt; the model (or a built-in agent) answers, with progress and Cancel; the
// server scores it; the run is recorded in .waypoint/runs/, and the answer opens with diagnostics
// on each wrong step, one click from its trajectory in the maze view.
import * as vscode from 'vscode';
import { showFilteredQuickPick } from '../filteredQuickPick';
import type { LanguageClient } from 'vscode-languageclient/node';
import { runRecordOf } from '../../core/eval/engine';
import { runDocumentName } from '../../core/eval/runLabels';
import type { MangoQuestion } from '../../core/eval/types';
import { fileKindOf } from '../../core/fileKinds';
import {
  ListQuestionsRequest,
  OfflineAnswerRequest,
  PrepareQuestionRequest,
  ScoreAnswerRequest,
  type ListQuestionsResult,
  type ScoreAnswerResult,
} from '../../protocol/lsp';
import { sendRequest } from '../lspRequests';
import type { RouteQuestion } from '../../protocol/maze';
import type { AnswerDocuments } from './answerDocuments';
import { scoringModeSetting, setting } from '../settings';
import { appendRunRecord, askWithProgress, requireTrust, type BuiltInAnswer } from './modelCall';
import { pickProfile } from './profiles';

export { runBenchmark } from './runBenchmark';
export { ResultsPanel } from './resultsPanel';
export { answerWithProgress, appendRunRecord, askQuietly, askWithProgress, reportModelError, requireTrust, useOutputChannel } from './modelCall';

/** What the built-in agents do for MANGO, shown in the model pick. */
const MANGO_BUILT_INS = { oracle: 'shortest route / true trajectory from the maze', random: 'seeded random walk' };

const QUESTION_LIST_LIMIT = 5000;

export interface RunQuestionOptions {
  /** A file of the game; a URI string when the call comes from a language-server CodeLens. */
  game?: vscode.Uri | string;
  task?: 'df' | 'rf';
  sampleId?: string;
  profileId?: string;
}

export interface RunOutcome {
  scores: ScoreAnswerResult['scores'];
  problems: number;
  cached: boolean;
  runFile: string;
  answer: string;
}

export interface RunQuestionDeps {
  context: vscode.ExtensionContext;
  client: LanguageClient;
  answers: AnswerDocuments;
  log: vscode.LogOutputChannel;
  /** Opens the maze of `game` stepping through `answer` (the maze panel lives in the main bundle). */
  /** `route`: the question, so the maze also draws the expected route (a shortest one for RF, the walkthrough's path for DF). */
  showInMaze: (game: vscode.Uri, answer: string, title: string, start: string, cutoff: number, route: RouteQuestion) => void;
}

async function pickGame(preset: vscode.Uri | string | undefined): Promise<vscode.Uri | undefined> {
  if (preset) return typeof preset === 'string' ? vscode.Uri.parse(preset) : preset;
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && fileKindOf(active.path)) return active;
  const games = await vscode.workspace.findFiles('**/*.edges.json', '**/node_modules/**', 200);
  if (games.length === 1) return games[0];
  const picked = await vscode.window.showQuickPick(games.map((uri) => ({ label: vscode.workspace.asRelativePath(uri).replace(/\.edges\.json$/, ''), uri })), { title: 'Run Question: which game?' });
  return picked?.uri;
}

async function pickQuestion(client: LanguageClient, game: vscode.Uri, task: 'df' | 'rf', cutoff: number, preset?: string): Promise<ListQuestionsResult['questions'][number] | undefined> {
  const list = await sendRequest(client, ListQuestionsRequest, { uri: game.toString(), task, cutoff, limit: QUESTION_LIST_LIMIT });
  if (!list || list.questions.length === 0) {
    void vscode.window.showInformationMessage(`Waypoint: this game has no ${task.toUpperCase()} skeletons yet; run "Waypoint: Generate Skeletons" first.`);
    return undefined;
  }
  if (preset) return list.questions.find((question) => question.sampleId === preset);
  const picked = await showFilteredQuickPick(
    list.questions.map((question) => ({
      label: `${question.src} → ${question.dst}`,
      description: !question.answerable ? 'unanswerable' : question.easy ? 'easy' : 'hard',
      detail: question.task === 'df' ? `actions: ${question.actionList.join(', ')}` : undefined,
      question,
    })),
    { title: `Run Question: ${task.toUpperCase()} question of ${list.game}${list.truncated ? `, first ${QUESTION_LIST_LIMIT}` : ''}`, placeholder: 'Filter by words: rooms, "easy", "hard", "unanswerable", actions (all must match)' },
  );
  return picked?.question;
}

/** Built-in agents answer in the language server, which has the game's graph. */
function offlineAnswer(client: LanguageClient, game: vscode.Uri, question: MangoQuestion): BuiltInAnswer {
  return async (profile) => (await sendRequest(client, OfflineAnswerRequest, { uri: game.toString(), agent: profile.provider === 'random' ? 'random' : 'oracle', question, seed: question.sampleId.length * 7919 })) ?? '';
}

export async function runQuestion(deps: RunQuestionDeps, options: RunQuestionOptions = {}): Promise<RunOutcome | undefined> {
  if (!requireTrust()) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0];
  const game = await pickGame(options.game);
  if (!game || !folder) return undefined;
  const task = options.task ?? (await vscode.window.showQuickPick([{ label: 'Route finding (RF)', task: 'rf' as const }, { label: 'Destination finding (DF)', task: 'df' as const }], { title: 'Run Question: which task?' }))?.task;
  if (!task) return undefined;
  const cutoff = setting('mango.cutoff');
  const picked = await pickQuestion(deps.client, game, task, cutoff, options.sampleId);
  if (!picked) return undefined;
  const profile = await pickProfile('Run Question: which model?', options.profileId, MANGO_BUILT_INS);
  if (!profile) return undefined;
  const prepared = await sendRequest(deps.client, PrepareQuestionRequest, { uri: game.toString(), task, sampleId: picked.sampleId, cutoff, template: setting('mango.promptTemplate') });
  if (!prepared) return undefined;
  const question: MangoQuestion = prepared.question;
  const reply = await askWithProgress(deps.context, { profile, messages: prepared.messages, question, builtIn: offlineAnswer(deps.client, game, question) }, `${task.toUpperCase()} ${question.src} → ${question.dst}`);
  if (!reply) return undefined;
  const mode = scoringModeSetting();
  const scored = await sendRequest(deps.client, ScoreAnswerRequest, { uri: game.toString(), question, response: reply.text, mode });
  if (!scored) {
    // The server scores against edges.json: it was valid when the question was prepared, not now.
    void vscode.window.showErrorMessage(`Waypoint: ${question.game}'s edges.json is no longer valid, so the answer cannot be scored; the reply was not recorded.`);
    return undefined;
  }
  const parsedAnswer = scored.trajectory.steps.map(({ from, action, to }) => ({ location_before: from, action, location_after: to }));
  const record = runRecordOf({ question, model: profile, messages: prepared.messages, parsedAnswer, scores: scored.scores, mode }, reply);
  const runFile = (await appendRunRecord(record)) ?? '';
  deps.log.info(`Run recorded in ${runFile}: ${question.game} ${task} ${question.sampleId.slice(0, 12)} with ${profile.id}.`);
  await deps.answers.show(runDocumentName(record), reply.text, scored.diagnostics);
  const ranges = Object.entries(scored.scores).filter(([name, value]) => name.endsWith('_range') && typeof value === 'string').map(([name, value]) => `${name.replace(/_range$/, '')} ${String(value)}`);
  const scoreText = [...Object.entries(scored.scores).filter(([, value]) => typeof value === 'number').map(([name, value]) => `${name} ${Number(value).toFixed(2)}`), ...(ranges.length ? [`hash-dependent: ${ranges.join(', ')}`] : [])].join(' · ');
  const tokens = reply.promptTokens !== null ? ` · ${reply.promptTokens}+${reply.completionTokens} tokens` : '';
  const cost = record.costUsd !== null ? ` · $${record.costUsd.toFixed(4)}` : '';
  void vscode.window.showInformationMessage(`Waypoint: ${profile.id} on ${task.toUpperCase()} ${question.src} → ${question.dst} (${mode}): ${scoreText}${tokens} · ${reply.cached ? 'cache hit' : `${reply.latencyMs} ms`}${cost}`, 'Show in Maze').then((choice) => {
    if (choice) deps.showInMaze(game, reply.text, `${task.toUpperCase()} ${question.src} → ${question.dst} · ${profile.id}`, question.src, question.cutoff, { task: question.task, src: question.src, dst: question.dst, actions: question.actionList });
  });
  return { scores: scored.scores, problems: scored.diagnostics.length, cached: reply.cached, runFile, answer: reply.text };
}
