// GRASP through the evaluation engine: "Waypoint: Run GRASP Question…" sends one grid under one of
// the eight agent settings to any model profile (built-ins: `oracle` is the greedy baseline,
// `random` the random walk), and "Waypoint: Score GRASP Answer" scores a row of an upstream
// response file (such as the o1-mini answers) against its grid. Either way the answer opens with
// diagnostics on each token that did nothing, and the board draws the path as the paper's Figure 2.
import * as vscode from 'vscode';
import { runRecordOf } from '../../core/eval/engine';
import { runDocumentName } from '../../core/eval/runLabels';
import type { GraspQuestion, RunRecord } from '../../core/eval/types';
import { graspTimeline } from '../../core/grasp/boardTimeline';
import { builtInGraspAnswer, prepareGraspQuestion, scoreGraspAnswer, type GraspAnswerResult, type PreparedGraspQuestion } from '../../core/grasp/evaluation';
import { PROMPT_STYLES, type PromptStyle } from '../../core/grasp/prompt';
import { parseGraspResultsFile } from '../../core/grasp/resultsFile';
import { ALL_SETTINGS, describeSettings } from '../../core/grasp/settings';
import { SCORING_MODES, type GraspSettings, type ScoringMode } from '../../core/grasp/types';
import { pickProfile } from '../eval/profiles';
import { BoardPanel } from './boardPanel';
import { modeSetting, shownPath, type BoardEvalDeps } from './evalDeps';
import { graspEntryAt } from './gridCommands';

export interface GraspRunOptions {
  uri?: vscode.Uri | string;
  /** The record's "index" field; without it the record under the cursor (or the first). */
  index?: number;
  settings?: GraspSettings;
  profileId?: string;
  /** Older spelling of the built-ins: 'greedy' is the oracle profile, 'random' the random walk. */
  baseline?: 'greedy' | 'random';
  mode?: ScoringMode;
  style?: PromptStyle;
}

const BUILT_INS = { oracle: 'the greedy baseline', random: 'the random-walk baseline' };

function graspMode(preset?: ScoringMode): ScoringMode {
  return preset ?? modeSetting<ScoringMode>('grasp.scoringMode', SCORING_MODES, 'faithful');
}

