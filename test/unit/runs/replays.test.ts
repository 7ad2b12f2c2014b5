// The HTML report's replays for the benchmarks other than GRASP (reportCli.test.ts covers GRASP
// through the CLI): a MANGO answer walked on the shared night game's evaluator graph, a BabyAI Plan
// reply on a sample level (found relative to the cwd or under --levels), and a SmartPlay episode
// played by the Hanoi solver, whose record carries the episode log.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// Replays come from each benchmark's replay hook: the built-ins registered as the CLI registers them.
import '../../../src/core/benchmarks';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { babyaiQuestionSet } from '../../../src/core/benchmarks/babyai/questionSet';
import type { ModelProfile, RunRecord } from '../../../src/core/eval/types';
import type { MangoQuestion } from '../../../src/core/benchmarks/mango/questionSchema';
import type { EvalQuestion } from '../../../src/core/benchmarks/declarations';
import { ReplayBuilder } from '../../../src/core/runs/replays';
import { smartplayQuestionSet } from '../../../src/core/benchmarks/smartplay/questionSet';
import { repoRoot, sharedDataDir, sharedDataMissingReason } from '../../support/paths';

const profile = (provider: 'oracle' | 'imported'): ModelProfile =>
  ({ id: provider, provider, temperature: 0, maxTokens: 0, timeoutMs: 0, retries: 0 }) as ModelProfile;

function record(
  question: EvalQuestion,
  rawAnswer: string,
  mode: RunRecord['mode'] = 'faithful',
): RunRecord<EvalQuestion> {
  return {
    time: '2025-05-01T12:00:00.000Z',
    question,
    model: profile('imported'),
    messages: [],
    rawAnswer,
    parsedAnswer: null,
    scores: { mode },
    mode,
    promptTokens: null,
    completionTokens: null,
    latencyMs: 0,
    cached: false,
    costUsd: null,
  };
}

describe('report replays (MANGO, BabyAI, SmartPlay)', () => {
  it('walks a MANGO answer on the game graph, marking the step that has no edge', async function () {
    const gamesDir = join(sharedDataDir, 'mango');
    if (!existsSync(join(gamesDir, 'night', 'night.edges.json'))) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const [edge] = JSON.parse(readFileSync(join(gamesDir, 'night', 'night.edges.json'), 'utf8')) as Array<{
      src_node: string;
      dst_node: string;
      action: string;
    }>;
    const question: MangoQuestion = {
      benchmark: 'mango',
      game: 'night',
      task: 'rf',
      sampleId: 'q',
      src: edge.src_node,
      dst: edge.dst_node,
      actionList: [],
      answerable: true,
      easy: true,
      cutoff: 1000,
    };
    const answer = `[{'location_before': '${edge.src_node}', 'action': '${edge.action}', 'location_after': '${edge.dst_node}'}, {'location_before': '${edge.dst_node}', 'action': 'fly', 'location_after': 'the moon'}]`;
    const result = await new ReplayBuilder({ games: gamesDir }, nodeQuestionFiles).replay(record(question, answer));
    assert.ok('replay' in result, 'note' in result ? result.note : '');
    const frames = result.replay.fr;
    assert.equal(frames.length, 3);
    assert.deepEqual(
      frames.map((frame) => frame.fl ?? []),
      [[], [], ['invalid']],
    );
    assert.match(frames[1].x ?? '', new RegExp(`✓ 1\\. ${edge.src_node} --${edge.action}--> ${edge.dst_node}`));
    assert.match(frames[2].x ?? '', /[✗?] 2\. .* --fly--> the moon/);
    // Without --games the row says which option is missing; a game not in the folder names its file.
    const none = await new ReplayBuilder({}, nodeQuestionFiles).replay(record(question, answer));
    assert.deepEqual(none, { note: 'replays need --games DIR (the folder of the MANGO game folders)' });
    const missing = await new ReplayBuilder({ games: gamesDir }, nodeQuestionFiles).replay(
      record({ ...question, game: 'nogame' }, answer),
    );
    assert.ok('note' in missing && /game files not found: .*nogame\/nogame\.edges\.json/.test(missing.note));
  });

  it('plays a BabyAI Plan reply on its level file, from the cwd or --levels', async () => {
    const source = join(repoRoot, 'samples', 'babyai', 'goto-red-ball.level.json');
    const set = await babyaiQuestionSet([source], { task: 'plan' }, nodeQuestionFiles);
    const [prepared] = set.questions;
    const oracle = await prepared.builtInAnswer?.(profile('oracle'), 0, prepared.messages);
    const reply = String(oracle);
    const scored = prepared.score(reply, 'faithful');
    const plan = scored.parsedAnswer as string[];
    const fromCwd = await new ReplayBuilder({}, nodeQuestionFiles).replay(record(prepared.question, reply));
    assert.ok('replay' in fromCwd, 'note' in fromCwd ? fromCwd.note : '');
    assert.equal(fromCwd.replay.fr.length, plan.length + 1);
    assert.ok(
      fromCwd.replay.fr[0].g?.some((row) => /[▶▼◀▲]A/.test(row)),
      'the agent is drawn with its heading',
    );
    assert.equal(fromCwd.replay.fr.at(-1)?.f?.find(([label]) => label === 'mission')?.[1], 'success');
    const moved = { ...prepared.question, source: 'elsewhere/goto-red-ball.level.json' };
    const underLevels = await new ReplayBuilder(
      { levels: join(repoRoot, 'samples', 'babyai') },
      nodeQuestionFiles,
    ).replay(record(moved, reply));
    assert.ok('replay' in underLevels);
    const lost = await new ReplayBuilder({}, nodeQuestionFiles).replay(record(moved, reply));
    assert.ok(
      'note' in lost &&
        /level or record file not found: elsewhere\/goto-red-ball\.level\.json: .*give --levels DIR/.test(lost.note),
    );
  });

  it('replays a SmartPlay episode from the log in its record', async () => {
    const [prepared] = (await smartplayQuestionSet(['Hanoi3Disk'], { episodes: '1', seed: '3' })).questions;
    const played = await prepared.play?.(
      async (messages) => ({
        text: String(await prepared.builtInAnswer?.(profile('oracle'), 3, [...messages])),
        promptTokens: null,
        completionTokens: null,
        latencyMs: 0,
        cached: false,
      }),
      'faithful',
      new AbortController().signal,
    );
    assert.ok(played);
    const result = await new ReplayBuilder({}, nodeQuestionFiles).replay(record(prepared.question, played.rawAnswer));
    assert.ok('replay' in result, 'note' in result ? result.note : '');
    assert.equal(result.replay.fr.length, Number(played.scores.steps) + 1);
    assert.match(result.replay.fr[0].x ?? '', /^A: 2 1 0\nB: —\nC: —/);
    assert.match(result.replay.fr.at(-1)?.x ?? '', /C: 2 1 0/);
  });
});
