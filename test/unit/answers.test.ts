// The Python-literal parser and MANGO answer parsing, including a conformance check against
// Python's own ast.literal_eval on the shared example outputs.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { answerDiagnostics } from '../../src/core/benchmarks/mango/scoring/answerDiagnostics';
import { answerStepSpans, parseMangoAnswer } from '../../src/core/benchmarks/mango/scoring/answers';
import { classifyTrajectory } from '../../src/core/benchmarks/mango/maze/trajectory';
import { buildMazeGraph } from '../../src/core/benchmarks/mango/maze/maze';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { parsePythonLiteral, PythonLiteralError } from '../../src/core/util/pythonLiteral';
import { samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

describe('Python literal parser', () => {
  it('reads the literals models write', () => {
    assert.deepEqual(
      parsePythonLiteral(`[{'a': "b's", 'n': -1.5e2, 't': (True, None, False)}, 0x1F, 'x' "y", r'\\d', '\\u00e9\\n']`),
      [{ a: "b's", n: -150, t: [true, null, false] }, 31, 'xy', '\\d', 'é\n'],
    );
    assert.deepEqual(parsePythonLiteral("['''tri\nple''', [], {}]"), ['tri\nple', [], {}]);
  });

  it('keeps a __proto__ key as data', () => {
    const parsed = parsePythonLiteral("{'__proto__': {'polluted': 1}}") as Record<string, unknown>;
    assert.deepEqual(Object.keys(parsed), ['__proto__']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
  });

  it('refuses expressions and names with the offset of the problem', () => {
    for (const [text, offset] of [
      ["'ea'+'st'", 4],
      ['[true]', 1],
      ["__import__('os')", 0],
      ['[1, 2', 5],
    ] as const) {
      assert.throws(
        () => parsePythonLiteral(text),
        (error: unknown) => error instanceof PythonLiteralError && error.offset === offset,
        text,
      );
    }
  });

  it('agrees with JSON on JSON-like data (property)', () => {
    const jsonish = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(jsonish, (value) => {
        assert.equal(JSON.stringify(parsePythonLiteral(JSON.stringify(value))), JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });
});

describe('MANGO answer parsing', () => {
  it('slices from the first [ to the first ], tolerating prose and JSON quotes', () => {
    const parsed = parseMangoAnswer(
      ' Sure! [{"location_before": "a", "action": "north", "location_after": "b"}] Done.',
    );
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.steps, [{ location_before: 'a', action: 'north', location_after: 'b' }]);
    assert.equal(parsed.sliceStart, 7);
  });

  it('fails as upstream does on ] in a name, an empty list, a missing key and no list', () => {
    assert.equal(parseMangoAnswer("[{'location_before': 'a [1]', 'action': 'n', 'location_after': 'b'}]").ok, false);
    assert.equal(parseMangoAnswer('[]').ok, false);
    assert.equal(parseMangoAnswer("[{'location_before': 'a', 'action': 'n'}]").ok, false);
    assert.equal(parseMangoAnswer('I cannot tell.').ok, false);
    assert.equal(parseMangoAnswer('').ok, false);
  });

  it('matches Python ast.literal_eval on every shared example output', function () {
    const examplesDir = join(sharedDataDir, 'mango', 'examples');
    if (!existsSync(examplesDir)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const files = readdirSync(examplesDir).flatMap((run) =>
      readdirSync(join(examplesDir, run)).flatMap((game) =>
        readdirSync(join(examplesDir, run, game)).map((file) => join(examplesDir, run, game, file)),
      ),
    );
    const script = [
      'import ast, json, sys',
      'for path in sys.argv[1:]:',
      '    s = json.load(open(path)).get("response", "")',
      '    ok = False',
      '    if isinstance(s, str):',
      '        s = s.strip()',
      '        try:',
      '            v = ast.literal_eval(s[s.find("["): s.find("]") + 1])',
      '            ok = isinstance(v, list) and len(v) > 0 and all(isinstance(d, dict) and all(isinstance(d.get(k), str) for k in ("location_before", "action", "location_after")) for d in v)',
      '        except Exception:',
      '            ok = False',
      '    print(json.dumps(ok))',
    ].join('\n');
    const python = spawnSync('python3', ['-c', script, ...files], { encoding: 'utf8' });
    assert.equal(python.status, 0, python.stderr);
    const expected = python.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as boolean);
    const ours = files.map(
      (file) => parseMangoAnswer((JSON.parse(readFileSync(file, 'utf8')) as { response?: unknown }).response ?? '').ok,
    );
    assert.equal(files.length, expected.length);
    assert.deepEqual(ours, expected);
    console.log(`      ${files.length} example outputs, ${ours.filter(Boolean).length} parse in both`);
  });
});

describe('trajectory verdicts', () => {
  const edges = JSON.parse(
    readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.edges.json'), 'utf8'),
  ) as EdgeRecord[];
  it('marks valid, imputed, hallucinated and unknown steps', () => {
    const graph = buildMazeGraph(
      'lighthouse',
      edges.filter((edge) => !(edge.src_node === 'fish market' && edge.action === 'south')),
      [],
    );
    const steps = classifyTrajectory(graph, [
      { location_before: 'harbour road', action: 'north', location_after: 'fish market' },
      { location_before: 'fish market', action: 'south', location_after: 'harbour road' },
      { location_before: 'harbour road', action: 'fly', location_after: 'lamp room' },
      { location_before: 'lamp room', action: 'down', location_after: 'the moon' },
    ]);
    assert.deepEqual(
      steps.map((step) => step.verdict),
      ['valid', 'imputed', 'hallucinated-edge', 'unknown-location'],
    );
    assert.equal(steps[1].edgeId, 'imputed:0');
    assert.equal(steps[3].message, "'the moon' is not a location of this maze.");
  });

  it('says on each diagnostic what the maze expected there, for the hover', () => {
    const graph = buildMazeGraph('lighthouse', edges, []);
    const answer = JSON.stringify([
      { location_before: 'harbour road', action: 'fly', location_after: 'fish market' },
      { location_before: 'fish market', action: 'north', location_after: 'net lof' },
    ]);
    const diagnostics = answerDiagnostics(answer, graph, 'harbour road', 'lamp room');
    const expected = (code: string) =>
      String(diagnostics.find((diagnostic) => diagnostic.code === code)?.data?.expected);
    assert.match(expected('answer/hallucinated-edge'), /^Moves from 'harbour road': north → 'fish market'/);
    assert.match(expected('answer/unknown-location'), /^'net lof' is not a location; nearest: 'net loft'/);
    assert.match(
      expected('answer/wrong-destination'),
      /^A shortest route from 'harbour road' to 'lamp room': east, enter boat, row to island, north, north, up\.$/,
    );
  });
});

describe('answer step spans', () => {
  it('finds the text of each step, even with brackets and quotes inside names', () => {
    const response = `Here: [{'location_before': "a {b}", 'action': 'n', 'location_after': 'c'}, {"location_before": 'c', "action": "it's", "location_after": 'd'}] done`;
    const parsed = parseMangoAnswer(response);
    assert.ok(parsed.ok);
    const spans = answerStepSpans(response, parsed);
    assert.deepEqual(
      spans?.map(({ start, end }) => response.slice(start, end)),
      [
        `{'location_before': "a {b}", 'action': 'n', 'location_after': 'c'}`,
        `{"location_before": 'c', "action": "it's", "location_after": 'd'}`,
      ],
    );
  });
});
