// What GRASP reports read from a run record (runs.md §4): the grid file's variant (its name says
// start region, energy distribution and obstacles), the agent setting, and the paper's two columns:
// Energy (the record's score, in the record's mode) and Length (the number of actions the answer
// gave, as many as the scorer replayed: `steps`).
import type { RunRecord } from '../../eval/types';
import type { GraspQuestion } from './questionSchema';
import type { BenchmarkReport } from '../../benchmark/registry';
import { GRASP_CODE_MEANINGS, GRASP_INFORMATIONAL_CODES } from './codeMeanings';
import type { MetricDirection } from '../../runs/reportTypes';
import { describeSettings } from './settings';
import { variantOfFileName } from './generator';

const numeric = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function lengthOf(record: RunRecord<GraspQuestion>): number | null {
  if (record.error !== undefined) return null;
  const steps = numeric(record.scores.steps);
  if (steps !== null) return steps;
  return Array.isArray(record.parsedAnswer) ? record.parsedAnswer.length : null;
}

/**
 * The metrics with their better direction: energy (collected, minus the step cost) higher; length
 * none: the paper reports how many actions an answer gave, and the step cost already charges them in energy.
 */
const better = { energy: 'higher', length: null } as const satisfies Record<string, MetricDirection>;

/** What the tables' metrics and the setting labels mean (spec grasp.md §4, §8, §10). */
export const GRASP_GLOSSARY: Readonly<Record<string, string>> = {
  energy:
    "The answer's score: the energy delivered to the start cell minus the step cost (faithful mode charges every submitted step). Reference mode is upstream's scorer with its constant step-cost bug; pre2025 counts the energy on the agent's final cell; paper mode scores as the paper's Table 1 did.",
  length: 'How many actions the answer gave, as many as the scorer replayed (at most 20).',
  μ1: 'Movement set μ1: 4 moves, UP, DOWN, LEFT and RIGHT.',
  μ2: 'Movement set μ2: 8 moves, μ1 plus the diagonals UPLEFT, UPRIGHT, DOWNLEFT and DOWNRIGHT.',
  moves: 'The movement set: 4 (μ1: up, down, left, right) or 8 (μ2: also the diagonals).',
  carry_limit: 'How many units of energy the agent may carry at once: none (no limit) or 2.',
  step_cost: 'Energy charged per step: 0 or 0.3.',
};

/** The setting as a label says it: the index and grid file lead, so a long label cut in the middle keeps them (the glossary explains μ1/μ2). */
const shortSetting = (settings: GraspQuestion['settings']) =>
  `μ${settings.moves === 8 ? 2 : 1}, ${settings.carryLimit === 2 ? 'carry 2' : 'no carry limit'}, cost ${settings.stepCost}`;

export const graspReport: BenchmarkReport<GraspQuestion> = {
  fieldNames: ['file', 'index', 'distribution', 'obstacles', 'start', 'moves', 'carry_limit', 'step_cost', 'setting'],
  // Table 1's first block (energy distribution); its other blocks are `--by obstacles`, `start`, `moves`, `carry_limit`, `step_cost`.
  defaultBy: ['distribution'],
  metricNames: Object.keys(better),
  better,
  success: [],
  binary: [],
  clusterName: 'file',
  // runs.md §4: paper mode is what Table 1 used, whose means include the answers cut at max_tokens.
  modesScoringCuts: ['paper'],
  glossary: GRASP_GLOSSARY,
  codeMeanings: GRASP_CODE_MEANINGS,
  informationalCodes: GRASP_INFORMATIONAL_CODES,
  cluster: (record) => record.question.file,
  questionLabel: ({ question }) =>
    `${question.play ? 'play · ' : ''}#${question.index} ${question.file.replace(/\.jsonl$/, '')} · ${shortSetting(question.settings)}${question.style === 'o1-mini' ? ' · o1-mini prompt' : ''}`,
  fields: (record) => {
    const { file, settings } = record.question;
    const variant = variantOfFileName(file);
    return {
      file,
      index: record.question.index,
      distribution: variant?.energy ?? null,
      obstacles: variant ? (variant.obstacle === 'free' ? 'free' : 'block') : null,
      start: variant?.startPosition ?? null,
      moves: settings.moves,
      carry_limit: settings.carryLimit,
      step_cost: settings.stepCost,
      setting: describeSettings(settings),
    };
  },
  metrics: (record) => ({
    energy: record.error !== undefined ? null : numeric(record.scores.score),
    length: lengthOf(record),
  }),
  valid: (record) => record.error === undefined && record.scores.extraction_method !== 'none',
  // Table 1: Energy and Length per model, a block per factor of the grid and the agent setting.
  paperTables: (['distribution', 'obstacles', 'start', 'moves', 'carry_limit', 'step_cost'] as const).map((field) => ({
    caption: `Energy and length by ${field.replace('_', ' ')} (Table 1)`,
    rows: [field],
    columns: ['model'],
    metrics: ['energy', 'length'],
  })),
  plots: [{ title: 'Energy per agent setting', x: 'setting', metric: 'energy' }],
};
