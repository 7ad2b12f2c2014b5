// Issue 14's "done when" for MANGO, as a user runs it: `waypoint run mango` over two shared games
// against a local OpenAI-compatible server, interrupted with Ctrl+C and resumed. No question is
// asked twice beyond the requests in flight at the interrupt, every question ends with exactly one
// record, and the scores equal what is known by construction: the server answers half of the
// questions with the maze's true answer (computed here from the question set, in this process)
// and the other half with an empty list. `waypoint report` over the run file gives the same means.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { ModelProfile } from '../../../src/core/eval/types';
import type { MangoQuestion } from '../../../src/core/benchmarks/mango/questionSchema';
import { mangoQuestionSet } from '../../../src/core/benchmarks/mango/questionSet';
import { chatRequests, type FakeOpenAi, startFakeOpenAi } from '../../support/fakeOpenAi';
import { distDir, sharedDataDir, sharedDataMissingReason } from '../../support/paths';

const games = ['905', 'zork1'].map((game) => join(sharedDataDir, 'mango', game));
const oracle: ModelProfile = {
  id: 'oracle',
  provider: 'oracle',
  temperature: 0,
  maxTokens: 0,
  timeoutMs: 0,
  retries: 0,
};

/** Which questions the server answers truly: a fixed half, by the last hex digit of the id. */
const answeredTruly = (sampleId: string) => Number.parseInt(sampleId.slice(-1), 16) % 2 === 0;

function runCli(
  args: string[],
  cwd: string,
  onProgress?: (done: number, kill: () => void) => void,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const done = [...String(chunk).matchAll(/"done":(\d+)/g)].map((match) => Number(match[1]));
      if (done.length) onProgress?.(Math.max(...done), () => child.kill('SIGINT'));
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('waypoint run mango: interrupted and resumed (CLI, local server)', function () {
  let fake: FakeOpenAi;
  let dir: string;

  before(function () {
    if (!games.every(existsSync)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
  });
  beforeEach(async () => {
    fake = await startFakeOpenAi();
    dir = mkdtempSync(join(tmpdir(), 'waypoint-mango-run-'));
    mkdirSync(join(dir, '.waypoint'));
  });
  afterEach(async () => {
    await fake?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('asks every RF question of 905 and zork1 once and scores them as constructed', async () => {
    // The true answers, keyed by the exact user message the server will receive.
    const set = await mangoQuestionSet(games, { task: 'rf' }, nodeQuestionFiles);
    const truth = new Map<string, { question: MangoQuestion; answer: string }>();
    for (const prepared of set.questions) {
      const question = prepared.question as MangoQuestion;
      const answer = answeredTruly(question.sampleId)
        ? String(await prepared.builtInAnswer?.(oracle, 0, prepared.messages))
        : '[]';
      truth.set(prepared.messages[prepared.messages.length - 1].content, { question, answer });
    }
    fake.respond = (body) => ({
      content: truth.get(body.messages?.at(-1)?.content ?? '')?.answer ?? 'unknown prompt',
      delayMs: 3,
    });

    const out = join(dir, 'mango.jsonl');
    const args = [
      'run',
      'mango',
      ...games,
      '--task',
      'rf',
      '--base-url',
      fake.url,
      '--model',
      'half-right',
      '--concurrency',
      '4',
      '--out',
      out,
    ];
    let interrupted = false;
    const first = await runCli([...args, '--progress', 'json'], dir, (done, kill) => {
      if (!interrupted && done >= 100) {
        interrupted = true;
        kill();
      }
    });
    assert.equal(first.code, 130, first.stderr);
    const partial = parseRunRecords(readFileSync(out, 'utf8'), out);
    assert.deepEqual(partial.problems, []);
    assert.ok(
      partial.records.length >= 100 && partial.records.length < set.questions.length,
      `${partial.records.length} of ${set.questions.length} before resuming`,
    );

    const second = await runCli([...args, '--resume', '--json'], dir);
    assert.equal(second.code, 0, second.stderr);
    const { records, problems } = parseRunRecords(readFileSync(out, 'utf8'), out);
    assert.deepEqual(problems, []);
    assert.equal(records.length, set.questions.length);
    assert.equal(new Set(records.map((record) => record.question.sampleId)).size, set.questions.length);
    const asked = chatRequests(fake).map((request) => JSON.stringify(request.body.messages));
    assert.ok(asked.length - new Set(asked).size <= 4, `${asked.length - new Set(asked).size} questions asked twice`);
    assert.equal(new Set(asked).size, set.questions.length);

    // Independently: a true answer to an answerable question succeeds, an empty list never does.
    for (const record of records) {
      const question = record.question as MangoQuestion;
      const expected = answeredTruly(question.sampleId) && question.answerable ? 1 : 0;
      assert.equal(record.scores.success_strict, expected, `${question.game} ${question.sampleId}`);
      assert.equal(record.model.id, 'half-right');
      assert.equal(record.mode, 'faithful');
    }

    // The report's table equals the same means computed here from the construction.
    const report = await runCli(['report', out, '--by', 'game', '--json'], dir);
    assert.equal(report.code, 0, report.stderr);
    const table = JSON.parse(report.stdout) as {
      records: number;
      errors: number;
      groups: Array<{ key: { model: string; game: string }; n: number; metrics: Record<string, { mean: number }> }>;
    };
    assert.equal(table.records, set.questions.length);
    assert.equal(table.errors, 0);
    for (const game of ['905', 'zork1']) {
      // The headline is over the questions with a correct answer at the cutoff; the others have rows of their own.
      const questions = set.questions
        .map((prepared) => prepared.question as MangoQuestion)
        .filter((question) => question.game === game && question.answerable);
      const expected = questions.filter((question) => answeredTruly(question.sampleId)).length / questions.length;
      const group = table.groups.find(
        (candidate) => candidate.key.game === game && candidate.key.model === 'half-right',
      );
      assert.ok(group, `a group for ${game}`);
      assert.equal(group.n, questions.length);
      assert.ok(
        Math.abs(group.metrics.success_strict.mean - expected) < 1e-12,
        `${game}: ${group.metrics.success_strict.mean} vs ${expected}`,
      );
    }
  });
});
