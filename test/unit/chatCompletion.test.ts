// One schema of an OpenAI chat completion (src/core/eval/chatCompletion.ts) for every reader: the
// provider (whole and streamed), the connection test and batch import. Only `choices` makes a body
// a chat completion; a wrongly typed extra reads as absent rather than losing the answer.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readChatCompletion, readChatCompletionChunk } from '../../src/core/eval/chatCompletion';
import { readBatchRow } from '../../src/core/eval/imported';
import { reasoningTextOf, usageDetailsOf } from '../../src/core/eval/replyFields';
import { repoRoot } from '../support/paths';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

// As llama-server and vLLM answer (notes/real-servers.md): reasoning beside the content, usage details, OpenRouter's cost.
const llamaReply = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'model/stories260K.gguf',
  choices: [
    { index: 0, message: { role: 'assistant', content: '[1, 2]', reasoning_content: 'think' }, finish_reason: 'stop' },
  ],
  usage: { prompt_tokens: 12, completion_tokens: 5, completion_tokens_details: { reasoning_tokens: 3 }, cost: 0.0002 },
};

describe('chat completion: one schema for every reader', () => {
  it('reads a real reply, keeping the extras replyFields reads', () => {
    const completion = readChatCompletion(llamaReply);
    assert.ok(completion);
    assert.equal(completion.model, 'model/stories260K.gguf');
    assert.equal(completion.choices[0].message?.content, '[1, 2]');
    assert.equal(completion.choices[0].finish_reason, 'stop');
    assert.equal(reasoningTextOf(completion.choices[0].message), 'think');
    assert.deepEqual(usageDetailsOf(completion.usage), { reasoningTokens: 3, cachedTokens: null, costUsd: 0.0002 });
    assert.equal(completion.usage?.prompt_tokens, 12);
  });

  it('a body without a choices list is no chat completion; a wrongly typed extra reads as absent', () => {
    assert.equal(readChatCompletion('<html>'), null);
    assert.equal(readChatCompletion({ error: { message: 'Loading model' } }), null);
    const odd = readChatCompletion({
      model: 7,
      choices: [null, { message: { content: 3 } }],
      usage: { prompt_tokens: '12', completion_tokens: -1 },
    });
    assert.ok(odd);
    assert.equal(odd.model, undefined);
    assert.deepEqual(odd.choices[0], {});
    assert.equal(odd.choices[1].message?.content, undefined);
    assert.equal(odd.usage?.prompt_tokens, undefined);
    assert.equal(odd.usage?.completion_tokens, undefined);
  });

  it('reads streamed chunks: a delta, and the last chunk with only usage', () => {
    const delta = readChatCompletionChunk({
      model: 'm',
      choices: [{ index: 0, delta: { content: 'he', reasoning: 'r' }, finish_reason: null }],
    });
    assert.equal(delta.choices?.[0].delta?.content, 'he');
    assert.equal(reasoningTextOf(delta.choices?.[0].delta), 'r');
    const last = readChatCompletionChunk({ choices: [], usage: { prompt_tokens: 4, completion_tokens: 2 } });
    assert.deepEqual(last.usage, { prompt_tokens: 4, completion_tokens: 2 });
    assert.deepEqual(readChatCompletionChunk('junk'), {});
  });

  it('a batch output row is read through it: the answer, the counts, the finish reason and the cost', () => {
    const row = readBatchRow({
      id: 'b1',
      custom_id: 'q1',
      response: { status_code: 200, body: llamaReply },
      error: null,
    });
    assert.equal(row.error, null);
    assert.equal(row.content, '[1, 2]');
    assert.equal(row.model, 'model/stories260K.gguf');
    assert.deepEqual([row.promptTokens, row.completionTokens], [12, 5]);
    assert.deepEqual(row.extras, {
      finishReason: 'stop',
      reasoning: 'think',
      reasoningTokens: 3,
      providerCostUsd: 0.0002,
    });
  });

  it('src/ spells the shape of a completion nowhere else', () => {
    const offenders = sourceFiles(join(repoRoot, 'src'))
      .map((path) => relative(repoRoot, path).replaceAll('\\', '/'))
      .filter((path) => path !== 'src/core/eval/chatCompletion.ts')
      .filter((path) => /\bchoices\??:\s*(z\.|Array<)/.test(readFileSync(join(repoRoot, path), 'utf8')));
    assert.deepEqual(offenders, [], 'read replies through src/core/eval/chatCompletion.ts');
  });
});
