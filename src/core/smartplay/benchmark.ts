// SmartPlay (Wu et al. 2024): Waypoint's episode logs, one JSON object per step, validated alone.
import type { SmartplayQuestion } from '../eval/types';
import type { BenchmarkDefinition } from '../registry';
import { validateEpisodeLog } from './episodeChecks';

export const smartplayBenchmark: BenchmarkDefinition<SmartplayQuestion> = {
  id: 'smartplay',
  label: 'SmartPlay',
  kinds: [{ id: 'smartplay-episode', suffixes: ['.episode.jsonl'], validation: 'standalone', examples: ['hanoi.episode.jsonl'] }],
  validate: (_kind, text) => validateEpisodeLog(text).diagnostics,
  questions: (_kind, text) => (text.trim() === '' ? [] : [{ line: 0, label: 'Step Through Episode', command: 'waypoint.showBoard', argument: {} }]),
  runLabel: (question) => ({ group: `SmartPlay · ${question.game}`, label: `step ${question.step}, question ${question.question}`, documentName: question.sampleId }),
  succeeded: (scores) => scores.completed === 1,
};
