// GRASP's declaration: file kinds and run labels, without parsers, so hosts that only name runs
// (the extension's activation path, through core/benchmarks/declarations.ts) stay light.
// core/benchmarks/grasp/benchmark.ts adds validation and lenses.
import type { GraspQuestion } from './questionSchema';
import type { BenchmarkDeclaration } from '../../benchmark/registry';
import { graspQuestionSchema } from './questionSchema';

/**
 * GRASP's released grid files are named `<inner|outer>_<distribution>_<free|block>.jsonl`; they are
 * recognised by that name so upstream data validates without renaming. Upstream's baseline answers
 * reuse those names inside `results/greedy_results/` and `results/random_results/` (rows of
 * `baseline`, `index`, `answer`): a file in a `*_results` folder is not a grid file.
 */
export const GRASP_RELEASE_NAME = /(?:^|(?<!_results)[\\/])(?:inner|outer)_[A-Za-z]+_(?:free|block)\.jsonl$/;

/**
 * Upstream's baseline answers: `results/greedy_results/<grid name>` and `random_results/…`, rows
 * `{"baseline","index","answer","movement_prompt","energy_limit_prompt","cost_of_step_prompt"}`.
 * Validated as result rows, never as grid files (which reported about 192,000 errors on them).
 */
const GRASP_BASELINE_RESULTS_NAME =
  /(?:^|[\\/])[A-Za-z0-9]+_results[\\/](?:inner|outer)_[A-Za-z]+_(?:free|block)\.jsonl$/;

const settingText = (question: GraspQuestion) =>
  `${question.settings.moves} moves, carry ${question.settings.carryLimit === 'none' ? 'unlimited' : question.settings.carryLimit}, cost ${question.settings.stepCost}`;

export const graspDeclaration: BenchmarkDeclaration<GraspQuestion> = {
  id: 'grasp',
  label: 'GRASP',
  questionSchema: graspQuestionSchema,
  kinds: [
    {
      id: 'grasp-grids',
      suffixes: ['.grids.jsonl'],
      pattern: GRASP_RELEASE_NAME,
      validation: 'standalone',
      // Upstream reads its JSON files with Python's json module, which refuses a BOM.
      upstreamBom: 'rejects',
      examples: ['sample.grids.jsonl', 'inner_uniform_free.jsonl', 'outer_gaussian_block.jsonl'],
    },
    // Upstream's `data/results/*_output.jsonl`, e.g. `gpt_o1_mini_output.jsonl`.
    // Show Board scores the row at the cursor on a grid the host finds in the workspace.
    {
      id: 'grasp-results',
      suffixes: ['_output.jsonl'],
      validation: 'standalone',
      upstreamBom: 'rejects',
      boardCommand: 'waypoint.scoreGraspResponse',
      examples: ['gpt_o1_mini_output.jsonl'],
    },
    // Nothing of their own to draw or run (their rows name no grid file): no Show Board, no Run.
    {
      id: 'grasp-baseline-results',
      pattern: GRASP_BASELINE_RESULTS_NAME,
      validation: 'standalone',
      upstreamBom: 'rejects',
      board: false,
      examples: ['greedy_results/inner_random_free.jsonl', 'random_results/outer_cluster_block.jsonl'],
    },
  ],
  runLabel: (question) => ({
    group: `GRASP · ${question.file}`,
    label: `#${question.index} · ${settingText(question)}${question.style === 'o1-mini' ? ' · o1-mini prompt' : ''}`,
    documentName: question.sampleId.replace(/\.jsonl-/, '-'),
  }),
  succeeded: (scores) => typeof scores.score === 'number' && scores.score > 0,
  // Reopened runs are re-scored against the grid as it is now (the board bundle's command).
  reopenCommand: 'waypoint.reopenGraspRun',
};
