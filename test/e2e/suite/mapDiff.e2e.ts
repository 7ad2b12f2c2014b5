// Show Map Diff (issue 17) through the real VS Code API on the sample game: a crafted map answer
// file (two moves left out, a move the maze does not have, a line that is not a move) is drawn over
// the lighthouse maze; the counts the view reports drawing (waypoint.mapDiffState) equal core's
// overlay, and the bad line is a diagnostic on the answer file at its line and column.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { parseMapAnswer } from '../../../src/core/benchmarks/mango/scoring/mapAnswer';
import { diffMap, mazeAtCutoff } from '../../../src/core/benchmarks/mango/scoring/mapDiff';
import { expectedMapDiffCounts, type MapDiffCounts } from '../../../src/core/benchmarks/mango/maze/mapDiffView';
import type { EdgeRecord } from '../../../src/core/benchmarks/mango/types';
import { waitFor } from './extension.e2e';

interface MapDiffState {
  title: string;
  panes: Array<{ model: string; source: string; cutoff: number }>;
  expected: MapDiffCounts[];
  drawn?: Array<{ model: string; counts: MapDiffCounts }>;
}

const CUTOFF = 70;

export function defineMapDiffTests(): void {
  describe('Map diff on the maze', () => {
    const written: vscode.Uri[] = [];
    let truthText = '';

    async function writeAnswer(name: string, text: string): Promise<vscode.Uri> {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      assert.ok(folder, 'the sample workspace is open');
      const uri = vscode.Uri.joinPath(folder.uri, '.waypoint', 'map-diff', name);
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      written.push(uri);
      return uri;
    }

    async function drawnState(models: number): Promise<MapDiffState> {
      return waitFor('the map diff view to draw', async () => {
        const state = await vscode.commands.executeCommand<MapDiffState | undefined>('waypoint.mapDiffState');
        return state?.drawn && state.drawn.length === models ? state : undefined;
      });
    }

    before(async () => {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      assert.ok(folder, 'the sample workspace is open');
      truthText = new TextDecoder().decode(
        await vscode.workspace.fs.readFile(
          vscode.Uri.joinPath(folder.uri, 'mango', 'lighthouse', 'lighthouse.edges.json'),
        ),
      );
    });

    after(async () => {
      for (const uri of written) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it("draws a crafted map with core's counts and reports its bad line as a diagnostic", async function () {
      const truth = mazeAtCutoff(JSON.parse(truthText) as EdgeRecord[], CUTOFF);
      const lines = [
        ...truth.slice(2).map((move) => `${move.src} --${move.action}--> ${move.dst}`),
        'harbour road --swim--> lamp room',
        'the map ends --> here',
      ];
      const text = `${lines.join('\n')}\n`;
      const answer = await writeAnswer('crafted-map.txt', text);
      const diff = diffMap(truth, parseMapAnswer(text).edges, CUTOFF);
      const expected = expectedMapDiffCounts(diff);
      assert.equal(expected.missing, 2);
      assert.equal(expected.hallucinated, 1);

      await vscode.commands.executeCommand('waypoint.showMapDiff', {
        game: 'lighthouse',
        answers: [answer.toString()],
      });
      const state = await drawnState(1);
      assert.deepEqual(state.drawn, [{ model: 'crafted-map', counts: expected }]);
      assert.deepEqual(state.expected, [expected]);
      assert.equal(state.panes[0].cutoff, CUTOFF);
      assert.match(state.title, /^Map diff · lighthouse · crafted-map$/);

      const problems = vscode.languages.getDiagnostics(answer);
      const bad = problems.find((problem) => problem.code === 'map/bad-arrow-line');
      assert.ok(
        bad,
        `a diagnostic for the line that is not a move (got ${problems.map((problem) => String(problem.code)).join(', ')})`,
      );
      assert.equal(bad.range.start.line, lines.length - 1);
      assert.equal(bad.range.start.character, 0);
      assert.equal(bad.severity, vscode.DiagnosticSeverity.Error);
      assert.ok(
        problems.some(
          (problem) => problem.code === 'map/hallucinated-edge' && problem.range.start.line === lines.length - 2,
        ),
        'the made-up move is flagged where it is written',
      );
    });

    it('draws two answer files side by side in one view', async function () {
      const truth = mazeAtCutoff(JSON.parse(truthText) as EdgeRecord[], CUTOFF);
      const full = truth.map((move) => `${move.src} --${move.action}--> ${move.dst}`).join('\n');
      const half = truth
        .filter((_, index) => index % 2 === 0)
        .map((move) => `${move.src} --${move.action}--> ${move.dst}`)
        .join('\n');
      const [a, b] = [await writeAnswer('model-a.txt', full), await writeAnswer('model-b.txt', half)];
      await vscode.commands.executeCommand('waypoint.showMapDiff', {
        game: 'lighthouse',
        answers: [a.toString(), b.toString()],
      });
      const state = await drawnState(2);
      assert.deepEqual(
        state.drawn?.map((pane) => pane.model),
        ['model-a', 'model-b'],
      );
      assert.equal(state.drawn?.[0].counts.missing, 0);
      assert.equal(
        state.drawn?.[1].counts.missing,
        expectedMapDiffCounts(diffMap(truth, parseMapAnswer(half).edges, CUTOFF)).missing,
      );
      assert.ok((state.drawn?.[1].counts.missing ?? 0) > 0);
    });
  });
}
