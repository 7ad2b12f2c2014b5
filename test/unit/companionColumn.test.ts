// Where answers, comparisons, the maze and the board open (src/extension/views/companionColumn.ts):
// together, and never in a third column; the results view's group is not covered when another will do.
import { strict as assert } from 'node:assert';
import { chooseCompanionColumn, type GroupTabs } from '../../src/extension/views/companionColumn';

const group = (
  column: number,
  kind: 'editor' | 'companion' | 'results' | 'results+companion' = 'editor',
): GroupTabs => ({ column, companion: kind.includes('companion'), results: kind.startsWith('results') });

describe('companion views open in at most two columns', () => {
  it('opens the second column beside a single group', () => {
    assert.equal(chooseCompanionColumn([group(1)], 1), 'beside');
    assert.equal(chooseCompanionColumn([group(1, 'results')], 1), 'beside');
    // The one group holds a maze and the results view: not over the results, beside them.
    assert.equal(chooseCompanionColumn([group(1, 'results+companion')], 1), 'beside');
  });

  it('joins the group that already holds an answer, a diff, the maze or the board', () => {
    assert.equal(chooseCompanionColumn([group(1), group(2, 'companion')], 1), 2);
    assert.equal(chooseCompanionColumn([group(1, 'companion'), group(2)], 2), 1);
    // The active group, when a companion is in front there (the user is reading an answer).
    assert.equal(chooseCompanionColumn([group(1), group(2, 'companion')], 2, true), 2);
  });

  it('never covers the file the user has in front: with a file active in that group, the other group', () => {
    // A level opened in the answers' group, then Show Board: the board beside it, and Undo still reaches the level.
    assert.equal(chooseCompanionColumn([group(1), group(2, 'companion')], 2, false), 1);
    assert.equal(chooseCompanionColumn([group(1, 'companion')], 1, false), 'beside');
  });

  it('with two groups and no companion yet, uses the other group, never a third column', () => {
    assert.equal(chooseCompanionColumn([group(1), group(2)], 1), 2);
    assert.equal(
      chooseCompanionColumn([group(1), group(2)], 2),
      1,
      'the active group is the right one: the left one, not a new third',
    );
    // The results view in one of them: the companion goes to the other, even the active one's neighbour on the left.
    assert.equal(chooseCompanionColumn([group(1, 'results'), group(2)], 1), 2);
    assert.equal(
      chooseCompanionColumn([group(1), group(2, 'results')], 1),
      2,
      'only two groups: covering the results beats a third column',
    );
  });

  it('with three groups the user made, picks an existing one right of the active group, avoiding the results view', () => {
    assert.equal(chooseCompanionColumn([group(1), group(2, 'results'), group(3)], 1), 3);
    assert.equal(chooseCompanionColumn([group(1), group(2), group(3)], 2), 3);
    assert.equal(chooseCompanionColumn([group(1), group(2), group(3)], 3), 2);
    // A companion group that holds the results view is skipped for a free one.
    assert.equal(chooseCompanionColumn([group(1, 'results+companion'), group(2)], 1), 2);
  });
});
