// Issue 29: `mango score` of an answer holding a 10 MB Python string took 588 MB and 15.5 s (the
// budget is 300 MB). A string with an escape every few characters was held as millions of pieces
// until its end; now they are joined as they come (src/core/util/pythonLiteral.ts). The built CLI
// scores such answers with its heap capped at 128 MB; the time and resident size are in the bench.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePythonLiteral } from '../../src/core/util/pythonLiteral';
import { runWaypoint } from '../support/cli';
import { samplesDir } from '../support/paths';
import { largeStringAnswers } from '../support/largeStringAnswers';

const gameDir = join(samplesDir, 'mango', 'lighthouse');

describe('mango score: an answer holding a 10 MB Python string', () => {
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-10mb-'));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('parses a 10 MB string of escapes to exactly its value', () => {
    const unit = "a\\n\\'\\x41\\u00e9";
    const literal = `'${unit.repeat(700_000)}'`;
    const value = parsePythonLiteral(literal) as string;
    assert.equal(value.length, 5 * 700_000);
    assert.equal(value, "a\n'Aé".repeat(700_000));
  });

  for (const mode of ['faithful', 'reference'] as const)
    it(`scores it in ${mode} mode with the heap capped at 128 MB`, async () => {
      const answers = join(dir, `answers-${mode}.jsonl`);
      writeFileSync(answers, largeStringAnswers(readFileSync(join(gameDir, 'lighthouse.all_pairs.jsonl'), 'utf8')));
      const run = await runWaypoint(['mango', 'score', gameDir, '--answers', answers, '--mode', mode, '--json'], dir, {
        NODE_OPTIONS: '--max-old-space-size=128',
      });
      assert.equal(run.code, 0, run.stderr.slice(-500));
      const { results } = JSON.parse(run.stdout) as {
        results: Array<{ parse_error: boolean; success_strict: number; reasoning: number }>;
      };
      // Both answers parse (the string read whole); the first is the right route.
      assert.deepEqual(
        results.map((result) => result.parse_error),
        [false, false],
      );
      assert.equal(results[0].success_strict, 1);
      assert.equal(results[0].reasoning, 1);
    });
});
