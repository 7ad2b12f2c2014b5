// The per-file cap on problems (src/core/util/diagnosticCap.ts): validators collect through
// DiagnosticCap, hosts show capDiagnostics. Whatever the cap drops early, a file shows exactly what
// capping all its problems at once would show, with the same counts.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  capDiagnostics,
  DiagnosticCap,
  FileProblems,
  severityCounts,
  TOO_MANY_PROBLEMS,
} from '../../src/core/util/diagnosticCap';
import type { Diagnostic, Severity } from '../../src/core/util/text';

const severity = fc.constantFrom<Severity>('error', 'warning', 'information', 'hint');
const problem = fc.record({ line: fc.nat({ max: 30 }), character: fc.nat({ max: 5 }), severity });

function diagnostic(
  { line, character, severity }: { line: number; character: number; severity: Severity },
  tag: string,
): Diagnostic {
  return {
    severity,
    code: 'test/problem',
    message: tag,
    range: { start: { line, character }, end: { line, character: character + 1 } },
  };
}

/** A validator's stream: problems in line order (characters in any order within a line). */
const stream = fc.array(problem, { maxLength: 40 }).map((problems) => [...problems].sort((a, b) => a.line - b.line));

describe('diagnostic cap', () => {
  it('collectors that cap early show what one cap over all problems shows, with the same counts', () => {
    fc.assert(
      fc.property(
        fc.array(stream, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 12 }),
        (streams, limit) => {
          const all = streams.flatMap((problems, s) => problems.map((p, i) => diagnostic(p, `${s}.${i}`)));
          const collected = streams.flatMap((problems, s) => {
            const cap = new DiagnosticCap(limit);
            problems.forEach((p, i) => cap.add(diagnostic(p, `${s}.${i}`)));
            return cap.list();
          });
          assert.deepEqual(severityCounts(collected), severityCounts(all));
          assert.deepEqual(capDiagnostics(collected, limit), capDiagnostics(all, limit));
          const shown = capDiagnostics(all, limit);
          if (all.length <= limit) assert.deepEqual(shown, all, 'nothing to cap: the problems as they were');
          else {
            assert.equal(shown.length, limit + 1);
            const marker = shown[limit];
            assert.equal(marker.code, TOO_MANY_PROBLEMS);
            assert.equal(marker.message, `${all.length - limit} more problems in this file are not shown.`);
          }
        },
      ),
      { numRuns: 500, seed: 29 },
    );
  });

  it('counts a repeated line without keeping it once full, at the line it is on', () => {
    const cap = new DiagnosticCap(2);
    const line = (n: number) => [
      diagnostic({ line: n, character: 0, severity: 'error' }, 'a'),
      diagnostic({ line: n, character: 3, severity: 'warning' }, 'b'),
    ];
    cap.push(...line(0));
    assert.equal(cap.full, true);
    for (let n = 1; n <= 1000; n++) cap.addAgain(line(0), n);
    const [first, second, marker] = cap.list();
    assert.deepEqual([first.range.start.line, second.range.start.line], [0, 0]);
    assert.deepEqual(marker.data, { error: 1000, warning: 1000, information: 0, hint: 0 });
    assert.deepEqual(marker.range.start, { line: 1, character: 0 });
  });

  it('keeps a host’s first problem lines about a file and says how many more', () => {
    const lines: string[] = [];
    const problems = new FileProblems('f.jsonl', lines, 3);
    for (let n = 1; n <= 10; n++) problems.add(`f.jsonl:${n}: broken`);
    problems.finish();
    assert.deepEqual(lines, [
      'f.jsonl:1: broken',
      'f.jsonl:2: broken',
      'f.jsonl:3: broken',
      'f.jsonl: 7 more problems in this file are not shown.',
    ]);
  });
});
