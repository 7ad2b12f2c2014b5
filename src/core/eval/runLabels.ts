// How runs of every benchmark are grouped and named in the Runs view, Compare Runs and file names:
// one place, so a new question kind cannot be listed under one name and compared under another.
import type { EvalQuestion, RunRecord } from './types';

/** The group a question belongs to: a MANGO game, a BabyAI level, a GRASP grid file. */
export function questionGroup(question: EvalQuestion): string {
  switch (question.benchmark) {
    case 'mango':
      return question.game;
    case 'babyai':
      return `BabyAI · ${question.source}`;
    case 'grasp':
      return `GRASP · ${question.file}`;
    case 'smartplay':
      return `SmartPlay · ${question.game}`;
  }
}

const SETTING_TEXT = (question: Extract<EvalQuestion, { benchmark: 'grasp' }>) =>
  `${question.settings.moves} moves, carry ${question.settings.carryLimit === 'none' ? 'unlimited' : question.settings.carryLimit}, cost ${question.settings.stepCost}`;

/** One line naming the question inside its group. */
export function questionLabel(question: EvalQuestion): string {
  switch (question.benchmark) {
    case 'mango':
      return `${question.task.toUpperCase()} ${question.src} → ${question.dst}`;
    case 'babyai':
      return `${question.task[0].toUpperCase()}${question.task.slice(1)} · ${question.levelName}${question.record !== null ? ` (record ${question.record + 1})` : ''}`;
    case 'grasp':
      return `#${question.index} · ${SETTING_TEXT(question)}${question.style === 'o1-mini' ? ' · o1-mini prompt' : ''}`;
    case 'smartplay':
      return `step ${question.step}, question ${question.question}`;
  }
}

/** A short, file-name-safe name for a run's answer document; a rerun of the same question by the same model reuses it. */
export function runDocumentName(record: Pick<RunRecord, 'question' | 'model'>): string {
  const { question } = record;
  let name: string;
  switch (question.benchmark) {
    case 'mango':
      name = `${question.game}-${question.task}-${question.sampleId.slice(0, 8)}`;
      break;
    case 'babyai':
      name = `${question.levelName}-${question.task}${question.record !== null ? `-record${question.record + 1}` : ''}`;
      break;
    case 'grasp':
      name = question.sampleId.replace(/\.jsonl-/, '-');
      break;
    case 'smartplay':
      name = question.sampleId;
      break;
  }
  return `${name}-${record.model.id}`.replace(/[^\w.-]+/g, '-');
}

/** The headline score of a run, 1 for full success, for the Runs view's pass/fail icon. */
export function runSucceeded(record: Pick<RunRecord, 'question' | 'scores'>): boolean {
  const { scores } = record;
  switch (record.question.benchmark) {
    case 'mango':
      return scores.success_strict === 1;
    case 'babyai':
      return scores.success === true || scores.success === 1 || scores.CR === 1;
    case 'grasp':
      return typeof scores.score === 'number' && scores.score > 0;
    case 'smartplay':
      return scores.completed === 1;
  }
}

/** The numeric scores, "name 0.50 · other 1.00", for one-line summaries. */
export function scoreLine(scores: RunRecord['scores']): string {
  return Object.entries(scores)
    .filter(([, value]) => typeof value === 'number')
    .map(([name, value]) => `${name} ${Number(value).toFixed(2)}`)
    .join(' · ');
}
