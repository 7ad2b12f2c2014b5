// `vllm run-batch` is "the OpenAI request file, offline": the file `waypoint batch export` writes
// goes to vLLM unchanged, and the output vLLM writes (its own shape: `{"id","custom_id","response":
// {"status_code","request_id","body"},"error"}`, errors as vLLM's error responses) comes back through
// `waypoint batch import` (the built CLI) as run records: answers scored, reasoning kept apart,
// vLLM's refusals recorded as errors with their status, a model name vLLM does not serve said once.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { distDir, samplesDir } from '../../support/paths';
import { vllmRunBatch } from '../../support/vllmRunBatch';

const cli = join(distDir, 'cli.js');
const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
const MODEL = 'Qwen/Qwen3-0.6B';
const ANSWER = '[UP, TAKE, DOWN, DROP]';
const THOUGHT = 'The energy is above: [LEFT] would be wrong.';

function runCli(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('vllm run-batch: the OpenAI request file, offline', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-vllm-batch-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const questionArgs = ['grasp', grid, '--settings', 'all'];
  const records = (file: string): RunRecord[] => {
    const parsed = parseRunRecords(readFileSync(join(dir, file), 'utf8'), file);
    assert.deepEqual(parsed.problems, []);
    return parsed.records;
  };

  it('the exported request file runs through vLLM; its output imports as scored records, refusals as errors with their status', async () => {
    const exported = await runCli(
      ['batch', 'export', ...questionArgs, '--model', MODEL, '--temperature', '0.6', '--max-completion-tokens', '400'],
      dir,
    );
    assert.equal(exported.code, 0, exported.stderr);
    const requests = exported.stdout;
    // A context that fits most prompts with their 400 completion tokens, not the longest few.
    const sizes = requests
      .trim()
      .split('\n')
      .map((line) =>
        (JSON.parse(line) as { body: { messages: Array<{ content: string }> } }).body.messages.reduce(
          (sum, message) => sum + 4 + Math.ceil(message.content.length / 3),
          0,
        ),
      );
    const maxModelLen = [...sizes].sort((a, b) => a - b)[30] + 400;
    const tooLong = sizes.filter((size) => size + 400 > maxModelLen).length;
    assert.ok(tooLong > 0 && tooLong < 40, `${tooLong} prompts too long`);
    writeFileSync(
      join(dir, 'output.jsonl'),
      vllmRunBatch(requests, { servedModel: MODEL, maxModelLen, answer: () => ANSWER, reasoning: () => THOUGHT }),
    );

    const imported = await runCli(
      ['batch', 'import', ...questionArgs, '--results', 'output.jsonl', '--out', 'qwen.jsonl', '--json'],
      dir,
    );
    assert.equal(imported.code, 1, 'the refused prompts make the import exit 1');
    const summary = JSON.parse(imported.stdout) as { records: number; errors: number; unanswered: number };
    assert.deepEqual([summary.records, summary.errors, summary.unanswered], [40, tooLong, 0]);
    const written = records('qwen.jsonl');
    for (const record of written.filter((each) => each.error !== undefined)) {
      assert.match(
        record.error ?? '',
        /^the request failed \(HTTP 400\): BadRequestError: 'max_tokens' or 'max_completion_tokens' is too large: 400\. This model's maximum context length is \d+ tokens/,
      );
      assert.deepEqual(record.failure, { kind: 'request', status: 400, type: 'BadRequestError' });
      assert.deepEqual([record.parsedAnswer, record.scores], [null, {}], 'an error, not a parse error');
    }
    const answered = written.filter((each) => each.error === undefined);
    assert.equal(answered.length, 40 - tooLong);
    for (const record of answered) {
      assert.equal(record.rawAnswer, ANSWER);
      assert.equal(record.reasoning, THOUGHT);
      assert.equal(record.model.id, MODEL);
      assert.equal(record.finish_reason, 'stop');
      assert.match(JSON.stringify(record.parsedAnswer), /TAKE/);
    }
  });

  it('a --model vLLM does not serve fails every row the same way (HTTP 404), said once with the model named', async () => {
    const requests = (await runCli(['batch', 'export', ...questionArgs, '--model', 'gpt-4o'], dir)).stdout;
    writeFileSync(join(dir, 'output.jsonl'), vllmRunBatch(requests, { servedModel: MODEL, answer: () => ANSWER }));
    const imported = await runCli(
      ['batch', 'import', ...questionArgs, '--results', 'output.jsonl', '--out', 'wrong.jsonl', '--json'],
      dir,
    );
    assert.equal(imported.code, 1);
    assert.equal(JSON.parse(imported.stdout).errors, 40);
    assert.equal(
      imported.stderr.trim(),
      '40 rows failed: the request failed (HTTP 404): NotFoundError: The model `gpt-4o` does not exist.',
    );
    assert.ok(
      records('wrong.jsonl').every(
        (record) => record.failure?.kind === 'configuration' && record.failure.status === 404,
      ),
    );
  });

  it("vLLM's own failures (a plain error string) and a thought that used the whole limit read as vLLM wrote them", async () => {
    const requests = (
      await runCli(['batch', 'export', ...questionArgs, '--model', MODEL, '--max-tokens', '10'], dir)
    ).stdout
      .trim()
      .split('\n');
    // One request to an endpoint vLLM's run-batch does not serve.
    const odd = JSON.parse(requests[0]) as { url: string };
    odd.url = '/v1/responses';
    const input = [JSON.stringify(odd), ...requests.slice(1)].join('\n');
    writeFileSync(
      join(dir, 'output.jsonl'),
      vllmRunBatch(input, {
        servedModel: MODEL,
        answer: () => ANSWER,
        reasoning: () => 'x'.repeat(60),
        reasoningField: 'reasoning',
      }),
    );
    const imported = await runCli(
      ['batch', 'import', ...questionArgs, '--results', 'output.jsonl', '--out', 'mixed.jsonl', '--json'],
      dir,
    );
    assert.equal(imported.code, 1);
    const written = records('mixed.jsonl');
    assert.match(
      written[0].error ?? '',
      /^the request failed \(HTTP 400\): URL \/v1\/responses was used\. Supported endpoints: /,
    );
    for (const record of written.slice(1)) {
      // The 10-token limit went on thinking: no content, finish_reason "length", the thought kept.
      assert.deepEqual(
        [record.rawAnswer, record.finish_reason, record.truncated, record.error],
        ['', 'length', true, undefined],
      );
      assert.equal(record.reasoning, 'x'.repeat(30));
    }
  });
});
