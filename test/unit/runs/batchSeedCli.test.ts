// `waypoint batch export --seed S` (or a --profile whose entry sets "seed") sends the seed in every
// OpenAI request body, so a sampled batch can be drawn again, and `batch import --seed S` records it
// on each record's model as `waypoint run` does. Anthropic's Messages API has no seed: the export
// refuses one instead of dropping it, and an import records none on Anthropic rows. Run as a user
// runs them: the built CLI, with the request file answered by the `vllm run-batch` stand-in.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { runWaypoint } from '../../support/cli';
import { samplesDir } from '../../support/paths';
import { vllmRunBatch } from '../../support/vllmRunBatch';

const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
const questionArgs = ['grasp', grid, '--settings', '4-none-0', '--indices', '0-2'];
/** A sampled answer that the seed decides, as a model's at temperature > 0. */
const bySeed = (seed: number | undefined) =>
  seed === undefined ? '[UP]' : seed % 2 === 0 ? '[LEFT, TAKE]' : '[RIGHT, TAKE]';

interface RequestLine {
  custom_id: string;
  body: { model: string; temperature: number; max_tokens?: number; seed?: number };
}

describe('waypoint batch export|import --seed', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-batch-seed-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const records = (file: string): RunRecord[] => parseRunRecords(readFileSync(join(dir, file), 'utf8'), file).records;
  const requests = (stdout: string): RequestLine[] =>
    stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as RequestLine);

  it('the seed is in every request body (after the upstream keys) and the imported records carry it; without one none is sent or recorded', async () => {
    const seeded = await runWaypoint(
      ['batch', 'export', ...questionArgs, '--model', 'qwen', '--temperature', '0.8', '--seed', '7'],
      dir,
    );
    assert.equal(seeded.code, 0, seeded.stderr);
    const lines = requests(seeded.stdout);
    assert.equal(lines.length, 3);
    for (const line of lines) {
      assert.deepEqual(Object.keys(line.body), ['model', 'temperature', 'messages', 'max_tokens', 'seed']);
      assert.deepEqual([line.body.seed, line.body.temperature], [7, 0.8]);
    }
    writeFileSync(
      join(dir, 'output.jsonl'),
      vllmRunBatch(seeded.stdout, { servedModel: 'qwen', answer: (_, seed) => bySeed(seed) }),
    );
    const imported = await runWaypoint(
      ['batch', 'import', ...questionArgs, '--results', 'output.jsonl', '--out', 'seeded.jsonl', '--seed', '7'],
      dir,
    );
    assert.equal(imported.code, 0, imported.stderr);
    assert.deepEqual(
      records('seeded.jsonl').map((record) => [record.rawAnswer, record.model.seed]),
      Array(3).fill([bySeed(7), 7]),
    );

    const unseeded = await runWaypoint(['batch', 'export', ...questionArgs, '--model', 'qwen'], dir);
    assert.ok(requests(unseeded.stdout).every((line) => !('seed' in line.body)));
    writeFileSync(
      join(dir, 'plain.jsonl'),
      vllmRunBatch(unseeded.stdout, { servedModel: 'qwen', answer: (_, seed) => bySeed(seed) }),
    );
    const plain = await runWaypoint(
      ['batch', 'import', ...questionArgs, '--results', 'plain.jsonl', '--out', 'unseeded.jsonl'],
      dir,
    );
    assert.equal(plain.code, 0, plain.stderr);
    assert.deepEqual(
      records('unseeded.jsonl').map((record) => [record.rawAnswer, 'seed' in record.model]),
      Array(3).fill([bySeed(undefined), false]),
    );
  });

  it("--profile: the entry's model, temperature, max tokens and seed go out; --seed on the command line wins", async () => {
    writeFileSync(
      join(dir, 'models.json'),
      JSON.stringify({
        'waypoint.models': [
          {
            id: 'sampler',
            provider: 'openai-compatible',
            baseUrl: 'http://127.0.0.1:1/v1',
            model: 'qwen',
            temperature: 0.7,
            maxTokens: 300,
            seed: 11,
          },
        ],
      }),
    );
    const fromProfile = await runWaypoint(
      ['batch', 'export', ...questionArgs, '--profile', 'models.json', '--profile-id', 'sampler'],
      dir,
    );
    assert.equal(fromProfile.code, 0, fromProfile.stderr);
    assert.ok(
      requests(fromProfile.stdout).every(
        (line) =>
          line.body.model === 'qwen' &&
          line.body.temperature === 0.7 &&
          line.body.max_tokens === 300 &&
          line.body.seed === 11,
      ),
    );
    const overridden = await runWaypoint(
      ['batch', 'export', ...questionArgs, '--profile', 'models.json', '--profile-id', 'sampler', '--seed', '12'],
      dir,
    );
    assert.ok(requests(overridden.stdout).every((line) => line.body.seed === 12));
    const both = await runWaypoint(
      ['batch', 'export', ...questionArgs, '--profile', 'models.json', '--profile-id', 'sampler', '--model', 'qwen'],
      dir,
    );
    assert.equal(both.code, 2);
    assert.match(both.stderr, /needs the model one way: --model NAME .*, or --profile FILE --profile-id ID/);
  });

  it('Anthropic: a seed is refused at export (its API has none), and imported Anthropic rows record none', async () => {
    const refused = await runWaypoint(
      ['batch', 'export', ...questionArgs, '--model', 'claude-sonnet-4-5', '--format', 'anthropic', '--seed', '7'],
      dir,
    );
    assert.equal(refused.code, 2);
    assert.equal(refused.stdout, '');
    assert.match(refused.stderr, /--seed: Anthropic's Messages API has no seed/);
    writeFileSync(
      join(dir, 'models.json'),
      JSON.stringify([
        {
          id: 'claude',
          provider: 'openai-compatible',
          baseUrl: 'https://api.anthropic.com/v1',
          model: 'claude-sonnet-4-5',
          seed: 3,
        },
      ]),
    );
    const fromProfile = await runWaypoint(
      [
        'batch',
        'export',
        ...questionArgs,
        '--profile',
        'models.json',
        '--profile-id',
        'claude',
        '--format',
        'anthropic',
      ],
      dir,
    );
    assert.equal(fromProfile.code, 2);
    assert.match(fromProfile.stderr, /"seed" \(--seed\): Anthropic's Messages API has no seed/);

    const exported = await runWaypoint(
      ['batch', 'export', ...questionArgs, '--model', 'claude-sonnet-4-5', '--format', 'anthropic'],
      dir,
    );
    assert.equal(exported.code, 0, exported.stderr);
    const results = exported.stdout
      .trim()
      .split('\n')
      .map((line) => {
        const { custom_id } = JSON.parse(line) as { custom_id: string };
        return JSON.stringify({
          custom_id,
          result: {
            type: 'succeeded',
            message: {
              id: 'msg_01',
              type: 'message',
              role: 'assistant',
              model: 'claude-sonnet-4-5',
              content: [{ type: 'text', text: '[UP]' }],
              stop_reason: 'end_turn',
              usage: { input_tokens: 700, output_tokens: 4 },
            },
          },
        });
      });
    writeFileSync(join(dir, 'results.jsonl'), results.join('\n'));
    const imported = await runWaypoint(
      ['batch', 'import', ...questionArgs, '--results', 'results.jsonl', '--out', 'claude.jsonl', '--seed', '7'],
      dir,
    );
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(
      imported.stderr,
      /--seed is not recorded on 3 Anthropic result rows: Anthropic's Messages API has no seed/,
    );
    assert.ok(records('claude.jsonl').every((record) => !('seed' in record.model)));
  });
});
