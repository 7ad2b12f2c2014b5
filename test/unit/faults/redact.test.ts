// Redaction: known keys in every encoding, credential shapes whatever key they belong to, and
// JSON lines that stay JSON; the writers that put error text on disk apply it too.
import { strict as assert } from 'node:assert';
import { redactKnownSecrets, redactSecrets, rememberSecret } from '../../../src/core/eval/redact';
import { runEpisode } from '../../../src/core/benchmarks/smartplay/runner';
import { createSmartPlayEnv } from '../../../src/core/benchmarks/smartplay/games';
import { formatEpisodeLog } from '../../../src/core/benchmarks/smartplay/episodeLog';

describe('redactSecrets', () => {
  it('removes a key passed in, also JSON- and URL-encoded', () => {
    const key = 'my"gateway/key+42';
    const text = `raw ${key} json ${JSON.stringify(key)} url ${encodeURIComponent(key)}`;
    const redacted = redactSecrets(text, [key]);
    assert.ok(!redacted.includes('gateway'), redacted);
    assert.equal((redacted.match(/\[redacted\]/g) ?? []).length, 3);
  });

  it('keeps game text that merely looks like a credential in data lines, removing only exact keys', () => {
    rememberSecret('data-line-key-55120');
    const line = JSON.stringify({
      prompt: 'The bearer swiftly hands you a note. Authorization: granted.',
      answer: 'data-line-key-55120',
    });
    const redacted = redactKnownSecrets(line);
    assert.deepEqual(JSON.parse(redacted), {
      prompt: 'The bearer swiftly hands you a note. Authorization: granted.',
      answer: '[redacted]',
    });
    assert.notEqual(redactSecrets(line), redacted, 'error messages do lose credential shapes');
  });

  it('removes keys this process has sent, without being told again', () => {
    rememberSecret('remembered-token-77331');
    assert.equal(redactSecrets('server said: remembered-token-77331 is invalid'), 'server said: [redacted] is invalid');
  });

  it('removes credential shapes: Authorization values, bearer tokens, sk- keys, api_key pairs', () => {
    const cases: Array<[string, string]> = [
      ['Authorization: Bearer abc.def-123456', 'Authorization: [redacted]'],
      ['got header authorization=Basic dXNlcjpwYXNz;', 'got header authorization=[redacted];'],
      ['token Bearer eyJhbGciOi.x.y rejected', 'token Bearer [redacted] rejected'],
      ['Incorrect API key provided: sk-proj-AbCdEf123456', 'Incorrect API key provided: [redacted]'],
      ['GET /v1?api_key=zzz999&x=1', 'GET /v1?api_key=[redacted]&x=1'],
      ['{"apiKey": "secret-value"}', '{"apiKey": "[redacted]"}'],
    ];
    for (const [input, expected] of cases) assert.equal(redactSecrets(input), expected);
  });

  it('leaves ordinary text alone, and keeps a JSON line valid', () => {
    const text = 'go north, then take the key from the desk; sk-1 is no key';
    assert.equal(redactSecrets(text), text);
    const line = JSON.stringify({
      error: 'HTTP 400: {"error": "bad Authorization: Bearer abcdefgh", "api_key": "k123456"}',
    });
    const redacted = redactSecrets(line);
    assert.ok(!/abcdefgh|k123456/.test(redacted), redacted);
    assert.doesNotThrow(() => JSON.parse(redacted));
  });

  it('a SmartPlay episode log records the error of a failed model call without the key', async () => {
    const env = createSmartPlayEnv('Hanoi3Disk', { seed: 0 });
    const log = await runEpisode(env, async () => {
      throw new Error('HTTP 500: upstream said Authorization: Bearer sk-live-ABCDEF123456 was rejected');
    });
    assert.equal(log.end?.reason, 'error');
    const written = formatEpisodeLog(log);
    assert.ok(!written.includes('ABCDEF123456'), written);
    assert.match(log.end?.error ?? '', /\[redacted\]/);
  });
});
