// The scorer of spec §8 and the three modes of §10, on the spec's worked examples and on
// properties every mode keeps (truncation, silent no-ops, carry limit before TAKE, DROP anywhere).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ALL_ACTIONS } from '../../../src/core/benchmarks/grasp/actions';
import { referenceMovesOf, settingsFromBaselineRow } from '../../../src/core/benchmarks/grasp/settings';
import { simulate } from '../../../src/core/benchmarks/grasp/simulator';

/** Just the score (what upstream's `check_energy_result` returns, in the chosen mode). */
const scoreActions = (...args: Parameters<typeof simulate>) => simulate(...args).score;
import type { GraspSettings, GraspScoringMode } from '../../../src/core/benchmarks/grasp/types';
import { gridOf, picture } from './support';

const MU1_COST: GraspSettings = { moves: 4, carryLimit: 'none', stepCost: 0.3 };
const MU2_COST: GraspSettings = { moves: 8, carryLimit: 'none', stepCost: 0.3 };
const FREE: GraspSettings = { moves: 4, carryLimit: 'none', stepCost: 0 };

// Start (5,5); five units on an L-shaped path, the way back is 5 moves: 16 tokens deliver 5 units.
const lGrid = gridOf(picture({ '5,5': 'A', '5,6': 'E', '5,7': 'E', '5,8': 'E', '4,8': 'E', '3,8': 'E' }));
const sixteen = [
  'RIGHT',
  'TAKE',
  'RIGHT',
  'TAKE',
  'RIGHT',
  'TAKE',
  'UP',
  'TAKE',
  'UP',
  'TAKE',
  'DOWN',
  'DOWN',
  'LEFT',
  'LEFT',
  'LEFT',
  'DROP',
];

describe('GRASP scoring: the spec worked examples', () => {
  it('16 steps delivering 5 units under μ1 with cost 0.3: faithful 5 − 0.3·16 in IEEE double', () => {
    assert.equal(sixteen.length, 16);
    const run = simulate(lGrid, sixteen, MU1_COST, { mode: 'faithful' });
    assert.equal(run.final.startCellEnergy, 5);
    assert.equal(run.score, 0.20000000000000018);
    assert.equal(run.costTerm, 0.3 * 16);
  });

  it('the same answer: reference 5 − 1.2 = 3.8 (constant cost × 4), pre2025 the same since it ends on the start', () => {
    assert.equal(scoreActions(lGrid, sixteen, MU1_COST, { mode: 'reference' }), 3.8);
    assert.equal(scoreActions(lGrid, sixteen, MU1_COST, { mode: 'pre2025' }), 3.8);
  });

  it('under μ2 the buggy cost is cost × 8 whatever the length', () => {
    assert.equal(scoreActions(lGrid, sixteen, MU2_COST, { mode: 'reference' }), 5 - 0.3 * 8);
    assert.equal(scoreActions(lGrid, ['TAKE'], MU2_COST, { mode: 'reference' }), -2.4);
    assert.equal(scoreActions(lGrid, ['TAKE'], MU2_COST, { mode: 'faithful' }), -0.3);
  });

  it('an empty answer costs nothing in reference mode and scores 0 everywhere', () => {
    for (const mode of ['faithful', 'reference', 'pre2025'] as const)
      assert.equal(scoreActions(lGrid, [], MU2_COST, { mode }), 0);
  });

  it('pre2025 scores the final cell, untouched E included, and needs no return', () => {
    const grid = gridOf(picture({ '5,5': 'A', '5,6': 'E', '5,7': 'E' }));
    const answer = ['RIGHT', 'TAKE', 'RIGHT'];
    assert.equal(scoreActions(grid, answer, FREE, { mode: 'pre2025' }), 1);
    assert.equal(scoreActions(grid, answer, FREE, { mode: 'reference' }), 0);
    assert.equal(scoreActions(grid, answer, FREE, { mode: 'faithful' }), 0);
    assert.equal(scoreActions(grid, [...answer, 'DROP'], MU1_COST, { mode: 'pre2025' }), 2 - 1.2);
    assert.equal(scoreActions(grid, [...answer, 'DROP'], MU1_COST, { mode: 'faithful' }), 0 - 0.3 * 4);
  });

  it('energy still carried at the end counts for nothing', () => {
    const run = simulate(lGrid, ['RIGHT', 'TAKE', 'LEFT'], FREE, { mode: 'faithful' });
    assert.equal(run.final.carried, 1);
    assert.equal(run.score, 0);
  });
});

