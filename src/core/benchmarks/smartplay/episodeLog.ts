// Episode logs as JSON Lines (schema: core/benchmarks/smartplay/logSchema.ts): writing a runner's episode, and
// reading any log line by line with located diagnostics. Semantic checks are in episodeChecks.ts.
import { forEachJsonLine } from '../mango/walkthrough/gameFiles';
import {
  EPISODE_LOG_FORMAT,
  episodeLineSchema,
  type EpisodeEndLine,
  type EpisodeHeaderLine,
  type EpisodeLine,
  type EpisodeStepLine,
} from './logSchema';
import { lineRange, splitLines, type Diagnostic, type Range } from '../../util/text';
import type { SmartPlayEpisodeEnd, EpisodeHeader, EpisodeLog, StepRecord } from './runner';

export const EpisodeLogCodes = {
  headerMissing: 'smartplay/header-missing',
  lineOrder: 'smartplay/line-order',
  stepSequence: 'smartplay/step-sequence',
  unknownGame: 'smartplay/unknown-game',
  actionRange: 'smartplay/action-range',
  actionText: 'smartplay/action-text',
  actionMismatch: 'smartplay/action-mismatch',
  observationChain: 'smartplay/observation-chain',
  stepAfterDone: 'smartplay/step-after-done',
  stepLimit: 'smartplay/step-limit',
  endMismatch: 'smartplay/end-mismatch',
  promptMismatch: 'smartplay/prompt-mismatch',
  replayMismatch: 'smartplay/replay-mismatch',
  replayImpossible: 'smartplay/replay-impossible',
} as const;

/** The header line of a runner episode. */
function headerLine(header: EpisodeHeader): string {
  return JSON.stringify({ kind: 'header', format: EPISODE_LOG_FORMAT, version: 1, ...header });
}

/** One step line; the extension can append these while an episode runs. */
function stepLine(record: StepRecord): string {
  return JSON.stringify({ kind: 'step', ...record });
}

function endLine(end: SmartPlayEpisodeEnd): string {
  return JSON.stringify({ kind: 'end', ...end });
}

/** The whole log, newline-terminated. */
export function formatEpisodeLog(log: EpisodeLog): string {
  const lines = [headerLine(log.header), ...log.steps.map(stepLine), ...(log.end ? [endLine(log.end)] : [])];
  return lines.join('\n') + '\n';
}

export interface LocatedRecord<T> {
  record: T;
  /** 0-based line of the record in the file. */
  line: number;
  rangeAt(path: ReadonlyArray<string | number>): Range;
}

/** A log as read: every schema-valid line, in file order, with its position. */
export interface ParsedEpisodeLog {
  header: LocatedRecord<EpisodeHeaderLine> | null;
  steps: Array<LocatedRecord<EpisodeStepLine>>;
  end: LocatedRecord<EpisodeEndLine> | null;
}

/** Reads a log; JSON and schema problems are located diagnostics, as are misplaced lines. */
export function parseEpisodeLog(text: string): { log: ParsedEpisodeLog; diagnostics: Diagnostic[] } {
  const log: ParsedEpisodeLog = { header: null, steps: [], end: null };
  const lines: Array<LocatedRecord<EpisodeLine>> = [];
  const diagnostics = forEachJsonLine(splitLines(text), episodeLineSchema, (line) => lines.push(line));
  const firstLine = splitLines(text).findIndex((line) => line.trim() !== '');
  const misplaced = (line: LocatedRecord<EpisodeLine>, message: string) =>
    diagnostics.push({ severity: 'error', code: EpisodeLogCodes.lineOrder, message, range: line.rangeAt([]) });
  for (const line of lines) {
    const { record } = line;
    if (record.kind === 'header') {
      if (log.header || line.line !== firstLine) misplaced(line, 'The header must be the first line, and appear once.');
      else log.header = { ...line, record };
    } else if (log.end) misplaced(line, 'Nothing may follow the end line.');
    else if (record.kind === 'step') log.steps.push({ ...line, record });
    else log.end = { ...line, record };
  }
  const headerDiagnosed = diagnostics.some((diagnostic) => diagnostic.range.start.line === firstLine);
  if (!log.header && !headerDiagnosed) {
    const line = Math.max(firstLine, 0);
    diagnostics.push({
      severity: 'error',
      code: EpisodeLogCodes.headerMissing,
      message: `A SmartPlay episode log starts with a {"kind":"header","format":"${EPISODE_LOG_FORMAT}",...} line.`,
      range: lineRange(line, 0, splitLines(text)[line]?.length ?? 0),
    });
  }
  return { log, diagnostics };
}

/** The episode's score (last step's info['score'], else the reset's) and its total reward. */
export function episodeScore(log: ParsedEpisodeLog): { score: number | null; totalReward: number } {
  const last = log.steps[log.steps.length - 1]?.record;
  const score = last?.score ?? log.header?.record.reset?.score ?? null;
  return { score, totalReward: log.steps.reduce((total, step) => total + step.record.reward, 0) };
}
