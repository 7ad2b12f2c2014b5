// Hostile input against the whole-benchmark commands (run, report, compare, play, generate), through
// the built dist/cli.js as a user runs it: each case is one the CLI once got wrong (an internal
// error, a hang on a FIFO, a usage exit for a bad file, a silently misread flag). cli.md: exit 1 for
// input errors, 2 for usage, one readable line per problem, never "internal error" or a hang.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, samplesDir } from '../support/paths';

/** The CLI with a time limit: a hang shows as a null status (killed), not as a stuck test run. */
function waypoint(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const lighthouse = join(samplesDir, 'mango', 'lighthouse');

describe('waypoint whole-benchmark commands under hostile input (CLI)', function () {
  let dir: string;
  let run: string;

  before(function () {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-hostile-'));
    run = join(dir, 'run.jsonl');
    const made = waypoint(
      dir,
      'run',
      'mango',
      lighthouse,
      '--agent',
      'oracle',
      '--task',
      'df',
      '--limit',
      '3',
      '--out',
      run,
    );
    assert.equal(made.code, 0, made.stderr);
    // A map question has no path: its difficulty and path_length are null.
    const map = waypoint(
      dir,
      'run',
      'mango',
      lighthouse,
      '--agent',
      'oracle',
      '--task',
      'map',
      '--limit',
      '1',
      '--out',
      join(dir, 'map.jsonl'),
    );
    assert.equal(map.code, 0, map.stderr);
    writeFileSync(join(dir, 'empty.jsonl'), '');
    writeFileSync(join(dir, 'array.jsonl'), '[1,2]\n');
    mkdirSync(join(dir, 'folder'));
    execFileSync('mkfifo', [join(dir, 'fifo')]);
  });

  it('report and compare exit 1 (not 2 with the usage text) for run files without a record', () => {
    const empty = waypoint(dir, 'report', 'empty.jsonl', '--json');
    assert.equal(empty.code, 1, empty.stderr);
    assert.equal(empty.stderr.trim(), 'empty.jsonl: no run records (the file is empty)');
    const shape = waypoint(dir, 'report', 'array.jsonl');
    assert.equal(shape.code, 1);
    assert.deepEqual(shape.stderr.trim().split('\n'), [
      'array.jsonl:1:1: The value must be an object, found a list.',
      'array.jsonl: no run records (no line is a run record)',
    ]);
    // Each file gives its own reason: a missing file beside an empty one does not make the empty one "unreadable".
    const mixed = waypoint(dir, 'report', 'empty.jsonl', 'array.jsonl', 'missing.jsonl');
    assert.equal(mixed.code, 1);
    const said = mixed.stderr.trim().split('\n');
    assert.ok(said.includes('empty.jsonl: no run records (the file is empty)'), mixed.stderr);
    assert.ok(said.includes('array.jsonl: no run records (no line is a run record)'), mixed.stderr);
    assert.ok(
      said.some((line) => line.startsWith('missing.jsonl: ')),
      mixed.stderr,
    );
    const compared = waypoint(dir, 'compare', 'run.jsonl', 'empty.jsonl', '--json');
    assert.equal(compared.code, 1);
    assert.doesNotMatch(compared.stderr, /usage:/);
  });

  it('an option whose value is left out is a usage error, not a file named after the next option', () => {
    const result = waypoint(dir, 'report', 'run.jsonl', '--html', '--json');
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--html needs a value, not the option --json/);
    assert.equal(existsSync(join(dir, '--json')), false);
    // The inline form still takes any value.
    assert.equal(waypoint(dir, 'report', 'run.jsonl', '--by=model', '--json').code, 0);
  });

  it('an option given twice with different values is a usage error, not the last one silently', () => {
    const result = waypoint(
      dir,
      'run',
      'mango',
      lighthouse,
      '--agent',
      'oracle',
      '--agent',
      'random',
      '--dry-run',
      '--json',
    );
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--agent is given twice \('oracle' and 'random'\)/);
    assert.equal(
      waypoint(
        dir,
        'run',
        'mango',
        lighthouse,
        '--agent',
        'oracle',
        '--limit',
        '2',
        '--limit',
        '2',
        '--dry-run',
        '--json',
      ).code,
      0,
    );
  });

  it('run: a missing, folder or FIFO --profile is one input-error line, not an internal error or a hang', () => {
    for (const [profile, reason] of [
      ['missing.json', 'no such file or directory'],
      ['folder', 'is a directory'],
      ['fifo', 'not a regular file'],
    ]) {
      const result = waypoint(
        dir,
        'run',
        'mango',
        lighthouse,
        '--profile',
        profile,
        '--profile-id',
        'x',
        '--out',
        'p.jsonl',
      );
      assert.equal(result.code, 1, `${profile}: ${result.stderr}`);
      assert.equal(result.stderr.trim().split('\n').length, 1);
      assert.match(result.stderr, new RegExp(`^waypoint run: ${profile}: ${reason}`));
    }
  });

  it('run: --out a folder, a FIFO or a path in a missing folder is one input-error line', () => {
    for (const [out, reason] of [
      ['folder', 'not a regular file'],
      ['fifo', 'not a regular file'],
      [join('nowhere', 'r.jsonl'), 'no such file or directory'],
    ]) {
      const result = waypoint(dir, 'run', 'mango', lighthouse, '--agent', 'oracle', '--limit', '1', '--out', out);
      assert.equal(result.code, 1, `${out}: ${result.stderr}`);
      assert.doesNotMatch(result.stderr, /internal error/);
      assert.ok(result.stderr.includes(`waypoint run: ${out}: ${reason}`), result.stderr);
    }
  });

  it('compare --pairs: a FIFO is refused, a broken file named with its position', () => {
    const fifo = waypoint(dir, 'compare', 'run.jsonl', 'run.jsonl', '--pairs', 'fifo');
    assert.equal(fifo.code, 1);
    assert.match(fifo.stderr, /^fifo: not a regular file/);
    writeFileSync(join(dir, 'pairs.json'), '{"sample_ids": {"a": "b",}}');
    const broken = waypoint(dir, 'compare', 'run.jsonl', 'run.jsonl', '--pairs', 'pairs.json');
    assert.equal(broken.code, 1);
    assert.match(broken.stderr, /^pairs\.json:1:\d+: /);
    const folder = waypoint(dir, 'compare', 'run.jsonl', 'run.jsonl', '--pairs', 'folder');
    assert.equal(folder.stderr.trim(), 'folder: is a directory');
  });

  it('compare --pairs: a pipe the shell opened (/dev/stdin, <(...)) is read, unlike a FIFO on disk', () => {
    // The broken text proves the pipe was read: its syntax error is located in it.
    const cli = join(distDir, 'cli.js');
    const piped = spawnSync(
      'bash',
      [
        '-c',
        `printf '{"sample_ids": {"a": "b",}}' | "${process.execPath}" "${cli}" compare run.jsonl run.jsonl --pairs /dev/stdin`,
      ],
      { cwd: dir, encoding: 'utf8', timeout: 240_000 },
    );
    assert.equal(piped.status, 1, piped.stderr);
    assert.match(piped.stderr, /^\/dev\/stdin:1:\d+: /);
    const substituted = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${cli}" compare run.jsonl run.jsonl --pairs <(printf '{"sample_ids": {"a": "b",}}')`,
      ],
      { cwd: dir, encoding: 'utf8', timeout: 240_000 },
    );
    assert.equal(substituted.status, 1, substituted.stderr);
    assert.match(substituted.stderr, /^\/dev\/fd\/\d+:1:\d+: /);
  });

  it('play: a FIFO or a folder as the level is one readable line, not a hang or an EISDIR message', () => {
    const fifo = waypoint(dir, 'play', 'babyai', 'fifo', '--agent', 'oracle');
    assert.equal(fifo.code, 1);
    assert.match(fifo.stderr, /^waypoint play: fifo: not a regular file/);
    const folder = waypoint(dir, 'play', 'grasp', 'folder', '--agent', 'oracle');
    assert.equal(folder.code, 1);
    assert.equal(folder.stderr.trim(), 'waypoint play: folder: is a directory');
  });

  it('babyai and grasp generate: --out an existing file is an input error, not an internal error', () => {
    for (const command of [
      ['babyai', 'generate', '--seed', '1', '--count', '1', '--out', 'run.jsonl'],
      ['grasp', 'generate', '--seed', '1', '--count', '1', '--out', 'run.jsonl'],
    ]) {
      const result = waypoint(dir, ...command);
      assert.equal(result.code, 1, result.stderr);
      assert.equal(result.stderr.trim(), 'run.jsonl: exists and is not a directory');
    }
    assert.ok(readFileSync(join(dir, 'run.jsonl'), 'utf8').length > 0);
  });

  it('import mango, batch import and mango skeletons name a JSON syntax error by line and column, not by quoting the bytes', () => {
    writeFileSync(join(dir, 'broken.jsonl'), '{"sample_id": "a"}\n\u0001\u00ff garbage\n');
    const imported = waypoint(dir, 'import', 'mango', 'broken.jsonl', lighthouse, '--out', 'imported.jsonl');
    assert.equal(imported.code, 1);
    assert.ok(
      imported.stderr.includes('broken.jsonl:2:1: not JSON: JSON syntax: unexpected character.'),
      imported.stderr,
    );
    const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
    const batch = waypoint(
      dir,
      'batch',
      'import',
      'grasp',
      grid,
      '--settings',
      '8-none-0',
      '--results',
      'broken.jsonl',
      '--out',
      'batch.jsonl',
    );
    assert.equal(batch.code, 1);
    assert.ok(
      batch.stderr.includes('broken.jsonl:2:1: not a Batch API output row (JSON syntax: unexpected character.)'),
      batch.stderr,
    );
    const game = join(dir, 'game');
    mkdirSync(game);
    writeFileSync(join(game, 'game.walkthrough'), readFileSync(join(lighthouse, 'lighthouse.walkthrough')));
    writeFileSync(join(game, 'game.edges.json'), '[\n  {"src_node": "a",\n  oops\n]');
    const skeletons = waypoint(dir, 'mango', 'skeletons', game, '--task', 'df');
    assert.equal(skeletons.code, 1);
    assert.match(skeletons.stderr, /game\.edges\.json:3:3: JSON syntax: /);
  });

  it('play names the first unreadable line of a record or grid file instead of only "no record 0"', () => {
    const babyai = waypoint(dir, 'play', 'babyai', 'array.jsonl', '--agent', 'oracle');
    assert.equal(babyai.code, 1);
    assert.equal(
      babyai.stderr.trim(),
      'waypoint play: array.jsonl:1:2: a record must be a JSON object; no record 0 (the file has 0; --index counts from 0)',
    );
    writeFileSync(join(dir, 'grids.jsonl'), '{"index": 0,\n');
    const grasp = waypoint(dir, 'play', 'grasp', 'grids.jsonl', '--agent', 'oracle');
    assert.equal(grasp.code, 1);
    assert.match(grasp.stderr, /^waypoint play: grids\.jsonl:1:\d+: JSON syntax: [^\n]*; no grid with index 0\n$/);
  });

  it('run --resume refuses a run file of another benchmark instead of appending to it', () => {
    const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
    const before = readFileSync(run, 'utf8');
    const result = waypoint(
      dir,
      'run',
      'grasp',
      grid,
      '--agent',
      'oracle',
      '--settings',
      '8-none-0',
      '--indices',
      '0-0',
      '--out',
      'run.jsonl',
      '--resume',
    );
    assert.equal(result.code, 2);
    assert.equal(
      result.stderr.trim(),
      'waypoint run: run.jsonl holds mango records: a GRASP run cannot resume it; choose another --out',
    );
    assert.equal(readFileSync(run, 'utf8'), before);
    // The same benchmark still resumes.
    assert.equal(
      waypoint(
        dir,
        'run',
        'mango',
        lighthouse,
        '--agent',
        'oracle',
        '--task',
        'df',
        '--limit',
        '4',
        '--out',
        'run.jsonl',
        '--resume',
      ).code,
      0,
    );
  });

  it('run smartplay: an --episodes count past any run is a usage error, not "internal error: Invalid array length"', () => {
    for (const episodes of ['99999999999', '0']) {
      const result = waypoint(
        dir,
        'run',
        'smartplay',
        'Hanoi3Disk',
        '--agent',
        'oracle',
        '--episodes',
        episodes,
        '--dry-run',
        '--json',
      );
      assert.equal(result.code, 2, result.stderr);
      assert.equal(result.stderr.trim(), `waypoint run: --episodes must be from 1 to 10000, not ${Number(episodes)}`);
    }
  });

  it('run babyai names an unreadable record line with its column', () => {
    writeFileSync(join(dir, 'llm_babybench_broken.jsonl'), '  {"level_name": \n');
    const result = waypoint(
      dir,
      'run',
      'babyai',
      'llm_babybench_broken.jsonl',
      '--agent',
      'oracle',
      '--task',
      'predict',
      '--dry-run',
      '--json',
    );
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^llm_babybench_broken\.jsonl:1:\d+: /);
  });

  it('run: a --base-url that is no http(s) URL is a usage error, not one "Invalid URL" error record per question', () => {
    for (const url of ['notaurl', 'localhost:8000']) {
      const result = waypoint(
        dir,
        'run',
        'mango',
        lighthouse,
        '--base-url',
        url,
        '--model',
        'm',
        '--limit',
        '1',
        '--out',
        'url.jsonl',
      );
      assert.equal(result.code, 2, result.stderr);
      assert.equal(result.stderr.trim(), `waypoint run: --base-url must be an http:// or https:// URL, not '${url}'`);
      assert.equal(existsSync(join(dir, 'url.jsonl')), false);
    }
  });

  it('import mango of a blank answers file fails (exit 1, said on stderr) instead of succeeding with an empty run', () => {
    writeFileSync(join(dir, 'blank.jsonl'), '  \n\t\n');
    // A run file already there is kept as it was, and nothing claims an import happened.
    writeFileSync(join(dir, 'blank-run.jsonl'), '{"kept":1}\n');
    const result = waypoint(dir, 'import', 'mango', 'blank.jsonl', lighthouse, '--out', 'blank-run.jsonl');
    assert.equal(result.code, 1, result.stderr);
    assert.equal(result.stderr.trim(), 'waypoint import mango: no MANGO results in blank.jsonl');
    assert.equal(result.stdout, '');
    assert.equal(readFileSync(join(dir, 'blank-run.jsonl'), 'utf8'), '{"kept":1}\n');
  });

  it('report --html: a --grids/--games/--levels that is no folder is named on stderr (exit 1), not left to notes inside the HTML', () => {
    for (const [option, folder, reason] of [
      ['--games', 'nowhere', 'no such file or directory'],
      ['--games', 'fifo', 'not a directory'],
      ['--levels', 'run.jsonl', 'not a directory'],
    ]) {
      const result = waypoint(dir, 'report', 'run.jsonl', '--html', 'report.html', option, folder);
      assert.equal(result.code, 1, result.stderr);
      assert.equal(
        result.stderr.trim(),
        `${folder}: ${reason} (${option} names the folder of the files the replays need)`,
      );
    }
    assert.equal(
      waypoint(dir, 'report', 'run.jsonl', '--html', 'report.html', '--games', join(samplesDir, 'mango')).code,
      0,
    );
  });
  it('a --where that matches no record names the filter and the values its field takes (exit 1, no empty report)', () => {
    for (const format of [[], ['--json'], ['--csv'], ['--markdown']]) {
      const result = waypoint(dir, 'report', 'run.jsonl', '--where', 'game=nosuch', ...format);
      assert.deepEqual(
        [result.code, result.stderr.trim(), result.stdout],
        [1, '--where game=nosuch matches no record; game is one of: lighthouse', ''],
        format.join(),
      );
    }
    const numbers = waypoint(dir, 'report', 'run.jsonl', '--where', 'path_length=3,path_length=4,mode=faithful');
    assert.deepEqual(
      [numbers.code, numbers.stderr.trim()],
      [1, '--where path_length=3,path_length=4 matches no record; path_length is one of: 1, 2'],
    );
    const absent = waypoint(dir, 'report', 'map.jsonl', '--where', 'path_length=3');
    assert.deepEqual(
      [absent.code, absent.stderr.trim()],
      [1, '--where path_length=3 matches no record; no record has a value for path_length'],
    );
    const together = waypoint(dir, 'report', 'run.jsonl', 'map.jsonl', '--where', 'task=map,path_length=1');
    assert.deepEqual(
      [together.code, together.stderr.trim()],
      [
        1,
        '--where task=map,path_length=1 matches no record: each condition matches some record, but no record meets them all',
      ],
    );
    const html = waypoint(dir, 'report', 'run.jsonl', '--where', 'game=nosuch', '--html', 'nothing.html');
    assert.equal(html.code, 1);
    assert.equal(existsSync(join(dir, 'nothing.html')), false);
    // A filter that keeps some record is a report as before.
    const kept = waypoint(dir, 'report', 'run.jsonl', '--where', 'game=lighthouse,game=nosuch', '--json');
    const all = waypoint(dir, 'report', 'run.jsonl', '--json');
    assert.deepEqual(
      [kept.code, (JSON.parse(kept.stdout) as { records: number }).records],
      [0, (JSON.parse(all.stdout) as { records: number }).records],
    );
    const compared = waypoint(dir, 'compare', 'run.jsonl', 'run.jsonl', '--where', 'game=zork1', '--json');
    assert.deepEqual(
      [compared.code, compared.stdout, compared.stderr.trim().split('\n')],
      [
        1,
        '',
        [
          'run A (run.jsonl): --where game=zork1 matches no record; game is one of: lighthouse',
          'run B (run.jsonl): --where game=zork1 matches no record; game is one of: lighthouse',
        ],
      ],
    );
    const oneSide = waypoint(dir, 'compare', 'run.jsonl', 'map.jsonl', '--where', 'task=df');
    assert.deepEqual(
      [oneSide.code, oneSide.stderr.trim()],
      [1, 'run B (map.jsonl): --where task=df matches no record; task is one of: map'],
    );
  });
});
