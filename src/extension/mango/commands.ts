// MANGO's commands: the maze and the walkthrough overview, annotating a walkthrough (moves,
// proposals, imputed edges), generating skeletons, an answer in the maze, and the map diff (its
// code in the boards bundle: it parses game files with zod).
import * as vscode from 'vscode';
import { mangoFileKindOf } from '../../core/benchmarks/mango/fileKinds';
import { type CommandContext, type CommandTable, mapDeps } from '../commandContext';
import { WALKTHROUGH_LANGUAGE } from '../documentSelectors';
import { MazePanel } from '../views/mazePanel';
import { WalkthroughOverviewPanel } from '../views/overviewPanel';
import { markStepAsMove, type MoveAnswers, unmarkStepMove } from './annotate';
import { type GenerateSkeletonsOptions, generateSkeletonsCommand } from './generateSkeletons';
import { previewImputedEdges } from './imputedEdges';
import { type ReviewOptions, reviewAnnotationProposals } from './reviewProposals';
import { showAnswerInMaze } from './showAnswer';
import type { ShowMapDiffOptions } from './showMapDiff';

/** The maze of the file or game folder given (from the explorer), else of the active editor's file. */
async function showMaze(ctx: CommandContext, uri?: vscode.Uri): Promise<MazePanel | undefined> {
  let target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (target && !mangoFileKindOf(target.path)) {
    // A game folder from the explorer: its edges file stands for the game.
    const [edges] = await vscode.workspace.findFiles(new vscode.RelativePattern(target, '*.edges.json'), null, 1);
    target = edges ?? target;
  }
  if (!target || !mangoFileKindOf(target.path)) {
    void vscode.window.showInformationMessage(
      'Waypoint: open a file of a MANGO game (walkthrough or edges.json) to see its maze.',
    );
    return undefined;
  }
  return MazePanel.show(ctx.context, ctx.client(), target);
}

export const mangoCommands = {
  'waypoint.showMaze': (ctx) => (uri?: vscode.Uri) => showMaze(ctx, uri),
  'waypoint.showWalkthroughOverview': (ctx) => () => {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.languageId !== WALKTHROUGH_LANGUAGE) {
      void vscode.window.showInformationMessage('Waypoint: open a .walkthrough file to see its overview.');
      return undefined;
    }
    return WalkthroughOverviewPanel.show(ctx.context, ctx.client(), editor.document);
  },
  'waypoint.showAnswerInMaze': (ctx) => (uri?: vscode.Uri) => showAnswerInMaze(ctx.context, ctx.client(), uri),
  'waypoint.markStepAsMove': (ctx) => (uri?: unknown, line?: unknown, answers?: MoveAnswers) =>
    markStepAsMove(ctx.client(), uri, line, answers),
  'waypoint.unmarkStepMove': (ctx) => (uri?: unknown, line?: unknown) => unmarkStepMove(ctx.client(), uri, line),
  'waypoint.reviewAnnotationProposals': (ctx) => (uri?: vscode.Uri, options?: ReviewOptions) =>
    reviewAnnotationProposals(ctx.client(), uri, options),
  'waypoint.previewImputedEdges': (ctx) => (uri?: vscode.Uri, acceptAll?: boolean) =>
    previewImputedEdges(ctx.client(), uri, acceptAll === true),
  'waypoint.generateSkeletons': (ctx) => (uri?: vscode.Uri, options?: GenerateSkeletonsOptions) =>
    generateSkeletonsCommand(ctx.client(), uri, options),
  'waypoint.showMapDiff': (ctx) => (target?: vscode.Uri | ShowMapDiffOptions, selected?: vscode.Uri[]) =>
    ctx.bundles.boards().showMapDiff(mapDeps(ctx), target, selected),
  // Test-only: what the map diff shows, read without loading the boards bundle.
  'waypoint.mapDiffState': (ctx) => () => {
    const boards = ctx.bundles.loadedBoards();
    const panel = boards?.MapDiffPanel.active;
    if (!panel) return undefined;
    const panes = panel.panes.map((pane) => ({
      model: pane.model,
      source: pane.source,
      cutoff: pane.overlay.cutoff,
      edges: pane.edges,
      rooms: pane.rooms,
    }));
    return {
      title: panel.panel.title,
      panes,
      expected: panel.panes.map((pane) => boards?.expectedMapDiffCounts(pane.overlay)),
      drawn: panel.drawn,
    };
  },
} satisfies CommandTable;
