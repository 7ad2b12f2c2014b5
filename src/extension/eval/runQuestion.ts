// "Waypoint: Run Question…": pick a game, a task, a question and a model; the server renders the
// exact benchmark prompt; the model (or a built-in agent) answers, with progress and Cancel; the
// server scores it; the run is recorded in .waypoint/runs/, and the answer opens with diagnostics
// on each wrong step, one click from its trajectory in the maze view.
import * as vscode from 'vscode';
import { promises as fs } from 'node:fs';
import { showFilteredQuickPick } from '../filteredQuickPick';
import type { LanguageClient } from 'vscode-languageclient/node';
import { runDocumentName } from '../../core/eval/runLabels';
import { mangoFileKindOf } from '../../core/benchmarks/mango/fileKinds';
import { mangoGameQuestion } from '../../core/benchmarks/mango/questionSet';
import type { AnswerParseMode } from '../../core/benchmarks/mango/scoring/answers';
import type { Trajectory } from '../../core/maze/mazeView';
import type { QuestionSetFiles } from '../../core/benchmark/registry';
import { questionFilesOn } from '../../core/runs/hostFiles';
import { ListQuestionsRequest, type ListQuestionsResult } from '../../protocol/lsp';
import { editorText } from '../documentText';
import { sendRequest } from '../lspRequests';
import type { RouteQuestion } from '../../protocol/maze';
import type { RunRecord } from '../../core/eval/types';
import type { AnswerDocuments } from './answerDocuments';
import { scoringModeSetting, setting } from '../settings';
import { answerWithProgress, appendRunRecord, requireTrust } from './modelCall';
import { pickProfile } from './profiles';

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

interface RunOutcome {
  scores: Record<string, number | boolean | string | null>;
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
  /**
   * Opens the maze of `game` stepping through `trajectory`, the run's walk as scoring computed it
   * (the maze panel lives in the main bundle); `route`: the question, so the maze also draws the
   * expected route (a shortest one for RF, the walkthrough's path for DF); `reply`: the answer and
   * how scoring read it, walked again if the game is edited while the maze shows it.
   */
  showInMaze: (
    game: vscode.Uri,
    trajectory: Trajectory,
    title: string,
    route: RouteQuestion,
    reply: { response: string; mode: AnswerParseMode },
  ) => void;
}
async function pickGame(preset: vscode.Uri | string | undefined): Promise<vscode.Uri | undefined> {
  if (preset) return typeof preset === 'string' ? vscode.Uri.parse(preset) : preset;
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && mangoFileKindOf(active.path)) return active;
  const games = await vscode.workspace.findFiles('**/*.edges.json', '**/node_modules/**', 200);
  if (games.length === 1) return games[0];
  const picked = await vscode.window.showQuickPick(
    games.map((uri) => ({ label: vscode.workspace.asRelativePath(uri).replace(/\.edges\.json$/, ''), uri })),
    { title: 'Run Question: which game?' },
  );
  return picked?.uri;
}

/** A question of the game's list, with the game's name. */
interface PickedQuestion {
  game: string;
  question: ListQuestionsResult['questions'][number];
}

async function pickQuestion(
  client: LanguageClient,
  game: vscode.Uri,
  task: 'df' | 'rf',
  cutoff: number,
  preset?: string,
): Promise<PickedQuestion | undefined> {
  const list = await sendRequest(client, ListQuestionsRequest, {
    uri: game.toString(),
    task,
    cutoff,
    limit: QUESTION_LIST_LIMIT,
  });
  if (!list || list.questions.length === 0) {
    void vscode.window.showInformationMessage(
      `Waypoint: this game has no ${task.toUpperCase()} skeletons yet; run "Waypoint: Generate Skeletons" first.`,
    );
    return undefined;
  }
  const found = preset ? list.questions.find((question) => question.sampleId === preset) : undefined;
  if (preset) return found && { game: list.game, question: found };
  const picked = await showFilteredQuickPick(
    list.questions.map((question) => ({
      label: `${question.src} → ${question.dst}`,
      description: !question.answerable ? 'unanswerable' : question.easy ? 'easy' : 'hard',
      detail: question.task === 'df' ? `actions: ${question.actionList.join(', ')}` : undefined,
      question,
    })),
    {
      title: `Run Question: ${task.toUpperCase()} question of ${list.game}${list.truncated ? `, first ${QUESTION_LIST_LIMIT}` : ''}`,
      placeholder: 'Filter by words: rooms, "easy", "hard", "unanswerable", actions (all must match)',
    },
  );
  return picked && { game: list.game, question: picked.question };
}

/**
 * The game's files as the editor has them: an open document's text (unsaved edits included, as the
 * server validates it), else the file under the size cap, read as `waypoint run` reads it.
 */
