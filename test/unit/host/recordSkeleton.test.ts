// The skeleton read of run files (src/host/recordSkeleton.ts): it must give exactly what the full
// read (parseRunRecords, then the text dropped) gives — the same records, the same problems at the
// same line and column, each record's byte offset — on tricky strings, on lines that are not
// records, and on a run file of every benchmark made by `waypoint run` and by the bench generators.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syntheticGraspRecords, syntheticMangoRecords } from '../../../bench/syntheticRuns';
// The hosts register the built-ins; so does this test, so records are read by their benchmark's schema.
import '../../../src/core/benchmarks';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { readRecordSummaries, skeletonCuts } from '../../../src/host/recordSkeleton';
import { readRecordAt, readRunFile } from '../../../src/host/runFileReader';
import { distDir, samplesDir } from '../../support/paths';
import { jsonl, mangoRecord } from '../runs/fixtures';

const summary = (record: RunRecord): RunRecord => ({ ...record, messages: [], rawAnswer: '', parsedAnswer: null });

/** Byte offsets of the record lines, from the full read's line numbers (lines end in \n or \r\n only). */
function lineOffsets(text: string, lines: readonly number[]): number[] {
  const starts = [0];
  const bytes = Buffer.from(text);
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) starts.push(at + 1);
  return lines.map((line) => starts[line]);
}

/** The fast read of `text` checked against the full read of the same text. */
function assertSameAsFullRead(
  text: string,
  file = 'run.jsonl',
): { records: RunRecord[]; problems: string[]; torn: string[] } {
  const bytes = Buffer.from(text);
  const fast = readRecordSummaries(bytes, bytes.length, file, 0, 0);
  const full = parseRunRecords(text, file);
  assert.deepEqual(fast.problems, full.problems);
  assert.deepEqual(fast.torn, full.torn);
  assert.deepEqual(fast.records, full.records.map(summary));
  if (!text.includes('\r')) assert.deepEqual(fast.offsets, lineOffsets(text, full.recordLines));
  return fast;
}

const record = (
  n: number,
  prompt: string,
  rawAnswer = `[{'location_before': 'a', 'action': 'north', 'location_after': 'b'}]`,
) => ({ ...mangoRecord({ model: 'm', game: 'zork1', n, prompt }), rawAnswer });

