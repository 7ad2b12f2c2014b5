// Prompts byte-exact with spec §5 (and with the paper's appendix example, which is the same text).
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderGridText } from '../../../src/core/benchmarks/grasp/gridText';
import {
  fragmentIndices,
  graspSystemPrompt,
  renderGraspPrompt,
  SYSTEM_FRAGMENTS,
} from '../../../src/core/benchmarks/grasp/prompt';
import { ALL_SETTINGS, customIdOf, parseCustomId } from '../../../src/core/benchmarks/grasp/settings';
import { charsOf, picture, repoRoot } from './support';

const specPath = resolve(repoRoot, '..', 'shared', 'spec', 'grasp.md');

// The paper's appendix prompt for a block grid, μ1, carry limit 2, cost 0.3 (seeds/001, Methods).
const PAPER_SYSTEM =
  'You are an agent in a grid world. The grid world consists of cells. Each cell may have one unit of energy or no energy at all. Some cells are blocked by obstacles. You cannot move to or through these cells. The goal for you is to collect as much energy as possible and put the collected energy back in the cell where you started. You have 20 steps. For each step, you can choose UP, DOWN, LEFT, RIGHT, TAKE, and DROP. UP allows you to move one cell up in one step. The other movements are similar. You can collect energy from a cell by being in the cell and TAKE the energy from the cell. If there is no energy in the cell, you cannot take any energy from it. You can only carry two unit of energy at a time. You can not move across the boundary of the grid world. You can drop all your energy by DROP.Each step costs you 0.3 unit of energy. You can use less than 20 steps. Any invalid step will not cause any change in the grid world.';

const grid = renderGridText(charsOf(picture({ '6,1': 'A', '0,4': 'E', '0,10': 'O' })));

describe('GRASP prompts', () => {
  it('the fragments are the spec text, character for character', function () {
    if (!existsSync(specPath)) this.skip();
    const spec = readFileSync(specPath, 'utf8');
    const block = /\*\*System prompt\*\*[^\n]*\n```json\n([\s\S]*?)\n```/.exec(spec);
    assert.ok(block, 'the spec has the fragment list');
    assert.deepEqual(JSON.parse(block[1]), SYSTEM_FRAGMENTS);
  });

  it('block, μ1, carry 2, cost 0.3 equals the paper appendix, with "by DROP.Each" and no separator', () => {
    const messages = renderGraspPrompt({ grid, obstacle: 'block' }, { moves: 4, carryLimit: 2, stepCost: 0.3 });
    assert.equal(messages[0].role, 'system');
    assert.equal(messages[0].content, PAPER_SYSTEM);
    assert.equal(
      messages[1].content,
      `You are given the following as the representation of the grid world, where A is you, E is energy, O is an obstacle:\n${grid}Give your sequence of steps as a list. For example: [STEP, STEP, ...]`,
    );
  });

  it('free, μ2, no limit, no cost: fragments 0 2 4 5 7 9, "by DROP. You can use"', () => {
    const settings = { moves: 8, carryLimit: 'none', stepCost: 0 } as const;
    assert.deepEqual(fragmentIndices(false, settings), [0, 2, 4, 5, 7, 9]);
    const system = graspSystemPrompt(false, settings);
    assert.ok(system.includes('by DROP. You can use less than 20 steps.'));
    assert.ok(
      system.includes(
        'you can choose UP, DOWN, LEFT, RIGHT, UPLEFT, UPRIGHT, DOWNLEFT, DOWNRIGHT, TAKE, and DROP. UPLEFT allows',
      ),
    );
    assert.ok(!system.includes('obstacles') && !system.includes('carry two'));
    const [, user] = renderGraspPrompt({ grid, obstacle: 'free' }, settings);
    assert.ok(
      user.content.startsWith(
        'You are given the following as the representation of the grid world, where A is you, E is energy:\n    0   1',
      ),
    );
  });

  it('o1-mini gets one user message: system + "\\n\\n" + user', () => {
    const settings = ALL_SETTINGS[5];
    const [chatSystem, chatUser] = renderGraspPrompt({ grid, obstacle: 'block' }, settings, 'chat');
    const o1 = renderGraspPrompt({ grid, obstacle: 'block' }, settings, 'o1-mini');
    assert.deepEqual(o1, [{ role: 'user', content: `${chatSystem.content}\n\n${chatUser.content}` }]);
  });

  it('every setting uses exactly one of fragments 3 and 4; the eight settings are the custom_id order', () => {
    for (const settings of ALL_SETTINGS) {
      const used = fragmentIndices(true, settings);
      assert.equal(used.filter((index) => index === 3 || index === 4).length, 1);
    }
    assert.deepEqual(
      ALL_SETTINGS.map((settings) => customIdOf('inner_random_free.jsonl', 3, settings).slice(-5)),
      ['0-0-0', '0-0-1', '0-1-0', '0-1-1', '1-0-0', '1-0-1', '1-1-0', '1-1-1'],
    );
    assert.deepEqual(parseCustomId('outer_leftRight_block.jsonl-4-1-0-1'), {
      file: 'outer_leftRight_block.jsonl',
      index: 4,
      settings: { moves: 8, carryLimit: 'none', stepCost: 0.3 },
    });
    assert.equal(parseCustomId('outer_leftRight_block.jsonl-4-2-0-1'), null);
  });
});
