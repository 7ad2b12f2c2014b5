import { strict as assert } from 'node:assert';
import { guessLocationFromObservation } from '../../src/core/benchmarks/mango/annotate/locationGuess';

describe('room title guess', () => {
  it('takes a title-like first line after a move', () => {
    assert.equal(guessLocationFromObservation(['North of House', 'You are facing the north side.']), 'North of House');
  });
  it('finds a title set off by a blank line after a sentence', () => {
    assert.equal(
      guessLocationFromObservation(['You get out of bed.', '', 'Bedroom', 'This bedroom is spare.']),
      'Bedroom',
    );
  });
  it('ignores sentences, quotes and banners with colons', () => {
    assert.equal(guessLocationFromObservation(['Taken.']), null);
    assert.equal(guessLocationFromObservation(['"Hadley!" a voice cries.']), null);
    assert.equal(guessLocationFromObservation(['ZORK I: The Great Underground Empire']), null);
  });
  it('skips the game banner at the Init step', () => {
    const intro = ['The Lighthouse Keeper', 'A miniature.', 'Release 1', '', 'Harbour Road', 'Cobbles run west.'];
    assert.equal(guessLocationFromObservation(intro, true), 'Harbour Road');
    assert.equal(guessLocationFromObservation(intro, false), 'The Lighthouse Keeper');
  });
});
