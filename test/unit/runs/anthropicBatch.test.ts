// Anthropic Message Batches beside OpenAI's batch files, as a user runs them with the built CLI:
// `batch export --format anthropic` writes request lines Anthropic accepts (custom_ids of 1–64
// characters [A-Za-z0-9_-], GRASP's dotted ids shortened reversibly), and `batch import` reads the
// results in any order: succeeded messages scored from their text blocks (thinking kept apart),
// errored, expired and canceled requests recorded as errors with their kind, never as parse errors.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anthropicCustomId, anthropicParams, AnthropicPromptError } from '../../../src/core/eval/anthropicBatch';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { seededRandom } from '../../../src/core/util/random';
import { distDir, samplesDir } from '../../support/paths';

const cli = join(distDir, 'cli.js');
const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
const ANSWER = '[UP, TAKE, DOWN, DROP]';
const THINKING = 'Perhaps [LEFT, LEFT, DROP]? No.';

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

/** A succeeded result as the results_url serves it. */
function succeeded(customId: string, text: string, stopReason = 'end_turn'): Record<string, unknown> {
  return {
    custom_id: customId,
    result: {
      type: 'succeeded',
      message: {
        id: 'msg_01',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [
          { type: 'thinking', thinking: THINKING, signature: 'c2ln' },
          { type: 'text', text },
        ],
        stop_reason: stopReason,
        stop_sequence: null,
        usage: { input_tokens: 700, cache_creation_input_tokens: 0, cache_read_input_tokens: 100, output_tokens: 40 },
      },
    },
  };
}

describe('Anthropic custom_ids and params', () => {
  it('keeps ids Anthropic takes, shortens others to 64 characters of [A-Za-z0-9_-] with a hash of the whole', () => {
    const hex = 'a'.repeat(64);
    assert.equal(anthropicCustomId(hex), hex);
    assert.equal(anthropicCustomId('play-7_x'), 'play-7_x');
    const dotted = anthropicCustomId('inner_random_free.jsonl-3-0-0-0');
    assert.match(dotted, /^inner_random_free_jsonl-3-0-0-0-[0-9a-f]{16}$/);
    const long = anthropicCustomId('x'.repeat(65));
    assert.equal(long.length, 64);
    assert.match(long, /^[A-Za-z0-9_-]{1,64}$/);
    assert.notEqual(anthropicCustomId('a.b'), anthropicCustomId('a_b'), 'the hash tells apart ids that read alike');
    assert.equal(anthropicCustomId('a_b'), 'a_b');
  });

  it('leading system messages become system (text blocks when several); a late system message is refused', () => {
    const one = anthropicParams(
      'm',
      [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'U' },
      ],
      10,
      0,
    );
    assert.deepEqual(one, {
      model: 'm',
      max_tokens: 10,
      temperature: 0,
      system: 'S',
      messages: [{ role: 'user', content: 'U' }],
    });
    const several = anthropicParams(
      'm',
      [
        { role: 'system', content: 'A' },
        { role: 'system', content: 'B' },
        { role: 'user', content: 'U' },
        { role: 'assistant', content: 'V' },
        { role: 'user', content: 'W' },
      ],
      10,
      0,
    );
    assert.deepEqual(several.system, [
      { type: 'text', text: 'A' },
      { type: 'text', text: 'B' },
    ]);
    assert.equal((several.messages as unknown[]).length, 3);
    assert.throws(
      () =>
        anthropicParams(
          'm',
          [
            { role: 'user', content: 'U' },
            { role: 'system', content: 'late' },
          ],
          10,
          0,
        ),
      AnthropicPromptError,
    );
    assert.throws(() => anthropicParams('m', [{ role: 'system', content: 'only' }], 10, 0), AnthropicPromptError);
  });
});

