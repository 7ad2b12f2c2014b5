// The HTML report's replays read files only inside the folders given (--grids, --games, --levels;
// the current folder when none is), links followed: a run file naming `../x`, an absolute path or a
// link out of the folder gets a note on its row and the file is never opened. Before (issue 29) a
// record's grid path was read wherever it pointed, and a game or file name could climb out with `..`.
import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
// Replays come from each benchmark's replay hook: the built-ins registered as the CLI registers them.
import '../../../src/core/benchmarks';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import type { QuestionSetFiles } from '../../../src/core/benchmark/registry';
import type { RunRecord } from '../../../src/core/eval/types';
import { ReplayBuilder, type ReplayResult } from '../../../src/core/runs/replays';
import { runWaypoint } from '../../support/cli';
import { samplesDir } from '../../support/paths';

const GRID = 'inner_cluster_free.jsonl';

/** nodeQuestionFiles, noting every file it opens. */
function countingFiles(): QuestionSetFiles & { opened: string[] } {
  const opened: string[] = [];
  return {
    opened,
    readText: (path) => {
      opened.push(resolve(path));
      return nodeQuestionFiles.readText(path);
    },
    list: (path) => nodeQuestionFiles.list(path),
    realPath: nodeQuestionFiles.realPath,
  };
}

const noteOf = (result: ReplayResult) => ('note' in result ? result.note : '');

describe('report replays read only inside the folders given', function () {
  this.timeout(60_000);
  let dir: string;
  let record: RunRecord;

  before(async function () {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-replay-folders-'));
    mkdirSync(join(dir, 'grids'));
    mkdirSync(join(dir, 'outside'));
    cpSync(join(samplesDir, 'grasp', GRID), join(dir, 'grids', GRID));
    cpSync(join(samplesDir, 'grasp', GRID), join(dir, 'outside', GRID));
    symlinkSync(join(dir, 'outside', GRID), join(dir, 'grids', 'link.jsonl'));
    const run = await runWaypoint(
      ['run', 'grasp', `grids/${GRID}`, '--agent', 'oracle', '--indices', '0-0', '--out', 'run.jsonl'],
      dir,
    );
    assert.equal(run.code, 0, run.stderr);
    record = JSON.parse(readFileSync(join(dir, 'run.jsonl'), 'utf8').split('\n')[0]);
  });
  after(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  const grasp = (fields: Record<string, unknown>): RunRecord =>
    ({ ...record, question: { ...record.question, ...fields } }) as RunRecord;
  const outsideGrid = () => resolve(dir, 'outside', GRID);

  it('replays a record whose grid is inside --grids (the normal case)', async function () {
    const files = countingFiles();
    const result = await new ReplayBuilder({ grids: join(dir, 'grids') }, files).replay(
      grasp({ gridPath: join(dir, 'grids', GRID) }),
    );
    assert.ok('replay' in result, noteOf(result));
  });

  it('never opens a recorded grid path outside --grids, and falls back to the file under it', async function () {
    const files = countingFiles();
    const result = await new ReplayBuilder({ grids: join(dir, 'grids') }, files).replay(
      grasp({ gridPath: outsideGrid() }),
    );
    assert.ok('replay' in result, noteOf(result));
    assert.ok(!files.opened.includes(outsideGrid()), files.opened.join('\n'));
  });

  it('refuses a file name climbing out with .. and a link leading out, with a note', async function () {
    for (const file of [`../outside/${GRID}`, 'link.jsonl']) {
      const files = countingFiles();
      const result = await new ReplayBuilder({ grids: join(dir, 'grids') }, files).replay(
        grasp({ file, gridPath: undefined }),
      );
      assert.match(noteOf(result), /not read: it lies outside the folders given \(--grids .*grids\)/, file);
      assert.deepEqual(files.opened, [], file);
    }
  });

  it('without a folder, reads only inside the current folder', async function () {
    const files = countingFiles();
    const result = await new ReplayBuilder({}, files).replay(grasp({ gridPath: outsideGrid() }));
    assert.match(noteOf(result), /not read: it lies outside the current folder \(name the folder/);
    assert.deepEqual(files.opened, []);
  });

  it('refuses a MANGO game and a BabyAI level named outside --games and --levels', async function () {
    const files = countingFiles();
    // The game `../outside` names grids/../outside/../outside.edges.json: a file that is there.
    writeFileSync(join(dir, 'outside.edges.json'), '[]');
    const mango = await new ReplayBuilder({ games: join(dir, 'grids') }, files).replay({
      ...record,
      question: {
        benchmark: 'mango',
        game: '../outside',
        task: 'rf',
        sampleId: 'x',
        src: 'a',
        dst: 'b',
        actionList: [],
        answerable: true,
        easy: true,
        cutoff: 1,
      },
      mode: 'faithful',
    } as unknown as RunRecord);
    assert.match(noteOf(mango), /not read: it lies outside the folders given \(--games /);
    writeFileSync(join(dir, 'outside', 'level.json'), '{}');
    const babyai = await new ReplayBuilder({ levels: join(dir, 'grids') }, files).replay({
      ...record,
      question: {
        benchmark: 'babyai',
        source: '../outside/level.json',
        record: 0,
        task: 'plan',
        levelName: 'x',
        sampleId: 'x',
      },
      mode: 'faithful',
    } as unknown as RunRecord);
    // The level's own path is refused; its name under --levels (the second place looked) is not there.
    assert.match(noteOf(babyai), /level or record file not found: .*grids\/level\.json: no such file/);
    assert.deepEqual(files.opened, []);
  });

  it('says so in the HTML page written by the CLI', async function () {
    const hostile = grasp({ gridPath: outsideGrid(), file: `../outside/${GRID}` });
    writeFileSync(join(dir, 'hostile.jsonl'), `${JSON.stringify(hostile)}\n`);
    const result = await runWaypoint(['report', 'hostile.jsonl', '--html', 'page.html', '--grids', 'grids'], dir);
    assert.equal(result.code, 0, result.stderr);
    const page = readFileSync(join(dir, 'page.html'), 'utf8');
    const payload = /id="records" data-encoding="gzip-base64">([A-Za-z0-9+/=]+)</.exec(page)?.[1] ?? '';
    const data = JSON.parse(gunzipSync(Buffer.from(payload, 'base64')).toString('utf8')) as {
      rows: Array<{ rp?: unknown; rn?: number }>;
      strings: string[];
    };
    assert.equal(data.rows[0].rp, undefined);
    assert.match(data.strings[data.rows[0].rn ?? -1], /not read: it lies outside the folders given \(--grids grids\)/);
  });
});
