// BabyAI / LLM-BabyBench: Waypoint's level files and LLM-BabyBench's record files, each validated alone.
import type { BabyaiQuestion } from './questionSchema';
import type { BenchmarkDefinition } from '../../benchmark/registry';
import { babyaiFileScene, babyaiLiveBoard } from './boardHooks';
import { babyaiDeclaration } from './declaration';
import { baseName } from '../../util/walk';
import { loadLevelFile } from './levelFile';
import { readRecordFile } from './recordFiles';
import { loadRecord } from './records';
import { BABYAI_QUESTION_OPTIONS, BABYAI_QUESTION_OPTION_HINTS, babyaiQuestionSet } from './questionSet';
import { babyaiReport } from './report';
import { babyaiReplay } from './reportReplay';
import { DiagnosticCap } from '../../util/diagnosticCap';

/** The task a record's columns make it (spec §2), read without building the level. */
function recordTask(fields: ReadonlyMap<string, unknown>): string {
  if (fields.has('action_sequence')) return 'Predict';
  if (fields.has('expert_action_sequence')) return 'Plan';
  if (fields.has('help_count') || fields.has('mission')) return 'Decompose';
  return 'Question';
}

export const babyaiBenchmark: BenchmarkDefinition<BabyaiQuestion> = {
  // The report's drill-down (core/runs/replays.ts asks it).
  replay: babyaiReplay,
  ...babyaiDeclaration,
  report: babyaiReport,
  validate: (kind, text, path) => {
    if (kind === 'babyai-level') return loadLevelFile(text).diagnostics;
    const file = readRecordFile(baseName(path), text);
    // Records are checked in file order; past the per-file cap their problems are counted, not held.
    const diagnostics = new DiagnosticCap();
    diagnostics.push(...file.diagnostics);
    const records = new DiagnosticCap();
    for (const record of file.records) records.push(...loadRecord(record).diagnostics);
    return [...diagnostics.list(), ...records.list()];
  },
  // `waypoint run babyai`: --task predict|plan|decompose (required), --prompt zero_shot|few_shot|cot|tot.
  questionSet: babyaiQuestionSet,
  questionOptions: BABYAI_QUESTION_OPTIONS,
  questionOptionHints: BABYAI_QUESTION_OPTION_HINTS,
  scoringModes: ['faithful', 'reference'],
  // Show Board: a level file live and editable, a record file as the level of the record at the cursor.
  liveBoard: babyaiLiveBoard,
  fileScene: babyaiFileScene,
  // The three tasks above a level file; one lens per LLM-BabyBench record. The extension's command
  // builds the question (it asks for the model).
  questions(kind, text, path) {
    if (kind === 'babyai-level') {
      return [
        ...(['plan', 'predict', 'decompose'] as const).map((task) => ({
          line: 0,
          label: `▶ ${task[0].toUpperCase()}${task.slice(1)}`,
          command: 'waypoint.runBabyaiQuestion',
          argument: { task },
        })),
        { line: 0, label: 'Show Board', command: 'waypoint.showBoard', argument: {} },
      ];
    }
    return readRecordFile(baseName(path), text).records.map((record, index) => {
      const level =
        record.fields.get('level_name')?.value ?? record.fields.get('env_name')?.value ?? `record ${index + 1}`;
      const seed = record.fields.get('seed')?.value;
      return {
        line: record.range.start.line,
        label: `▶ Run ${recordTask(record.fields)} · ${level}${seed ? ` (seed ${seed})` : ''}`,
        command: 'waypoint.runBabyaiQuestion',
        argument: { record: index },
      };
    });
  },
};