describe('waypoint batch export|import --format anthropic (the built CLI)', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-anthropic-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const questionArgs = ['grasp', grid, '--settings', 'all'];
  const records = (file: string): RunRecord[] => {
    const parsed = parseRunRecords(readFileSync(join(dir, file), 'utf8'), file);
    assert.deepEqual(parsed.problems, []);
    return parsed.records;
  };

  it('round trip: results shuffled, errored/expired/canceled counted as errors with their kind, answers from text blocks only', async () => {
    const exported = await runCli(
      [
        'batch',
        'export',
        ...questionArgs,
        '--model',
        'claude-sonnet-4-5',
        '--format',
        'anthropic',
        '--max-tokens',
        '800',
      ],
      dir,
    );
    assert.equal(exported.code, 0, exported.stderr);
    const lines = exported.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { custom_id: string; params: Record<string, unknown> });
    assert.equal(lines.length, 40);
    assert.equal(new Set(lines.map((line) => line.custom_id)).size, 40);
    for (const line of lines) {
      assert.match(line.custom_id, /^[a-zA-Z0-9_-]{1,64}$/);
      assert.deepEqual(Object.keys(line), ['custom_id', 'params']);
      assert.deepEqual(Object.keys(line.params), ['model', 'max_tokens', 'temperature', 'system', 'messages']);
      assert.equal(line.params.max_tokens, 800);
      assert.equal(typeof line.params.system, 'string');
      assert.deepEqual(
        (line.params.messages as Array<{ role: string }>).map((message) => message.role),
        ['user'],
      );
    }
    assert.match(
      exported.stderr,
      /40 of 40 sample ids are not custom_ids Anthropic takes .* batch import with the same sources and options maps them back/,
    );

    const ids = lines.map((line) => line.custom_id);
    const rows: Array<Record<string, unknown>> = ids.map((id, index) => {
      if (index === 3)
        return {
          custom_id: id,
          result: {
            type: 'errored',
            error: {
              type: 'error',
              error: { type: 'invalid_request_error', message: 'max_tokens: 800 > 512, the maximum for this model' },
            },
          },
        };
      if (index === 5 || index === 6) return { custom_id: id, result: { type: 'expired' } };
      if (index === 7) return { custom_id: id, result: { type: 'canceled' } };
      if (index === 9) return succeeded(id, '[UP, TA', 'max_tokens');
      return succeeded(id, ANSWER);
    });
    const shuffled = seededRandom('anthropic-results').shuffled(rows);
    assert.notDeepEqual(
      shuffled.map((row) => row.custom_id),
      ids,
      'the results come back in another order',
    );
    writeFileSync(join(dir, 'results.jsonl'), `${shuffled.map((row) => JSON.stringify(row)).join('\n')}\n`);

    const imported = await runCli(
      ['batch', 'import', ...questionArgs, '--results', 'results.jsonl', '--out', 'claude.jsonl', '--json'],
      dir,
    );
    assert.equal(imported.code, 1, 'errors make the import exit 1');
    const summary = JSON.parse(imported.stdout) as { records: number; errors: number; unanswered: number };
    assert.deepEqual([summary.records, summary.errors, summary.unanswered], [40, 4, 0]);
    assert.match(imported.stderr, /2 rows failed: the batch expired before this request was processed/);

    const written = records('claude.jsonl');
    const exportedIds = (await runCli(['batch', 'export', ...questionArgs, '--model', 'm'], dir)).stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { custom_id: string }).custom_id);
    // Each record names its question by the original sample id, not the shortened custom_id.
    assert.deepEqual(new Set(written.map((record) => record.question.sampleId)), new Set(exportedIds));
    const byCustomId = new Map(written.map((record) => [ids[exportedIds.indexOf(record.question.sampleId)], record]));
    const errored = byCustomId.get(ids[3]);
    assert.equal(
      errored?.error,
      'the request failed (invalid_request_error): max_tokens: 800 > 512, the maximum for this model',
    );
    assert.deepEqual(errored?.failure, { kind: 'request', type: 'invalid_request_error' });
    assert.deepEqual(byCustomId.get(ids[5])?.failure, { kind: 'not-run', type: 'expired' });
    assert.deepEqual(byCustomId.get(ids[7])?.failure, { kind: 'not-run', type: 'canceled' });
    for (const index of [3, 5, 6, 7]) {
      const record = byCustomId.get(ids[index]);
      assert.deepEqual(
        [record?.parsedAnswer, record?.scores, record?.diagnostics],
        [null, {}, undefined],
        'no answer, no score, no parse error',
      );
    }
    const cut = byCustomId.get(ids[9]);
    assert.deepEqual([cut?.finish_reason, cut?.truncated, cut?.error], ['length', true, undefined]);
    const answered = byCustomId.get(ids[0]);
    assert.equal(answered?.rawAnswer, ANSWER);
    assert.equal(answered?.reasoning, THINKING);
    assert.equal(answered?.model.id, 'claude-sonnet-4-5');
    assert.deepEqual(
      [answered?.promptTokens, answered?.completionTokens, answered?.cached_tokens, answered?.finish_reason],
      [800, 40, 100, 'stop'],
    );

    // The same answers through OpenAI's output format score the same: the thinking changed nothing.
    const openAiRows = written
      .filter((record) => record.error === undefined && !record.truncated)
      .map((record) =>
        JSON.stringify({
          id: 'batch_req',
          custom_id: record.question.sampleId,
          response: {
            status_code: 200,
            request_id: 'r',
            body: {
              model: 'gpt',
              choices: [{ index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 1, completion_tokens: 1 },
            },
          },
          error: null,
        }),
      );
    writeFileSync(join(dir, 'openai.jsonl'), `${openAiRows.join('\n')}\n`);
    assert.equal(
      (await runCli(['batch', 'import', ...questionArgs, '--results', 'openai.jsonl', '--out', 'gpt.jsonl'], dir)).code,
      0,
    );
    const gptScores = new Map(records('gpt.jsonl').map((record) => [record.question.sampleId, record.scores]));
    for (const record of written.filter((each) => each.error === undefined && !each.truncated))
      assert.deepEqual(record.scores, gptScores.get(record.question.sampleId));

    // report: the four are errors, apart from the answers.
    const report = await runCli(['report', 'claude.jsonl', '--json'], dir);
    assert.equal(JSON.parse(report.stdout).errors, 4, report.stdout);
  });

  it('export refuses what Anthropic would refuse: OpenAI-only fields, a temperature above 1', async () => {
    const fields = await runCli(
      ['batch', 'export', ...questionArgs, '--model', 'm', '--format', 'anthropic', '--reasoning-effort', 'low'],
      dir,
    );
    assert.equal(fields.code, 2);
    assert.match(
      fields.stderr,
      /--reasoning-effort is an OpenAI request field; Anthropic's requests take --max-tokens/,
    );
    const hot = await runCli(
      ['batch', 'export', ...questionArgs, '--model', 'm', '--format', 'anthropic', '--temperature', '1.5'],
      dir,
    );
    assert.equal(hot.code, 2);
    assert.match(hot.stderr, /--temperature must be between 0 and 1 for Anthropic, not 1\.5/);
    const format = await runCli(['batch', 'export', ...questionArgs, '--model', 'm', '--format', 'gemini'], dir);
    assert.equal(format.code, 2);
    assert.equal(format.stdout, '');
  });

  it('a result whose custom_id no exported question has is located in the results file, and never written as an unreadable record', async () => {
    const [first] = (
      await runCli(['batch', 'export', ...questionArgs, '--model', 'm', '--format', 'anthropic'], dir)
    ).stdout.split('\n');
    const known = (JSON.parse(first) as { custom_id: string }).custom_id;
    writeFileSync(
      join(dir, 'stray.jsonl'),
      `${JSON.stringify(succeeded(known, ANSWER))}\n${JSON.stringify(succeeded('not-exported-id', ANSWER))}\n`,
    );
    const imported = await runCli(
      ['batch', 'import', ...questionArgs, '--results', 'stray.jsonl', '--out', 'stray-run.jsonl', '--json'],
      dir,
    );
    assert.equal(imported.code, 1);
    assert.match(
      imported.stderr,
      /stray\.jsonl:2: custom_id not-exported-id is not a question of the exported set \(check the sources and question options\); no record written/,
    );
    // A GRASP record needs its grid file and index, which an unknown id does not give: only the known row is written, and it reads back.
    assert.deepEqual(
      records('stray-run.jsonl').map((record) => record.rawAnswer),
      [ANSWER],
    );
    writeFileSync(join(dir, 'only-stray.jsonl'), `${JSON.stringify(succeeded('not-exported-id', ANSWER))}\n`);
    const none = await runCli(
      ['batch', 'import', ...questionArgs, '--results', 'only-stray.jsonl', '--out', 'none.jsonl'],
      dir,
    );
    assert.equal(none.code, 1);
    assert.match(
      none.stderr,
      /only-stray\.jsonl: no row answers a question of the exported set; none\.jsonl is left as it was/,
    );
  });
});
