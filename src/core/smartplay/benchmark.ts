// SmartPlay (Wu et al. 2024): Waypoint's episode logs, one JSON object per step, validated alone.
import type { BenchmarkDefinition } from '../registry';
import { validateEpisodeLog } from './episodeChecks';

export const smartplayBenchmark: BenchmarkDefinition = {
  id: 'smartplay',
  label: 'SmartPlay',
  kinds: [{ id: 'smartplay-episode', suffixes: ['.episode.jsonl'], validation: 'standalone', examples: ['hanoi.episode.jsonl'] }],
  validate: (_kind, text) => validateEpisodeLog(text).diagnostics,
};
