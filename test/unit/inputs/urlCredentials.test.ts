// A credential written into a base URL (`user:pass@`, `?api-key=`, `?key=`, a token as the user
// name) is never stored or shown: records keep the URL with those parts as `***`, error messages and
// every CLI line mask them, and the values are remembered like a key so a server quoting one back
// is redacted too. Before (issue 29) the key was in every record's model.baseUrl and printed.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRecordOf } from '../../../src/core/eval/engine';
import {
  redactKnownSecrets,
  redactSecrets,
  redactUrlCredentials,
  rememberUrlSecrets,
  withoutUrlCredentials,
} from '../../../src/core/eval/redact';
import { answerKey } from '../../../src/core/runs/selection';
import type { ModelProfile } from '../../../src/core/eval/types';
import { runWaypoint } from '../../support/cli';
import { type FakeOpenAi, startFakeOpenAi } from '../../support/fakeOpenAi';
import { samplesDir } from '../../support/paths';

describe('credentials in URLs (core)', function () {
  it('masks user info and credential query values, leaving the rest of the URL as written', function () {
    const cases: Array<[string, string]> = [
      ['http://alice:pa55word@host:8080/v1', 'http://***@host:8080/v1'],
      ['https://ghp_TOKEN123@gateway.example/v1/', 'https://***@gateway.example/v1/'],
      ['https://h/v1?api-key=K1&api-version=2024-02-01', 'https://h/v1?api-key=***&api-version=2024-02-01'],
      ['https://h/v1?key=K2', 'https://h/v1?key=***'],
      [
        'https://h/openai?api_key=K3&access_token=T&sig=S&x=1',
        'https://h/openai?api_key=***&access_token=***&sig=***&x=1',
      ],
      ['https://h/v1#access_token=T', 'https://h/v1#access_token=***'],
    ];
    for (const [url, shown] of cases) assert.equal(withoutUrlCredentials(url), shown, url);
  });

  it('returns a URL without credentials unchanged, byte for byte', function () {
    for (const url of [
      'http://127.0.0.1:8080',
      'HTTP://Host:1/v1/',
      'https://h/v1?api-version=2024-02-01',
      'http://h/a@b',
    ])
      assert.equal(withoutUrlCredentials(url), url);
  });

  it('masks every URL inside a message, and redactSecrets does too', function () {
    const message =
      'm at http://bob:hunter22@127.0.0.1:9/v1?api-key=QKEY77 could not be reached (fetch http://bob:hunter22@127.0.0.1:9/v1?api-key=QKEY77): check it';
    const masked = redactUrlCredentials(message);
    assert.equal(
      masked,
      'm at http://***@127.0.0.1:9/v1?api-key=*** could not be reached (fetch http://***@127.0.0.1:9/v1?api-key=***): check it',
    );
    assert.equal(redactSecrets(message), masked);
    assert.equal(redactUrlCredentials('no url here: key=1'), 'no url here: key=1');
  });

  it('remembers a URL credential, so a server quoting it back is redacted in data lines', function () {
    rememberUrlSecrets('https://someone:Quoted-Secret-4411@h/v1?token=Tok%2Fen-5522');
    const line = JSON.stringify({ error: 'server said Quoted-Secret-4411 and Tok/en-5522 are wrong; someone' });
    assert.equal(
      redactKnownSecrets(line),
      JSON.stringify({ error: 'server said [redacted] and [redacted] are wrong; someone' }),
      'the password and the token, not the user name',
    );
  });

  it('records the profile with the masked URL, under the same answer key', function () {
    const model: ModelProfile = {
      id: 'm',
      provider: 'openai-compatible',
      baseUrl: 'http://u:SECRET-PASS-1@127.0.0.1:8080/v1?api-key=SECRET-Q-2',
      model: 'm',
      temperature: 0,
      maxTokens: 16,
      timeoutMs: 1000,
      retries: 0,
    };
    const question = { benchmark: 'toy', sampleId: 's1' };
    const record = runRecordOf(
      { question, model, messages: [], parsedAnswer: null, scores: {}, mode: 'faithful' },
      { text: '', promptTokens: null, completionTokens: null, latencyMs: 0, cached: false },
    );
    assert.equal(record.model.baseUrl, 'http://***@127.0.0.1:8080/v1?api-key=***');
    assert.equal(
      model.baseUrl,
      'http://u:SECRET-PASS-1@127.0.0.1:8080/v1?api-key=SECRET-Q-2',
      'the profile itself is kept',
    );
    // --resume finds the record's answer under the profile it is run with.
    assert.equal(answerKey(record), answerKey({ question, model, mode: 'faithful' }));
    const clean = { ...model, baseUrl: 'http://127.0.0.1:8080/v1' };
    const plain = runRecordOf(
      { question, model: clean, messages: [], parsedAnswer: null, scores: {}, mode: 'faithful' },
      { text: '', promptTokens: null, completionTokens: null, latencyMs: 0, cached: false },
    );
    assert.equal(plain.model, clean, 'a URL without credentials is recorded as it is');
  });
});

describe('credentials in --base-url (CLI)', function () {
  this.timeout(60_000);
  let dir: string;
  let fake: FakeOpenAi;
  before(async function () {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-url-key-'));
    fake = await startFakeOpenAi();
  });
  after(async function () {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const secrets = ['QUERYKEY0123', 'PASSWORD4567', 'USERTOKEN890'];
  const leaked = (text: string) => secrets.filter((secret) => text.includes(secret));

  for (const [label, base] of [
    ['?api-key=', (url: string) => `${url}/v1?api-key=QUERYKEY0123`],
    ['user:pass@', (url: string) => url.replace('http://', 'http://alice:PASSWORD4567@')],
    ['a token as the user name', (url: string) => url.replace('http://', 'http://USERTOKEN890@')],
  ] as const) {
    it(`run and models test show and store no key given as ${label}`, async function () {
      const url = base(fake.url);
      const out = join(dir, `${label.replace(/\W/g, '')}.jsonl`);
      const lighthouse = join(samplesDir, 'mango', 'lighthouse');
      const run = await runWaypoint(
        [
          'run',
          'mango',
          lighthouse,
          '--task',
          'df',
          '--limit',
          '1',
          '--retries',
          '0',
          '--base-url',
          url,
          '--model',
          'm',
          '--out',
          out,
          '--no-cache',
        ],
        dir,
      );
      assert.ok(existsSync(out), run.stderr);
      const written = readFileSync(out, 'utf8');
      assert.deepEqual(leaked(written + run.stdout + run.stderr), [], `${written}\n${run.stderr}`);
      const record = JSON.parse(written.trim().split('\n')[0]);
      assert.match(record.model.baseUrl, /\*\*\*/);
      assert.equal(record.model.baseUrl, url.replace(/QUERYKEY0123/, '***').replace(/\/\/[^/@]+@/, '//***@'));
      for (const args of [[], ['--json']]) {
        const test = await runWaypoint(['models', 'test', '--base-url', url, '--model', 'm', ...args], dir);
        assert.deepEqual(leaked(test.stdout + test.stderr), [], test.stdout + test.stderr);
        if (args.length > 0) assert.match(JSON.parse(test.stdout).baseUrl, /\*\*\*/);
      }
    });
  }
});
