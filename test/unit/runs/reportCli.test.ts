// `waypoint report` and `compare` as a user runs them (dist/cli.js in a child process), on run
// records made by scoring upstream's released GRASP baseline answers (greedy and random walk,
// indices 0–9 of the four shared grid files, all eight settings) with Waypoint's own scorer. The
// report's numbers are checked against means computed here from the same scores.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { RunRecord } from '../../../src/core/eval/types';
import type { GraspQuestion } from '../../../src/core/benchmarks/grasp/questionSchema';
import { recordDiagnostics } from '../../../src/core/eval/pipeline';
import { prepareGraspQuestion, scoreGraspAnswer } from '../../../src/core/benchmarks/grasp/evaluation';
import { parseGraspGridFile } from '../../../src/core/benchmarks/grasp/gridFile';
import { distDir, repoRoot, sharedDataDir, sharedDataMissingReason } from '../../support/paths';
import { jsonl, mangoRecord } from './fixtures';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1048576,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const GRIDS = [
  'inner_random_free.jsonl',
  'inner_spiral_block.jsonl',
  'outer_cluster_block.jsonl',
  'outer_upDown_free.jsonl',
];

/** Records of one baseline over indices 0–9, scored in faithful mode. */
function baselineRecords(baseline: 'greedy' | 'random'): RunRecord[] {
  const records: RunRecord[] = [];
  for (const file of GRIDS) {
    const grids = parseGraspGridFile(readFileSync(join(sharedDataDir, 'grasp', file), 'utf8'), file);
    const rows = readFileSync(join(sharedDataDir, 'grasp', 'results', `${baseline}_results`, file), 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            index: number;
            answer: string[];
            movement_prompt: number;
            energy_limit_prompt: number;
            cost_of_step_prompt: number;
          },
      );
    for (const row of rows.filter((candidate) => candidate.index < 10)) {
      const entry = grids.entries.find((candidate) => candidate.record.index === row.index);
      if (!entry) throw new Error(`${file}: no grid ${row.index}`);
      const settings = {
        moves: row.movement_prompt === 8 ? 8 : 4,
        carryLimit: row.energy_limit_prompt === 2 ? 2 : 'none',
        stepCost: row.cost_of_step_prompt > 0 ? 0.3 : 0,
      } as const;
      const prepared = prepareGraspQuestion(entry, file, settings, 'chat');
      const answer = `[${row.answer.map((token) => token.toUpperCase()).join(', ')}]`;
      const scored = scoreGraspAnswer(prepared, answer, 'faithful');
      records.push({
        time: '2025-05-01T12:00:00.000Z',
        question: prepared.question,
        model: { id: baseline, provider: 'imported', temperature: 0, maxTokens: 0, timeoutMs: 0, retries: 0 },
        messages: prepared.messages,
        rawAnswer: answer,
        parsedAnswer: scored.parsedAnswer,
        scores: scored.scores,
        mode: 'faithful',
        promptTokens: null,
        completionTokens: null,
        latencyMs: 0,
        cached: false,
        costUsd: null,
        run_id: `import-${baseline}`,
        diagnostics: recordDiagnostics(scored.diagnostics),
      });
    }
  }
  return records;
}

/** The drill-down data of an HTML report (gzipped, base64-encoded JSON). */
function embeddedData(page: string): unknown {
  const payload =
    /<script type="application\/json" id="records" data-encoding="gzip-base64">([A-Za-z0-9+/=]+)<\/script>/.exec(
      page,
    )?.[1] ?? '';
  return JSON.parse(gunzipSync(Buffer.from(payload, 'base64')).toString('utf8'));
}

interface GroupJson {
  key: Record<string, string | number | null>;
  n: number;
  valid: number;
  metrics: Record<string, { mean: number; ci95: [number, number] | null; n: number }>;
}

