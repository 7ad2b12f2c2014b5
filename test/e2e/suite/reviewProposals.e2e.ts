// Review Annotation Proposals (issue 18) through the real VS Code API on the lighthouse sample: two
// moves are unmarked (the copy-state of a half-annotated game), then the queue — driven by scripted
// choices, the keys a user would press — renames a room in every game file, accepts a proposal and
// rejects another. Every file is reverted and its bytes written back at the end so later tests see
// the original sample.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { ReviewChoice, ReviewSummary } from '../../../src/extension/commands/reviewProposals';
import type { EdgeRecord } from '../../../src/core/benchmarks/mango/types';
import { waitFor } from './extension.e2e';
import { restoreFiles } from './restoreFiles';

const NEVER = 9999;
const SUFFIXES = ['.edges.json', '.locations.json', '.all2all.jsonl', '.all_pairs.jsonl'] as const;

export function defineReviewProposalTests(): void {
  describe('Annotation review queue', () => {
    it('renames a room in every game file, accepts and rejects proposals, each as an undoable edit', async () => {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      assert.ok(folder, 'the sample workspace is open');
      const gameDir = vscode.Uri.joinPath(folder.uri, 'mango', 'lighthouse');
      const walkthrough = await vscode.workspace.openTextDocument(
        vscode.Uri.joinPath(gameDir, 'lighthouse.walkthrough'),
      );
      await vscode.window.showTextDocument(walkthrough);
      const files = await Promise.all(
        SUFFIXES.map((suffix) =>
          vscode.workspace.openTextDocument(vscode.Uri.joinPath(gameDir, `lighthouse${suffix}`)),
        ),
      );
      const [edges, locations] = files;
      const onDisk = files.map((document) => document.getText());
      // VS Code saves the files a multi-file edit touches that are not open in an editor
      // (files.refactoring.autoSave): the bytes on disk are kept to write back at the end.
      const originals = await Promise.all(files.map((document) => vscode.workspace.fs.readFile(document.uri)));
      const edge = (src: string, action: string) =>
        (JSON.parse(edges.getText()) as EdgeRecord[]).find(
          (record) => record.src_node === src && record.action === action,
        );
      const review = (choices: ReviewChoice[]) =>
        vscode.commands.executeCommand<ReviewSummary>('waypoint.reviewAnnotationProposals', walkthrough.uri, {
          choices,
        });
      try {
        // The copy-state: steps 7 (fish market → chapel ruins) and 24 (cottage → herb garden) unannotated.
        const lines = walkthrough.getText().split('\n');
        for (const step of [7, 24])
          assert.ok(
            await vscode.commands.executeCommand<boolean>(
              'waypoint.unmarkStepMove',
              walkthrough.uri.toString(),
              lines.indexOf(`==>STEP NUM: ${step}`),
            ),
          );
        assert.equal(edge('fish market', 'northwest')?.seen_in_forward, NEVER);
        const halfAnnotated = files.map((document) => document.getText());

        // Rename step 7's destination (a room the files already name), accept step 7, reject step 24.
        const summary = await review([
          { decision: 'rename-destination', name: 'Old Chapel' },
          { decision: 'accept' },
          { decision: 'reject' },
        ]);
        assert.deepEqual(summary, { accepted: 1, rejected: 1, renamed: 1, merged: 0, remaining: 0 });
        for (const document of files)
          assert.ok(
            !document.getText().includes('"chapel ruins"'),
            `${document.uri.path} no longer names 'chapel ruins'`,
          );
        assert.equal((JSON.parse(locations.getText()) as string[]).filter((name) => name === 'old chapel').length, 1);
        assert.equal(edge('fish market', 'northwest')?.dst_node, 'old chapel');
        assert.equal(
          edge('fish market', 'northwest')?.seen_in_forward,
          7,
          'the accepted proposal is written under the new name',
        );
        assert.equal(edge('old chapel', 'southeast')?.seen_in_reversed, 7);
        assert.equal(
          edge("keeper's cottage", 'south')?.seen_in_forward,
          NEVER,
          'the rejected proposal leaves its step unannotated',
        );
        const renamed = files.map((document) => document.getText());

        // The accept is one edit of edges.json: Undo takes it back byte for byte.
        await vscode.window.showTextDocument(edges);
        await vscode.commands.executeCommand('undo');
        await waitFor(
          'undo of the accepted proposal',
          () => edge('fish market', 'northwest')?.seen_in_forward === NEVER,
        );
        assert.equal(edges.getText(), halfAnnotated[0].replace(/"chapel ruins"/g, '"old chapel"'));
        assert.deepEqual(
          files.slice(1).map((document) => document.getText()),
          renamed.slice(1),
        );

        // Renaming back through the queue restores all four files byte for byte (skeleton ids included):
        // the rename touches the names and nothing else. (VS Code's own Undo of a multi-file edit asks
        // "Undo in 4 files?" in a modal the extension host cannot answer, so the queue undoes it here.)
        const back = await review([{ decision: 'rename-destination', name: 'chapel ruins' }]);
        assert.equal(back?.renamed, 1);
        assert.deepEqual(
          files.map((document) => document.getText()),
          halfAnnotated,
        );
      } finally {
        await restoreFiles(
          files.map((document, index) => [document, originals[index]] as const),
          { writeFirst: true },
        );
      }
      const now = await Promise.all(files.map((document) => vscode.workspace.openTextDocument(document.uri)));
      assert.deepEqual(
        now.map((document) => document.getText()),
        onDisk,
        'the sample files are as they were',
      );
    });
  });
}
