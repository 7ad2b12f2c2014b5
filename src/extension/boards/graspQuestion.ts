// GRASP through the evaluation engine: "Waypoint: Run GRASP Question…" sends one grid under one of
// the eight agent settings to any model profile (built-ins: `oracle` is the greedy baseline,
// `random` the random walk), and "Waypoint: Score GRASP Answer" scores a row of an upstream
// response file (such as the o1-mini answers) against its grid. Either way the answer opens with
// diagnostics on each token that did nothing, and the board draws the path as the paper's Figure 2.
import * as vscode from 'vscode';
import { runDocumentName } from '../../core/eval/runLabels';
import type { RunRecord } from '../../core/eval/types';
import type { GraspQuestion } from '../../core/benchmarks/grasp/questionSchema';
import { prepareGraspRun } from '../../core/benchmarks/grasp/questionSet';
import { graspTimeline } from '../../core/benchmarks/grasp/boardTimeline';
import {
  prepareGraspQuestion,
  scoreGraspAnswer,
  type GraspAnswerResult,
  type PreparedGraspQuestion,
} from '../../core/benchmarks/grasp/evaluation';
import type { PromptStyle } from '../../core/benchmarks/grasp/prompt';
import { GraspAnswerCodes } from '../../core/benchmarks/grasp/codes';
import { chooseGrid, requestPromptFor, type GridCandidate } from '../../core/benchmarks/grasp/gridMatch';
import { parseGraspResultsFile } from '../../core/benchmarks/grasp/resultsFile';
import { ALL_SETTINGS, describeSettings, isPlainFileName } from '../../core/benchmarks/grasp/settings';
import { maxFileSizeBytes } from '../../core/util/fileLimits';
import type { Diagnostic } from '../../core/util/text';
import { isGraspScoringMode, type GraspSettings, type ScoringMode } from '../../core/benchmarks/grasp/types';
import { pickProfile } from '../eval/profiles';
import { BoardPanel } from './boardPanel';
import { shownPath, type BoardEvalDeps } from './evalDeps';
import { setting } from '../settings';
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
  return preset ?? setting('grasp.scoringMode');
}

function fileNameOf(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

function showOnBoard(
  context: vscode.ExtensionContext,
  prepared: Pick<PreparedGraspQuestion, 'grid'>,
  result: GraspAnswerResult,
  title: string,
): void {
  BoardPanel.show(context).showTimeline(
    graspTimeline(prepared.grid, result.simulation, title),
    result.simulation.steps.length,
  );
}

export async function runGraspQuestion(
  deps: BoardEvalDeps,
  options: GraspRunOptions = {},
): Promise<Record<string, unknown> | undefined> {
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
    void vscode.window.showErrorMessage(
      'Waypoint: no readable GRASP grid here; open a grid file (e.g. inner_cluster_free.jsonl) and put the cursor on a record.',
    );
    return undefined;
  }
  const settings =
    options.settings ??
    (
      await vscode.window.showQuickPick(
        ALL_SETTINGS.map((candidate) => ({ label: describeSettings(candidate), settings: candidate })),
        { title: `GRASP #${entry.record.index}: which agent setting?` },
      )
    )?.settings;
  if (!settings) return undefined;
  const presetProfile = options.profileId ?? (options.baseline === 'greedy' ? 'oracle' : options.baseline);
  const profile = await pickProfile(`GRASP #${entry.record.index}: which model?`, presetProfile, BUILT_INS);
  if (!profile) return undefined;
  const style = options.style ?? setting('grasp.promptStyle');
  const mode = graspMode(options.mode);
  const file = fileNameOf(uri);
  // The question set's own builder: the messages, custom_id and scoring of `waypoint run grasp`.
  const prepared = prepareGraspRun(entry, shownPath(uri), settings, style);
  const answered = await evaluation.answerWithProgress(deps.context, prepared, profile, {
    mode,
    title: `GRASP ${file} #${entry.record.index}`,
  });
  if (!answered) return undefined;
  const { record, diagnostics } = answered;
  const runFile = await evaluation.appendRunRecord(record);
  if (runFile) deps.log.info(`Run recorded in ${runFile}: GRASP ${record.question.sampleId} with ${profile.id}.`);
  await deps.answers.show(runDocumentName(record), record.rawAnswer, [
    gridNote(`grid ${shownPath(uri)} #${entry.record.index} (the grid the question was asked on)`),
    ...diagnostics,
  ]);
  // The path and the summary line are drawn from the recorded answer with the pipeline's own scorer and rule; the scores are the record's.
  const shown = scoreGraspAnswer(prepared.grasp, record.rawAnswer, mode, { rule: prepared.rule });
  const title = `${profile.id} · ${shownPath(uri)} #${entry.record.index} · ${describeSettings(settings)}`;
  showOnBoard(deps.context, prepared.grasp, shown, title);
  void vscode.window.showInformationMessage(
    `Waypoint: ${title}: ${shown.summary} · ${record.cached ? 'cache hit' : `${record.latencyMs} ms`}`,
  );
  return {
    profile: profile.id,
    mode,
    grid: { path: shownPath(uri), index: entry.record.index },
    ...record.scores,
    steps: shown.simulation.steps.length,
    actions: record.parsedAnswer,
    diagnostics: diagnostics.map((diagnostic) => diagnostic.code),
    runFile,
    answer: record.rawAnswer,
  };
}

