// Human play (issue 17) through the pipeline the Play panel uses: a person's commands come from a
// reply source that waits for them; the episode is watched turn by turn (what the panel and the map
// draw); a stopped episode becomes a record of the turns played when asked (the editor), and stays
// ModelCallCancelled otherwise (the CLI's exit 130); a person's record validates as a run record.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModelCallCancelled, type ReplySource } from '../../src/core/eval/engine';
import type { EpisodeAnswer } from '../../src/core/eval/episodeQuestions';
import { answerPrepared } from '../../src/core/eval/pipeline';
import { PROFILE_DEFAULTS } from '../../src/core/eval/profiles';
import { parseRunRecords } from '../../src/core/eval/recordSchemas';
import type { ModelProfile } from '../../src/core/eval/types';
import { parseEdgesFile } from '../../src/core/benchmarks/mango/walkthrough/gameFiles';
import {
  mangoPlayGame,
  mangoPlayQuestion,
  preparedMangoEpisode,
} from '../../src/core/benchmarks/mango/play/playQuestions';
import { CANT_GO, type MangoPlayState } from '../../src/core/benchmarks/mango/play/textAdventure';
import { NEVER } from '../../src/core/benchmarks/mango/types';
import { samplesDir } from '../support/paths';

const human: ModelProfile = { id: 'human', provider: 'human', ...PROFILE_DEFAULTS };

function lighthouseEpisode() {
  const folder = join(samplesDir, 'mango', 'lighthouse');
  const edges = parseEdgesFile(readFileSync(join(folder, 'lighthouse.edges.json'), 'utf8'));
  const game = mangoPlayGame(
    'lighthouse',
    readFileSync(join(folder, 'lighthouse.walkthrough'), 'utf8'),
    edges.edges.map((edge) => edge.record),
  );
  const question = mangoPlayQuestion(game, {
    sampleId: 'play-harbour road->lamp room',
    src: 'harbour road',
    dst: 'lamp room',
    answerable: true,
    easy: false,
    cutoff: NEVER,
  });
  return preparedMangoEpisode(game, question);
}

/** A person at the keyboard: each turn waits until the test types (or the signal aborts). */
function keyboard() {
  const waiting: Array<(text: string) => void> = [];
  const asked: number[] = [];
  const source: ReplySource = {
    reply: (messages, _profile, _question, signal) =>
      new Promise((resolve, reject) => {
        asked.push(messages.length);
        signal.addEventListener('abort', () => reject(new ModelCallCancelled()), { once: true });
        waiting.push((text) =>
          resolve({ text, promptTokens: null, completionTokens: null, latencyMs: 5, cached: false }),
        );
      }),
  };
  const type = async (text: string) => {
    while (waiting.length === 0) await new Promise((resolve) => setImmediate(resolve));
    (waiting.shift() as (text: string) => void)(text);
  };
  return { source, type, asked };
}

describe('human play through the pipeline', () => {
  it('plays a person’s commands, tells the watcher each turn with the map state, and records the episode as human', async () => {
    const { source, type } = keyboard();
    const events: string[] = [];
    const paths: string[][] = [];
    const playing = answerPrepared(lighthouseEpisode(), human, 'MANGO', {
      source,
      episode: {
        watch: {
          started: (env, opening) =>
            events.push(`start ${env.maxSteps} ${env.commands.length} ${opening.split('\n')[0]}`),
          stepped: (step, index, state) => {
            events.push(`${index} ${step.command} ${step.valid ? 'ok' : 'invalid'} ${step.location}`);
            paths.push((state as MangoPlayState).path);
          },
        },
      },
    });
    for (const command of ['east', 'dance', 'Enter Boat.', 'row to island', 'north', 'north', 'up'])
      await type(command);
    const { record } = await playing;
    assert.deepEqual(events, [
      'start 30 15 Harbour Road',
      '0 east ok quay',
      '1 dance invalid quay',
      '2 Enter Boat ok rowing boat',
      '3 row to island ok island landing',
      '4 north ok cliff path',
      '5 north ok lighthouse base',
      '6 up ok lamp room',
    ]);
    assert.deepEqual(paths[6], [
      'harbour road',
      'quay',
      'rowing boat',
      'island landing',
      'cliff path',
      'lighthouse base',
      'lamp room',
    ]);
    const answer = record.parsedAnswer as EpisodeAnswer;
    assert.equal(answer.end, 'success');
    assert.equal(answer.steps[1].observation, CANT_GO);
    assert.deepEqual(record.scores, {
      reached: 1,
      success_strict: 1,
      success_loose: 1,
      moves: 7,
      shortest: 6,
      optimal: 0,
      invalid_moves: 1,
      parse_error: false,
    });
    // The record file a person's episode goes to parses as run records do.
    const parsed = parseRunRecords(`${JSON.stringify(record)}\n`, 'run.jsonl');
    assert.deepEqual(parsed.problems, []);
    assert.equal(parsed.records[0].model.provider, 'human');
  });

  it('Stop mid-turn: a record of the turns played (end cancelled) for the editor, ModelCallCancelled otherwise', async () => {
    for (const recordStopped of [true, false]) {
      const { source, type } = keyboard();
      const controller = new AbortController();
      const playing = answerPrepared(lighthouseEpisode(), human, 'MANGO', {
        source,
        signal: controller.signal,
        recordStopped,
      });
      await type('east');
      await type('north');
      // The person is thinking about the third move when they press Stop.
      await new Promise((resolve) => setImmediate(resolve));
      controller.abort();
      if (!recordStopped) {
        await assert.rejects(playing, ModelCallCancelled);
        continue;
      }
      const { record } = await playing;
      const answer = record.parsedAnswer as EpisodeAnswer;
      assert.equal(answer.end, 'cancelled');
      assert.equal(answer.reached, false);
      assert.deepEqual(
        answer.steps.map((step) => [step.command, step.valid]),
        [
          ['east', true],
          ['north', false],
        ],
      );
      assert.equal(record.scores.moves, 2);
      assert.match(record.rawAnswer, /Goal not reached after 2 moves \(cancelled\)\./);
    }
  });
});
