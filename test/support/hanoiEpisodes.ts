// A Tower of Hanoi episode with refused moves, played through the real SmartPlay loop and game, for
// the timeline's unit test and the board's browser test.
import { strict as assert } from 'node:assert';
import { smartplayTimeline } from '../../src/core/benchmarks/smartplay/boardTimeline';
import { HANOI_ACTIONS, HanoiEnv } from '../../src/core/benchmarks/smartplay/hanoi';
import { QUESTION_2 } from '../../src/core/benchmarks/smartplay/prompt';
import { runEpisode, type SmartPlayAgent } from '../../src/core/benchmarks/smartplay/runner';
import type { BoardTimeline } from '../../src/protocol/board';

/** A Hanoi episode played by a scripted player that tries two refused moves and one answer that is no action. */
export async function refusedMovesTimeline(): Promise<BoardTimeline> {
  const answers = [HANOI_ACTIONS[1], HANOI_ACTIONS[1], HANOI_ACTIONS[2], HANOI_ACTIONS[0], 'I give up'];
  let step = 0;
  const player: SmartPlayAgent = async (messages) =>
    messages.at(-1)?.content === QUESTION_2 ? answers[step++] : 'Thinking about the rods.';
  const log = await runEpisode(new HanoiEnv(3), player, { maxSteps: answers.length, agentName: 'scripted' });
  assert.deepEqual(
    log.steps.map((record) => record.reward),
    [0, -1, -1, 0, -1],
    'the game refused the moves the test means to be refused',
  );
  return smartplayTimeline(log, 'Hanoi3Disk · scripted');
}