describe('run-file skeleton read', () => {
  let directory: string;
  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'waypoint-skeleton-'));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('cuts only the long strings of the top-level messages and rawAnswer values', () => {
    const line = JSON.stringify({
      a: 'x'.repeat(100),
      messages: [{ role: 'user', content: 'y'.repeat(100) }],
      rawAnswer: 'z'.repeat(100),
      scores: { messages: 'w'.repeat(100) },
    });
    const bytes = Buffer.from(line);
    const cuts = skeletonCuts(bytes, 0, bytes.length);
    assert.ok(cuts);
    assert.deepEqual(
      cuts.map((at) => line[at - 1] + line[at]),
      ['"y', 'y"', '"z', 'z"'],
      'the prompt and the raw answer, not `a` nor the scores entry named messages',
    );
  });

  it('reads escaped quotes, backslashes before quotes and multi-byte text as the full read does', () => {
    const prompts = [
      `He said \"go north\" and left. ${'Room. '.repeat(20)}`,
      `A path ends in a backslash \\ ${'x'.repeat(80)}\\`,
      `Three backslashes then a quote: \\\\\\" ${'y'.repeat(80)}`,
      `Ünïcødé → 北 🧭 ${'é'.repeat(100)} "quoted" \\`,
      `${'\\'.repeat(99)}`,
    ];
    const records = prompts.map((prompt, n) => record(n, prompt, `${prompt} answer: \"north\" \\`));
    // The model's id holds multi-byte text too: kept strings are decoded whole.
    records[3].model = { ...records[3].model, id: '模型 "α"' };
    const fast = assertSameAsFullRead(jsonl(records));
    assert.equal(fast.records.length, prompts.length);
    // And by the fast path itself, not its fallback: each cut is exactly the prompt's and the answer's text.
    records.forEach((each, n) => {
      const bytes = Buffer.from(JSON.stringify(each));
      const cuts = skeletonCuts(bytes, 0, bytes.length) ?? [];
      const cutTexts = [0, 2].map((at) => bytes.toString('utf8', cuts[at], cuts[at + 1]));
      assert.deepEqual(
        cutTexts,
        [JSON.stringify(each.messages[0].content).slice(1, -1), JSON.stringify(each.rawAnswer).slice(1, -1)],
        `prompt ${n}`,
      );
    });
    assert.equal(fast.records[3].model.id, '模型 "α"');
  });

  it('leaves a key named messages or rawAnswer alone anywhere but at the top level', () => {
    const base = record(0, 'p'.repeat(200));
    const nested = {
      ...base,
      run_id: 'messages',
      scores: { ...base.scores, messages: `kept ${'k'.repeat(100)}`, rawAnswer: `kept too ${'k'.repeat(100)}` },
      diagnostics: [
        {
          code: 'mango-answer/x',
          severity: 'warning' as const,
          line: 0,
          character: 0,
          message: `"messages": [ ${'m'.repeat(100)}`,
        },
      ],
    };
    const fast = assertSameAsFullRead(`${JSON.stringify(nested)}\n`);
    assert.equal(fast.records[0].scores.messages, `kept ${'k'.repeat(100)}`);
    assert.equal(fast.records[0].diagnostics?.[0].message, `"messages": [ ${'m'.repeat(100)}`);
  });

  it('drops keys the schema does not declare, at any depth, as the full read does', () => {
    const base = record(0, 'p'.repeat(200));
    const extra = [
      { ...base, fromANewerVersion: { nested: [1, 2] } },
      { ...base, question: { ...base.question, extra: 'x' } },
      { ...base, model: { ...base.model, organisation: 'y' } },
      { ...base, messages: [{ ...base.messages[0], name: 'z' }] },
      {
        ...base,
        diagnostics: [{ code: 'c', severity: 'hint' as const, line: 0, character: 0, message: 'm', source: 'w' }],
      },
      { ...base, constructor: 1 },
    ];
    const fast = assertSameAsFullRead(jsonl(extra));
    assert.equal(fast.records.length, extra.length);
    assert.ok(
      fast.records.every(
        (each) => !('fromANewerVersion' in each) && !('extra' in each.question) && !Object.hasOwn(each, 'constructor'),
      ),
    );
  });

  it('reports every line that is not a record with its line and column, and records cut short apart, as the full read does', () => {
    const good = JSON.stringify(record(0, `A "long" prompt ${'w'.repeat(200)}`));
    const lines = [
      good,
      good.slice(0, good.indexOf('w'.repeat(100)) + 50), // truncated inside the prompt
      good.replace(',"mode":', ' "mode":'), // a comma missing in the skeleton
      good.replace('"role":"user"', '"role":"robot"'), // a wrong role inside the cut messages
      good.replace(/"rawAnswer":"[^"]*"/, '"rawAnswer":42'), // the raw answer is not text
      '{"not": "a record"}',
      `${'['.repeat(300)}${']'.repeat(300)}`, // deeper than any benchmark file nests
      '',
      `${good.slice(0, -1)}\r,"extra":1}`, // a lone \r: the full read ends a line there
      `${good} trailing`,
      `${good}\r`, // a CRLF line end is a record
      '   ',
      good,
    ];
    const fast = assertSameAsFullRead(lines.join('\n'));
    assert.equal(fast.records.length, 3);
    assert.deepEqual(
      fast.problems.map((problem) => problem.split(':')[1]),
      ['3', '4', '5', '6', '7', '10', '11'],
    );
    // Line 2 stops inside the prompt, line 9 before its last brace (the \r ends it): writes that never finished.
    assert.deepEqual(
      fast.torn.map((torn) => torn.split(':')[1]),
      ['2', '9'],
    );
    assert.match(
      fast.torn[0],
      new RegExp(`^run\\.jsonl:2:${lines[1].length + 1}: a record cut short \\(${Buffer.byteLength(lines[1])} bytes;`),
    );
  });

  it('does not check escapes inside cut text; reading the record whole does', async () => {
    // The documented limit of the fast read (host/recordSkeleton.ts): `\q` is no JSON escape.
    const line = JSON.stringify(record(0, `bad escape here ${'v'.repeat(100)}`)).replace(
      'bad escape',
      'bad \\q escape',
    );
    const path = join(directory, 'escape.jsonl');
    writeFileSync(path, `${line}\n`);
    assert.equal(parseRunRecords(line, path).problems.length, 1, 'the full read rejects the line');
    const fast = await readRunFile(path, { offsets: true });
    assert.equal(fast.records.length, 1, 'the skeleton read counts it in the tables');
    assert.equal(
      await readRecordAt(path, fast.offsets[0]),
      null,
      'opening the record reads it whole and finds the problem',
    );
  });

  it('equals the full read on a run file of every benchmark', async function () {
    const workspace = join(directory, 'runs');
    mkdirSync(join(workspace, '.waypoint'), { recursive: true });
    const runs: Array<[string, string[]]> = [
      ['mango', ['run', 'mango', join(samplesDir, 'mango', 'lighthouse'), '--agent', 'random']],
      [
        'grasp',
        [
          'run',
          'grasp',
          join(samplesDir, 'grasp', 'inner_cluster_free.jsonl'),
          '--agent',
          'random',
          '--indices',
          '0-1',
        ],
      ],
      [
        'babyai',
        [
          'run',
          'babyai',
          join(samplesDir, 'babyai', 'llm-babybench-sample.jsonl'),
          '--task',
          'predict',
          '--agent',
          'random',
        ],
      ],
      ['smartplay', ['run', 'smartplay', 'Hanoi3Disk', '--episodes', '2', '--agent', 'random']],
    ];
    const files: string[] = [];
    for (const [name, args] of runs) {
      const out = join(workspace, `${name}.jsonl`);
      const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args, '--out', out], {
        cwd: workspace,
        encoding: 'utf8',
      });
      assert.equal(result.status, 0, result.stderr);
      files.push(out);
    }
    for (const [name, records] of [
      ['grasp-bench', syntheticGraspRecords(400)],
      ['mango-bench', syntheticMangoRecords(400)],
    ] as const) {
      files.push(join(workspace, `${name}.jsonl`));
      writeFileSync(files[files.length - 1], jsonl(records));
    }
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const full = parseRunRecords(text, file);
      assert.ok(full.records.length > 0 && full.problems.length === 0, `${file} holds records`);
      assert.ok(
        full.records.some((each) => each.messages.length > 0 && each.rawAnswer !== ''),
        `${file} has text to cut`,
      );
      assertSameAsFullRead(text, file);
      // Through the file reader too: 4 MB chunks and the lines they cut.
      const read = await readRunFile(file, { offsets: true });
      assert.deepEqual(read.records, full.records.map(summary), file);
      assert.deepEqual(read.offsets, lineOffsets(text, full.recordLines), file);
    }
  });
});
