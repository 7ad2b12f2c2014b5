// `waypoint run` against a llama-server whose chat template is strict (Mistral-style: roles must
// alternate), for the two prompts that send several messages of one role in a row: SmartPlay's
// experiment loop (three or four system messages) and MANGO's `paper` template (four user
// messages). Without a layout option every question fails the same way and the run stops, saying
// which option fixes it; with `--message-layout alternate` (or the profile's "messageLayout") every
// question is answered.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { runWaypoint as runCli } from '../../support/cli';
import { type LlamaServer, startLlamaServer, withoutPreflight } from '../../support/llamaServer';
import { samplesDir } from '../../support/paths';

const lighthouse = join(samplesDir, 'mango', 'lighthouse');

describe('waypoint run against a strict chat template (the llama-server double)', function () {
  this.timeout(120_000);
  let dir: string;
  let double: LlamaServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-template-'));
    mkdirSync(join(dir, '.waypoint'));
  });
  afterEach(async () => {
    await double?.close();
    double = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const records = (file: string): RunRecord[] => parseRunRecords(readFileSync(join(dir, file), 'utf8'), file).records;
  /** Whether every chat request from the `from`-th on had no two messages of one role in a row. */
  const everyRequestAlternates = (server: LlamaServer, from: number) =>
    server.requests
      .slice(from)
      .filter((request) => request.path.endsWith('/chat/completions'))
      .every((request) =>
        (request.body.messages ?? []).every(
          (message, index, all) => index === 0 || message.role !== all[index - 1].role,
        ),
      );

  it('SmartPlay: the run stops naming --message-layout alternate; with it every episode is played', async () => {
    double = await startLlamaServer({
      strictTemplate: true,
      answer: () => 'Move the top disk of rod A to the top of rod C',
    });
    const args = [
      'run',
      'smartplay',
      'Hanoi3Disk',
      '--episodes',
      '8',
      '--base-url',
      double.url,
      '--model',
      'default',
      '--json',
    ];
    const first = await runCli([...args, '--out', 'strict.jsonl'], dir);
    assert.equal(first.code, 1, first.stderr);
    const summary = JSON.parse(first.stdout) as { stopped_by: string; not_asked: number };
    assert.equal(summary.stopped_by, 'circuit-breaker');
    const failed = records('strict.jsonl');
    assert.ok(
      failed.length >= 5 && failed.every((record) => record.failure?.kind === 'template'),
      JSON.stringify(failed.map((record) => record.failure)),
    );
    assert.ok(
      failed.every((record) =>
        record.error?.includes(
          'Error: Jinja Exception: Conversation roles must alternate user/assistant/user/assistant/...',
        ),
      ),
      failed[0]?.error,
    );
    // The preflight's one user message passes a strict template; the run's own messages do not.
    assert.match(first.stderr, /^waypoint run: OK in \d+ ms: /);
    const lines = withoutPreflight(first.stderr).trim().split('\n');
    assert.equal(lines.length, 1, first.stderr);
    assert.match(
      lines[0],
      /stopped after 5 questions in a row failed the same way: .*To go on: add --message-layout alternate \(or "messageLayout": "alternate" in the profile\), then run the same command with --resume/,
    );

    const before = double.requests.length;
    const second = await runCli([...args, '--out', 'folded.jsonl', '--message-layout', 'alternate'], dir);
    assert.equal(second.code, 0, second.stderr);
    const played = records('folded.jsonl');
    assert.equal(played.length, 8);
    assert.ok(played.every((record) => record.error === undefined && record.model.messageLayout === 'alternate'));
    // The record keeps what was sent: one system message, then the question.
    assert.deepEqual(
      played[0].messages.map((message) => message.role),
      ['system', 'user'],
    );
    assert.ok(everyRequestAlternates(double, before));
  });

  it('MANGO paper template: four user messages fail with the advice; a profile with "messageLayout": "alternate" answers them', async () => {
    double = await startLlamaServer({ strictTemplate: true, answer: () => '[]' });
    const strict = await runCli(
      [
        'run',
        'mango',
        lighthouse,
        '--template',
        'paper',
        '--limit',
        '3',
        '--base-url',
        double.url,
        '--model',
        'default',
        '--out',
        'paper.jsonl',
      ],
      dir,
    );
    assert.equal(strict.code, 1);
    const failed = records('paper.jsonl');
    assert.equal(failed.length, 3);
    assert.ok(
      failed.every(
        (record) => record.failure?.kind === 'template' && /--message-layout alternate/.test(record.error ?? ''),
      ),
    );
    assert.match(
      strict.stderr,
      /paper\.jsonl: 3 questions failed: .*Conversation roles must alternate user\/assistant\/user\/assistant\/\.\.\. The server's chat template wants user and assistant messages to alternate: set "messageLayout": "alternate"/,
    );

    const profiles = join(dir, 'models.json');
    writeFileSync(
      profiles,
      JSON.stringify([
        {
          id: 'mistral',
          provider: 'openai-compatible',
          baseUrl: double.url,
          model: 'default',
          messageLayout: 'alternate',
        },
      ]),
    );
    const before = double.requests.length;
    const folded = await runCli(
      [
        'run',
        'mango',
        lighthouse,
        '--template',
        'paper',
        '--limit',
        '3',
        '--profile',
        profiles,
        '--profile-id',
        'mistral',
        '--out',
        'folded.jsonl',
      ],
      dir,
    );
    assert.equal(folded.code, 0, folded.stderr);
    const answered = records('folded.jsonl');
    assert.equal(answered.length, 3);
    assert.ok(answered.every((record) => record.error === undefined));
    assert.deepEqual(
      answered[0].messages.map((message) => message.role),
      ['system', 'user'],
    );
    assert.match(answered[0].messages[1].content, /\n\nThe allowed actions are: \[/);
    assert.ok(everyRequestAlternates(double, before));
    assert.equal(double.counts.templateRefused, 3);
  });

  it('a --message-layout the CLI does not know is a usage error', async () => {
    const result = await runCli(
      [
        'run',
        'mango',
        lighthouse,
        '--base-url',
        'http://127.0.0.1:9',
        '--model',
        'm',
        '--message-layout',
        'folded',
        '--out',
        'x.jsonl',
      ],
      dir,
    );
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--message-layout must be as-is or alternate, not 'folded'/);
  });
});
