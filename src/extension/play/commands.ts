// Interactive episodes (issue 17): the Play panel, with the maze (activation bundle) or the board
// beside it. The panel and the episodes are in the boards bundle, loaded on first use.
import * as vscode from 'vscode';
import { boardDeps, type CommandTable } from '../commandContext';
import { MazePanel } from '../views/mazePanel';
import type { PlayEpisodeOptions } from './playCommand';

export const playCommands = {
  'waypoint.playEpisode': (ctx) => (options?: PlayEpisodeOptions | vscode.Uri) =>
    ctx.bundles.boards().playEpisode(
      {
        ...boardDeps(ctx),
        showRoute: (edges, walk, title, start) =>
          MazePanel.show(ctx.context, ctx.client(), edges).showEpisode(walk, title, start, null, undefined, {
            follow: true,
          }),
      },
      options instanceof vscode.Uri ? { source: options } : options,
    ),
  // Test-only: the panel's state, and what a person types and sends in it, through the same handler as the webview's message.
  'waypoint.playState': (ctx) => () => ctx.bundles.loadedBoards()?.PlayPanel.active?.state,
  'waypoint.playType': (ctx) => (text: string) =>
    ctx.bundles.loadedBoards()?.PlayPanel.active?.receive({ type: 'command', text }),
} satisfies CommandTable;
