// match_act (spec §4) and the per-question messages (spec §3).
import { strict as assert } from 'node:assert';
import { BANDIT_ACTIONS } from '../../../src/core/benchmarks/smartplay/bandits';
import { CRAFTER_ACTIONS } from '../../../src/core/benchmarks/smartplay/games';
import { HANOI_ACTIONS } from '../../../src/core/benchmarks/smartplay/hanoi';
import { matchAction } from '../../../src/core/benchmarks/smartplay/matchAction';
import { composeMessages, QUESTION_1, QUESTION_2, SYSTEM_PROMPT } from '../../../src/core/benchmarks/smartplay/prompt';
import { RPS_ACTIONS } from '../../../src/core/benchmarks/smartplay/rps';

describe('SmartPlay answer → action (match_act)', () => {
  it('matches case-insensitively and takes the earliest occurrence', () => {
    const answer =
      'I would MOVE THE TOP DISK OF ROD B TO THE TOP OF ROD C, not move the top disk of rod A to the top of rod B.';
    assert.deepEqual(matchAction(answer, HANOI_ACTIONS), {
      action: 3,
      matched: true,
      offset: 8,
      length: HANOI_ACTIONS[3].length,
    });
  });

  it('breaks ties at the same position by the lower index', () => {
    assert.equal(matchAction('go ab', ['ab', 'a', 'abc']).action, 0);
    assert.equal(matchAction('go abc', ['abc', 'a']).action, 0);
    assert.equal(matchAction('go abc', ['a', 'abc']).action, 0);
    assert.equal(matchAction('go abc', ['bc', 'abc']).action, 1); // earlier position wins over lower index
  });

  it('takes action 0 silently, flagged unmatched, when nothing matches', () => {
    assert.deepEqual(matchAction('no idea', HANOI_ACTIONS), { action: 0, matched: false, offset: -1, length: 0 });
    assert.deepEqual(matchAction('', RPS_ACTIONS), { action: 0, matched: false, offset: -1, length: 0 });
  });

  it('needs the final period of bandit actions unless the non-reference option is on', () => {
    assert.deepEqual(matchAction('Pull slot machine 2', BANDIT_ACTIONS), {
      action: 0,
      matched: false,
      offset: -1,
      length: 0,
    });
    assert.equal(matchAction('Pull slot machine 2.', BANDIT_ACTIONS).action, 1);
    assert.equal(matchAction('Pull slot machine 2', BANDIT_ACTIONS, { optionalFinalPeriod: true }).action, 1);
    assert.equal(
      matchAction('pull slot machine 1 then Pull slot machine 2.', BANDIT_ACTIONS, { optionalFinalPeriod: true })
        .action,
      0,
    );
  });

  it('lets Scissor match "scissors" and Do match inside other words', () => {
    assert.equal(matchAction('Scissors!', RPS_ACTIONS).action, 2);
    assert.equal(matchAction('Open the door', CRAFTER_ACTIONS).action, 5);
    assert.equal(matchAction('go down', CRAFTER_ACTIONS).action, 5);
    assert.equal(matchAction('Move North then Do', CRAFTER_ACTIONS).action, 3);
  });
});

describe('SmartPlay prompt messages', () => {
  it('has the U+2019 system prompt and the trailing space of Q1', () => {
    assert.equal(SYSTEM_PROMPT, 'You\u2019re a player trying to play the game.');
    assert.ok(!SYSTEM_PROMPT.includes("'"));
    assert.ok(QUESTION_1.endsWith('step by step, '));
    assert.ok(QUESTION_1.includes("Let's"));
    assert.equal(
      QUESTION_2,
      'Choose the best executable action from the list of all actions. Write the exact chosen action.',
    );
  });

  it('omits an empty manual and history and adds Q1 with its answer before Q2', () => {
    const info = { manual: 'M', history: '', obs: 'O' };
    assert.deepEqual(composeMessages(info, QUESTION_1), [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'system', content: 'M' },
      { role: 'system', content: 'current step observation: O' },
      { role: 'user', content: QUESTION_1 },
    ]);
    assert.deepEqual(composeMessages({ manual: '', history: 'H', obs: 'O' }, QUESTION_2, [[QUESTION_1, 'A1']]), [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'system', content: 'H' },
      { role: 'system', content: 'current step observation: O' },
      { role: 'user', content: QUESTION_1 },
      { role: 'assistant', content: 'A1' },
      { role: 'user', content: QUESTION_2 },
    ]);
  });
});