function fileNameOf(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

function showOnBoard(context: vscode.ExtensionContext, prepared: Pick<PreparedGraspQuestion, 'grid'>, result: GraspAnswerResult, title: string): void {
  BoardPanel.show(context).showTimeline(graspTimeline(prepared.grid, result.simulation, title), result.simulation.steps.length);
}

export async function runGraspQuestion(deps: BoardEvalDeps, options: GraspRunOptions = {}): Promise<Record<string, unknown> | undefined> {
  const evaluation = deps.evaluation();
  if (!evaluation.requireTrust()) return undefined;
  const editor = vscode.window.activeTextEditor;
  const given = options.uri ?? editor?.document.uri;
  const uri = typeof given === 'string' ? vscode.Uri.parse(given) : given;
  if (!uri) return undefined;
  const document = await vscode.workspace.openTextDocument(uri);
  const cursorLine = editor?.document.uri.toString() === uri.toString() ? editor.selection.active.line : undefined;
  const entry = graspEntryAt(document, options.index, options.index === undefined ? cursorLine : undefined);
  if (!entry) {
    void vscode.window.showErrorMessage('Waypoint: no readable GRASP grid here; open a grid file (e.g. inner_cluster_free.jsonl) and put the cursor on a record.');
    return undefined;
  }
  const settings = options.settings ?? (await vscode.window.showQuickPick(ALL_SETTINGS.map((candidate) => ({ label: describeSettings(candidate), settings: candidate })), { title: `GRASP #${entry.record.index}: which agent setting?` }))?.settings;
  if (!settings) return undefined;
  const presetProfile = options.profileId ?? (options.baseline === 'greedy' ? 'oracle' : options.baseline);
  const profile = await pickProfile(`GRASP #${entry.record.index}: which model?`, presetProfile, BUILT_INS);
  if (!profile) return undefined;
  const style = options.style ?? modeSetting<PromptStyle>('grasp.promptStyle', PROMPT_STYLES, 'chat');
  const mode = graspMode(options.mode);
  const file = fileNameOf(uri);
  const prepared = prepareGraspQuestion(entry, file, settings, style);
  const question: GraspQuestion = prepared.question;
  const reply = await evaluation.askWithProgress(
    deps.context,
    { profile, messages: prepared.messages, question, builtIn: (chosen) => builtInGraspAnswer(prepared, chosen.provider === 'random' ? 'random' : 'oracle', entry.record.index) },
    `GRASP ${file} #${entry.record.index}`,
  );
  if (!reply) return undefined;
  const result = scoreGraspAnswer(prepared, reply.text, mode);
  const record = runRecordOf({ question, model: profile, messages: prepared.messages, parsedAnswer: result.parsedAnswer, scores: result.scores, mode }, reply);
  const runFile = await evaluation.appendRunRecord(record);
  if (runFile) deps.log.info(`Run recorded in ${runFile}: GRASP ${question.sampleId} with ${profile.id}.`);
  await deps.answers.show(runDocumentName(record), reply.text, result.diagnostics);
  const title = `${profile.id} · ${shownPath(uri)} #${entry.record.index} · ${describeSettings(settings)}`;
  showOnBoard(deps.context, prepared, result, title);
  void vscode.window.showInformationMessage(`Waypoint: ${title}: ${result.summary} · ${reply.cached ? 'cache hit' : `${reply.latencyMs} ms`}`);
  return { profile: profile.id, mode, ...result.scores, steps: result.simulation.steps.length, actions: result.parsedAnswer, diagnostics: result.diagnostics.map((diagnostic) => diagnostic.code), runFile, answer: reply.text };
}

/** The grid file a response row names: beside the response file, one folder up, or anywhere in the workspace. */
async function findGridFile(resultsUri: vscode.Uri, file: string): Promise<vscode.Uri | undefined> {
  for (const candidate of [vscode.Uri.joinPath(resultsUri, '..', file), vscode.Uri.joinPath(resultsUri, '..', '..', file)]) {
    try {
      await vscode.workspace.fs.stat(candidate);
      return candidate;
    } catch {
      // not there; keep looking
    }
  }
  const [found] = await vscode.workspace.findFiles(`**/${file}`, '**/node_modules/**', 1);
  return found;
}

export interface ScoreResponseOptions {
  uri?: vscode.Uri | string;
  /** 0-based line of the response row; without it the row under the cursor. */
  line?: number;
  mode?: ScoringMode;
}

/** Scores one row of an upstream GRASP response file against its grid, and steps through it. */
export async function scoreGraspResponse(deps: BoardEvalDeps, options: ScoreResponseOptions = {}): Promise<Record<string, unknown> | undefined> {
  const editor = vscode.window.activeTextEditor;
  const given = options.uri ?? editor?.document.uri;
  const uri = typeof given === 'string' ? vscode.Uri.parse(given) : given;
  if (!uri) return undefined;
  const document = await vscode.workspace.openTextDocument(uri);
  const { entries } = parseGraspResultsFile(document.getText());
  const line = options.line ?? (editor?.document.uri.toString() === uri.toString() ? editor.selection.active.line : 0);
  const row = entries.find((entry) => entry.line === line);
  if (!row) {
    void vscode.window.showErrorMessage(`Waypoint: line ${line + 1} of ${shownPath(uri)} is not a readable GRASP response row (see Problems).`);
    return undefined;
  }
  const gridUri = await findGridFile(uri, row.file);
  if (!gridUri) {
    void vscode.window.showErrorMessage(`Waypoint: the grid file ${row.file} named by ${row.customId} is not beside ${shownPath(uri)}, one folder up, or anywhere in the workspace.`);
    return undefined;
  }
  const gridDocument = await vscode.workspace.openTextDocument(gridUri);
  const entry = graspEntryAt(gridDocument, row.index, undefined);
  if (!entry) {
    void vscode.window.showErrorMessage(`Waypoint: ${shownPath(gridUri)} has no readable record with "index": ${row.index}.`);
    return undefined;
  }
  const mode = graspMode(options.mode);
  const prepared = prepareGraspQuestion(entry, row.file, row.settings, 'chat');
  const result = scoreGraspAnswer(prepared, row.answer, mode);
  const source = fileNameOf(uri).replace(/\.jsonl$/, '');
  await deps.answers.show(`${source}-${row.customId.replace(/[^\w.-]+/g, '-')}`, row.answer, result.diagnostics);
  const title = `${source} · ${row.customId} · ${describeSettings(row.settings)}`;
  showOnBoard(deps.context, prepared, result, title);
  void vscode.window.showInformationMessage(`Waypoint: ${title}: ${result.summary}`);
  return { customId: row.customId, mode, ...result.scores, actions: result.parsedAnswer, diagnostics: result.diagnostics.map((diagnostic) => diagnostic.code) };
}

/** Reopens a recorded GRASP run: re-scored against the grid as it is now. */
export async function reopenGraspRun(deps: BoardEvalDeps, record: RunRecord & { question: GraspQuestion }): Promise<boolean> {
  const [gridUri] = await vscode.workspace.findFiles(`**/${record.question.file}`, '**/node_modules/**', 1);
  if (!gridUri) return false;
  const entry = graspEntryAt(await vscode.workspace.openTextDocument(gridUri), record.question.index, undefined);
  if (!entry) return false;
  const prepared = prepareGraspQuestion(entry, record.question.file, record.question.settings, record.question.style);
  const mode = SCORING_MODES.includes(record.mode) ? record.mode : 'faithful';
  const result = scoreGraspAnswer(prepared, record.rawAnswer, mode);
  await deps.answers.show(runDocumentName(record), record.rawAnswer, result.diagnostics);
  showOnBoard(deps.context, prepared, result, `${record.model.id} · ${record.question.file} #${record.question.index} · ${describeSettings(record.question.settings)}`);
  return true;
}
