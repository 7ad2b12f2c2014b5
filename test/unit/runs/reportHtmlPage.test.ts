// Issue 29: `report --html` held every record whole (4.4 GB for 2 GB of records, for a page of at
// most 16 MB). Now its rows come from the records without their text and each row's text is read
// in turn, keeping what the page shows (src/cli/runs/reportPage.ts). The page must be byte for byte
// the one built from whole records, and a run file far larger than the heap given must report.
import { strict as assert } from 'node:assert';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { syntheticMangoRecords } from '../../../bench/syntheticRuns';
import '../../../src/core/benchmarks';
import type { RunRecord } from '../../../src/core/eval/types';
import { pageTexts, reportHtml } from '../../../src/core/runs/html';
import { mergeRunFiles } from '../../../src/core/runs/records';
import { buildReplays, ReplayBuilder } from '../../../src/core/runs/replays';
import { buildReport } from '../../../src/core/runs/report';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { readRunFile } from '../../../src/host/runFileReader';
import { runWaypoint } from '../../support/cli';
import { samplesDir } from '../../support/paths';

const gzip = (data: Uint8Array) => gzipSync(data);

function writeRecords(path: string, records: readonly RunRecord[]): void {
  const fd = openSync(path, 'w');
  for (const record of records) writeSync(fd, `${JSON.stringify(record)}\n`);
  closeSync(fd);
}

/** The page as it was built before: every record read whole, then reportHtml. */
async function pageFromWholeRecords(files: string[], sources: { games?: string; grids?: string }): Promise<Buffer> {
  const read = await Promise.all(
    files.map(async (file) => ({ file, ...(await readRunFile(file, { keepText: true })) })),
  );
  const set = mergeRunFiles(read);
  const { json, rows } = buildReport(set);
  const replays = await buildReplays(
    rows.map((row) => row.record),
    new ReplayBuilder(sources, nodeQuestionFiles),
  );
  return Buffer.from(reportHtml(json, rows, set.report, { gzip, replays }));
}

describe('report --html: the page from rows read one at a time', () => {
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-page-'));
    // Real runs of the samples (two agents: the same questions twice), so rows have replays.
    for (const agent of ['oracle', 'random'])
      await runWaypoint(
        [
          'run',
          'mango',
          join(samplesDir, 'mango'),
          '--agent',
          agent,
          '--task',
          'both',
          '--out',
          'mango.jsonl',
          '--no-cache',
        ],
        workspace,
      );
    await runWaypoint(
      [
        'run',
        'grasp',
        join(samplesDir, 'grasp', 'inner_cluster_free.jsonl'),
        '--agent',
        'random',
        '--out',
        'grasp.jsonl',
        '--no-cache',
      ],
      workspace,
    );
  });

  after(() => rmSync(workspace, { recursive: true, force: true }));

  for (const [label, files, sources] of [
    ['MANGO with replays', ['mango.jsonl'], { games: join(samplesDir, 'mango') }],
    ['GRASP with replays', ['grasp.jsonl'], { grids: join(samplesDir, 'grasp') }],
    ['MANGO without replays', ['mango.jsonl'], {}],
  ] as const) {
    it(`writes the same bytes as the page built from whole records (${label})`, async () => {
      const flags = Object.entries(sources).flatMap(([name, folder]) => [`--${name}`, folder]);
      const run = await runWaypoint(['report', ...files, '--html', 'page.html', ...flags], workspace);
      assert.equal(run.code, 0, run.stderr);
      const expected = await pageFromWholeRecords(
        files.map((file) => join(workspace, file)),
        sources,
      );
      assert.ok(readFileSync(join(workspace, 'page.html')).equals(expected));
    });
  }

  it('drops the prompts exactly when the page built from whole records leaves them out', async () => {
    const file = join(workspace, 'mango.jsonl');
    const read = await readRunFile(file, { keepText: true });
    const set = mergeRunFiles([{ file, records: read.records }]);
    const { json, rows } = buildReport(set);
    // Budgets on both sides of what the prompts take: kept, then left out.
    for (const dataBudget of [4 * 1048576, 20_000]) {
      const texts = pageTexts({ dataBudget }, 1000);
      for (const row of rows) texts.add(row.record);
      const stripped = rows.map((row) => ({
        ...row,
        record: { ...row.record, messages: [], rawAnswer: '', parsedAnswer: null },
      }));
      assert.equal(
        reportHtml(json, stripped, set.report, { dataBudget, texts }),
        reportHtml(json, rows, set.report, { dataBudget }),
        `budget ${dataBudget}`,
      );
      assert.equal(texts.promptsKept, dataBudget > 20_000);
    }
  });

  it('reports 8,000 MANGO records (130 MB of prompts) with the heap capped at 96 MB', async () => {
    writeRecords(join(workspace, 'large.jsonl'), syntheticMangoRecords(8000));
    const run = await runWaypoint(['report', 'large.jsonl', '--html', 'large.html'], workspace, {
      NODE_OPTIONS: '--max-old-space-size=96',
    });
    assert.equal(run.code, 0, run.stderr.slice(-600));
    assert.match(run.stdout, /large\.html: 8000 records, /);
    const page = readFileSync(join(workspace, 'large.html'), 'utf8');
    assert.match(page, /<p>8000 records, /);
  });
});
