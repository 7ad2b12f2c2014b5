// BabyAI / LLM-BabyBench: Waypoint's level files and LLM-BabyBench's record files, each validated alone.
import type { BenchmarkDefinition } from '../registry';
import { baseName } from '../walk';
import { loadLevelFile } from './levelFile';
import { readRecordFile } from './recordFiles';
import { loadRecord } from './records';

/**
 * LLM-BabyBench's record files are `LLM_BABYBENCH_<Task>.csv` upstream; Waypoint also takes JSON
 * and JSON Lines exports whose name starts the same way (`llm-babybench-sample.jsonl`).
 */
const BABYBENCH_RECORD_NAME = /(?:^|[\\/])llm[-_]babybench[^\\/]*\.(?:csv|jsonl|ndjson|json)$/i;

export const babyaiBenchmark: BenchmarkDefinition = {
  id: 'babyai',
  label: 'LLM-BabyBench',
  kinds: [
    { id: 'babyai-level', suffixes: ['.level.json'], schemaId: 'babyai-level', validation: 'standalone', examples: ['goto.level.json'] },
    {
      id: 'babyai-records',
      pattern: BABYBENCH_RECORD_NAME,
      validation: 'standalone',
      examples: ['LLM_BABYBENCH_Predict.csv', 'LLM_BABYBENCH_Decompose.csv', 'llm-babybench-sample.jsonl', 'llm_babybench_plan.json', 'llm-babybench-export.ndjson'],
    },
  ],
  validate: (kind, text, path) => {
    if (kind === 'babyai-level') return loadLevelFile(text).diagnostics;
    const file = readRecordFile(baseName(path), text);
    return [...file.diagnostics, ...file.records.flatMap((record) => loadRecord(record).diagnostics)];
  },
};
