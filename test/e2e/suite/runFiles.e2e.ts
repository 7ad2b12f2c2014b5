// Any run file opens in the results view (issue 26): files written by `waypoint run --out` outside
// .waypoint/runs (one in the workspace, one outside it), opened through the command the Explorer's
// menu runs, with the arguments the Explorer passes (the file, then every selected file); a drop of
// another file adds it; a file that is not a run file is refused by its file and line; Share HTML
// and Export CSV say where they wrote and offer to open and find the file.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { ReportJson } from '../../../src/core/runs/reportTypes';
import { waitFor } from './extension.e2e';

const EXTENSION_ID = 'waypoint-bench.waypoint';

interface ResultsState {
  title: string;
  files: string[];
  report: ReportJson;
  models: string[];
  lastRender?: { milliseconds: number; rows: number };
  lastNotice?: { text: string; actions: string[] };
  lastStatus?: string;
  lastLoadError?: string;
}

function waypointCli(args: readonly string[]): string {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, 'the extension is installed');
  return execFileSync(process.execPath, [join(extension.extensionPath, 'dist', 'cli.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
}

const state = () => vscode.commands.executeCommand<ResultsState | undefined>('waypoint.resultsState');

/** The results views open now, as editor tabs. */
function resultsTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('waypoint.results'));
}

/** The view once it has drawn exactly `files` with `rows` records (the webview's own `rendered` count). */
async function drawn(files: readonly string[], rows: number): Promise<ResultsState> {
  let last: ResultsState | undefined;
  return waitFor(
    `the results view to draw ${rows} records of ${files.join(', ')}`,
    async () => {
      last = await state();
      const same = last?.files && [...last.files].sort().join('\n') === [...files].sort().join('\n');
      return same && last?.lastRender?.rows === rows ? last : undefined;
    },
    60_000,
  ).catch((error: Error) =>
    assert.fail(
      `${error.message}; the view shows ${JSON.stringify({ files: last?.files, lastRender: last?.lastRender, lastStatus: last?.lastStatus, lastLoadError: last?.lastLoadError })}`,
    ),
  );
}

