// The built CLI as a new user meets it from the README: every command answers --help, and the
// failures a first run hits (no profile file, no model server, an answer file not written yet, a
// folder one level too high, a Batch output of another grid set) say what is wrong, where, in one
// readable line each, never as an internal error.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, samplesDir } from '../support/paths';

const scratch = mkdtempSync(join(tmpdir(), 'waypoint-new-user-'));

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd: scratch, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the CLI for a new user (README walk-through)', () => {
  it("answers --help for every command with that command's usage lines, exit 0", () => {
    const expected: Record<string, RegExp[]> = {
      validate: [/^ {2}validate <path>/m],
      run: [
        /^ {2}run <benchmark>/m,
        /--template release\|paper/,
        /--task df\|rf\|both\|map\|play/,
        /--extraction recommended\|every-word/,
        /--api-key-env VAR/,
      ],
      import: [/^ {2}import mango/m, /^ {2}import grasp/m],
      batch: [/^ {2}batch export/m, /^ {2}batch import/m],
      report: [/^ {2}report <run\.jsonl>/m],
      compare: [/^ {2}compare <runA\.jsonl>/m, /--model-a M/],
      gate: [/^ {2}gate <run\.jsonl>/m, /--baseline <run\.jsonl>/, /--policy gate\.json/],
      mango: [/^ {2}mango graph\|skeletons/m, /^ {2}mango annotate <walkthrough\|gameDir>/m, /^ {2}mango reskin/m],
      babyai: [/^ {2}babyai replay/m, /^ {2}babyai generate --level/m],
      grasp: [/^ {2}grasp score/m, /^ {2}grasp generate/m],
      smartplay: [/^ {2}smartplay run <Game> --agent random\|hanoi-solver\|crafter-wood/m, /^ {2}smartplay check/m],
      play: [/^ {2}play mango/m],
    };
    for (const [command, patterns] of Object.entries(expected)) {
      const result = waypoint(command, '--help');
      assert.equal(result.code, 0, `${command} --help: ${result.stderr}`);
      assert.equal(result.stderr, '', command);
      for (const pattern of patterns) assert.match(result.stdout, pattern, command);
      // Only this command's lines: no other command's usage.
      for (const other of Object.keys(expected))
        if (other !== command)
          assert.doesNotMatch(result.stdout, new RegExp(`^ {2}${other} `, 'm'), `${command} --help lists ${other}`);
    }
    // No command at all is a usage error: the usage on stderr, exit 2; --help asks for it on stdout.
    const bare = waypoint();
    assert.deepEqual([bare.code, bare.stdout], [2, '']);
    assert.match(bare.stderr, /^usage: waypoint <command>/);
    assert.equal(waypoint('--help').code, 0);
    // With a subcommand, and for the commands served by a small bundle of their own.
    for (const argv of [
      ['mango', 'skeletons', '--help'],
      ['import', 'grasp', '--help'],
      ['play', 'mango', '--help'],
    ]) {
      const result = waypoint(...argv);
      assert.equal(result.code, 0, `${argv.join(' ')}: ${result.stderr}`);
      assert.match(result.stdout, new RegExp(`^ {2}${argv[0]} `, 'm'), argv.join(' '));
    }
  });

  it('a --profile file that does not exist is one input-error line naming it (exit 1), not an internal error', () => {
    for (const command of [
      ['run', 'mango', join(samplesDir, 'mango', 'lighthouse'), '--out', join(scratch, 'never.jsonl')],
      ['play', 'mango', join(samplesDir, 'mango', 'lighthouse'), '--from', 'harbour road', '--to', 'quay'],
    ]) {
      const result = waypoint(...command, '--profile', 'models.json', '--profile-id', 'my-model');
      // The file is the problem, not how the command was typed: exit 1, as for any missing input file.
      assert.equal(result.code, 1, result.stderr);
      assert.equal(
        result.stderr.split('\n')[0],
        `waypoint ${command[0]}: models.json: no such file or directory (--profile names a JSON file of model profiles, the shape of the waypoint.models setting)`,
      );
      assert.doesNotMatch(result.stderr, /internal error|ENOENT/);
    }
  });

  it('a run whose model server is not there says on stderr why its questions failed', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const out = join(scratch, 'unreachable.jsonl');
    const grids = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
    const result = waypoint(
      'run',
      'grasp',
      grids,
      '--settings',
      '4-none-0',
      '--limit',
      '2',
      '--base-url',
      `http://127.0.0.1:${port}/v1`,
      '--model',
      'llama3',
      '--retries',
      '0',
      '--no-cache',
      '--out',
      out,
    );
    assert.equal(result.code, 1);
    assert.equal(
      result.stderr.trim(),
      `${out}: 2 questions failed: llama3 at http://127.0.0.1:${port}/v1 could not be reached (connect ECONNREFUSED 127.0.0.1:${port}): check that the server is running and the base URL.`,
    );
    assert.match(result.stdout, /0 answered, 2 errors/);
  });

  it('a run whose sources give no question reports why and exits 1, without a summary or an empty --out file', () => {
    const out = join(scratch, 'nothing.jsonl');
    const result = waypoint('run', 'mango', 'no-such-game', '--agent', 'oracle', '--out', out);
    assert.deepEqual(
      [result.code, result.stdout, result.stderr.trim()],
      [1, '', 'no-such-game: no such file or directory'],
    );
    assert.equal(existsSync(out), false);
    // A dry run still answers --json with its estimate (of nothing), and still exits 1.
    const dry = waypoint('run', 'mango', 'no-such-game', '--dry-run', '--json');
    assert.equal(dry.code, 1);
    assert.equal((JSON.parse(dry.stdout) as { questions: number }).questions, 0);
  });

  it('mango score with no answer records (a folder one level too high) is an input error, not an all-zero summary', () => {
    const empty = join(scratch, 'results-parent');
    mkdirSync(join(empty, 'claude_route_finding', 'lighthouse'), { recursive: true });
    const result = waypoint('mango', 'score', join(samplesDir, 'mango', 'lighthouse'), '--answers', empty, '--json');
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.equal(
      result.stderr.trim(),
      `${empty}: no answer records (give a JSON Lines file of answer records, or the folder that holds the result_sample_id_*.json files: subfolders are not searched)`,
    );
  });

  it('a missing --answer or episode log is "path: no such file or directory", without node\'s ENOENT text or a made-up position', () => {
    const answer = waypoint(
      'babyai',
      'score',
      '--task',
      'plan',
      join(samplesDir, 'babyai', 'llm-babybench-sample.jsonl'),
      '--index',
      '1',
      '--answer',
      'answer.txt',
      '--json',
    );
    assert.deepEqual([answer.code, answer.stderr.trim()], [1, 'answer.txt: no such file or directory']);
    const level = waypoint('babyai', 'replay', 'gone.level.json', '--actions', 'left');
    assert.deepEqual([level.code, level.stderr.trim()], [1, 'gone.level.json: no such file or directory']);
    const log = waypoint('smartplay', 'check', 'hanoi.episode.jsonl');
    assert.deepEqual([log.code, log.stderr.trim()], [1, 'hanoi.episode.jsonl: no such file or directory']);
  });

  it('batch import locates rows whose custom_id is not in the exported set (file:line), the first ten, then a count', () => {
    const results = join(scratch, 'other-grids_output.jsonl');
    const rows = Array.from({ length: 12 }, (_, index) =>
      JSON.stringify({
        custom_id: `outer_random_free.jsonl-${index}-0-0-0`,
        response: {
          status_code: 200,
          body: { model: 'gpt-4o', choices: [{ message: { role: 'assistant', content: '[UP, TAKE]' } }] },
        },
      }),
    );
    writeFileSync(results, `${rows.join('\n')}\n`);
    const result = waypoint(
      'batch',
      'import',
      'grasp',
      join(samplesDir, 'grasp', 'inner_cluster_free.jsonl'),
      '--settings',
      '4-none-0',
      '--results',
      results,
      '--out',
      join(scratch, 'batch-run.jsonl'),
    );
    assert.equal(result.code, 1);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 11, result.stderr);
    lines
      .slice(0, 10)
      .forEach((line, index) =>
        assert.equal(
          line,
          `${results}:${index + 1}: custom_id outer_random_free.jsonl-${index}-0-0-0 is not a question of the exported set (check the sources and question options)`,
        ),
      );
    assert.equal(lines[10], `${results}: 2 more rows whose custom_id is not a question of the exported set`);
  });
  it('batch import of an empty results file (wrong file, or a batch not finished) is an input error that leaves --out as it was', () => {
    const out = join(scratch, 'kept-run.jsonl');
    writeFileSync(out, 'the previous run\n');
    for (const [text, reason] of [
      ['', 'the file is empty'],
      [' \n\n\t\n', 'the file has only blank lines'],
    ]) {
      const results = join(scratch, 'pending_output.jsonl');
      writeFileSync(results, text);
      const result = waypoint(
        'batch',
        'import',
        'grasp',
        join(samplesDir, 'grasp', 'inner_cluster_free.jsonl'),
        '--settings',
        '4-none-0',
        '--results',
        results,
        '--out',
        out,
        '--json',
      );
      assert.deepEqual(
        [result.code, result.stderr.trim(), result.stdout],
        [1, `${results}: no result rows (${reason})`, ''],
      );
      assert.equal(readFileSync(out, 'utf8'), 'the previous run\n');
      const fresh = join(scratch, 'never-written.jsonl');
      assert.equal(
        waypoint(
          'batch',
          'import',
          'grasp',
          join(samplesDir, 'grasp', 'inner_cluster_free.jsonl'),
          '--settings',
          '4-none-0',
          '--results',
          results,
          '--out',
          fresh,
        ).code,
        1,
      );
      assert.equal(existsSync(fresh), false);
    }
    // Lines that are no result row at all (a CSV given by mistake): the same, with each line located.
    const csv = join(scratch, 'results.csv');
    writeFileSync(csv, 'a,b,c\n1,2,3\n');
    const wrong = waypoint(
      'batch',
      'import',
      'grasp',
      join(samplesDir, 'grasp', 'inner_cluster_free.jsonl'),
      '--settings',
      '4-none-0',
      '--results',
      csv,
      '--out',
      out,
    );
    assert.equal(wrong.code, 1);
    const said = wrong.stderr.trim().split('\n');
    assert.match(said[0], /results\.csv:1:\d+: not a Batch API output row/);
    assert.equal(said.at(-1), `${csv}: no result rows (no line is a Batch API output row); ${out} is left as it was`);
    assert.equal(readFileSync(out, 'utf8'), 'the previous run\n');
  });
});
