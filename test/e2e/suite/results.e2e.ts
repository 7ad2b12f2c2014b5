// The results view (issue 15) through the real VS Code API: a whole benchmark run from the command,
// the view it opens drawn, its numbers equal to `waypoint report --json` on the
// same files, a comparison of the two models, and Share writing what `report --html` / `--csv` write.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ReportJson } from '../../../src/core/runs/reportTypes';
import type { RunBenchmarkResult } from '../../../src/extension/eval/runBenchmark';
import { waitFor } from './extension.e2e';

const EXTENSION_ID = 'waypoint-bench.waypoint';

interface ResultsState {
  title: string;
  files: string[];
  report: ReportJson;
  models: string[];
  lastRender?: { milliseconds: number; rows: number };
  shared: Record<string, string>;
}

/** `waypoint <args>` from the extension's own CLI bundle, as a terminal would run it. */
function waypointCli(args: readonly string[]): string {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, 'the extension is installed');
  return execFileSync(process.execPath, [join(extension.extensionPath, 'dist', 'cli.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
}

export function defineResultsTests(): void {
  describe('Results of a whole benchmark run', () => {
    let files: string[] = [];

    it('runs the sample MANGO game with both offline agents and opens the results view', async function () {
      // Run Benchmark reads the game from disk, which earlier tests edit and restore: wait until the
      // disk holds the sample's 364 questions again, so a leak from them fails here, by name.
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      assert.ok(folder, 'the sample workspace is open');
      const lighthouse = join(folder.uri.fsPath, 'mango', 'lighthouse');
      // A read while an earlier test's restore is still being written can fail: that is tried again.
      let onDisk = 'not read yet';
      await waitFor('the sample game on disk to hold its 364 questions again', async () => {
        try {
          const questions = (
            JSON.parse(waypointCli(['run', 'mango', lighthouse, '--dry-run', '--json'])) as { questions: number }
          ).questions;
          onDisk = `${questions} questions`;
          return questions === 364 ? true : undefined;
        } catch (error) {
          onDisk = (error as Error).message;
          return undefined;
        }
      }).catch((error: Error) => assert.fail(`${error.message}: ${onDisk}`));
      const result = await vscode.commands.executeCommand<RunBenchmarkResult | undefined>('waypoint.runBenchmark', {
        benchmark: 'mango',
        sources: ['mango/lighthouse'],
        questionOptions: {},
        profiles: ['oracle', 'random'],
        mode: 'faithful',
        concurrency: 4,
        confirmed: true,
        resume: false,
      });
      assert.ok(result, 'the run finished');
      assert.equal(result.cancelled, false, 'the run was not cancelled');
      files = result.runs.map((run) => run.file);
      assert.equal(files.length, 2);
      // Each model's file holds the 364 answers (said with the run's own summary if not).
      for (const run of result.runs)
        assert.equal(readFileSync(run.file, 'utf8').trim().split('\n').length, 364, JSON.stringify(run));
      const state = await waitFor('the results view to draw the run', async () => {
        const current = await vscode.commands.executeCommand<ResultsState | undefined>('waypoint.resultsState');
        return current?.lastRender ? current : undefined;
      });
      assert.deepEqual([...state.models].sort(), ['oracle', 'random']);
      assert.deepEqual([...state.files].sort(), [...files].sort());
      assert.equal(state.lastRender?.rows, 728);
      // The view reports how long it took to draw; its budget is measured by `npm run bench`.
      assert.ok(
        Number.isFinite(state.lastRender?.milliseconds),
        `the view reported its drawing time: ${state.lastRender?.milliseconds}`,
      );
    });

    it('shows exactly the numbers of `waypoint report --json` on the same files', async () => {
      const state = await vscode.commands.executeCommand<ResultsState>('waypoint.resultsState');
      const cli = JSON.parse(waypointCli(['report', ...files, '--json'])) as ReportJson;
      assert.deepEqual(state.report.groups, cli.groups);
      assert.deepEqual(state.report.failures, cli.failures);
      assert.equal(state.report.records, 728);
      assert.deepEqual(state.report.modes, { faithful: 728 });
      // The oracle answers every question right; the random walker does not.
      const mean = (model: string) =>
        state.report.groups
          .filter((group) => group.key.model === model)
          .reduce((sum, group) => sum + (group.metrics.success_strict?.mean ?? 0) * group.n, 0) / 364;
      assert.equal(mean('oracle'), 1);
      assert.ok(mean('random') < 0.5, `random's success_strict ${mean('random')}`);
    });

    it('shares the view as the HTML report and the CSV of `waypoint report`', async function () {
      const html = await vscode.commands.executeCommand<string | undefined>('waypoint.shareResults', 'html');
      assert.ok(html && existsSync(html), `the HTML report was written: ${html}`);
      const page = readFileSync(html, 'utf8');
      assert.match(page, /Content-Security-Policy" content="default-src 'none'/);
      assert.match(page, /728 records, 0 with errors; scoring mode faithful \(728\)/);
      const csv = await vscode.commands.executeCommand<string | undefined>('waypoint.shareResults', 'csv');
      assert.ok(csv && existsSync(csv));
      assert.equal(readFileSync(csv, 'utf8').trim(), waypointCli(['report', ...files, '--csv']).trim());
    });

    it('asks each question waypoint.runs.epochs times: epochs stamped, and the report gives pass@k', async () => {
      const settings = vscode.workspace.getConfiguration('waypoint');
      await settings.update('runs.epochs', 2, vscode.ConfigurationTarget.Workspace);
      try {
        const result = await vscode.commands.executeCommand<RunBenchmarkResult | undefined>('waypoint.runBenchmark', {
          benchmark: 'mango',
          sources: ['mango/lighthouse'],
          questionOptions: {},
          profiles: ['random'],
          mode: 'faithful',
          concurrency: 4,
          confirmed: true,
          resume: false,
        });
        assert.ok(result && !result.cancelled, 'the run finished');
        const [run] = result.runs;
        const epochs = readFileSync(run.file, 'utf8')
          .trim()
          .split('\n')
          .map((line) => (JSON.parse(line) as { epoch?: number }).epoch);
        assert.equal(epochs.length, 728, 'each of the 364 questions twice');
        assert.deepEqual(
          [1, 2].map((epoch) => epochs.filter((value) => value === epoch).length),
          [364, 364],
        );
        const report = JSON.parse(waypointCli(['report', run.file, '--json'])) as ReportJson;
        const success = report.groups[0].metrics.success_strict;
        assert.equal(success['pass@k']?.k, 2, JSON.stringify(Object.keys(success)));
        assert.equal(success.repeats?.epochs, 2);
      } finally {
        await settings.update('runs.epochs', undefined, vscode.ConfigurationTarget.Workspace);
      }
    });
  });
}