export function defineRunFileTests(): void {
  describe('Any run file in the results view', () => {
    let workspace: string;
    let oracle: string;
    let random: string;
    let outside: string;

    before(async function () {
      this.timeout(240_000);
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      assert.ok(folder, 'the sample workspace is open');
      workspace = folder.uri.fsPath;
      const game = join(workspace, 'mango', 'lighthouse');
      // Earlier tests edit the game and restore it: run only on the sample as it ships (364 questions).
      // A read while an earlier test's restore is still being written can fail: that is tried again.
      let onDisk = 'not read yet';
      await waitFor(
        'the sample game on disk to hold its 364 questions',
        async () => {
          try {
            const questions = (
              JSON.parse(waypointCli(['run', 'mango', game, '--dry-run', '--json'])) as { questions: number }
            ).questions;
            onDisk = `${questions} questions`;
            return questions === 364 ? true : undefined;
          } catch (error) {
            onDisk = (error as Error).message;
            return undefined;
          }
        },
        120_000,
      ).catch((error: Error) => assert.fail(`${error.message}: ${onDisk}`));
      // As a user runs the CLI: one file in an ordinary folder of the workspace, one outside the workspace.
      mkdirSync(join(workspace, 'cli-runs'), { recursive: true });
      oracle = join(workspace, 'cli-runs', 'oracle.jsonl');
      outside = mkdtempSync(join(tmpdir(), 'waypoint-cli-run-'));
      random = join(outside, 'random.jsonl');
      waypointCli(['run', 'mango', game, '--agent', 'oracle', '--out', oracle]);
      waypointCli(['run', 'mango', game, '--agent', 'random', '--seed', '7', '--out', random]);
      for (const file of [oracle, random])
        assert.equal(readFileSync(file, 'utf8').trim().split('\n').length, 364, file);
      // Views an earlier suite left open would be counted with this suite's.
      for (const tab of resultsTabs()) await vscode.window.tabGroups.close(tab);
    });

    after(async () => {
      // Leave no view of files this suite deletes.
      for (const tab of resultsTabs()) await vscode.window.tabGroups.close(tab);
      rmSync(join(workspace, 'cli-runs'), { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    });

    it('opens a CLI run file from outside .waypoint/runs as the Explorer passes it, and shows its records', async function () {
      this.timeout(90_000);
      const uri = vscode.Uri.file(oracle);
      await vscode.commands.executeCommand('waypoint.openInResultsView', uri, [uri]);
      const shown = await drawn([oracle], 364);
      assert.equal(shown.title, 'Results: oracle');
      assert.deepEqual(shown.models, ['oracle']);
      const cli = JSON.parse(waypointCli(['report', oracle, '--json'])) as ReportJson;
      assert.deepEqual(shown.report.groups, cli.groups, 'the numbers of `waypoint report --json` on the same file');
      assert.equal(shown.report.records, 364);
    });

    it('adds a dropped file (a remote window’s Explorer URI) to the view and refuses a drop that is no file of this machine', async function () {
      this.timeout(90_000);
      // What the Explorer of a code-server window puts in a drag (measured): vscode-remote URIs.
      const remote = `vscode-remote://127.0.0.1:1${random.split('/').map(encodeURIComponent).join('/')}`;
      await vscode.commands.executeCommand('waypoint.dropOnResults', [remote, 'https://example.com/run.jsonl']);
      const both = await drawn([oracle, random], 728);
      assert.deepEqual([...both.models].sort(), ['oracle', 'random']);
      assert.match(
        both.lastStatus ?? '',
        /^Added .*random\.jsonl: the view now shows 2 run files\. Left out a drop that is not a file of this machine: https:\/\/example\.com\/run\.jsonl\.$/,
      );
      assert.equal(resultsTabs().length, 1, 'the same view, not a second one');
      const cli = JSON.parse(waypointCli(['report', oracle, random, '--json'])) as ReportJson;
      assert.deepEqual(both.report.groups, cli.groups);
    });

    it('the same files selected together in the Explorer bring that view to the front instead of opening another', async () => {
      const [a, b] = [vscode.Uri.file(random), vscode.Uri.file(oracle)];
      await vscode.commands.executeCommand('waypoint.openInResultsView', a, [a, b]);
      await drawn([oracle, random], 728);
      assert.equal(resultsTabs().length, 1);
    });

    it('refuses a file that is not a run file, naming the file, its first bad line and what the file is', async () => {
      const grids = join(workspace, 'grasp', 'inner_cluster_free.jsonl');
      const shown = await vscode.commands.executeCommand('waypoint.openInResultsView', vscode.Uri.file(grids), [
        vscode.Uri.file(grids),
      ]);
      assert.equal(shown, undefined, 'no view opens');
      const { lastLoadError } = (await state()) ?? {};
      assert.match(
        lastLoadError ?? '',
        /^grasp\/inner_cluster_free\.jsonl is not a run file: line 1, column 1: `time` is missing \(\d+ more lines are not run records either\)\. Its name is that of a GRASP benchmark file \(grasp-grids\), not of a run file\./,
      );
      assert.equal(resultsTabs().length, 1, 'the open view is left as it was');
      // The next files that load are shown without the refusal still standing as the last error.
      await vscode.commands.executeCommand('waypoint.openInResultsView', vscode.Uri.file(oracle), [
        vscode.Uri.file(oracle),
        vscode.Uri.file(random),
      ]);
      await drawn([oracle, random], 728);
      assert.equal((await state())?.lastLoadError, undefined, 'a successful load clears the last load error');
    });

    it('Share HTML and Export CSV say where they wrote and offer Open and a way to find the file', async function () {
      this.timeout(120_000);
      const html = join(workspace, 'cli-runs', 'shared.report.html');
      assert.equal(await vscode.commands.executeCommand('waypoint.shareResults', 'html', html), html);
      let shown = await state();
      assert.deepEqual(shown?.lastNotice, {
        text: 'Waypoint: wrote the HTML report to cli-runs/shared.report.html: one self-contained file that opens offline in any browser.',
        actions: ['Open', 'Reveal in Explorer'],
      });
      assert.equal(
        shown?.lastStatus,
        'Wrote the HTML report to cli-runs/shared.report.html: one self-contained file that opens offline in any browser.',
      );
      assert.match(readFileSync(html, 'utf8'), /728 records, 0 with errors/);
      // With no file named, the default: beside the first run file, named by benchmark and models.
      const csv = await vscode.commands.executeCommand<string>('waypoint.shareResults', 'csv');
      assert.equal(csv, join(dirname(oracle), 'mango-oracle+random.report.csv'));
      assert.equal(readFileSync(csv, 'utf8').trim(), waypointCli(['report', oracle, random, '--csv']).trim());
      shown = await state();
      assert.deepEqual(shown?.lastNotice, {
        text: 'Waypoint: wrote the CSV of the report to cli-runs/mango-oracle+random.report.csv.',
        actions: ['Open', 'Reveal in Explorer'],
      });
      // Outside the workspace the Explorer cannot reveal it; this web window's browser cannot open
      // the server's folder either, so the path is offered for the clipboard.
      const away = join(outside, 'away.report.csv');
      await vscode.commands.executeCommand('waypoint.shareResults', 'csv', away);
      shown = await state();
      assert.deepEqual(shown?.lastNotice, {
        text: `Waypoint: wrote the CSV of the report to ${away}.`,
        actions: [
          'Open',
          vscode.env.uiKind === vscode.UIKind.Desktop && vscode.env.remoteName === undefined
            ? 'Show in Folder'
            : 'Copy Path',
        ],
      });
    });
  });
}