describe('waypoint report and compare (CLI, upstream GRASP baselines)', function () {
  let directory = '';
  let greedy: RunRecord[] = [];
  let random: RunRecord[] = [];

  before(function () {
    if (!existsSync(join(sharedDataDir, 'grasp', 'results', 'greedy_results'))) this.skip();
    directory = mkdtempSync(join(tmpdir(), 'waypoint-report-'));
    greedy = baselineRecords('greedy');
    random = baselineRecords('random');
    // The greedy run in two shards, as `--shard 1/2` and `2/2` would write it.
    writeFileSync(join(directory, 'greedy-1.jsonl'), jsonl(greedy.slice(0, 150)));
    writeFileSync(join(directory, 'greedy-2.jsonl'), jsonl(greedy.slice(150)));
    writeFileSync(join(directory, 'random.jsonl'), jsonl(random));
  });

  after(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('reports merged shards per distribution with the means computed from the scores', function () {
    if (!directory) this.skip();
    assert.equal(greedy.length, 320, sharedDataMissingReason);
    const { code, stdout, stderr } = waypoint(
      'report',
      join(directory, 'greedy-1.jsonl'),
      join(directory, 'greedy-2.jsonl'),
      join(directory, 'random.jsonl'),
      '--json',
    );
    assert.equal(code, 0, stderr);
    const json = JSON.parse(stdout) as {
      benchmark: string;
      records: number;
      errors: number;
      groups: GroupJson[];
      failures: Array<{ code: string; count: number; records: number }>;
      bootstrap: { cluster: string };
    };
    assert.equal(json.benchmark, 'grasp');
    assert.equal(json.records, 640);
    assert.equal(json.errors, 0);
    assert.equal(json.bootstrap.cluster, 'file');
    assert.deepEqual(
      json.groups.map((group) => `${group.key.model}/${group.key.distribution}`),
      [
        'greedy/cluster',
        'greedy/random',
        'greedy/spiral',
        'greedy/upDown',
        'random/cluster',
        'random/random',
        'random/spiral',
        'random/upDown',
      ],
    );
    for (const group of json.groups) {
      const own = [...greedy, ...random].filter(
        (record) =>
          record.model.id === group.key.model &&
          (record.question as GraspQuestion).file.includes(`_${group.key.distribution}_`),
      );
      const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / values.length;
      assert.equal(group.n, 80);
      assert.ok(Math.abs(group.metrics.energy.mean - mean(own.map((record) => Number(record.scores.score)))) < 1e-12);
      assert.ok(Math.abs(group.metrics.length.mean - mean(own.map((record) => Number(record.scores.steps)))) < 1e-12);
      const [low, high] = group.metrics.energy.ci95 ?? [Number.NaN, Number.NaN];
      assert.ok(low <= group.metrics.energy.mean && group.metrics.energy.mean <= high);
    }
    // The failure breakdown counts the records' own diagnostic codes.
    const counted = new Map<string, number>();
    for (const record of [...greedy, ...random])
      for (const diagnostic of record.diagnostics ?? [])
        counted.set(diagnostic.code, (counted.get(diagnostic.code) ?? 0) + 1);
    assert.deepEqual(new Map(json.failures.map((failure) => [failure.code, failure.count])), counted);
    assert.ok(json.failures.length > 0);
  });

  it('prints CSV, Markdown and a self-contained HTML file', function () {
    if (!directory) this.skip();
    const files = [
      join(directory, 'greedy-1.jsonl'),
      join(directory, 'greedy-2.jsonl'),
      join(directory, 'random.jsonl'),
    ];
    const csv = waypoint('report', ...files, '--csv', '--by', 'moves,carry_limit');
    assert.equal(csv.code, 0, csv.stderr);
    const lines = csv.stdout.trimEnd().split('\n');
    assert.equal(lines[0].split(',').slice(0, 5).join(','), 'model,moves,carry_limit,n,valid');
    assert.equal(lines.length, 1 + 2 * 4);
    assert.match(lines[1], /^greedy,4,2,80,/);
    const markdown = waypoint('report', ...files, '--markdown', '--where', 'step_cost=0');
    assert.match(markdown.stdout, /\| model \| distribution \| n \| valid \| errors \| energy \| length \|/);
    assert.match(markdown.stdout, /\| greedy \| cluster \| 40 \| 40 \| /);
    const htmlPath = join(directory, 'report.html');
    const html = waypoint('report', ...files, '--html', htmlPath);
    assert.equal(html.code, 0, html.stderr);
    const page = readFileSync(htmlPath, 'utf8');
    assert.doesNotMatch(page, /(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    assert.match(page, /Energy per agent setting/);
    assert.ok(statSync(htmlPath).size < 2 * 1048576);
    // The drill-down data is gzipped and base64-encoded: every record, prompts included.
    const payload =
      /<script type="application\/json" id="records" data-encoding="gzip-base64">([A-Za-z0-9+/=]+)<\/script>/.exec(
        page,
      )?.[1] ?? '';
    const data = JSON.parse(gunzipSync(Buffer.from(payload, 'base64')).toString('utf8')) as {
      rows: Array<{ p?: unknown[]; raw: string }>;
      promptsOmitted: number;
    };
    assert.equal(data.rows.length, 640);
    assert.equal(data.promptsOmitted, 0);
    assert.equal(data.rows[0].raw, greedy[0].rawAnswer);
    const text = waypoint('report', ...files);
    assert.match(text.stdout, /^grasp: 640 records \(0 errors; scoring mode faithful 640\)/);
  });

  it('replays each answer on its grid with --grids, and says what is missing without it', function () {
    if (!directory) this.skip();
    const files = [
      join(directory, 'greedy-1.jsonl'),
      join(directory, 'greedy-2.jsonl'),
      join(directory, 'random.jsonl'),
    ];
    const htmlPath = join(directory, 'replays.html');
    const withGrids = waypoint('report', ...files, '--html', htmlPath, '--grids', join(sharedDataDir, 'grasp'));
    assert.equal(withGrids.code, 0, withGrids.stderr);
    type Replay = { t: string; fr: Array<{ a: string | null; g?: string[]; f?: Array<[string, string, string]> }> };
    const data = embeddedData(readFileSync(htmlPath, 'utf8')) as {
      rows: Array<{ id: string; rp?: Replay; rn?: number }>;
      strings: string[];
      replaysOmitted: number;
    };
    assert.equal(data.replaysOmitted, 0);
    const records = [...greedy, ...random];
    assert.equal(data.rows.length, records.length);
    for (const [index, row] of data.rows.entries()) {
      const record = records[index];
      assert.equal(row.id, record.question.sampleId);
      // One frame per simulated step plus the initial state; each an 11×11 grid (two characters a cell).
      assert.equal(row.rp?.fr.length, Number(record.scores.steps) + 1, row.id);
      assert.equal(row.rp?.fr[0].a, null);
      assert.deepEqual(
        row.rp?.fr.map((frame) => frame.g?.length),
        row.rp?.fr.map(() => 11),
      );
      assert.ok(row.rp?.fr.every((frame) => frame.g?.every((line) => line.length === 22)));
      // The last frame's score fact is the record's own score.
      const last = row.rp?.fr.at(-1)?.f?.find(([label]) => label === 'score');
      assert.equal(Number(last?.[1]), Number(Number(record.scores.score).toFixed(3)), row.id);
    }
    // Frame 0 has the agent (style A) on the grid's start cell.
    const question = greedy[0].question as GraspQuestion;
    const grid = parseGraspGridFile(
      readFileSync(join(sharedDataDir, 'grasp', question.file), 'utf8'),
      question.file,
    ).entries.find((entry) => entry.record.index === question.index)?.grid;
    const agentAt = (data.rows[0].rp?.fr[0].g ?? []).flatMap((line, row) =>
      [...line].flatMap((char, at) => (at % 2 === 1 && char === 'A' ? [[row, (at - 1) / 2]] : [])),
    );
    assert.deepEqual(agentAt, [grid?.start]);
    // Without --grids every row says which option gives replays; a wrong folder names the missing file.
    const bare = waypoint('report', files[2], '--html', htmlPath);
    assert.equal(bare.code, 0, bare.stderr);
    const bareData = embeddedData(readFileSync(htmlPath, 'utf8')) as {
      rows: Array<{ rp?: unknown; rn?: number }>;
      strings: string[];
    };
    assert.ok(
      bareData.rows.every(
        (row) => row.rp === undefined && /replays need --grids DIR/.test(bareData.strings[row.rn ?? -1]),
      ),
    );
    const wrong = waypoint('report', files[2], '--html', htmlPath, '--grids', directory);
    assert.equal(wrong.code, 0, wrong.stderr);
    const wrongData = embeddedData(readFileSync(htmlPath, 'utf8')) as {
      rows: Array<{ rn?: number }>;
      strings: string[];
    };
    assert.match(
      wrongData.strings[wrongData.rows[0].rn ?? -1],
      /^grid file not found: .*outer_upDown_free\.jsonl|^grid file not found: .*\.jsonl: (no such file|not found)/,
    );
    assert.equal(waypoint('report', files[2], '--grids', directory).code, 2);
  });

  it('compares two runs paired by custom_id', function () {
    if (!directory) this.skip();
    const { code, stdout } = waypoint(
      'compare',
      join(directory, 'random.jsonl'),
      `${join(directory, 'greedy-1.jsonl')},${join(directory, 'greedy-2.jsonl')}`,
      '--json',
    );
    assert.equal(code, 0);
    const json = JSON.parse(stdout) as {
      paired: number;
      unpaired: { a: number; b: number };
      metrics: Record<string, { a: number; b: number; diff: number; test: string; p_value: number }>;
    };
    assert.equal(json.paired, 320);
    assert.deepEqual(json.unpaired, { a: 0, b: 0 });
    assert.equal(json.metrics.energy.test, 'paired-bootstrap');
    assert.ok(Math.abs(json.metrics.energy.diff - (json.metrics.energy.b - json.metrics.energy.a)) < 1e-12);
    // Greedy collects more energy than the random walk on these grids (the paper's Table 1 says so too).
    assert.ok(json.metrics.energy.diff > 0 && json.metrics.energy.p_value < 0.01);
  });

  it('exits 2 for mixed benchmarks and 1 for lines that are not records, after reporting the rest; a record cut short is a warning', function () {
    if (!directory) this.skip();
    const mango = join(directory, 'mango.jsonl');
    writeFileSync(mango, jsonl([mangoRecord({ model: 'gpt-x', game: 'zork1', n: 1, strict: 1 })]));
    const mixed = waypoint('report', join(directory, 'random.jsonl'), mango, '--json');
    assert.equal(mixed.code, 2);
    assert.match(
      mixed.stderr,
      /^waypoint report: the run files mix benchmarks: grasp \(.*random\.jsonl\) and mango \(.*mango\.jsonl\)/,
    );
    // A last line cut short (a run killed mid-write, a full disk): named as a warning, and the report stands.
    const torn = join(directory, 'torn.jsonl');
    writeFileSync(torn, `${readFileSync(mango, 'utf8')}{"time": "2025-05-01T12:00`);
    const partial = waypoint('report', torn, '--json');
    assert.equal(partial.code, 0, partial.stderr);
    assert.match(partial.stderr, /^warning: .*torn\.jsonl:2:27: a record cut short \(26 bytes;/m);
    assert.equal((JSON.parse(partial.stdout) as { records: number }).records, 1);
    const damaged = join(directory, 'damaged.jsonl');
    writeFileSync(damaged, `${readFileSync(mango, 'utf8')}{"time": "2025-05-01T12:00"}\n`);
    const wrong = waypoint('report', damaged, '--json');
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /damaged\.jsonl:2:\d+: /);
    // Files are read in batches of lines; a bad line far down keeps its own line number.
    const long = join(directory, 'long.jsonl');
    const lines = Array.from({ length: 2500 }, (_, i) =>
      JSON.stringify(mangoRecord({ model: 'gpt-x', game: 'zork1', n: i, strict: i % 2 })),
    );
    lines[2299] = '{"time": 1}';
    writeFileSync(long, `${lines.join('\n')}\n`);
    const far = waypoint('report', long, '--json');
    assert.equal(far.code, 1);
    assert.match(far.stderr, /long\.jsonl:2300:\d+: /);
    assert.equal((JSON.parse(far.stdout) as { records: number }).records, 2499);
    assert.equal(waypoint('report', torn, '--by', 'colour').code, 2);
    assert.equal(waypoint('report').code, 2);
    assert.equal(waypoint('report', join(directory, 'missing.jsonl')).code, 1);
  });
});

describe('waypoint report on records answered from a cut (CLI)', () => {
  let directory = '';
  let file = '';
  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'waypoint-report-cut-'));
    file = join(directory, 'run.jsonl');
    // Six answers, four right; the two wrong ones came from cuts: a reply stopped at the token
    // limit and a prompt the server cut without an error.
    const records = [1, 2, 3, 4].map((n) => mangoRecord({ model: 'llama', game: 'zork1', n, strict: 1 }));
    records.push({
      ...mangoRecord({ model: 'llama', game: 'zork1', n: 5, strict: 0 }),
      finish_reason: 'length',
      truncated: true,
    });
    records.push({ ...mangoRecord({ model: 'llama', game: 'zork1', n: 6, strict: 0 }), context_truncated: true });
    writeFileSync(file, jsonl(records));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('leaves them out of the means unless --include-truncated, and every format says which', () => {
    const strict = (args: string[]) => {
      const json = JSON.parse(waypoint('report', file, '--by', 'model', '--json', ...args).stdout) as {
        truncated_treatment: string;
        truncated: number;
        context_truncated: number;
        groups: GroupJson[];
      };
      return [
        json.truncated_treatment,
        json.truncated,
        json.context_truncated,
        json.groups[0].n,
        json.groups[0].metrics.success_strict.mean,
        json.groups[0].metrics.success_strict.n,
      ];
    };
    assert.deepEqual(strict([]), ['excluded', 1, 1, 6, 1, 4]);
    assert.deepEqual(strict(['--include-truncated']), ['included', 1, 1, 6, 4 / 6, 6]);
    for (const [flag, excluded, included] of [
      ['--markdown', /Means exclude truncated records/, /Means include truncated records/],
      ['--csv', /,1,1,excluded,[^,]*,\d+,answerable$/m, /,1,1,included,[^,]*,\d+,answerable$/m],
      [undefined, /Means exclude truncated records/, /Means include truncated records/],
    ] as const) {
      const format = flag ? [flag] : [];
      const plain = waypoint('report', file, '--by', 'model', ...format);
      assert.equal(plain.code, 0, plain.stderr);
      assert.match(plain.stdout, excluded);
      assert.match(waypoint('report', file, '--by', 'model', ...format, '--include-truncated').stdout, included);
    }
    const text = waypoint('report', file, '--by', 'model').stdout.split('\n');
    assert.match(
      text.find((line) => line.startsWith('model ')) ?? '',
      /^model\s+n\s+valid\s+errors\s+truncated\s+context_truncated\s+success_strict/,
    );
    assert.match(text.find((line) => line.startsWith('llama ')) ?? '', /^llama\s+6\s+6\s+0\s+1\s+1\s+1\.000 \[/);
    const page = join(directory, 'report.html');
    assert.equal(waypoint('report', file, '--html', page, '--include-truncated').code, 0);
    assert.match(readFileSync(page, 'utf8'), /<span id="truncated-treatment">Means include truncated records/);
  });

  it('compare drops the pairs the report leaves out, and says how many; --include-truncated pairs them', () => {
    const other = join(directory, 'other.jsonl');
    writeFileSync(
      other,
      jsonl([1, 2, 3, 4, 5, 6].map((n) => mangoRecord({ model: 'gpt', game: 'zork1', n, strict: 1 }))),
    );
    const compared = (...args: string[]) =>
      JSON.parse(waypoint('compare', file, other, '--json', ...args).stdout) as {
        paired: number;
        dropped: { errors: number; truncated: number };
        truncated_treatment: string;
      };
    assert.deepEqual(compared(), {
      ...compared(),
      paired: 4,
      dropped: { errors: 0, truncated: 2 },
      truncated_treatment: 'excluded',
    });
    assert.deepEqual(compared('--include-truncated'), {
      ...compared('--include-truncated'),
      paired: 6,
      dropped: { errors: 0, truncated: 0 },
      truncated_treatment: 'included',
    });
    const text = waypoint('compare', file, other);
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout,
      /Pairs dropped: 2 for truncation \(an answer from a cut reply or prompt\)\. Answers from cuts are not paired; --include-truncated pairs them\./,
    );
    assert.match(waypoint('compare', file, other, '--markdown').stdout, /Pairs dropped: 2 for truncation/);
  });
});
