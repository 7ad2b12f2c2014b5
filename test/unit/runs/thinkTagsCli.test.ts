// DeepSeek-R1 and QwQ served by llama.cpp without `--reasoning-format` (or vLLM without a reasoning
// parser) send their thought inside the content, `<think>…</think>` before the answer. `waypoint
// run` (the built CLI, against the llama-server double sending it so) and `batch import` keep the
// thought in the record's `reasoning` and parse the answer from the rest, as they do with
// `reasoning_content`; a thought cut at the token limit (never closed) is all thought: an empty,
// truncated answer. Content without the tags is the answer as it was.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { askModel, type ResponseCache } from '../../../src/core/eval/engine';
import { splitThinkTags } from '../../../src/core/eval/replyFields';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { ModelReply, RunRecord } from '../../../src/core/eval/types';
import { runWaypoint } from '../../support/cli';
import {
  type LlamaServer,
  type LlamaServerOptions,
  questionRequests,
  startLlamaServer,
} from '../../support/llamaServer';
import { samplesDir } from '../../support/paths';

const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
const ANSWER = '[UP, TAKE, DOWN, DROP]';
const THOUGHT = 'Maybe [LEFT, LEFT]? No: the energy is above, so up, take it, come back down and drop it.';

describe('splitThinkTags: a thought in the content', () => {
  it('takes the thought out of the content: opened and closed, only closed (the template opened it), never closed, absent', () => {
    assert.deepEqual(splitThinkTags(`<think>\n${THOUGHT}\n</think>\n\n${ANSWER}`), {
      answer: ANSWER,
      reasoning: THOUGHT,
    });
    assert.deepEqual(splitThinkTags(`\n <think>${THOUGHT}</think>${ANSWER}`), { answer: ANSWER, reasoning: THOUGHT });
    // DeepSeek-R1's template ends the prompt with "<think>\n": the reply starts inside the thought.
    assert.deepEqual(splitThinkTags(`${THOUGHT}\n</think>\n\n${ANSWER}`), { answer: ANSWER, reasoning: THOUGHT });
    // Cut at the token limit while thinking: all of it is thought, there is no answer.
    assert.deepEqual(splitThinkTags(`<think>\n${THOUGHT}`), { answer: '', reasoning: THOUGHT });
    assert.deepEqual(splitThinkTags(ANSWER), { answer: ANSWER, reasoning: '' });
    // Tags that do not open the content are part of the answer (a model quoting them), as is any text around them.
    const quoted = `Use ${'<think>'} tags? ${ANSWER}`;
    assert.deepEqual(splitThinkTags(quoted), { answer: quoted, reasoning: '' });
  });

  it('a reply cached before the split is split when served from the cache: its thought is never the answer', async () => {
    const stale: ModelReply = {
      text: `<think>${THOUGHT}</think>\n${ANSWER}`,
      promptTokens: 10,
      completionTokens: 40,
      latencyMs: 5,
      cached: false,
    };
    const cache: ResponseCache = { get: async () => stale, set: async () => {} };
    const source = { reply: async () => assert.fail('the cache answers') };
    const profile = {
      id: 'r1',
      provider: 'openai-compatible' as const,
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'r1',
      temperature: 0,
      maxTokens: 512,
      timeoutMs: 1000,
      retries: 0,
      serverModel: 'r1',
    };
    const reply = await askModel(
      source,
      cache,
      profile,
      [{ role: 'user', content: 'go' }],
      { benchmark: 'grasp', sampleId: 'x' },
      new AbortController().signal,
    );
    assert.deepEqual([reply.text, reply.reasoning, reply.cached], [ANSWER, THOUGHT, true]);
  });
});

