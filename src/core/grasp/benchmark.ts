// GRASP (Tang and Kejriwal 2024): grid files and the response files of a batch run, each validated alone.
import type { BenchmarkDefinition } from '../registry';
import { baseName } from '../walk';
import { parseGraspGridFile } from './gridFile';
import { parseGraspResultsFile } from './resultsFile';

/**
 * GRASP's released grid files are named `<inner|outer>_<distribution>_<free|block>.jsonl`; they are
 * recognised by that name so upstream data validates without renaming.
 */
const GRASP_RELEASE_NAME = /(?:^|[\\/])(?:inner|outer)_[A-Za-z]+_(?:free|block)\.jsonl$/;

export const graspBenchmark: BenchmarkDefinition = {
  id: 'grasp',
  label: 'GRASP',
  kinds: [
    {
      id: 'grasp-grids',
      suffixes: ['.grids.jsonl'],
      pattern: GRASP_RELEASE_NAME,
      validation: 'standalone',
      examples: ['sample.grids.jsonl', 'inner_uniform_free.jsonl', 'outer_gaussian_block.jsonl'],
    },
    // Upstream's `data/results/*_output.jsonl`, e.g. `gpt_o1_mini_output.jsonl`.
    { id: 'grasp-results', suffixes: ['_output.jsonl'], validation: 'standalone', examples: ['gpt_o1_mini_output.jsonl'] },
  ],
  validate: (kind, text, path) => (kind === 'grasp-grids' ? parseGraspGridFile(text, baseName(path)) : parseGraspResultsFile(text)).diagnostics,
};