/** Upstream's layout: grid files beside the response file or one folder up (`results/../`). */
function layoutCandidates(resultsUri: vscode.Uri, file: string): vscode.Uri[] {
  return [vscode.Uri.joinPath(resultsUri, '..', file), vscode.Uri.joinPath(resultsUri, '..', '..', file)];
}

const SEARCH_LIMIT = 20;

/**
 * Every grid file a row's custom_id could mean, inside the workspace only: the layout places
 * first, then same-named files anywhere. `file` is a plain name (parseCustomId refuses paths).
 */
async function gridCandidates(file: string, index: number, layout: readonly vscode.Uri[]): Promise<GridCandidate[]> {
  const seen = new Set<string>();
  const candidates: GridCandidate[] = [];
  const add = async (uri: vscode.Uri, isLayout: boolean) => {
    if (seen.has(uri.toString()) || !vscode.workspace.getWorkspaceFolder(uri)) return;
    seen.add(uri.toString());
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      return;
    }
    candidates.push({
      path: shownPath(uri),
      layout: isLayout,
      entry: graspEntryAt(await vscode.workspace.openTextDocument(uri), index, undefined) ?? null,
    });
  };
  for (const uri of layout) await add(uri, true);
  for (const uri of await vscode.workspace.findFiles(`**/${file}`, '**/node_modules/**', SEARCH_LIMIT))
    await add(uri, false);
  return candidates;
}

/** The user prompt of this custom_id in a request file of upstream's layout (`requests/` beside `results/`). */
async function requestPromptOf(resultsUri: vscode.Uri, customId: string): Promise<string | null> {
  for (const folder of [
    vscode.Uri.joinPath(resultsUri, '..', '..', 'requests'),
    vscode.Uri.joinPath(resultsUri, '..', 'requests'),
  ]) {
    let names: Array<[string, vscode.FileType]>;
    try {
      names = await vscode.workspace.fs.readDirectory(folder);
    } catch {
      continue;
    }
    for (const [name, type] of names) {
      if (type !== vscode.FileType.File || !name.endsWith('.jsonl')) continue;
      const uri = vscode.Uri.joinPath(folder, name);
      const { size } = await vscode.workspace.fs.stat(uri);
      if (size > maxFileSizeBytes(setting('validation.maxFileSizeMB'))) continue;
      const prompt = requestPromptFor(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), customId);
      if (prompt !== null) return prompt;
    }
  }
  return null;
}

/** An information diagnostic at the top of the answer naming the grid it was scored against. */
function gridNote(summary: string): Diagnostic {
  return {
    severity: 'information',
    code: GraspAnswerCodes.grid,
    message: `Scored against ${summary}.`,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  };
}

export interface ScoreResponseOptions {
  uri?: vscode.Uri | string;
  /** 0-based line of the response row; without it the row under the cursor. */
  line?: number;
  mode?: ScoringMode;
}