function editorFiles(game: vscode.Uri): QuestionSetFiles {
  const disk = questionFilesOn(fs);
  const uriOf = (path: string) => game.with({ path });
  return {
    async readText(path) {
      return editorText(uriOf(path), (uri) => disk.readText(uri.fsPath));
    },
    list: (path) => disk.list(uriOf(path).fsPath),
    realPath: (path) => (disk.realPath as (path: string) => Promise<string>)(uriOf(path).fsPath),
  };
}

async function pickTask(preset: 'df' | 'rf' | undefined): Promise<'df' | 'rf' | undefined> {
  if (preset) return preset;
  const tasks = [
    { label: 'Route finding (RF)', task: 'rf' as const },
    { label: 'Destination finding (DF)', task: 'df' as const },
  ];
  return (await vscode.window.showQuickPick(tasks, { title: 'Run Question: which task?' }))?.task;
}

/**
 * The question set's own builder over the game's files: the messages, sample id, built-in agents
 * and scorer of `waypoint run mango` with the same --cutoff and --template; undefined after saying why.
 */
async function prepareQuestion(game: vscode.Uri, picked: PickedQuestion, task: 'df' | 'rf', cutoff: number) {
  const gameFolder = game.path.slice(0, game.path.lastIndexOf('/'));
  const { prepared, problems } = await mangoGameQuestion(
    gameFolder,
    picked.game,
    task,
    picked.question.sampleId,
    { cutoff: String(cutoff), template: setting('mango.promptTemplate') },
    editorFiles(game),
  );
  if (!prepared)
    void vscode.window.showErrorMessage(
      `Waypoint: cannot prepare the ${task.toUpperCase()} question ${picked.question.sampleId.slice(0, 12)} of ${picked.game}: ${problems[0] ?? 'its files cannot be read'}.`,
    );
  return prepared;
}

/** A record's scores for the toast: the numbers to two places, then the hash-dependent ranges. */
function scoreText(scores: RunRecord['scores']): string {
  const ranges = Object.entries(scores)
    .filter(([name, value]) => name.endsWith('_range') && typeof value === 'string')
    .map(([name, value]) => `${name.replace(/_range$/, '')} ${String(value)}`);
  return [
    ...Object.entries(scores)
      .filter(([, value]) => typeof value === 'number')
      .map(([name, value]) => `${name} ${Number(value).toFixed(2)}`),
    ...(ranges.length ? [`hash-dependent: ${ranges.join(', ')}`] : []),
  ].join(' · ');
}

export async function runQuestion(
  deps: RunQuestionDeps,
  options: RunQuestionOptions = {},
): Promise<RunOutcome | undefined> {
  if (!requireTrust()) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0];
  const game = await pickGame(options.game);
  if (!game || !folder) return undefined;
  const task = await pickTask(options.task);
  if (!task) return undefined;
  const cutoff = setting('mango.cutoff');
  const picked = await pickQuestion(deps.client, game, task, cutoff, options.sampleId);
  if (!picked) return undefined;
  const profile = await pickProfile('Run Question: which model?', options.profileId, MANGO_BUILT_INS);
  if (!profile) return undefined;
  const prepared = await prepareQuestion(game, picked, task, cutoff);
  if (!prepared) return undefined;
  const { question } = prepared;
  const mode = scoringModeSetting();
  const route = `${task.toUpperCase()} ${question.src} → ${question.dst}`;
  const answered = await answerWithProgress(deps.context, prepared, profile, { mode, title: route });
  if (!answered) return undefined;
  const { record, diagnostics } = answered;
  const runFile = (await appendRunRecord(record)) ?? '';
  deps.log.info(
    `Run recorded in ${runFile}: ${question.game} ${task} ${question.sampleId.slice(0, 12)} with ${profile.id}.`,
  );
  await deps.answers.show(runDocumentName(record), record.rawAnswer, diagnostics);
  // The walk the scores were computed on (the evaluator's graph), kept from scoring, not walked again.
  const trajectory = prepared.trajectory(record.rawAnswer, mode);
  const { scores } = record;
  const tokens = record.promptTokens !== null ? ` · ${record.promptTokens}+${record.completionTokens} tokens` : '';
  const cost = record.costUsd !== null ? ` · $${record.costUsd.toFixed(4)}` : '';
  const latency = record.cached ? 'cache hit' : `${record.latencyMs} ms`;
  const expected: RouteQuestion = {
    task: question.task,
    src: question.src,
    dst: question.dst,
    actions: question.actionList,
  };
  const reply = {
    response: record.rawAnswer,
    mode: mode === 'reference' ? ('reference' as const) : ('faithful' as const),
  };
  void vscode.window
    .showInformationMessage(
      `Waypoint: ${profile.id} on ${route} (${mode}): ${scoreText(scores)}${tokens} · ${latency}${cost}`,
      'Show in Maze',
    )
    .then((choice) => {
      if (choice) deps.showInMaze(game, trajectory, `${route} · ${profile.id}`, expected, reply);
    });
  return { scores, problems: diagnostics.length, cached: record.cached, runFile, answer: record.rawAnswer };
}
