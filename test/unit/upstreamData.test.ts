// Conformance with the real MANGO release: every shared walkthrough parses without diagnostics and
// with as many steps as upstream counts (last step = len(text.split("==>STEP NUM:")) - 2).
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WalkthroughDocument } from '../../src/core/benchmarks/mango/walkthrough/walkthroughDocument';
import { sharedDataDir, sharedDataMissingReason } from '../support/paths';

const mangoDir = join(sharedDataDir, 'mango');
const games = existsSync(mangoDir)
  ? readdirSync(mangoDir).filter((name) => existsSync(join(mangoDir, name, `${name}.walkthrough`)))
  : [];

describe('upstream MANGO walkthroughs', function () {
  before(function () {
    if (games.length === 0) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
  });

  it('finds the six shared games', () => {
    assert.deepEqual([...games].sort(), ['905', 'night', 'omniquest', 'partyfoul', 'spirit', 'zork1']);
  });

  for (const game of ['905', 'night', 'omniquest', 'partyfoul', 'spirit', 'zork1']) {
    it(`${game}: no diagnostics, step count and first location as upstream`, function () {
      if (!games.includes(game)) this.skip();
      const text = readFileSync(join(mangoDir, game, `${game}.walkthrough`), 'utf8');
      const document = WalkthroughDocument.parse(text);
      assert.deepEqual(document.diagnostics(), []);
      const upstreamLastStep = text.split('==>STEP NUM:').length - 2;
      const steps = document.steps();
      assert.equal(steps.length, upstreamLastStep + 1);
      assert.deepEqual(
        steps.map((step) => step.number),
        steps.map((_, index) => index),
      );
      assert.equal(steps[0].action, 'Init');
    });
  }

  it('labels zork1 moves with the room title of the observation', function () {
    if (!games.includes('zork1')) this.skip();
    const steps = WalkthroughDocument.parse(readFileSync(join(mangoDir, 'zork1', 'zork1.walkthrough'), 'utf8')).steps();
    assert.deepEqual(
      steps.slice(0, 3).map((step) => [step.action, step.location]),
      [
        ['Init', 'West of House'],
        ['north', 'North of House'],
        ['north', 'Forest Path'],
      ],
    );
  });
});