describe('GRASP scoring: rules kept in every mode', () => {
  const modes: GraspScoringMode[] = ['faithful', 'reference', 'pre2025'];

  it('truncates to the first 20 raw tokens, junk included; faithful cost stops at 20', () => {
    const answer = [...Array<string>(19).fill('TAKE ENERGY'), 'RIGHT', 'TAKE', 'LEFT', 'DROP'];
    for (const mode of modes) {
      const run = simulate(lGrid, answer, MU1_COST, { mode });
      assert.equal(run.tokens.length, 20);
      assert.deepEqual(run.truncated, ['TAKE', 'LEFT', 'DROP']);
      assert.deepEqual(run.final.agentPos, [5, 6]);
    }
    assert.equal(scoreActions(lGrid, answer, MU1_COST, { mode: 'faithful' }), -0.3 * 20);
    assert.equal(simulate(lGrid, answer, MU1_COST, { mode: 'faithful', faithfulCost: 'recognised' }).costTerm, 0.3 * 1);
  });

  it('tokens are case-insensitive; punctuation, phrases and empty tokens are ignored', () => {
    const run = simulate(lGrid, ['right', 'Take', 'UP,', '', 'TAKE ENERGY', 'left', 'drop'], FREE, {
      mode: 'faithful',
    });
    assert.deepEqual(
      run.steps.map((step) => step.label),
      [
        'moved',
        'took',
        'ignored_unknown_token',
        'ignored_unknown_token',
        'ignored_unknown_token',
        'moved',
        'dropped_at_start',
      ],
    );
    assert.equal(run.score, 1);
  });

  it('moves into the boundary or an obstacle are silent no-ops; diagonals cut corners; μ1 ignores diagonals', () => {
    const grid = gridOf(picture({ '0,0': 'A', '0,1': 'O', '1,0': 'O', '1,1': 'E' }));
    const mu1 = simulate(grid, ['UP', 'RIGHT', 'DOWNRIGHT'], FREE, { mode: 'faithful' });
    assert.deepEqual(
      mu1.steps.map((step) => [step.label, step.blocked]),
      [
        ['blocked_boundary', true],
        ['blocked_obstacle', true],
        ['ignored_diagonal_not_in_action_set', false],
      ],
    );
    const mu2 = simulate(grid, ['DOWNRIGHT', 'TAKE', 'UPLEFT', 'DROP'], { ...FREE, moves: 8 }, { mode: 'faithful' });
    assert.deepEqual(
      mu2.steps.map((step) => step.to),
      [
        [1, 1],
        [1, 1],
        [0, 0],
        [0, 0],
      ],
    );
    assert.equal(mu2.score, 1);
  });

  it('checks the carry limit before the cell; a drop off the start stays there and can be taken again', () => {
    const grid = gridOf(picture({ '5,5': 'A', '5,6': 'E', '5,7': 'E', '5,8': 'E' }));
    const limited: GraspSettings = { moves: 4, carryLimit: 2, stepCost: 0 };
    const run = simulate(
      grid,
      [
        'RIGHT',
        'TAKE',
        'RIGHT',
        'TAKE',
        'RIGHT',
        'TAKE',
        'DROP',
        'TAKE',
        'TAKE',
        'TAKE',
        'LEFT',
        'LEFT',
        'LEFT',
        'DROP',
      ],
      limited,
      { mode: 'faithful' },
    );
    const labels = run.steps.map((step) => step.label);
    assert.deepEqual(labels.slice(0, 10), [
      'moved',
      'took',
      'moved',
      'took',
      'moved',
      'take_at_carry_limit',
      'dropped_off_start',
      'took',
      'took',
      'take_at_carry_limit',
    ]);
    assert.equal(run.steps[6].agentCellEnergy, 3, 'the two dropped units join the one already there');
    assert.equal(run.score, 2);
    assert.equal(run.steps[5].take, 'failed');
    assert.equal(
      simulate(grid, ['TAKE', 'DROP'], limited, { mode: 'faithful' })
        .steps.map((step) => step.label)
        .join(),
      'take_empty_cell,drop_nothing',
    );
  });

  it('the trajectory carries steps left and the running score of the mode', () => {
    const run = simulate(lGrid, sixteen, MU1_COST, { mode: 'faithful' });
    assert.deepEqual(
      run.steps.map((step) => step.stepsLeft),
      Array.from({ length: 16 }, (_, index) => 19 - index),
    );
    assert.equal(run.steps[15].score, run.score);
    assert.equal(run.steps[0].score, -0.3);
    const reference = simulate(lGrid, sixteen, MU1_COST, { mode: 'reference' });
    assert.ok(reference.steps.slice(0, 15).every((step) => Math.abs(step.score + 1.2) < 1e-12));
  });

  it('never changes the caller grid', () => {
    const before = JSON.stringify(lGrid);
    simulate(lGrid, sixteen, FREE, { mode: 'faithful' });
    assert.equal(JSON.stringify(lGrid), before);
  });

  it('property: modes agree on the path; faithful = reference + buggy cost − cost × steps', () => {
    const token = fc.oneof(fc.constantFrom(...ALL_ACTIONS), fc.constantFrom('take', 'up,', '', 'MOVE'));
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 30 }),
        fc.constantFrom<4 | 8>(4, 8),
        fc.constantFrom<'none' | 2>('none', 2),
        (tokens, moves, carryLimit) => {
          const settings: GraspSettings = { moves, carryLimit, stepCost: 0.3 };
          const [faithful, reference, pre2025] = modes.map((mode) => simulate(lGrid, tokens, settings, { mode }));
          assert.deepEqual(
            faithful.steps.map((step) => step.to),
            reference.steps.map((step) => step.to),
          );
          assert.deepEqual(pre2025.final, reference.final);
          const delivered = reference.final.startCellEnergy;
          assert.ok(Math.abs(faithful.score - (delivered - 0.3 * Math.min(tokens.length, 20))) < 1e-9);
          assert.ok(Math.abs(reference.score - (delivered - (tokens.length === 0 ? 0 : 0.3 * moves))) < 1e-9);
          assert.ok(reference.steps.every((step) => step.carried <= (carryLimit === 2 ? 2 : 100)));
          const total = (run: typeof faithful) =>
            run.finalGrid.cells.flat().reduce((sum, cell) => sum + cell.energy, 0) + run.final.carried;
          assert.equal(total(faithful), 5, 'energy is conserved');
        },
      ),
    );
  });
});

describe('GRASP settings encodings', () => {
  it("the reference's action_set: only 1 selects μ2, so a stored 8 scores as μ1", () => {
    assert.equal(referenceMovesOf(1), 8);
    assert.equal(referenceMovesOf(8), 4);
    const row = { movement_prompt: 8, energy_limit_prompt: 100, cost_of_step_prompt: 0.3 };
    assert.deepEqual(settingsFromBaselineRow(row, 'reference'), { moves: 4, carryLimit: 'none', stepCost: 0.3 });
    assert.deepEqual(settingsFromBaselineRow(row, 'faithful'), { moves: 8, carryLimit: 'none', stepCost: 0.3 });
    assert.equal(settingsFromBaselineRow({ ...row, energy_limit_prompt: 3 }, 'faithful'), null);
  });
});
