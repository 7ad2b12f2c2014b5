// Normalisation by the human baselines and capability scores (spec §10).
import { strict as assert } from 'node:assert';
import {
  analyzeCapabilities,
  CAPABILITIES,
  challengeLevels,
  normalizeScore,
  RECORDED_SETTINGS,
} from '../../../src/core/benchmarks/smartplay/scores';

describe('SmartPlay scores', () => {
  it('normalises (score − min) / (human − min) with the recorded baselines', () => {
    assert.equal(normalizeScore('Hanoi3Disk', 3), 1);
    assert.equal(normalizeScore('Hanoi3Disk', 1), 1 / 3);
    assert.equal(normalizeScore('BanditTwoArmedHighLowFixed', 45), 1);
    assert.equal(normalizeScore('BanditTwoArmedHighLowFixed', 50), 50 / 45); // may exceed 1
    assert.equal(normalizeScore('RockPaperScissorBasic', 21.5), 0.5);
    assert.equal(normalizeScore('MessengerL2', 0), 0.5);
    assert.equal(normalizeScore('Crafter', 1340), 0.5);
    assert.equal(normalizeScore('MinedojoCreative0', 1), 1);
    assert.deepEqual(Object.keys(RECORDED_SETTINGS).length, 7);
  });

  it('gives null (faithful) or throws (reference) for games without recorded settings', () => {
    for (const game of ['Hanoi4Disk', 'BanditTwoArmedLowLowFixed', 'MessengerL3']) {
      assert.equal(normalizeScore(game, 2), null);
      assert.throws(
        () => normalizeScore(game, 2, 'reference'),
        new RegExp(`Environment \`${game}\` does not have recorded settings`),
      );
    }
  });

  it('weights normalised scores by challenge level − 1 per capability', () => {
    const result = analyzeCapabilities({ Hanoi3Disk: 1, RockPaperScissorBasic: 0.5 });
    assert.deepEqual(Object.keys(result), [...CAPABILITIES]);
    // Planning: Hanoi level 3 (w 2), RPS level 1 (w 0) → 1.
    assert.equal(result.Planning, 1);
    // Instruction Following: Hanoi 2 (w 1), RPS 3 (w 2) → (1 + 1) / 3.
    assert.equal(result['Instruction Following'], (1 * 1 + 2 * 0.5) / 3);
    // Spatial Reasoning: both level 1 → zero weight → NaN.
    assert.ok(Number.isNaN(result['Spatial Reasoning']));
  });

  it('gives MessengerL1 its own row and the other levels the shared one', () => {
    assert.deepEqual(challengeLevels('MessengerL1'), [1, 2, 2, 1, 3, 1, 2, 1, 2]);
    assert.deepEqual(challengeLevels('MessengerL2'), [1, 2, 2, 1, 3, 2, 2, 2, 2]);
    assert.deepEqual(challengeLevels('MessengerL3'), challengeLevels('MessengerL2'));
    assert.deepEqual(challengeLevels('Crafter'), [3, 3, 3, 4, 4, 3, 2, 3, 2]);
    assert.deepEqual(challengeLevels('MinedojoCreative0'), [2, 3, 2, 1, 1, 1, 2, 1, 3]);
    assert.deepEqual(challengeLevels('BanditTwoArmedHighLowFixed'), [1, 2, 1, 2, 1, 1, 3, 1, 1]);
    assert.throws(() => challengeLevels('Pong'));
  });
});
