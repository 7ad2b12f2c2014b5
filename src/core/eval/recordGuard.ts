// Every record Waypoint writes is one its own reader accepts (issue 29: hostile `usage` wrote
// records the reader rejected, so `report` said "no run records" and resume asked and appended the
// same questions again). A record is checked against runRecordSchema before it is written. Numbers
// that came from outside (token counts, costs, latency) and are not what a record holds are
// replaced, each with a note in `usage_notes`; a record still not valid after that (a bug) is
// written as an error record naming the problem, so the question is asked again on --resume (its
// reply is in the response cache: asking again costs nothing).
import { safeParse } from 'zod/mini';
import { runRecordSchema } from './recordSchemas';
import type { QuestionBase, RunRecord } from './types';

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isAmount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** `record` with its outside numbers made valid, and the notes saying what was replaced. */
function repairedNumbers<Q extends QuestionBase>(record: RunRecord<Q>): { record: RunRecord<Q>; notes: string[] } {
  const notes: string[] = [];
  const repaired: RunRecord<Q> = { ...record };
  const tokens = (name: 'promptTokens' | 'completionTokens') => {
    const value: unknown = record[name];
    if (value === null || isCount(value)) return;
    notes.push(`${name} was ${shown(value)}, not a non-negative integer: recorded as null`);
    repaired[name] = null;
  };
  tokens('promptTokens');
  tokens('completionTokens');
  const costUsd: unknown = record.costUsd;
  if (costUsd !== null && !(typeof costUsd === 'number' && Number.isFinite(costUsd))) {
    notes.push(`costUsd was ${shown(costUsd)}, not a number: recorded as null`);
    repaired.costUsd = null;
  }
  const latency: unknown = record.latencyMs;
  if (!isAmount(latency)) {
    notes.push(`latencyMs was ${shown(latency)}, not a non-negative number: recorded as 0`);
    repaired.latencyMs = 0;
  }
  for (const name of ['reasoning_tokens', 'cached_tokens'] as const) {
    const value: unknown = record[name];
    if (value === undefined || isCount(value)) continue;
    notes.push(`${name} was ${shown(value)}, not a non-negative integer: left out`);
    delete repaired[name];
  }
  const preflight: unknown = record.preflight_cost_usd;
  if (preflight !== undefined && !isAmount(preflight)) {
    notes.push(`preflight_cost_usd was ${shown(preflight)}, not a non-negative number: left out`);
    delete repaired.preflight_cost_usd;
  }
  if (notes.length > 0) repaired.usage_notes = [...(record.usage_notes ?? []), ...notes];
  return { record: repaired, notes };
}

/** The first schema issue of `record`, as `field: message`, or null when it is a valid record. */
function recordProblem(record: unknown): string | null {
  const parsed = safeParse(runRecordSchema, record);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || 'record'}: ${issue.message}` : 'not a run record';
}

/** `record` as it may be written: valid as it is, with its outside numbers repaired (and noted), or else an error record. */
export function writableRecord<Q extends QuestionBase>(record: RunRecord<Q>): RunRecord<Q> {
  if (recordProblem(record) === null) return record;
  const { record: repaired } = repairedNumbers(record);
  const problem = recordProblem(repaired);
  if (problem === null) return repaired;
  return {
    time: repaired.time,
    question: repaired.question,
    model: repaired.model,
    messages: repaired.messages,
    rawAnswer: typeof repaired.rawAnswer === 'string' ? repaired.rawAnswer : '',
    parsedAnswer: null,
    scores: {},
    mode: repaired.mode,
    promptTokens: repaired.promptTokens,
    completionTokens: repaired.completionTokens,
    latencyMs: repaired.latencyMs,
    cached: repaired.cached === true,
    costUsd: repaired.costUsd,
    ...(repaired.run_id !== undefined ? { run_id: repaired.run_id } : {}),
    ...(repaired.preflight_cost_usd !== undefined ? { preflight_cost_usd: repaired.preflight_cost_usd } : {}),
    ...(repaired.usage_notes ? { usage_notes: repaired.usage_notes } : {}),
    ...(repaired.epoch !== undefined ? { epoch: repaired.epoch } : {}),
    diagnostics: [],
    error: `internal error: the answer's record was not valid (${problem}); --resume asks it again (from the response cache)`,
    failure: { kind: 'internal' },
  };
}
