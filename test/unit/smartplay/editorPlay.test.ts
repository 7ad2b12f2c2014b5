// The editor's Play SmartPlay Episode plays the question set's episode (prepareEpisode, its play
// hook) through answerPrepared, as `waypoint run smartplay` does: the real CLI's record and the
// editor path's agree on sample id, messages, scores and moves; the editor's options only name the
// player in the log and cap the steps, and a capped episode still hands over its transcript.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelCallError } from '../../../src/core/eval/engine';
import { answerPrepared } from '../../../src/core/eval/pipeline';
import type { ModelProfile, RunRecord } from '../../../src/core/eval/types';
import { parseEpisodeLog } from '../../../src/core/benchmarks/smartplay/episodeLog';
import { builtInPlayers, prepareEpisode } from '../../../src/core/benchmarks/smartplay/questionSet';
import { distDir } from '../../support/paths';

const profile = (id: string, provider: 'oracle' | 'random'): ModelProfile => ({
  id,
  provider,
  temperature: 0,
  maxTokens: 0,
  timeoutMs: 0,
  retries: 0,
});

describe("the editor's Play SmartPlay Episode is `waypoint run smartplay`'s episode, played through the pipeline", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-smartplay-editor-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const [game, agent, player, seed] of [
    ['Hanoi3Disk', 'oracle', 'hanoi-solver', 0],
    ['BanditTwoArmedHighLowFixed', 'random', 'random', 3],
  ] as const) {
    it(`${game} with ${player} (seed ${seed}): the same record fields as the CLI's`, async () => {
      const out = join(dir, `${game}.jsonl`);
      const result = spawnSync(
        process.execPath,
        [
          join(distDir, 'cli.js'),
          'run',
          'smartplay',
          game,
          '--agent',
          agent,
          '--seed',
          String(seed),
          '--out',
          out,
          '--no-cache',
        ],
        { cwd: dir, encoding: 'utf8' },
      );
      assert.equal(result.status, 0, result.stderr);
      const [cli] = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as RunRecord);

      // The editor: episode 0 at the chosen seed, the built-in player as its offline profile.
      let transcript: string | null = null;
      const { record } = await answerPrepared(prepareEpisode(game, 0, seed), profile(player, agent), 'SmartPlay', {
        mode: 'faithful',
        seed,
        episode: { playerName: player, onTranscript: (text) => void (transcript = text) },
      });
      const fields = (run: RunRecord) => ({
        sampleId: run.question.sampleId,
        question: run.question,
        messages: run.messages,
        scores: run.scores,
        parsedAnswer: run.parsedAnswer,
        mode: run.mode,
      });
      assert.deepEqual(fields(record), fields(cli));
      assert.equal(transcript, record.rawAnswer, 'the transcript handed over is the recorded one');
      // The logs differ only in who the header says played.
      const withoutPlayer = (text: string) => text.replace(/"agent":"[^"]*"/, '"agent":"?"');
      assert.equal(withoutPlayer(record.rawAnswer), withoutPlayer(cli.rawAnswer));
      assert.equal(parseEpisodeLog(record.rawAnswer).log.header?.record.agent, player);
      if (game === 'Hanoi3Disk')
        assert.deepEqual([record.scores.completed, record.scores.steps, record.scores.normalized_score], [1, 7, 1]);
    });
  }

  it('offers Crafter its scripted wood-and-table player, which plays through the pipeline as `smartplay run --agent crafter-wood` does', async () => {
    assert.deepEqual(
      builtInPlayers('Crafter').map(({ name, provider }) => [name, provider]),
      [
        ['crafter-wood', 'oracle'],
        ['random', 'random'],
      ],
    );
    assert.deepEqual(
      builtInPlayers('Hanoi3Disk').map(({ name }) => name),
      ['hanoi-solver', 'random'],
    );
    assert.deepEqual(
      builtInPlayers('BanditTwoArmedHighLowFixed').map(({ name }) => name),
      ['random'],
    );
    const [wood] = builtInPlayers('Crafter');
    let transcript = '';
    const { record } = await answerPrepared(
      prepareEpisode('Crafter', 0, 1),
      profile(wood.name, wood.provider),
      'SmartPlay',
      { seed: 1, episode: { maxSteps: 60, playerName: wood.name, onTranscript: (text) => void (transcript = text) } },
    );
    // The score of the same agent, seed and steps through the SmartPlay runner (crafter.test.ts).
    assert.deepEqual([record.scores.steps, record.scores.score], [60, 146]);
    const log = parseEpisodeLog(transcript).log;
    assert.equal(log.header?.record.agent, 'crafter-wood');
    assert.ok(
      log.steps.some((step) => step.record.actionText === 'Place Table'),
      'the table is placed',
    );
  });

  it('a step limit ends the episode early, and the transcript says so', async () => {
    const steps: number[] = [];
    let transcript = '';
    const { record } = await answerPrepared(
      prepareEpisode('Hanoi3Disk', 0, 0),
      profile('hanoi-solver', 'oracle'),
      'SmartPlay',
      {
        episode: {
          maxSteps: 3,
          onProgress: (step) => steps.push(step),
          onTranscript: (text) => void (transcript = text),
        },
      },
    );
    assert.deepEqual(steps, [1, 2, 3]);
    assert.deepEqual([record.scores.steps, record.scores.completed], [3, 0]);
    assert.equal(parseEpisodeLog(transcript).log.end?.record.reason, 'step-limit');
  });

  it('a failed model call keeps the steps played: the transcript is handed over (the editor writes and draws it) and the record has the error', async () => {
    const model: ModelProfile = {
      id: 'local',
      provider: 'openai-compatible',
      model: 'm',
      baseUrl: 'http://127.0.0.1:1/v1',
      temperature: 0,
      maxTokens: 10,
      timeoutMs: 1000,
      retries: 0,
    };
    let calls = 0;
    const source = {
      reply: async () => {
        calls += 1;
        if (calls > 2) throw new ModelCallError('HTTP 500: upstream refused');
        return {
          text: 'Move the top disk of rod A to the top of rod C',
          promptTokens: 1,
          completionTokens: 1,
          latencyMs: 1,
          cached: false,
        };
      },
    };
    let transcript = '';
    const { record } = await answerPrepared(prepareEpisode('Hanoi3Disk', 0, 0), model, 'SmartPlay', {
      source,
      cache: null,
      episode: { playerName: 'local', onTranscript: (text) => void (transcript = text) },
    });
    const { log } = parseEpisodeLog(transcript);
    assert.deepEqual(
      [log.steps.length, log.end?.record.reason, log.end?.record.error],
      [1, 'error', 'HTTP 500: upstream refused'],
    );
    // Not an overflow: a question whose call failed (asked again on --resume), its log kept as the raw answer.
    assert.deepEqual(
      [record.error, record.episode_error, record.scores],
      ['HTTP 500: upstream refused', undefined, {}],
    );
    assert.equal(record.rawAnswer, transcript);
  });
});
