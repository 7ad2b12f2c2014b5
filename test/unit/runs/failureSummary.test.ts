// Failure summaries (core/runs/failureSummary.ts) group by kind, HTTP status and server error type,
// never by message text: llama-server's overflow messages differ by their token counts, and twenty
// of them are one reason. `waypoint report` lists its errored records the same way.
import { strict as assert } from 'node:assert';
import '../../../src/core/benchmarks';
import { readBatchRow } from '../../../src/core/eval/imported';
import type { RunRecord } from '../../../src/core/eval/types';
import { reportMarkdown, reportText } from '../../../src/core/runs/format';
import { failureGroupLine, failureGroups } from '../../../src/core/runs/failureSummary';
import { reportHtml } from '../../../src/core/runs/html';
import { mergeRunFiles } from '../../../src/core/runs/records';
import { buildReport } from '../../../src/core/runs/report';
import { mangoRecord } from './fixtures';

/** llama-server's 400 for a prompt longer than the context, with this prompt's own token count. */
const overflow = (n: number): RunRecord => ({
  ...mangoRecord({
    model: 'llama',
    game: 'zork1',
    n,
    error: `default at http://127.0.0.1:8080 answered HTTP 400: request (${4000 + n * 17} tokens) exceeds the available context size (4096 tokens), try increasing it`,
  }),
  failure: { kind: 'prompt-too-long', status: 400, type: 'exceed_context_size_error' },
});
const slots = (n: number): RunRecord => ({
  ...mangoRecord({
    model: 'llama',
    game: 'zork1',
    n,
    error: 'default at http://127.0.0.1:8080 answered HTTP 500: Context size has been exceeded.',
  }),
  failure: { kind: 'context-slots', status: 500, type: 'server_error' },
});

describe('failure summaries', () => {
  const records = [
    ...Array.from({ length: 20 }, (_, n) => overflow(n)),
    slots(20),
    slots(21),
    mangoRecord({ model: 'llama', game: 'zork1', n: 22, error: 'a record from before failures were kept' }),
    mangoRecord({ model: 'llama', game: 'zork1', n: 23, strict: 1 }),
  ];

  it('20 overflows with 20 different token counts are one reason; each kind, status and type its own', () => {
    assert.equal(new Set(records.slice(0, 20).map((record) => record.error)).size, 20);
    const groups = failureGroups(records);
    assert.deepEqual(
      groups.map((group) => [group.label, group.count, group.varied]),
      [
        ['prompt-too-long: HTTP 400 exceed_context_size_error', 20, true],
        ['context-slots: HTTP 500 server_error', 2, false],
        ['unrecorded', 1, false],
      ],
    );
    assert.match(
      failureGroupLine(groups[0]),
      /^20 questions failed \(prompt-too-long: HTTP 400 exceed_context_size_error\), e\.g\.: default at .* request \(4000 tokens\)/,
    );
    // One message says it all: no label.
    assert.equal(
      failureGroupLine(groups[1]),
      '2 questions failed: default at http://127.0.0.1:8080 answered HTTP 500: Context size has been exceeded.',
    );
    assert.equal(failureGroupLine(groups[2], 'row'), '1 row failed: a record from before failures were kept');
  });

  it('report lists the errored records by kind in the JSON, the text, the Markdown and the HTML', () => {
    const set = mergeRunFiles([{ file: 'run.jsonl', records }]);
    const { json, rows } = buildReport(set);
    assert.equal(json.errors, 23);
    assert.deepEqual(
      json.errors_by_kind.map((entry) => [entry.kind, entry.status, entry.type, entry.records]),
      [
        ['prompt-too-long', 400, 'exceed_context_size_error', 20],
        ['context-slots', 500, 'server_error', 2],
        ['unrecorded', undefined, undefined, 1],
      ],
    );
    assert.match(json.errors_by_kind[0].example, /request \(4000 tokens\)/);
    const text = reportText(json).split('\n');
    const at = text.indexOf('Errors (failed model calls) by kind, HTTP status and server type:');
    assert.ok(at > 0, reportText(json));
    assert.match(text[at + 1], /^kind\s+status\s+type\s+records\s+example$/);
    assert.match(text[at + 3], /^prompt-too-long\s+400\s+exceed_context_size_error\s+20\s+default at /);
    assert.equal(text.filter((line) => line.startsWith('prompt-too-long')).length, 1);
    assert.ok(
      reportMarkdown(json).includes(
        '| context-slots | 500 | server_error | 2 | default at http://127.0.0.1:8080 answered HTTP 500: Context size has been exceeded. |',
      ),
    );
    const html = reportHtml(json, rows, set.report);
    assert.match(
      html,
      /<table id="error-kinds">.*<td>prompt-too-long<\/td><td class="n">400<\/td><td>exceed_context_size_error<\/td><td class="n">20<\/td>/s,
    );
  });

  it('batch output rows that failed carry their kind, status and provider code, so batch import sums them up the same way', () => {
    const failed = [
      readBatchRow({
        custom_id: 'a',
        response: null,
        error: { code: 'server_error', message: 'The server had an error while processing request 1' },
      }),
      readBatchRow({
        custom_id: 'b',
        response: null,
        error: { code: 'server_error', message: 'The server had an error while processing request 2' },
      }),
      readBatchRow({
        custom_id: 'c',
        response: { status_code: 429, body: { error: { type: 'rate_limit_exceeded', message: 'slow down' } } },
        error: null,
      }),
      readBatchRow({
        custom_id: 'd',
        response: { status_code: 200, body: { choices: [{ message: {} }] } },
        error: null,
      }),
    ];
    assert.deepEqual(
      failed.map((row) => row.failure),
      [
        { kind: 'request', type: 'server_error' },
        { kind: 'request', type: 'server_error' },
        { kind: 'rate-limit', status: 429, type: 'rate_limit_exceeded' },
        { kind: 'reply' },
      ],
    );
    const groups = failureGroups(
      failed.map((row, n) => ({
        ...mangoRecord({ model: 'gpt', game: 'g', n }),
        error: row.error ?? undefined,
        failure: row.failure ?? undefined,
      })),
    );
    assert.deepEqual(
      groups.map((group) => [group.label, group.count]),
      [
        ['request: server_error', 2],
        ['rate-limit: HTTP 429 rate_limit_exceeded', 1],
        ['reply', 1],
      ],
    );
    assert.equal(
      readBatchRow({
        custom_id: 'e',
        response: { status_code: 200, body: { choices: [{ message: { content: 'ok' } }] } },
      }).failure,
      undefined,
    );
  });

  it("an OpenAI batch's expired or cancelled request was never run, as Anthropic's expired or canceled ones", () => {
    const expired = readBatchRow({
      custom_id: 'a',
      response: null,
      error: {
        code: 'batch_expired',
        message: 'This request could not be executed before the completion window expired.',
      },
    });
    const cancelled = readBatchRow({
      custom_id: 'b',
      response: null,
      error: { code: 'batch_cancelled', message: 'This request was cancelled.' },
    });
    assert.deepEqual(
      [expired.failure, cancelled.failure],
      [
        { kind: 'not-run', type: 'batch_expired' },
        { kind: 'not-run', type: 'batch_cancelled' },
      ],
    );
  });

  it('no errors: no errors table', () => {
    const { json } = buildReport(
      mergeRunFiles([
        { file: 'run.jsonl', records: [mangoRecord({ model: 'llama', game: 'zork1', n: 1, strict: 1 })] },
      ]),
    );
    assert.deepEqual(json.errors_by_kind, []);
    assert.doesNotMatch(reportText(json), /Errors \(failed model calls\)/);
  });
});
