// What SmartPlay reports read from an episode's run record (runs.md §4): the game, the raw score
// (`info['score']` at the episode's end, as the record's scores give it) and the score normalised
// by the human baseline (normalizeScore: the paper's Table 2 is normalize(Table 4)).
import type { RunRecord } from '../../eval/types';
import type { SmartplayQuestion } from './questionSchema';
import type { BenchmarkReport } from '../../benchmark/registry';
import type { MetricDirection } from '../../runs/reportTypes';
import { normalizeScore } from './scores';

function rawScore(record: RunRecord<SmartplayQuestion>): number | null {
  if (record.error !== undefined) return null;
  const score = record.scores.score;
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
}

/** The metrics with their better direction: every game's score rises as it is played better (1 = the human baseline, normalised). */
const better = { score: 'higher', normalized_score: 'higher' } as const satisfies Record<string, MetricDirection>;

/** What the tables' metrics mean: each game's own score (spec smartplay.md §10). */
export const SMARTPLAY_GLOSSARY: Readonly<Record<string, string>> = {
  score:
    "The game's own score at the end of the episode. Bandits: how many times the player pulled the machine with the higher expected payout (whatever it paid that time). Rock Paper Scissors: rounds where the player chose the best move against the opponent's odds. Tower of Hanoi: disks on rod C. Messenger: the last step's reward (1 message delivered, −1 failed). Crafter: achievements unlocked, summed over the steps.",
  normalized_score:
    'The score against the human baseline: (score − min) / (human − min), so 1 plays like a person (Bandits: 45 good pulls in 50; Hanoi: all 3 disks on C), 0 like the minimum, and more than 1 is possible. Games without a recorded baseline (Hanoi with 4 disks, bandits other than HighLow) have none.',
};

export const smartplayReport: BenchmarkReport<SmartplayQuestion> = {
  fieldNames: ['game', 'episode', 'seed'],
  defaultBy: ['game'],
  metricNames: Object.keys(better),
  better,
  success: [],
  binary: [],
  clusterName: 'game',
  glossary: SMARTPLAY_GLOSSARY,
  // Episodes of one game are independent draws; the game is still the unit the paper averages over.
  cluster: (record) => record.question.game,
  questionLabel: ({ question }) =>
    question.episode === undefined
      ? `${question.game} · step ${question.step}, question ${question.question}`
      : `${question.game} · episode ${question.episode + 1}${question.seed === undefined ? '' : ` (seed ${question.seed})`}`,
  fields: (record) => ({
    game: record.question.game,
    // 1-based as the label says it; a step question is no episode.
    episode: record.question.episode === undefined ? null : record.question.episode + 1,
    seed: record.question.seed ?? null,
  }),
  metrics: (record) => {
    const score = rawScore(record);
    // Gym ids (`Hanoi3Disk-v0`) name the same game as the settings table's keys.
    return {
      score,
      normalized_score: score === null ? null : normalizeScore(record.question.game.replace(/-v\d+$/, ''), score),
    };
  },
  valid: (record) => rawScore(record) !== null,
  // Table 2 is Table 4's raw scores normalised by the human baseline.
  paperTables: [
    {
      caption: 'Normalised score per game, 1 = human baseline (Table 2)',
      rows: ['model'],
      columns: ['game'],
      metrics: ['normalized_score'],
    },
    { caption: 'Raw score per game (Table 4)', rows: ['model'], columns: ['game'], metrics: ['score'] },
  ],
  // The paper draws the games as a radar: the model's profile over the capabilities they test.
  plots: [
    { title: 'Normalised score per game (1 = human baseline)', x: 'game', metric: 'normalized_score', radar: true },
  ],
};
