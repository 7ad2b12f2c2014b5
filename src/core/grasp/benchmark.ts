// GRASP (Tang and Kejriwal 2024): grid files and the response files of a batch run, each validated alone.
import type { GraspQuestion } from '../eval/types';
import type { BenchmarkDefinition } from '../registry';
import { baseName } from '../walk';
import { parseGraspGridFile } from './gridFile';
import { parseGraspResultsFile } from './resultsFile';
import { describeSettings } from './settings';

/**
 * GRASP's released grid files are named `<inner|outer>_<distribution>_<free|block>.jsonl`; they are
 * recognised by that name so upstream data validates without renaming.
 */
const GRASP_RELEASE_NAME = /(?:^|[\\/])(?:inner|outer)_[A-Za-z]+_(?:free|block)\.jsonl$/;

const settingText = (question: GraspQuestion) =>
  `${question.settings.moves} moves, carry ${question.settings.carryLimit === 'none' ? 'unlimited' : question.settings.carryLimit}, cost ${question.settings.stepCost}`;

export const graspBenchmark: BenchmarkDefinition<GraspQuestion> = {
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
  // One lens per grid record (the extension's command asks for the agent setting and the model), and
  // per row of a response file (scored and stepped on its grid).
  questions(kind, text, path) {
    if (kind === 'grasp-grids') {
      return parseGraspGridFile(text, baseName(path)).entries.map((entry) => ({ line: entry.line, label: `▶ Run GRASP #${entry.record.index}`, command: 'waypoint.runGraspQuestion', argument: { index: entry.record.index } }));
    }
    return parseGraspResultsFile(text).entries.map((entry) => ({ line: entry.line, label: `▶ Score and step · ${entry.file} #${entry.index} · ${describeSettings(entry.settings)}`, command: 'waypoint.scoreGraspResponse', argument: { line: entry.line } }));
  },
  runLabel: (question) => ({
    group: `GRASP · ${question.file}`,
    label: `#${question.index} · ${settingText(question)}${question.style === 'o1-mini' ? ' · o1-mini prompt' : ''}`,
    documentName: question.sampleId.replace(/\.jsonl-/, '-'),
  }),
  succeeded: (scores) => typeof scores.score === 'number' && scores.score > 0,
};