describe('waypoint run and batch import: <think> in the content (the double as llama-server without --reasoning-format)', function () {
  this.timeout(120_000);
  let dir: string;
  let double: LlamaServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-think-'));
  });
  afterEach(async () => {
    await double?.close();
    double = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const serve = async (options: LlamaServerOptions = {}) =>
    (double = await startLlamaServer({
      answer: () => ANSWER,
      reasoning: () => THOUGHT,
      reasoningFormat: 'think-tags',
      ...options,
    }));
  const records = (file: string): RunRecord[] => parseRunRecords(readFileSync(join(dir, file), 'utf8'), file).records;
  const run = (out: string, ...model: string[]) =>
    runWaypoint(
      [
        'run',
        'grasp',
        grid,
        '--settings',
        '4-none-0',
        '--limit',
        '3',
        '--concurrency',
        '1',
        '--no-cache',
        '--out',
        out,
        '--json',
        ...model,
      ],
      dir,
    );

  for (const stream of [false, true]) {
    it(`the thought goes to reasoning and the answer is parsed from the rest (${stream ? 'streamed' : 'whole'})`, async () => {
      const server = await serve();
      writeFileSync(
        join(dir, 'models.json'),
        JSON.stringify([
          { id: 'r1', provider: 'openai-compatible', baseUrl: server.url, model: 'deepseek-r1', stream },
        ]),
      );
      const result = await run('r1.jsonl', '--profile', 'models.json', '--profile-id', 'r1');
      assert.equal(result.code, 0, result.stderr);
      // The double did send the tags in the content (not in a reasoning field).
      assert.equal(questionRequests(server).length, 3);
      for (const record of records('r1.jsonl')) {
        assert.equal(record.rawAnswer, ANSWER);
        assert.equal(record.reasoning, THOUGHT);
        assert.deepEqual(record.parsedAnswer, ['UP', 'TAKE', 'DOWN', 'DROP']);
        assert.equal(record.truncated, undefined);
      }
    });
  }

  it('a thought cut at --max-tokens (no </think>) is all reasoning: the answer is empty and the record truncated', async () => {
    const server = await serve();
    const result = await run('cut.jsonl', '--base-url', server.url, '--model', 'deepseek-r1', '--max-tokens', '5');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /3 replies were cut at the token limit/);
    for (const record of records('cut.jsonl')) {
      assert.equal(record.rawAnswer, '');
      assert.equal(record.reasoning, THOUGHT.slice(0, 15));
      assert.equal(record.finish_reason, 'length');
      assert.equal(record.truncated, true);
      // Nothing of the thought's [LEFT, LEFT] is taken for an answer.
      assert.doesNotMatch(JSON.stringify(record.parsedAnswer), /LEFT/);
    }
    const report = await runWaypoint(['report', 'cut.jsonl', '--json'], dir);
    assert.equal((JSON.parse(report.stdout) as { truncated: number }).truncated, 3);
  });

  it('content without think tags is the answer, unchanged, with no reasoning', async () => {
    const server = await serve({ reasoning: () => '' });
    const result = await run('plain.jsonl', '--base-url', server.url, '--model', 'plain');
    assert.equal(result.code, 0, result.stderr);
    for (const record of records('plain.jsonl')) {
      assert.equal(record.rawAnswer, ANSWER);
      assert.equal('reasoning' in record, false);
    }
  });

  it('batch import: vLLM output rows without a reasoning parser keep the thought apart from the answer', async () => {
    const exported = await runWaypoint(
      ['batch', 'export', 'grasp', grid, '--settings', '4-none-0', '--indices', '0-1', '--model', 'deepseek-r1'],
      dir,
    );
    assert.equal(exported.code, 0, exported.stderr);
    const ids = exported.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { custom_id: string }).custom_id);
    const contents = [`<think>\n${THOUGHT}\n</think>\n\n${ANSWER}`, `<think>\n${THOUGHT.slice(0, 20)}`];
    const rows = ids.map((id, index) => ({
      id: `vllm-${index}`,
      custom_id: id,
      response: {
        status_code: 200,
        request_id: `vllm-batch-${index}`,
        body: {
          model: 'deepseek-r1',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: contents[index] },
              finish_reason: index === 0 ? 'stop' : 'length',
            },
          ],
          usage: { prompt_tokens: 300, completion_tokens: 40, total_tokens: 340 },
        },
      },
      error: null,
    }));
    writeFileSync(join(dir, 'output.jsonl'), rows.map((row) => JSON.stringify(row)).join('\n'));
    const imported = await runWaypoint(
      [
        'batch',
        'import',
        'grasp',
        grid,
        '--settings',
        '4-none-0',
        '--indices',
        '0-1',
        '--results',
        'output.jsonl',
        '--out',
        'batch.jsonl',
      ],
      dir,
    );
    assert.equal(imported.code, 0, imported.stderr);
    const [whole, cut] = records('batch.jsonl');
    assert.deepEqual(
      [whole.rawAnswer, whole.reasoning, whole.parsedAnswer],
      [ANSWER, THOUGHT, ['UP', 'TAKE', 'DOWN', 'DROP']],
    );
    assert.deepEqual([cut.rawAnswer, cut.reasoning, cut.truncated], ['', THOUGHT.slice(0, 20).trim(), true]);
  });
});
