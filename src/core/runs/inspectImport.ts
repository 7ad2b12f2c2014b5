// An Inspect AI eval sample back as a Waypoint run record (`waypoint import inspect`). A sample
// `waypoint export inspect` wrote carries its record in `metadata.waypoint_record`, with the parts
// the sample shows elsewhere left null; they are filled back from there (the input, the
// completion, the question, trajectory and diagnostics in metadata), so the record is the one
// exported, byte for byte. A sample without it cannot be scored here: the four benchmarks score an
// answer against the game, grid or level it was asked on, which an Inspect sample does not name,
// so such a sample is a located problem, never a guessed record.
import { safeParse } from 'zod/mini';
import { runRecordSchema } from '../eval/recordSchemas';
import type { RunRecord } from '../eval/types';
import { RECORD_PLACEHOLDERS } from './inspectExport';

export type SampleRead = { ok: true; record: RunRecord } | { ok: false; problem: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of an Inspect message's content: a string, or the text parts of a content list. */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const texts = content.filter((part) => isObject(part) && part.type === 'text' && typeof part.text === 'string');
  return texts.length === content.length ? texts.map((part) => (part as { text: string }).text).join('') : null;
}

/** The sample's input as Waypoint chat messages; null when it holds a message Waypoint cannot hold (a tool call, an image). */
function messagesOf(input: unknown): RunRecord['messages'] | null {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  if (!Array.isArray(input)) return null;
  const messages: RunRecord['messages'] = [];
  for (const message of input) {
    if (!isObject(message)) return null;
    const { role } = message;
    const content = contentText(message.content);
    if ((role !== 'system' && role !== 'user' && role !== 'assistant') || content === null) return null;
    messages.push({ role, content });
  }
  return messages;
}

/** Where each placeholder's value is in the sample. */
function filled(sample: Record<string, unknown>, metadata: Record<string, unknown>, key: string): unknown {
  switch (key as keyof typeof RECORD_PLACEHOLDERS) {
    case 'messages':
      return messagesOf(sample.input);
    case 'rawAnswer':
      return isObject(sample.output) ? sample.output.completion : undefined;
    case 'question':
      return metadata.waypoint_question;
    case 'parsedAnswer':
      return metadata.waypoint_trajectory;
    case 'diagnostics':
      return metadata.waypoint_diagnostics;
  }
}

/**
 * The run record of one sample; `where` names the sample in problems (`log.eval:samples/x_epoch_1.json`).
 * The record is checked as a run file's line is (the record schema and the benchmark's question schema).
 */
export function recordOfSample(sample: unknown, where: string): SampleRead {
  if (!isObject(sample))
    return { ok: false, problem: `${where}: not an Inspect sample (an object with id, epoch, input, output)` };
  const metadata = isObject(sample.metadata) ? sample.metadata : {};
  const kept = metadata.waypoint_record;
  if (!isObject(kept)) {
    const reason =
      metadata.waypoint_question !== undefined
        ? 'it carries a Waypoint question but no waypoint_record, and an answer is scored against the game, grid or level files, which the log does not hold'
        : "it has no Waypoint record in its metadata (only logs written by 'waypoint export inspect' carry one; a log of another Inspect task names no maze, grid or level its answers could be scored on)";
    return { ok: false, problem: `${where}: sample ${String(sample.id)} cannot be imported: ${reason}` };
  }
  const record: Record<string, unknown> = { ...kept };
  for (const key of Object.keys(RECORD_PLACEHOLDERS)) {
    if (!(key in record) || record[key] !== null) continue;
    const value = filled(sample, metadata, key);
    if (value === undefined || (key === 'messages' && value === null))
      return {
        ok: false,
        problem: `${where}: sample ${String(sample.id)}: its record's ${key} should be ${RECORD_PLACEHOLDERS[key as keyof typeof RECORD_PLACEHOLDERS]}, which ${key === 'messages' ? 'holds a message that is not plain system, user or assistant text' : 'is missing'}`,
      };
    record[key] = value;
  }
  const parsed = safeParse(runRecordSchema, record);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return {
      ok: false,
      problem: `${where}: sample ${String(sample.id)}: not a Waypoint run record${path}: ${issue.message}`,
    };
  }
  // The record as it was written, not the schema's copy: the schema may drop or reorder nothing, but
  // the line written back must be the exported line exactly.
  return { ok: true, record: record as unknown as RunRecord };
}
