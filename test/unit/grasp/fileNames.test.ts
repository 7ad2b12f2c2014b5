// Which GRASP files are grid files by name: upstream's release names anywhere, except inside the
// baseline answer folders (`results/greedy_results/`, `results/random_results/`), which reuse the
// grid names for rows of answers; read as grids they gave 38,400 false errors on upstream's data.
import { strict as assert } from 'node:assert';
import { standaloneKindOf } from '../../../src/core/benchmark/standaloneValidation';
// The host registers the built-in benchmarks that validateStandalone asks.
import '../../../src/core/benchmarks';

describe('GRASP file names', () => {
  it('takes release-named files as grid files wherever they are', () => {
    for (const path of [
      'inner_random_free.jsonl',
      'data/inner_random_free.jsonl',
      '/w/grasp/outer_cluster_block.jsonl',
      'C:\\g\\outer_upDown_free.jsonl',
      '/w/my_results_x/inner_spiral_block.jsonl',
    ]) {
      assert.equal(standaloneKindOf(path), 'grasp-grids', path);
    }
  });

  it('takes the baseline answer files that reuse those names as result rows, never as grid files', () => {
    for (const path of [
      'data/results/greedy_results/inner_random_free.jsonl',
      '/w/results/random_results/outer_upDown_free.jsonl',
      'C:\\r\\random_results\\outer_cluster_block.jsonl',
    ]) {
      assert.equal(standaloneKindOf(path), 'grasp-baseline-results', path);
    }
  });

  it('still takes response files in the results folder', () => {
    assert.equal(standaloneKindOf('data/results/gpt_o1_mini_output.jsonl'), 'grasp-results');
  });
});
