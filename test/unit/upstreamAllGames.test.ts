// Opt-in: all 53 games of the MANGO release validate without errors (issue 12, defect 6). The
// release is not in this repository (copyrighted game text); point WAYPOINT_UPSTREAM_MANGO at its
// `data/` folder (one folder per game) to run this, e.g. from a checkout of Oaklight/mango.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { distDir } from '../support/paths';

const upstream = process.env.WAYPOINT_UPSTREAM_MANGO;

interface Report {
  files: Array<{
    path: string;
    diagnostics: Array<{ severity: string; code: string; message: string; range: { start: { line: number } } }>;
  }>;
  summary: { files: number; errors: number };
}

describe('every upstream MANGO game (WAYPOINT_UPSTREAM_MANGO)', function () {
  const games =
    upstream && existsSync(upstream)
      ? readdirSync(upstream)
          .filter((name) => statSync(join(upstream, name)).isDirectory())
          .sort()
      : [];
  let report: Report | undefined;

  before(function () {
    if (!upstream) {
      console.log(
        '      skipped: set WAYPOINT_UPSTREAM_MANGO to the data/ folder of the MANGO release to validate all its games',
      );
      this.skip();
    }
    assert.ok(games.length > 0, `no game folders under WAYPOINT_UPSTREAM_MANGO=${upstream}`);
    const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), 'validate', upstream, '--json'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    assert.equal(result.stderr, '');
    report = JSON.parse(result.stdout) as Report;
  });

  it('validates six files per game', () => {
    assert.equal(report?.summary.files, games.length * 6);
  });

  for (const game of games) {
    it(`${game}: no errors`, () => {
      const files = (report?.files ?? []).filter((file) => file.path.split(/[\\/]/).includes(game));
      assert.equal(files.length, 6);
      const errors = files.flatMap((file) =>
        file.diagnostics
          .filter((d) => d.severity === 'error')
          .map((d) => `${file.path}:${d.range.start.line + 1}: ${d.message} [${d.code}]`),
      );
      assert.deepEqual(errors, []);
    });
  }
});
