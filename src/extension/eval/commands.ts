// The evaluation commands, by feature: the Runs view's, the results view's, and asking models
// (questions, benchmarks, model profiles). What asks, scores or reports is in the evaluation bundle,
// loaded when one of them first runs (ctx.bundles.evaluation()).
import * as vscode from 'vscode';
import type { RunRecord } from '../../core/eval/types';
import type { CommandContext, CommandTable } from '../commandContext';
import { MazePanel } from '../views/mazePanel';
import { openRunDiff } from './compareRuns';
import type { AddProfileOptions } from './profileCommands';
import type { ResultsTarget } from './resultsPanel';
import type { RunBenchmarkOptions } from './runBenchmark';
import type { RunQuestionDeps, RunQuestionOptions } from './runQuestion';
import { openRunAnswer, replayRun, replayRunPair, rescoreMangoRun } from './runReplays';
import { setApiKeyCommand } from './secrets';

/** A run node of the Runs view: a batch run's files, or one recorded answer. */
interface RunNode {
  files?: string[];
  record?: RunRecord;
}

/** A batch run's file in the editor; a run over several files (shards, profiles) asks which. */
async function openRunFile(files: readonly string[]): Promise<vscode.TextEditor | undefined> {
  const file =
    files.length <= 1
      ? files[0]
      : (
          await vscode.window.showQuickPick(
            files.map((path) => ({ label: vscode.workspace.asRelativePath(path, false), path })),
            { title: 'Open Run File: which file of the run?' },
          )
        )?.path;
  return file ? vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true }) : undefined;
}

export const runsCommands = {
  'waypoint.refreshRuns': (ctx) => () => ctx.runs.refresh(),
  'waypoint.openRunFile': () => (node?: RunNode) => openRunFile(node?.files ?? []),
  'waypoint.openRun': (ctx) => async (index: number) => {
    const record = ctx.runs.runs[index];
    if (record) await openRunAnswer(ctx, record);
  },
  'waypoint.compareRuns': (ctx) => async (node?: RunNode, selected?: RunNode[]) => {
    const chosen = (selected && selected.length > 0 ? selected : node ? [node] : ctx.runsTree.selection).flatMap(
      (item) => ('record' in item && item.record ? [item.record] : []),
    );
    return openRunDiff(
      ctx.runTrajectories,
      chosen,
      ctx.runs.runs,
      async (record) => (await rescoreMangoRun(ctx, record))?.trajectory ?? null,
    );
  },
  // "Show in Maze" for MANGO runs; runs of grid benchmarks step on the board instead.
  'waypoint.showRunInMaze': (ctx) => (node?: RunNode) => (node?.record ? replayRun(ctx, node.record) : null),
} satisfies CommandTable;

/** Called by code, not by a person (so not in package.json). */
export const runsInternalCommands = {
  // Called by the question commands once their record is written: the result stays in view after the toast.
  'waypoint.revealRun': (ctx) => (record?: RunRecord) => (record ? ctx.runs.reveal(ctx.runsTree, record) : false),
} satisfies CommandTable;

function showResults(ctx: CommandContext, target: ResultsTarget) {
  const host = {
    context: ctx.context,
    log: ctx.output,
    openAnswer: (record: RunRecord) => openRunAnswer(ctx, record),
    openReplay: (record: RunRecord) => replayRun(ctx, record),
    replayBoth: (a: RunRecord, b: RunRecord) => replayRunPair(ctx, a, b),
  };
  return ctx.bundles.evaluation().ResultsPanel.show(host, target);
}

/** Several files selected in the explorer (its second argument) open side by side. */
const several = (selected: vscode.Uri[] | undefined): selected is vscode.Uri[] =>
  Array.isArray(selected) && selected.length > 1;

export const resultsCommands = {
  'waypoint.showResults': (ctx) => (target?: ResultsTarget, selected?: vscode.Uri[]) =>
    showResults(ctx, several(selected) ? selected : target),
  // The Explorer's and the editor's "Open in Results View" on a .jsonl; from the palette, the active editor's file.
  'waypoint.openInResultsView': (ctx) => (target?: vscode.Uri, selected?: vscode.Uri[]) => {
    const file = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
    return showResults(ctx, several(selected) ? selected : file?.scheme === 'file' ? file : undefined);
  },
  // Test-only: what the view shows, read without loading the evaluation bundle.
  'waypoint.resultsState': (ctx) => () => {
    const results = ctx.bundles.loadedEvaluation()?.ResultsPanel;
    const panel = results?.active;
    const lastLoadError = results?.lastLoadError;
    if (panel) {
      const { report, models } = panel.model;
      return {
        title: panel.panel.title,
        files: panel.files,
        report,
        models,
        lastRender: panel.lastRender,
        shared: Object.fromEntries(panel.shared),
        lastNotice: panel.lastNotice,
        lastStatus: panel.lastStatus,
        lastLoadError,
      };
    }
    return lastLoadError === undefined ? undefined : { lastLoadError };
  },
  // Test-only: Share to `target` without the save dialog; a drop of `uris` through the view's own handler.
  'waypoint.shareResults':
    (ctx) =>
    (format: 'html' | 'csv' = 'html', target?: string) =>
      ctx.bundles.loadedEvaluation()?.ResultsPanel.active?.share(format, target ? { target } : {}),
  'waypoint.dropOnResults': (ctx) => (uris: string[]) =>
    ctx.bundles.loadedEvaluation()?.ResultsPanel.active?.addFiles(uris),
} satisfies CommandTable;

export const evaluationCommands = {
  'waypoint.runQuestion': (ctx) => (options?: RunQuestionOptions) => {
    const showInMaze: RunQuestionDeps['showInMaze'] = (game, trajectory, title, route, reply) =>
      void MazePanel.show(ctx.context, ctx.client(), game).showWalk(trajectory, title, route, reply);
    return ctx.bundles
      .evaluation()
      .runQuestion(
        { context: ctx.context, client: ctx.client(), answers: ctx.answers, log: ctx.output, showInMaze },
        options,
      );
  },
  'waypoint.runBenchmark': (ctx) => (options?: RunBenchmarkOptions) =>
    ctx.bundles.evaluation().runBenchmark({ context: ctx.context, log: ctx.output }, options),
  'waypoint.setApiKey': (ctx) => (profileId?: string, key?: string) =>
    setApiKeyCommand(ctx.context.secrets, profileId, key),
  'waypoint.addModelProfile': (ctx) => (options?: AddProfileOptions) =>
    ctx.bundles.evaluation().addModelProfileCommand(ctx.context.secrets, options),
  'waypoint.testConnection': (ctx) => (options?: { profileId?: string } | string) =>
    ctx.bundles.evaluation().testConnectionCommand({ secrets: ctx.context.secrets, log: ctx.output }, options),
} satisfies CommandTable;
