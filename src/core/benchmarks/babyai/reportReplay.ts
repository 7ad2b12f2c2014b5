// An LLM-BabyBench record's replay for the report's drill-down: its answer scored again on the
// level or record file it was asked from (relative to the current folder, or under `--levels DIR`).
import type { BoardTimeline } from '../../benchmark/board';
import type { RunRecord } from '../../eval/types';
import type { BabyaiQuestion } from './questionSchema';
import type { ReplayContext } from '../../benchmark/registry';
import { baseName, joinPath } from '../../util/walk';
import { babyaiTimeline } from './boardTimeline';
import { type BabyaiQuestionInput, prepareBabyaiQuestion, scoreBabyaiAnswer } from './evaluation';
import { loadLevelFile } from './levelFile';
import { readRecordFile } from './recordFiles';
import { loadRecord } from './records';

export async function babyaiReplay(
  record: RunRecord<BabyaiQuestion>,
  context: ReplayContext,
): Promise<BoardTimeline | string> {
  const question = record.question;
  if (record.mode !== 'faithful' && record.mode !== 'reference') return `BabyAI has no ${record.mode} scoring mode`;
  const levels = context.sources.levels;
  const candidates = levels
    ? [joinPath(levels, question.source), joinPath(levels, baseName(question.source))]
    : [question.source];
  const file = await context.firstFound('babyai-files', candidates, (text, path) => ({ path, text }));
  if (typeof file === 'string')
    return `level or record file not found: ${file}${levels ? '' : ' (replays look for it relative to the current folder, or give --levels DIR)'}`;
  const input = babyaiInput(file.path, file.text, question);
  if (typeof input === 'string') return input;
  const prepared = prepareBabyaiQuestion(input);
  if (prepared.question.sampleId !== question.sampleId)
    return `${file.path} no longer asks this question (its sample id differs): the file changed after the run`;
  const scored = scoreBabyaiAnswer(prepared, record.rawAnswer, record.mode);
  return babyaiTimeline(
    prepared.spec,
    scored.timelineActions,
    `${question.levelName}: ${question.task} (${record.mode})`,
    { stacks: scored.stacks },
  );
}

/** The question input of a level or record file, as the question set built it. */
function babyaiInput(path: string, text: string, question: BabyaiQuestion): BabyaiQuestionInput | string {
  const base = { task: question.task, source: question.source, prompt: question.prompt ?? 'zero_shot' } as const;
  if (question.record === null) {
    const loaded = loadLevelFile(text);
    if (!loaded.spec) return `${path}: the level cannot be built`;
    return { ...base, spec: loaded.spec, levelName: question.levelName, record: null };
  }
  const raw = readRecordFile(baseName(path), text).records[question.record];
  if (!raw) return `${path} has no record ${question.record + 1}`;
  const { record, spec } = loadRecord(raw);
  if (!spec) return `${path}: record ${question.record + 1}'s level cannot be built`;
  return {
    ...base,
    spec,
    levelName: question.levelName,
    record: question.record,
    description: record.description,
    predictActions: question.task === 'predict' ? record.actions : undefined,
    expertActions: question.task === 'plan' ? record.actions : undefined,
  };
}
