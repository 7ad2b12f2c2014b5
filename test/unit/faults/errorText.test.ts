// A server's error text as Waypoint repeats it: one line, short, and never without its cause, which
// servers write last (llama-server's template errors end with the Jinja exception after the
// template's source).
import { strict as assert } from 'node:assert';
import { shortened } from '../../../src/core/eval/openaiFailures';

describe('shortened server errors', () => {
  it('a short text is only folded onto one line', () => {
    assert.equal(
      shortened('  request (4775 tokens)\n exceeds the available context size  '),
      'request (4775 tokens) exceeds the available context size',
    );
  });

  it('a long text of many lines keeps its start and its last lines whole, with an ellipsis between', () => {
    const lines = [
      '------------',
      'While executing CallExpression at line 1, column 312 in source:',
      'x'.repeat(400),
      '   ^',
      'Error: Jinja Exception: Conversation roles must alternate user/assistant/user/assistant/...',
    ];
    const short = shortened(lines.join('\n'));
    assert.ok(short.startsWith('------------ While executing CallExpression'), short);
    assert.ok(
      short.endsWith('^ Error: Jinja Exception: Conversation roles must alternate user/assistant/user/assistant/...'),
      short,
    );
    assert.match(short, /x … \^/);
    assert.ok(short.length <= 303, `${short.length}`);
  });

  it('one long line keeps its first and its last words', () => {
    const words = Array.from({ length: 200 }, (_, index) => `word${index}`);
    const short = shortened(words.join(' '));
    assert.ok(short.startsWith('word0 word1 '), short);
    assert.ok(short.endsWith(' word198 word199'), short);
    assert.match(short, / … word\d+ /);
    assert.ok(short.length <= 303, `${short.length}`);
  });

  it('HTML tags and scripts are dropped before measuring', () => {
    assert.equal(
      shortened('<html><script>var x = 1;</script><body><h1>502 Bad Gateway</h1></body></html>'),
      '502 Bad Gateway',
    );
  });
});
