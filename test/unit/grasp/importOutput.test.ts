// How `waypoint import grasp` writes its run file: in chunks (any chunk size gives the same bytes,
// multi-byte characters and lines longer than a chunk included), through a temporary file that
// replaces --out only when the import got through, and with the same records on two threads as on
// one (through the built CLI, the only bundle that starts workers).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutputFileError, partialPathOf, writeOutputAtomically } from '../../../src/host/atomicOutput';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { CHUNK_BYTES, LineChunks, scoreImportJobs, type ImportJob } from '../../../src/cli/runs/importWorkers';
import { importGraspRows, type GraspImportOptions } from '../../../src/core/benchmarks/grasp/importRows';
import { loadGraspGrids } from '../../../src/core/benchmarks/grasp/questionSet';
import { distDir, repoRoot } from '../../support/paths';
import { graspDataDir, graspDataMissing } from './support';

const scratch = mkdtempSync(join(tmpdir(), 'waypoint-grasp-output-'));
const results = join(graspDataDir, 'results');
const GRID_NAMES = [
  'inner_random_free.jsonl',
  'inner_spiral_block.jsonl',
  'outer_cluster_block.jsonl',
  'outer_upDown_free.jsonl',
];
// Three-byte and four-byte (surrogate pair) characters in every record, via the model name.
const MODEL = 'モデル-é-🙂-grasp';
const options: GraspImportOptions = {
  mode: 'paper',
  rule: 'recommended',
  indices: null,
  modelName: MODEL,
  runId: 'import-test',
  time: '2026-11-24T00:00:00.000Z',
};

/** Skips a test that needs the shared GRASP data when it is absent, saying why. */
function needsSharedData(test: Mocha.Context): void {
  if (existsSync(graspDataDir)) return;
  console.log(`      skipped: ${graspDataMissing}`);
  test.skip();
}

function concat(chunks: Uint8Array[]): Buffer {
  return Buffer.concat(chunks);
}

async function sharedInputs(): Promise<{ jobs: ImportJob[]; gridTexts: Array<{ path: string; text: string }> }> {
  const gridTexts = await Promise.all(
    GRID_NAMES.map(async (name) => ({
      path: join(graspDataDir, name),
      text: await nodeQuestionFiles.readText(join(graspDataDir, name)),
    })),
  );
  const o1 = join(results, 'gpt_o1_mini_output.jsonl');
  const greedy = join(results, 'greedy_results', 'inner_random_free.jsonl');
  const jobs: ImportJob[] = [
    { path: o1, kind: 'responses', text: await nodeQuestionFiles.readText(o1) },
    { path: greedy, kind: 'baseline', text: await nodeQuestionFiles.readText(greedy) },
  ];
  return { jobs, gridTexts };
}

