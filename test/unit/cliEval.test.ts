// `waypoint mango prompt` and `mango score` through the built CLI, against upstream's own rendered
// prompts in the shared example outputs.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pythonStrList } from '../../src/core/util/pythonRepr';
import { distDir, repoRoot, samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('waypoint mango prompt / score (CLI)', () => {
  it('renders the user message byte for byte as upstream sent it in the shared examples', function () {
    const examples = join(sharedDataDir, 'mango', 'examples');
    if (!existsSync(examples)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    let compared = 0;
    for (const run of readdirSync(examples))
      for (const game of readdirSync(join(examples, run)))
        for (const file of readdirSync(join(examples, run, game)).slice(0, 4)) {
          const record = JSON.parse(readFileSync(join(examples, run, game, file), 'utf8')) as Record<string, string> & {
            action_space_list: string[];
            location_space_list: string[];
          };
          if (record.question === undefined) continue;
          const { code, stdout } = waypoint(
            'mango',
            'prompt',
            join(sharedDataDir, 'mango', record.game_name),
            '--id',
            record.sample_id,
            '--cutoff',
            String(record.model_cutoff_num),
            '--json',
          );
          assert.equal(code, 0);
          const { messages } = JSON.parse(stdout) as { messages: Array<{ role: string; content: string }> };
          // The lists as Python's str() prints them (pythonStrList is checked against Python elsewhere).
          const expected = `!!! Here is a walkthrough of a text game:\n${record.walkthrough_text}\n\nThe allowed actions are: ${pythonStrList(record.action_space_list)}.\nThe list of locations are: ${pythonStrList(record.location_space_list)}.\n${record.question}`;
          assert.equal(messages[1].content, expected, file);
          assert.equal(messages[0].content, 'You are a helpful assistant.');
          compared++;
        }
    assert.ok(compared >= 6, `${compared} prompts compared`);
  });

  it('scores answer files in faithful mode and rejects an unknown mode', function () {
    const answers = join(sharedDataDir, 'mango', 'examples', 'claude-instant-1_route_finding_debug', '905');
    if (!existsSync(answers)) this.skip();
    const { code, stdout } = waypoint(
      'mango',
      'score',
      join(sharedDataDir, 'mango', '905'),
      '--answers',
      answers,
      '--json',
    );
    assert.equal(code, 0);
    const report = JSON.parse(stdout) as {
      mode: string;
      results: Array<{ sample_id: string; id_error: boolean; success_strict: number }>;
      summary: { total: number };
    };
    assert.equal(report.mode, 'faithful');
    assert.equal(report.summary.total, readdirSync(answers).length);
    assert.ok(
      report.results.every((result) => !result.id_error),
      'every example id is in all_pairs.jsonl',
    );
    assert.equal(
      waypoint('mango', 'score', join(samplesDir, 'mango/lighthouse'), '--answers', answers, '--mode', 'lenient').code,
      2,
    );
  });
});
