// The window layout (issue 26: "answers open in three columns"), through the real VS Code API: the
// maze, an answer, a comparison of two runs, the results view, a replay from it and the board, each
// opened from wherever the user was last, leave the window with at most two editor columns.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { waitFor } from './extension.e2e';

/** What each editor group shows, for a failure message. */
function layout(): string {
  return vscode.window.tabGroups.all
    .map((group) => `${group.viewColumn}: ${group.tabs.map((tab) => tab.label).join(', ')}`)
    .join(' | ');
}

function assertTwoColumnsAtMost(after: string): void {
  assert.ok(
    vscode.window.tabGroups.all.length <= 2,
    `after ${after}: ${vscode.window.tabGroups.all.length} columns (${layout()})`,
  );
}

export function defineColumnTests(): void {
  describe('Window layout', () => {
    it('opens the maze, answers, a comparison, the results view, a replay and the board in at most two columns', async function () {
      this.timeout(180_000);
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      assert.ok(folder, 'the sample workspace is open');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const walkthrough = await vscode.window.showTextDocument(
        vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.walkthrough'),
      );
      const maze = await vscode.commands.executeCommand<{ lastLayout?: unknown }>(
        'waypoint.showMaze',
        walkthrough.document.uri,
      );
      await waitFor('the maze layout report', () => maze.lastLayout);
      assertTwoColumnsAtMost('Show Maze');

      // Two runs of one question: each opens its answer; the second from the answer's own group.
      const game = vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.edges.json');
      const pairs = new TextDecoder().decode(
        await vscode.workspace.fs.readFile(
          vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.all_pairs.jsonl'),
        ),
      );
      const sampleId = (JSON.parse(pairs.split('\n')[2]) as { id: string }).id;
      const lines: string[] = [];
      for (const profileId of ['oracle', 'random']) {
        const outcome = await vscode.commands.executeCommand<{ runFile: string }>('waypoint.runQuestion', {
          game,
          task: 'rf',
          sampleId,
          profileId,
        });
        lines.push(
          new TextDecoder()
            .decode(await vscode.workspace.fs.readFile(vscode.Uri.file(outcome.runFile)))
            .trim()
            .split('\n')
            .at(-1) as string,
        );
        assertTwoColumnsAtMost(
          `Run Question with ${profileId} (active: column ${vscode.window.tabGroups.activeTabGroup.viewColumn})`,
        );
      }
      const records = lines.map((line) => JSON.parse(line) as unknown);
      await vscode.commands.executeCommand(
        'waypoint.compareRuns',
        undefined,
        records.map((record) => ({ record })),
      );
      await waitFor('the comparison', () =>
        vscode.window.tabGroups.all.some((group) =>
          group.tabs.some((tab) => tab.input instanceof vscode.TabInputTextDiff),
        ),
      );
      assertTwoColumnsAtMost('Compare Runs');

      // The results view of the two runs, then a replay from it on the maze, with the results view
      // active. (The day's question file also holds the other benchmarks' runs of earlier tests, and
      // the results view shows one benchmark: the two records get a file of their own.)
      const runFile = vscode.Uri.joinPath(folder.uri, '.waypoint', 'columns-e2e.jsonl');
      await vscode.workspace.fs.writeFile(runFile, new TextEncoder().encode(`${lines.join('\n')}\n`));
      await vscode.commands.executeCommand('waypoint.showResults', runFile);
      await waitFor(
        'the results view',
        () =>
          vscode.window.tabGroups.all.some((group) =>
            group.tabs.some(
              (tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('waypoint.results'),
            ),
          ),
        60_000,
      );
      assertTwoColumnsAtMost('Show Results');
      await vscode.commands.executeCommand('waypoint.showRunInMaze', { record: records[0] });
      assertTwoColumnsAtMost('a replay from the results view');
      await vscode.commands.executeCommand('waypoint.openRun', 0);
      assertTwoColumnsAtMost('an answer from the Runs view');

      // The board, asked from the second column (the answers' group) and then from the first.
      for (const focus of ['workbench.action.focusSecondEditorGroup', 'workbench.action.focusFirstEditorGroup']) {
        await vscode.commands.executeCommand(focus);
        await vscode.commands.executeCommand(
          'waypoint.showBoard',
          vscode.Uri.joinPath(folder.uri, 'babyai/goto-red-ball.level.json'),
        );
        await waitFor('the board', () =>
          vscode.window.tabGroups.all.some((group) =>
            group.tabs.some(
              (tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('waypoint.board'),
            ),
          ),
        );
        assertTwoColumnsAtMost(`Show Board from ${focus}`);
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(runFile);
    });
  });
}
