// One number, one form: one report of the sample workspace (a random agent over the lighthouse,
// two epochs) rendered as CLI text, Markdown, HTML, LaTeX and by the results view's number helpers
// shows the same digits in every cell: each group's mean and interval, and the repeats' mean@K,
// pass@K and pass^K, exactly as numbers.ts writes the JSON's full values.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportJson } from '../../../src/core/runs/reportTypes';
import { formatInterval, formatMeanInterval, formatMetricValue } from '../../../src/core/runs/numbers';
import { ci, fixed } from '../../../webview/results/dom';
import { distDir, repoRoot } from '../../support/paths';

function waypoint(...args: string[]): string {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1048576,
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

describe('one number, one form (CLI text, Markdown, HTML, LaTeX, results view)', function () {
  this.timeout(120000);
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-numbers-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('shows every cell of one report with the same digits in every rendering', () => {
    const run = join(dir, 'random.jsonl');
    waypoint('run', 'mango', 'samples/mango/lighthouse', '--agent', 'random', '--epochs', '2', '--out', run);
    const report = (...flags: string[]) => waypoint('report', run, '--by', 'task', ...flags);
    const json = JSON.parse(report('--json')) as ReportJson;
    const text = report().split('\n');
    const markdown = report('--markdown').split('\n');
    const latex = report('--latex').split('\n');
    report('--html', join(dir, 'report.html'));
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    let cells = 0;
    let repeatCells = 0;
    for (const group of json.groups) {
      const task = String(group.key.task);
      const textRow = text.find((line) => line.startsWith(`random  ${task} `)) ?? '';
      const markdownRow = markdown.find((line) => line.startsWith(`| random | ${task} |`)) ?? '';
      const latexRow = latex.find((line) => line.startsWith(`random & ${task} &`)) ?? '';
      for (const [name, metric] of Object.entries(group.metrics)) {
        const mean = formatMetricValue(metric.mean);
        const interval = formatInterval(metric.ci95);
        // The view's helpers give the same digits.
        assert.equal(fixed(metric.mean), mean);
        assert.equal(ci(metric.ci95), interval);
        assert.ok(textRow.includes(formatMeanInterval(metric.mean, metric.ci95)), `${task} ${name} text`);
        assert.ok(markdownRow.includes(`| ${formatMeanInterval(metric.mean, metric.ci95)} |`), `${task} ${name} md`);
        assert.ok(latexRow.includes(`${mean} {\\scriptsize ${interval}}`), `${task} ${name} latex`);
        assert.ok(html.includes(`${mean} <span class="ci">${interval}</span>`), `${task} ${name} html`);
        cells++;
        const atK = metric['pass@k'];
        if (atK && metric['mean@k'] && metric['pass^k']) {
          const row = [metric['mean@k'], atK, metric['pass^k']]
            .map((entry) => formatMeanInterval(entry.mean, entry.ci95))
            .join('  ');
          assert.ok(
            text.some(
              (line) => line.startsWith(`random  ${task} `) && line.includes(` ${name} `) && line.includes(row),
            ),
            `${task} ${name} repeats text`,
          );
          assert.ok(
            markdown.some(
              (line) =>
                line.startsWith(`| random | ${task} | ${name} | 2 |`) && line.includes(row.replace(/ {2}/g, ' | ')),
            ),
            `${task} ${name} repeats md`,
          );
          repeatCells++;
        }
      }
    }
    assert.ok(cells >= 8, `${cells} cells compared`);
    assert.ok(repeatCells >= 4, `${repeatCells} repeat rows compared`);
    // No float noise and no short form anywhere in the human renderings.
    for (const rendering of [text.join('\n'), markdown.join('\n'), latex.join('\n')])
      assert.doesNotMatch(rendering, /\d\.\d{4,}/);
  });
});
