// What SmartPlay reports read from an episode's run record (runs.md §4): the game, the raw score
// (`info['score']` at the episode's end, as the record's scores give it) and the score normalised
// by the human baseline (normalizeScore: the paper's Table 2 is normalize(Table 4)).
import type { RunRecord, SmartplayQuestion } from '../eval/types';
import type { BenchmarkReport } from '../registry';
import type { MetricDirection } from '../runs/reportTypes';
import { normalizeScore } from './scores';

function rawScore(record: RunRecord<SmartplayQuestion>): number | null {
  if (record.error !== undefined) return null;
  const score = record.scores.score;
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
}

/** The metrics with their better direction: every game's score rises as it is played better (1 = the human baseline, normalised). */
const better = { score: 'higher', normalized_score: 'higher' } as const satisfies Record<string, MetricDirection>;

export const smartplayReport: BenchmarkReport<SmartplayQuestion> = {
  fieldNames: ['game'],
  defaultBy: ['game'],
  metricNames: Object.keys(better),
  better,
  success: [],
  binary: [],
  clusterName: 'game',
  // Episodes of one game are independent draws; the game is still the unit the paper averages over.
  cluster: (record) => record.question.game,
  fields: (record) => ({ game: record.question.game }),
  metrics: (record) => {
    const score = rawScore(record);
    // Gym ids (`Hanoi3Disk-v0`) name the same game as the settings table's keys.
    return { score, normalized_score: score === null ? null : normalizeScore(record.question.game.replace(/-v\d+$/, ''), score) };
  },
  valid: (record) => rawScore(record) !== null,
  plots: [{ title: 'Normalised score per game (1 = human baseline)', x: 'game', metric: 'normalized_score' }],
};
