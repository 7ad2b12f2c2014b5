// Run records for the report and compare tests, shaped as `waypoint run` writes them (the fields of
// RunRecord, MANGO questions with real-looking 64-hex sample ids), serialised to JSON Lines.
import type { RecordDiagnostic, RunRecord } from '../../../src/core/eval/types';
import type { MangoQuestion } from '../../../src/core/benchmarks/mango/questionSchema';
import { sha256Hex } from '../../../src/core/util/sha256';

export interface MangoRow {
  model: string;
  game: string;
  task?: 'df' | 'rf';
  /** Distinguishes questions of one game. */
  n: number;
  easy?: boolean;
  answerable?: boolean;
  strict?: number;
  loose?: number;
  reasoning?: number;
  parseError?: boolean;
  error?: string;
  diagnostics?: string[];
  raw?: string;
  prompt?: string;
  /** The repeat of a run with --epochs (absent: a run without repeats). */
  epoch?: number;
}

export function mangoSampleId(game: string, n: number, task: 'df' | 'rf' = 'df'): string {
  return sha256Hex(`${game}/${task}/${n}`);
}

export function mangoRecord(row: MangoRow): RunRecord {
  const task = row.task ?? 'df';
  const question: MangoQuestion = {
    benchmark: 'mango',
    game: row.game,
    task,
    sampleId: mangoSampleId(row.game, row.n, task),
    src: 'West of House',
    dst: 'Kitchen',
    actionList: task === 'df' ? Array.from({ length: 1 + (row.n % 3) }, () => 'north') : [],
    answerable: row.answerable ?? true,
    easy: row.easy ?? true,
    cutoff: 70,
  };
  const diagnostics: RecordDiagnostic[] = (row.diagnostics ?? []).map((code, index) => ({
    code,
    severity: 'error',
    line: 0,
    character: index,
    message: `problem ${code}`,
  }));
  const failed = row.error !== undefined;
  return {
    time: '2025-05-01T12:00:00.000Z',
    question,
    model: {
      id: row.model,
      provider: 'openai-compatible',
      model: row.model,
      temperature: 0,
      maxTokens: 512,
      timeoutMs: 60000,
      retries: 2,
    },
    messages: [
      {
        role: 'user',
        content: row.prompt ?? `Walkthrough of ${row.game}.\nWhere do you end up after going north from West of House?`,
      },
    ],
    rawAnswer:
      row.raw ??
      (failed ? '' : "[{'location_before': 'West of House', 'action': 'north', 'location_after': 'North of House'}]"),
    parsedAnswer: failed
      ? null
      : [{ location_before: 'West of House', action: 'north', location_after: 'North of House' }],
    scores: failed
      ? {}
      : {
          parse_error: row.parseError ?? false,
          success_strict: row.strict ?? 0,
          success_loose: row.loose ?? row.strict ?? 0,
          reasoning: row.reasoning ?? 0,
          mode: 'faithful',
        },
    mode: 'faithful',
    promptTokens: 900,
    completionTokens: 40,
    latencyMs: 1200,
    cached: false,
    costUsd: null,
    run_id: 'run-1',
    diagnostics,
    ...(failed ? { error: row.error } : {}),
    ...(row.epoch !== undefined ? { epoch: row.epoch } : {}),
  };
}

export const jsonl = (records: readonly RunRecord[]) =>
  `${records.map((record) => JSON.stringify(record)).join('\n')}\n`;
