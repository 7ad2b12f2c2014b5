// `waypoint run` through the built CLI against a real local OpenAI-compatible HTTP server: a run is
// interrupted with SIGINT, exits 130 with only whole lines in its file, and --resume finishes it
// without asking any question twice beyond the requests that were in flight; --dry-run counts
// tokens and asks nothing; usage errors exit 2.
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import { hanoiSolverAgent } from '../../../src/core/benchmarks/smartplay/agents';
import type { ChatMessage } from '../../../src/core/benchmarks/smartplay/prompt';
import { chatRequests, type FakeOpenAi, startFakeOpenAi } from '../../support/fakeOpenAi';
import { distDir, samplesDir } from '../../support/paths';

const cli = join(distDir, 'cli.js');

function runAsync(
  args: string[],
  cwd: string,
  onStderr?: (text: string, child: ReturnType<typeof spawn>) => void,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, FAKE_KEY: 'sk-test-123' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      onStderr?.(String(chunk), child);
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const asked = chatRequests;

/** The server plays Tower of Hanoi perfectly (the solver reading the prompt it was sent). */
function hanoiPlayer(fake: FakeOpenAi): void {
  const solver = hanoiSolverAgent();
  fake.respond = async (body) => ({ content: await solver((body.messages ?? []) as ChatMessage[]) });
}

/** The server always pulls the first slot machine, after `delayMs`. */
function banditPlayer(fake: FakeOpenAi, delayMs: number): void {
  fake.respond = (body) => ({
    content: body.messages?.at(-1)?.content.startsWith('Choose') ? 'Pull slot machine 1.' : 'Machine 1 has paid well.',
    delayMs,
  });
}

describe('waypoint run (CLI, local OpenAI-compatible server)', function () {
  let fake: FakeOpenAi;
  let dir: string;
  beforeEach(async () => {
    fake = await startFakeOpenAi();
    dir = mkdtempSync(join(tmpdir(), 'waypoint-run-'));
    // The workspace whose .waypoint/cache the CLI shares (the nearest one above the working directory).
    mkdirSync(join(dir, '.waypoint'));
  });
  afterEach(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is interrupted by Ctrl+C and resumed without asking anything twice beyond what was in flight', async () => {
    // Bandit episodes differ by seed (the machines pay at random), so no two share a prompt.
    banditPlayer(fake, 2);
    const out = join(dir, 'run.jsonl');
    const args = [
      'run',
      'smartplay',
      'BanditTwoArmedHighLowFixed',
      '--episodes',
      '6',
      '--base-url',
      fake.url,
      '--model',
      'fake-model',
      '--api-key-env',
      'FAKE_KEY',
      '--concurrency',
      '2',
      '--out',
      out,
      '--progress',
      'json',
    ];
    let sent = false;
    const first = await runAsync(args, dir, (text, child) => {
      // Interrupt once two episodes are recorded (progress lines count them).
      if (!sent && /"done":2\b/.test(text)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    assert.equal(first.code, 130, first.stderr);
    const partial = readFileSync(out, 'utf8');
    assert.ok(partial.endsWith('\n'));
    const before = parseRunRecords(partial, out);
    assert.deepEqual(before.problems, []);
    assert.ok(
      before.records.length >= 2 && before.records.length < 6,
      `${before.records.length} records before resume`,
    );
    const requestsBefore = asked(fake).length;

    const second = await runAsync(
      [...args.filter((arg) => arg !== '--progress' && arg !== 'json'), '--resume', '--json'],
      dir,
    );
    assert.doesNotMatch(second.stderr, /Response cache/);
    assert.equal(second.code, 0, second.stderr);
    const summary = JSON.parse(second.stdout) as { run_id: string; already_answered: number; answered: number };
    const after = parseRunRecords(readFileSync(out, 'utf8'), out);
    assert.equal(after.records.length, 6);
    assert.deepEqual(new Set(after.records.map((record) => record.question.sampleId)).size, 6);
    assert.ok(
      after.records.every(
        (record) =>
          record.run_id === summary.run_id &&
          typeof record.scores.score === 'number' &&
          record.scores.steps === 50 &&
          record.error === undefined,
      ),
    );
    assert.equal(summary.already_answered, before.records.length);
    // Two requests a step, 50 steps an episode; the cache (the workspace's .waypoint/) answers what the
    // first process already asked. A request asked twice is one that was in flight at Ctrl+C: at
    // most `--concurrency` of them.
    const bodies = asked(fake).map((request) => JSON.stringify(request.body.messages));
    const repeated = bodies.length - new Set(bodies).size;
    assert.ok(repeated <= 2, `${repeated} requests asked twice`);
    // Bandit episodes can share their first prompts (nothing random has been shown yet); those are asked once.
    assert.ok(bodies.length <= 6 * 100 + repeated, String(bodies.length));
    assert.ok(asked(fake).length > requestsBefore);
    assert.ok(!readFileSync(out, 'utf8').includes('sk-test-123'));
    assert.ok(fake.requests.every((request) => request.authorization === 'Bearer sk-test-123'));
  });

  it('identical prompts asked at once go to the model once (three Hanoi episodes are the same game)', () => {
    hanoiPlayer(fake);
    return runAsync(
      [
        'run',
        'smartplay',
        'Hanoi3Disk',
        '--episodes',
        '3',
        '--concurrency',
        '3',
        '--base-url',
        fake.url,
        '--model',
        'solver',
        '--out',
        join(dir, 'h.jsonl'),
        '--json',
      ],
      dir,
    ).then((result) => {
      assert.equal(result.code, 0, result.stderr);
      const records = parseRunRecords(readFileSync(join(dir, 'h.jsonl'), 'utf8'), 'h.jsonl').records;
      assert.deepEqual(
        records.map((record) => [record.scores.completed, record.scores.steps]),
        [
          [1, 7],
          [1, 7],
          [1, 7],
        ],
      );
      // 7 optimal moves × 2 questions, asked once for all three episodes.
      assert.equal(chatRequests(fake).length, 14);
    });
  });

  it('--concurrency 16 prints no listener-leak warning (one cancel listener per request in flight is by design)', () => {
    fake.respond = () => ({ content: '[UP, TAKE, DOWN, DROP]', delayMs: 30 });
    const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
    return runAsync(
      [
        'run',
        'grasp',
        grid,
        '--settings',
        'all',
        '--concurrency',
        '16',
        '--base-url',
        fake.url,
        '--model',
        'pace',
        '--no-cache',
        '--out',
        join(dir, 'c16.jsonl'),
        '--json',
      ],
      dir,
    ).then((result) => {
      assert.equal(result.code, 0, result.stderr);
      assert.equal(parseRunRecords(readFileSync(join(dir, 'c16.jsonl'), 'utf8'), 'c16.jsonl').records.length, 40);
      assert.doesNotMatch(result.stderr, /MaxListenersExceeded|Warning/);
    });
  });

  it('--dry-run prints the question count, tokens and a cost bound, and asks nothing', () => {
    const profiles = join(dir, 'models.json');
    writeFileSync(
      profiles,
      JSON.stringify([
        {
          id: 'priced',
          provider: 'openai-compatible',
          baseUrl: fake.url,
          model: 'm',
          maxTokens: 100,
          costPer1kInput: 0.5,
          costPer1kOutput: 1.5,
        },
      ]),
    );
    const result = spawnSync(
      process.execPath,
      [
        cli,
        'run',
        'smartplay',
        'Hanoi3Disk',
        'Hanoi4Disk',
        '--episodes',
        '2',
        '--profile',
        profiles,
        '--profile-id',
        'priced',
        '--dry-run',
        '--json',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    assert.equal(result.status, 0, result.stderr);
    const dry = JSON.parse(result.stdout) as {
      questions: number;
      requests: number;
      prompt_tokens: number;
      max_completion_tokens: number;
      cost_usd_max: number;
    };
    assert.equal(dry.questions, 4);
    // Episodes of 30 steps, two requests a step: every turn's prompt and reply count, not the first turn's.
    assert.equal(dry.requests, 4 * 60);
    assert.equal(dry.max_completion_tokens, 4 * 60 * 100);
    assert.ok(dry.prompt_tokens > 4 * 60 * 400, String(dry.prompt_tokens));
    assert.ok(Math.abs(dry.cost_usd_max - (dry.prompt_tokens * 0.5 + 4 * 60 * 100 * 1.5) / 1000) < 1e-9);
    // It may read what the server tells about itself (/v1/models, /props), but asks no chat request.
    assert.equal(fake.requests.filter((request) => request.path.endsWith('/chat/completions')).length, 0);
  });

  it('usage errors exit 2 with one line; an existing run file needs --resume', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [cli, 'run', ...args], { cwd: dir, encoding: 'utf8' });
    const cases: Array<[string[], RegExp]> = [
      [['smartplay', 'Hanoi3Disk', '--out', 'x.jsonl'], /name the model one way/],
      [
        ['smartplay', 'Hanoi3Disk', '--agent', 'oracle', '--out', 'x.jsonl', '--task', 'df'],
        /--task is not a SmartPlay question option/,
      ],
      [
        ['smartplay', 'Hanoi3Disk', '--agent', 'oracle', '--out', 'x.jsonl', '--mode', 'paper'],
        /--mode must be one of faithful, reference/,
      ],
      [['smartplay', 'Hanoi3Disk', '--agent', 'oracle', '--out', 'x.jsonl', '--shard', '3/2'], /--shard must be K\/N/],
      [['nosuch', 'x', '--agent', 'oracle', '--out', 'x.jsonl'], /unknown benchmark 'nosuch'/],
    ];
    for (const [args, message] of cases) {
      const result = run(...args);
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message);
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    }
    assert.equal(run('smartplay', 'Hanoi3Disk', '--agent', 'oracle', '--out', 'done.jsonl').status, 0);
    const again = run('smartplay', 'Hanoi3Disk', '--agent', 'oracle', '--out', 'done.jsonl');
    assert.equal(again.status, 2);
    assert.match(again.stderr, /already has records: add --resume/);
    const unsimulated = run('smartplay', 'MinedojoCreative0', '--agent', 'random', '--out', 'c.jsonl');
    assert.equal(unsimulated.status, 1);
    assert.match(unsimulated.stderr, /does not simulate MinedojoCreative0 yet/);
  });
});
