// The episode loop (spec §3): prompts per step, matching, stop at done or the step limit,
// cancellation, agent failures, replay of recorded outcomes; the built-in agents.
import { strict as assert } from 'node:assert';
import { hanoiSolverAgent, randomAgent } from '../../../src/core/benchmarks/smartplay/agents';
import { createSmartPlayEnv } from '../../../src/core/benchmarks/smartplay/games';
import { HanoiEnv } from '../../../src/core/benchmarks/smartplay/hanoi';
import { QUESTION_1, QUESTION_2, SYSTEM_PROMPT, type ChatMessage } from '../../../src/core/benchmarks/smartplay/prompt';
import { runEpisode, type EpisodeProgress, type SmartPlayAgent } from '../../../src/core/benchmarks/smartplay/runner';

const constant =
  (answer: string): SmartPlayAgent =>
  async () =>
    answer;

describe('SmartPlay episode runner', () => {
  for (const disks of [3, 4]) {
    it(`finishes Hanoi${disks}Disk with the solver in ${2 ** disks - 1} steps, score ${disks}`, async () => {
      const log = await runEpisode(new HanoiEnv(disks), hanoiSolverAgent(), { agentName: 'hanoi-solver' });
      assert.equal(log.steps.length, 2 ** disks - 1);
      assert.deepEqual(
        log.end && {
          reason: log.end.reason,
          score: log.end.score,
          completed: log.end.completed,
          totalReward: log.end.totalReward,
        },
        { reason: 'done', score: disks, completed: 1, totalReward: 100 },
      );
      assert.ok(log.steps.every((step) => step.matched && step.reward !== -1));
      assert.equal(log.end?.normalizedScore, disks === 3 ? 1 : null); // Hanoi4Disk has no recorded settings
    });
  }

  it('sends the spec messages: Q1 fresh, then Q1 + its answer + Q2; history from step 2', async () => {
    const seen: ChatMessage[][] = [];
    const agent: SmartPlayAgent = async (messages) => {
      seen.push(messages);
      return messages[messages.length - 1].content === QUESTION_1
        ? 'thinking'
        : 'Move the top disk of rod A to the top of rod B';
    };
    const log = await runEpisode(new HanoiEnv(3), agent, { maxSteps: 2 });
    assert.equal(seen.length, 4);
    assert.deepEqual(
      seen[0].map((message) => message.role),
      ['system', 'system', 'system', 'user'],
    );
    assert.equal(seen[0][0].content, SYSTEM_PROMPT);
    assert.equal(seen[0][2].content, `current step observation: ${log.header.reset.observation}`);
    assert.deepEqual(seen[1].slice(-3), [
      { role: 'user', content: QUESTION_1 },
      { role: 'assistant', content: 'thinking' },
      { role: 'user', content: QUESTION_2 },
    ]);
    assert.equal(seen[2].length, 5); // the history message appears at index 2
    assert.ok(
      seen[2][2].content.startsWith(
        "Most recent 1 steps of the player's in-game observation:\n\nPlayer Observation Step 0:\n",
      ),
    );
    assert.deepEqual(
      log.steps[0].prompts.map((prompt) => prompt.messages),
      [seen[0], seen[1]],
    );
    assert.equal(log.steps[1].observation, log.steps[0].nextObservation);
  });

  it('takes action 0 for an unmatched answer and records it', async () => {
    const log = await runEpisode(new HanoiEnv(3), constant('pass'), { maxSteps: 1 });
    assert.deepEqual([log.steps[0].action, log.steps[0].matched, log.steps[0].reward], [0, false, 0]);
  });

  it('stops at the step limit, by default the game default_steps', async () => {
    const limited = await runEpisode(new HanoiEnv(3), randomAgent(1), { maxSteps: 3 });
    assert.deepEqual(
      [limited.steps.length, limited.end?.reason, limited.header.settings.maxSteps],
      [3, 'step-limit', 3],
    );
    const full = await runEpisode(new HanoiEnv(3), constant('Move the top disk of rod A to the top of rod B'), {});
    assert.deepEqual([full.steps.length, full.end?.reason], [30, 'step-limit']);
  });

  it('cancels between questions through the AbortSignal and keeps the steps played', async () => {
    const controller = new AbortController();
    const events: EpisodeProgress[] = [];
    const log = await runEpisode(new HanoiEnv(3), hanoiSolverAgent(), {
      signal: controller.signal,
      onProgress: (event) => {
        events.push(event);
        if (event.kind === 'stepped' && event.step === 2) controller.abort();
      },
    });
    assert.deepEqual([log.steps.length, log.end?.reason], [2, 'cancelled']);
    assert.deepEqual(
      events.slice(0, 3).map((event) => (event.kind === 'asking' ? `ask${event.question}` : 'stepped')),
      ['ask1', 'ask2', 'stepped'],
    );
  });

  it('passes the signal to the agent, so an aborted model call ends the episode as cancelled', async () => {
    const controller = new AbortController();
    let calls = 0;
    const slow: SmartPlayAgent = (_messages, signal) =>
      new Promise((resolve, reject) => {
        calls++;
        if (calls === 3) setTimeout(() => controller.abort(), 5);
        if (calls < 3) resolve('Move the top disk of rod A to the top of rod C');
        signal?.addEventListener('abort', () => reject(new Error('aborted by user')));
      });
    const log = await runEpisode(new HanoiEnv(3), slow, { signal: controller.signal });
    assert.deepEqual([log.steps.length, log.end?.reason, calls], [1, 'cancelled', 3]);
  });

  it('ends with reason error and the message when the agent fails', async () => {
    const failing: SmartPlayAgent = async () => {
      throw new Error('HTTP 500');
    };
    const log = await runEpisode(new HanoiEnv(3), failing);
    assert.deepEqual([log.steps.length, log.end?.reason, log.end?.error, log.end?.score], [0, 'error', 'HTTP 500', 0]);
  });

  it('replays recorded outcomes into the same episode', async () => {
    const first = await runEpisode(createSmartPlayEnv('RockPaperScissorBasic', { seed: 1 }), randomAgent(2), {
      maxSteps: 20,
    });
    const again = await runEpisode(createSmartPlayEnv('RockPaperScissorBasic', { seed: 99 }), randomAgent(2), {
      maxSteps: 20,
      recorded: { setup: first.header.reset.setup, outcomes: first.steps.map((step) => step.outcome) },
    });
    assert.deepEqual(again.steps, first.steps);
    assert.deepEqual(again.header, first.header);
  });

  it('plays bandits with a seeded random agent reproducibly', async () => {
    const play = () =>
      runEpisode(createSmartPlayEnv('BanditTwoArmedHighLowFixed', { seed: 3 }), randomAgent(3), {
        seed: 3,
        agentName: 'random',
      });
    const [a, b] = [await play(), await play()];
    assert.deepEqual(a, b);
    assert.equal(a.steps.length, 50);
    const optimal = a.header.reset.setup?.probabilities.indexOf(0.8);
    assert.equal(a.end?.score, a.steps.filter((step) => step.action === optimal).length);
    assert.equal(a.end?.normalizedScore, (a.end?.score ?? NaN) / 45);
    assert.ok(new Set(a.steps.map((step) => step.action)).size === 2);
  });
});