/** Scores one row of an upstream GRASP response file against its grid, and steps through it. */
export async function scoreGraspResponse(
  deps: BoardEvalDeps,
  options: ScoreResponseOptions = {},
): Promise<Record<string, unknown> | undefined> {
  const editor = vscode.window.activeTextEditor;
  const given = options.uri ?? editor?.document.uri;
  const uri = typeof given === 'string' ? vscode.Uri.parse(given) : given;
  if (!uri) return undefined;
  const document = await vscode.workspace.openTextDocument(uri);
  const { entries } = parseGraspResultsFile(document.getText());
  const line = options.line ?? (editor?.document.uri.toString() === uri.toString() ? editor.selection.active.line : 0);
  const row = entries.find((entry) => entry.line === line);
  if (!row) {
    void vscode.window.showErrorMessage(
      `Waypoint: line ${line + 1} of ${shownPath(uri)} is not a readable GRASP response row (see Problems).`,
    );
    return undefined;
  }
  const candidates = await gridCandidates(row.file, row.index, layoutCandidates(uri, row.file));
  const choice = chooseGrid(row.customId, row.index, candidates, {
    answer: row.answer,
    requestPrompt: await requestPromptOf(uri, row.customId),
  });
  if (!choice.ok) {
    void vscode.window.showErrorMessage(`Waypoint: ${shownPath(uri)} line ${line + 1}: ${choice.message}.`);
    return undefined;
  }
  const entry = choice.candidate.entry;
  const mode = graspMode(options.mode);
  const prepared = prepareGraspQuestion(entry, row.file, row.settings, 'chat');
  const result = scoreGraspAnswer(prepared, row.answer, mode);
  const source = fileNameOf(uri).replace(/\.jsonl$/, '');
  await deps.answers.show(`${source}-${row.customId.replace(/[^\w.-]+/g, '-')}`, row.answer, [
    gridNote(choice.summary),
    ...result.diagnostics,
  ]);
  const title = `${source} · ${row.customId} · ${describeSettings(row.settings)}`;
  showOnBoard(deps.context, prepared, result, title);
  void vscode.window.showInformationMessage(`Waypoint: ${title}: ${result.summary} · ${choice.summary}`);
  deps.log.info(`GRASP ${row.customId} from ${shownPath(uri)} scored against ${choice.summary}.`);
  const grid = {
    path: choice.candidate.path,
    index: row.index,
    verdict: choice.match.verdict,
    reason: choice.match.reason,
  };
  return {
    customId: row.customId,
    mode,
    grid,
    ...result.scores,
    actions: result.parsedAnswer,
    diagnostics: result.diagnostics.map((diagnostic) => diagnostic.code),
  };
}

/**
 * Reopens a recorded GRASP run: re-scored against the grid as it is now, the recorded grid path
 * first; the recorded prompt proves (or refutes) that a grid is the one the model saw.
 */
export async function reopenGraspRun(
  deps: BoardEvalDeps,
  record: RunRecord & { question: GraspQuestion },
): Promise<boolean> {
  const { question } = record;
  const folder = vscode.workspace.workspaceFolders?.[0];
  const recorded =
    question.gridPath && folder && isPlainRelativePath(question.gridPath)
      ? [vscode.Uri.joinPath(folder.uri, question.gridPath)]
      : [];
  const candidates = isPlainFileName(question.file)
    ? await gridCandidates(question.file, question.index, recorded)
    : [];
  const prompt = record.messages.find((message) => message.role === 'user')?.content;
  const choice = chooseGrid(question.sampleId, question.index, candidates, {
    answer: record.rawAnswer,
    requestPrompt: typeof prompt === 'string' ? prompt : null,
  });
  if (!choice.ok) {
    void vscode.window.showErrorMessage(`Waypoint: cannot reopen ${question.sampleId}: ${choice.message}.`);
    return false;
  }
  const prepared = prepareGraspQuestion(choice.candidate.entry, question.file, question.settings, question.style);
  const mode = isGraspScoringMode(record.mode) ? record.mode : 'faithful';
  const result = scoreGraspAnswer(prepared, record.rawAnswer, mode);
  await deps.answers.show(runDocumentName(record), record.rawAnswer, [gridNote(choice.summary), ...result.diagnostics]);
  showOnBoard(
    deps.context,
    prepared,
    result,
    `${record.model.id} · ${choice.candidate.path} #${question.index} · ${describeSettings(question.settings)}`,
  );
  return true;
}

/** A workspace-relative path as recorded: no absolute paths, no `..` segments. */
function isPlainRelativePath(path: string): boolean {
  return !path.startsWith('/') && !/^[A-Za-z]:/.test(path) && !path.split(/[/\\]/).includes('..');
}
