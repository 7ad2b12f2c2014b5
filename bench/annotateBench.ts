// `mango annotate` on the six shared games: precision and recall of the proposed edges against the
// human edges.json (exact names, and after the step-vote name alignment of annotateScore.ts), and
// the time to annotate each walkthrough (median of 5). The floors are the ones the unit test asserts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { annotateWalkthrough } from '../src/core/benchmarks/mango/annotate/annotate';
import { scoreAnnotation } from '../src/core/benchmarks/mango/annotate/annotateScore';
import { sharedDataDir } from '../test/support/paths';
import type { BenchRow } from './simplePathsBench';

const GAMES = ['905', 'night', 'omniquest', 'partyfoul', 'spirit', 'zork1'];

export function benchAnnotate(): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const game of GAMES) {
    const dir = join(sharedDataDir, 'mango', game);
    if (!existsSync(dir)) continue;
    const text = readFileSync(join(dir, `${game}.walkthrough`), 'utf8');
    const times: number[] = [];
    let proposals = annotateWalkthrough(text);
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      proposals = annotateWalkthrough(text);
      times.push(performance.now() - started);
    }
    const score = scoreAnnotation(proposals.edges, JSON.parse(readFileSync(join(dir, `${game}.edges.json`), 'utf8')));
    const pct = (value: number) => value * 100;
    rows.push({
      name: `annotate ${game}: edge precision, aligned (exact ${pct(score.exact.precision).toFixed(1)}%)`,
      value: pct(score.aligned.precision),
      unit: '%',
      minimum: 90,
    });
    rows.push({
      name: `annotate ${game}: edge recall, aligned (exact ${pct(score.exact.recall).toFixed(1)}%)`,
      value: pct(score.aligned.recall),
      unit: '%',
      minimum: 90,
    });
    const steps = text.split('==>STEP NUM:').length - 1;
    rows.push({
      name: `annotate ${game}: time per walkthrough (${steps} steps, median)`,
      value: times.sort((a, b) => a - b)[2],
      unit: 'ms',
    });
  }
  return rows;
}
