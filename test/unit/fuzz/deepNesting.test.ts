// Deep nesting through every entry point (issue 12, defects 1 and 8/9). These cases are fixed by
// other work on issue 12 (locatedJson's depth limit, the Python-literal parser's recursion); they
// stay here so the fuzz suite keeps them out once fixed: a deep document must give located
// diagnostics (or, for the Python-literal parser, a PythonLiteralError), never a RangeError.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { FileKind } from '../../../src/core/benchmarks/mango/fileKinds';
import type { StandaloneKind } from '../../../src/core/benchmarks/declarations';
import { validateText } from '../../../src/core/benchmarks/mango/walkthrough/files';
import { parseMangoAnswer } from '../../../src/core/benchmarks/mango/scoring/answers';
import { parsePythonLiteral, PythonLiteralError } from '../../../src/core/util/pythonLiteral';
import { validateStandalone } from '../../../src/core/benchmark/standaloneValidation';
// The host registers the built-in benchmarks that validateStandalone asks.
import '../../../src/core/benchmarks';
import { assertDiagnosticsInside, fuzz } from './fuzzSupport';

/** `[[[…]]]`, `{"a":{"a":…}}` or mixed, 2,000 to 12,000 levels, closed or not. */
const deep = fc
  .tuple(fc.integer({ min: 2000, max: 12000 }), fc.constantFrom('[', '{"a":', '[{"a":'), fc.boolean())
  .map(
    ([depth, open, closed]) =>
      open.repeat(depth) + '1' + (closed ? (open === '[' ? ']' : open === '{"a":' ? '}' : '}]').repeat(depth) : ''),
  );

describe('fuzz: deep nesting (fixed by the depth work of issue 12)', () => {
  const jsonKinds: FileKind[] = ['mango-edges', 'mango-actions', 'mango-locations', 'mango-df', 'mango-rf'];
  const standalone: StandaloneKind[] = [
    'babyai-level',
    'babyai-records',
    'grasp-grids',
    'grasp-results',
    'smartplay-episode',
  ];

  it('every JSON file kind reports a deep document as located diagnostics', () => {
    fuzz(
      'deep json',
      fc.tuple(deep, fc.constantFrom<FileKind | StandaloneKind>(...jsonKinds, ...standalone)),
      60,
      ([text, kind]) => {
        const diagnostics = (jsonKinds as string[]).includes(kind)
          ? validateText(kind as FileKind, text)
          : validateStandalone(kind as StandaloneKind, text, `/tmp/llm-babybench.${kind}.jsonl`);
        assert.ok(diagnostics && diagnostics.length > 0, `${kind}: a deep document is not clean`);
        assertDiagnosticsInside(text, diagnostics, kind);
      },
    );
  });

  it('the Python-literal parser and the MANGO answer parser refuse deep literals with a located error', () => {
    const deepLiteral = fc.integer({ min: 5000, max: 20000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
    fuzz('deep python literal', deepLiteral, 20, (text) => {
      try {
        parsePythonLiteral(text);
      } catch (error) {
        assert.ok(error instanceof PythonLiteralError, `not a PythonLiteralError: ${String(error)}`);
      }
      parseMangoAnswer(text);
    });
  });
});
