// Issue 29: `mango score` of answers holding a 10 MB Python string (an escape every few characters,
// the parser's costliest case), as a user runs it, node's start-up included: the time and the
// process's peak resident size (the budget is 300 MB; it took 588 MB and 15.5 s). The test
// (test/unit/mangoScoreLargeString.test.ts) checks the scores with the heap capped.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { largeStringAnswers } from '../test/support/largeStringAnswers';
import { samplesDir } from '../test/support/paths';
import type { BenchRow } from './simplePathsBench';

const cli = resolve(__dirname, '..', 'cli.js');

export function benchMangoScoreLargeString(): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'waypoint-score-bench-'));
  try {
    const gameDir = join(samplesDir, 'mango', 'lighthouse');
    const answers = join(dir, 'answers.jsonl');
    writeFileSync(answers, largeStringAnswers(readFileSync(join(gameDir, 'lighthouse.all_pairs.jsonl'), 'utf8')));
    // The process reports its own peak resident size as it exits (kilobytes on Linux and Windows).
    const probe = join(dir, 'maxRss.cjs');
    writeFileSync(
      probe,
      "process.on('exit', () => require('node:fs').writeSync(2, `\\nmaxRSS ${process.resourceUsage().maxRSS}\\n`));\n",
    );
    const rows: BenchRow[] = [];
    for (const mode of ['faithful', 'reference']) {
      const started = performance.now();
      const run = spawnSync(
        process.execPath,
        ['--require', probe, cli, 'mango', 'score', gameDir, '--answers', answers, '--mode', mode, '--json'],
        { encoding: 'utf8', maxBuffer: 64 * 1048576 },
      );
      const ms = performance.now() - started;
      if (run.status !== 0) throw new Error(`mango score exited ${run.status}: ${run.stderr}`);
      const kilobytes = Number(/maxRSS (\d+)/.exec(run.stderr)?.[1]);
      rows.push(
        { name: `mango score, answers holding a 10 MB Python string (${mode})`, value: ms, unit: 'ms' },
        {
          name: `mango score, answers holding a 10 MB Python string (${mode}), peak RSS`,
          value: kilobytes / 1024,
          unit: 'MB',
          budget: 300,
        },
      );
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