function waypoint(args: string[], limitBlocks?: number) {
  const command = [join(distDir, 'cli.js'), ...args];
  // RLIMIT_FSIZE makes the write that crosses the limit fail with EFBIG (Node ignores SIGXFSZ): a
  // real write failure part way through, as a full disk would give.
  const result =
    limitBlocks === undefined
      ? spawnSync(process.execPath, command, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      : spawnSync('sh', ['-c', `ulimit -f ${limitBlocks} && exec "$0" "$@"`, process.execPath, ...command], {
          cwd: repoRoot,
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('import grasp output chunks', () => {
  it('LineChunks: any chunk size, down to one byte, gives the lines joined, its buffer reused or not; a line longer than a chunk is one whole chunk', () => {
    const lines = Array.from(
      { length: 200 },
      (_, index) => `{"n":${index},"text":"${'é🙂モ'.repeat(index % 7)}${'x'.repeat(index % 13)}"}`,
    );
    const expected = Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8');
    // Every size up to 400 bytes puts the chunk end at every position of the multi-byte lines; with
    // `reuse` the next lines overwrite what was flushed, so flush copies (as writeSync is done with it).
    for (const [size, reuse] of [...Array.from({ length: 400 }, (_, index) => index + 1), 4096, CHUNK_BYTES].flatMap(
      (size) =>
        [
          [size, false],
          [size, true],
        ] as const,
    )) {
      const chunks: Uint8Array[] = [];
      const out = new LineChunks((chunk) => chunks.push(Buffer.from(chunk)), size, reuse);
      for (const line of lines) out.add(line);
      out.end();
      assert.ok(concat(chunks).equals(expected), `chunk size ${size}`);
      // A chunk holds whole lines only: a chunk boundary never falls inside a line (or a character).
      for (const chunk of chunks) assert.equal(chunk[chunk.length - 1], 10, `chunk size ${size}`);
      if (size === 17)
        assert.ok(
          chunks.some((chunk) => chunk.length > size),
          'lines longer than the chunk are written whole',
        );
    }
  });

  it('the shared results written in many small chunks equal one chunk and JSON.stringify of each record', async function () {
    needsSharedData(this);
    const { jobs, gridTexts } = await sharedInputs();
    const grids = await loadGraspGrids(
      gridTexts.map((grid) => grid.path),
      nodeQuestionFiles,
      { quick: true },
    );
    let expected = '';
    for (const job of jobs)
      importGraspRows(
        job.text,
        job.path,
        job.kind,
        grids.byName,
        options,
        0,
        (record) => (expected += `${JSON.stringify(record)}\n`),
      );
    assert.ok(expected.includes(MODEL));
    const outputs: Buffer[] = [];
    // A record line is a few kB: 1,000 bytes makes every line longer than a chunk; 7,919 cuts
    // between lines everywhere (hundreds of chunks); then the default 4 MB (a few chunks) and one piece.
    for (const chunkBytes of [1_000, 7_919, CHUNK_BYTES, 64 * CHUNK_BYTES]) {
      const chunks: Uint8Array[] = [];
      const scored = await scoreImportJobs(jobs, gridTexts, options, (chunk) => chunks.push(Buffer.from(chunk)), {
        chunkBytes,
      });
      assert.equal(scored.records, 800 + 800);
      if (chunkBytes === 7_919) assert.ok(chunks.length > 100, `${chunks.length} chunks`);
      if (chunkBytes === CHUNK_BYTES) assert.ok(chunks.length > 1, 'more than one default chunk');
      if (chunkBytes === 64 * CHUNK_BYTES) assert.equal(chunks.length, 1);
      outputs.push(concat(chunks));
    }
    const whole = Buffer.from(expected, 'utf8');
    for (const output of outputs) assert.ok(output.equals(whole));
  });
});

describe('import grasp writes --out whole or not at all', function () {
  const previous = '{"previous":"run — keep me"}\n';

  it('a producer that fails after writing chunks leaves the previous file byte-identical, no partial file, and its own error', async () => {
    const dir = join(scratch, 'throws');
    mkdirSync(dir);
    const out = join(dir, 'run.jsonl');
    writeFileSync(out, previous);
    const failure = new Error('scoring failed');
    await assert.rejects(
      writeOutputAtomically(out, async (write) => {
        write(Buffer.from('{"a":1}\n'));
        write(Buffer.from('{"b":2}\n'));
        throw failure;
      }),
      (error) => error === failure,
    );
    assert.equal(readFileSync(out, 'utf8'), previous);
    assert.deepEqual(readdirSync(dir), ['run.jsonl']);
    // Success replaces the file and leaves nothing beside it.
    assert.equal(await writeOutputAtomically(out, async (write) => (write(Buffer.from('{"c":3}\n')), 7)), 7);
    assert.equal(readFileSync(out, 'utf8'), '{"c":3}\n');
    assert.deepEqual(readdirSync(dir), ['run.jsonl']);
  });

  it('a temporary file that cannot be created is an OutputFileError naming --out; the previous file stays', async () => {
    const dir = join(scratch, 'blocked');
    mkdirSync(dir);
    const out = join(dir, 'run.jsonl');
    writeFileSync(out, previous);
    // A folder where the temporary file would go: open(..., 'wx') fails before anything is written.
    mkdirSync(partialPathOf(out));
    let produced = false;
    await assert.rejects(
      writeOutputAtomically(out, async () => {
        produced = true;
      }),
      (error) => error instanceof OutputFileError && error.message.startsWith(`${out}: `),
    );
    assert.equal(produced, false);
    assert.equal(readFileSync(out, 'utf8'), previous);
  });

  it('scoring that fails midway (real scoring, the third chunk failing) leaves the previous file and no partial file', async function () {
    needsSharedData(this);
    const { jobs, gridTexts } = await sharedInputs();
    const dir = join(scratch, 'midway');
    mkdirSync(dir);
    const out = join(dir, 'run.jsonl');
    writeFileSync(out, previous);
    let chunks = 0;
    await assert.rejects(
      writeOutputAtomically(out, (write) =>
        scoreImportJobs(
          jobs,
          gridTexts,
          options,
          (chunk) => {
            write(chunk);
            if (++chunks === 3) throw new Error('a scoring failure after three chunks');
          },
          { chunkBytes: 50_000 },
        ),
      ),
      /a scoring failure after three chunks/,
    );
    assert.equal(chunks, 3);
    assert.equal(readFileSync(out, 'utf8'), previous);
    assert.deepEqual(readdirSync(dir), ['run.jsonl']);
  });

  it('the built CLI: a write that fails part way (EFBIG) exits 1 naming --out, keeps the previous run file, removes the partial file', function () {
    needsSharedData(this);
    if (!existsSync(join(distDir, 'cli.js')))
      assert.fail(`${join(distDir, 'cli.js')} missing: run node esbuild.mjs first`);
    const dir = join(scratch, 'efbig');
    mkdirSync(dir);
    const out = join(dir, 'run.jsonl');
    writeFileSync(out, previous);
    // 4096 blocks (2 MB, `ulimit -f` counts 512-byte blocks in sh) of a 27 MB run file.
    const result = waypoint(['import', 'grasp', results, '--grids', graspDataDir, '--out', out], 4096);
    assert.equal(result.code, 1, result.stderr);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, new RegExp(`${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: EFBIG`));
    assert.doesNotMatch(result.stderr, /internal error/);
    assert.equal(readFileSync(out, 'utf8'), previous);
    assert.deepEqual(readdirSync(dir), ['run.jsonl']);
  });
});

describe('import grasp --workers 2 through the built CLI', function () {
  it('writes the same records as --workers 1, in the same order (time and run_id aside)', function () {
    needsSharedData(this);
    const stderrs: string[] = [];
    const lines = (workers: string) => {
      const out = join(scratch, `workers-${workers}.jsonl`);
      const result = waypoint([
        'import',
        'grasp',
        results,
        '--grids',
        graspDataDir,
        '--out',
        out,
        '--workers',
        workers,
        '--json',
      ]);
      // Exit 1: the shared results name grid files the shared data does not hold (error records).
      assert.equal(result.code, 1, result.stderr);
      assert.equal((JSON.parse(result.stdout) as { records: number }).records, 10_400);
      stderrs.push(result.stderr);
      return readFileSync(out, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => {
          const { time, run_id, ...rest } = JSON.parse(line) as Record<string, unknown>;
          assert.equal(typeof time, 'string');
          assert.equal(typeof run_id, 'string');
          return rest;
        });
    };
    const one = lines('1');
    const two = lines('2');
    assert.equal(two.length, 10_400);
    assert.deepEqual(two, one);
    // A file cut between threads still reports each reason once, at its first row.
    assert.equal(stderrs[1], stderrs[0]);
    assert.match(
      stderrs[0],
      /^\S*batch_gpt35_output\.jsonl:\d+: no grid file named \w+\.jsonl among the --grids files; the row is not scored \(\d+ rows of this file; the first is here\)$/m,
    );
  });

  it('reports a problem of the grid files once, not once per thread', function () {
    needsSharedData(this);
    // Every thread loads the grids: a malformed grid line is still one problem of the import.
    const grids = mkdtempSync(join(scratch, 'grids-'));
    const lines = readFileSync(join(graspDataDir, 'inner_random_free.jsonl'), 'utf8').split('\n');
    lines[4] = lines[4].slice(0, 40);
    writeFileSync(join(grids, 'inner_random_free.jsonl'), lines.join('\n'));
    const result = waypoint([
      'import',
      'grasp',
      join(results, 'greedy_results', 'inner_random_free.jsonl'),
      '--grids',
      grids,
      '--out',
      join(grids, 'run.jsonl'),
      '--workers',
      '2',
    ]);
    assert.equal(result.code, 1, result.stderr);
    const problems = result.stderr
      .split('\n')
      .filter((line) => line.startsWith(`${join(grids, 'inner_random_free.jsonl')}:5`));
    assert.equal(problems.length, 1, result.stderr);
  });
});
