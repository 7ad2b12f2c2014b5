// The HTML report's per-question data, packed small enough that 40,000 records stay far under the
// 20 MB the contract allows: prompts repeat (a MANGO game's walkthrough, a GRASP grid under eight
// settings), so each distinct message text is stored once, and a long one that mostly repeats an
// earlier one is stored as that one's shared prefix and suffix plus what differs. Past a size
// budget prompts are left out and very long answers cut, and the page says how many.
import type { ReportRow } from './report';

/** A message text: whole, or [index of a whole text, shared prefix length, shared suffix length, the middle]. */
export type PackedText = string | [number, number, number, string];

export interface PackedRow {
  /** Index into `models`. */
  m: number;
  id: string;
  /** The benchmark fields, in `fields` order. */
  f: Array<string | number | null>;
  /** The metrics, in `metrics` order (null: none). */
  v: Array<number | null>;
  ok: 0 | 1;
  err?: string;
  mode: string;
  /** [role, index into `texts`] per message; absent when left out for size. */
  p?: Array<[string, number]>;
  raw: string;
  /** Set when `raw` was cut: its full length. */
  cut?: number;
  parsed: string;
  scores: string;
  d: Array<[number, number, string, string, string]>;
}

export interface PackedData {
  models: string[];
  fields: string[];
  metrics: string[];
  texts: PackedText[];
  rows: PackedRow[];
  /** Records whose prompt was left out to stay under the size budget. */
  promptsOmitted: number;
  answersCut: number;
}

/** The budget for the packed JSON, leaving room for tables, plots and script under 20 MB. */
export const DATA_BUDGET = 17 * 1048576;
const ANSWER_LIMIT = 20_000;
/** Texts shorter than this are stored whole (a delta would not pay for itself). */
const DELTA_MIN = 2_000;

function sharedPrefix(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function sharedSuffix(a: string, b: string, prefix: number): number {
  const limit = Math.min(a.length, b.length) - prefix;
  let i = 0;
  while (i < limit && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

/** A table of distinct texts; long texts delta-coded against the last whole text of the same slot (message role and position). */
class TextTable {
  readonly texts: PackedText[] = [];
  private readonly index = new Map<string, number>();
  private readonly bases = new Map<string, number>();
  size = 0;

  add(text: string, slot: string): number {
    const known = this.index.get(text);
    if (known !== undefined) return known;
    let entry: PackedText = text;
    const base = this.bases.get(slot);
    if (text.length >= DELTA_MIN && base !== undefined) {
      const whole = this.texts[base] as string;
      const prefix = sharedPrefix(whole, text);
      const suffix = sharedSuffix(whole, text, prefix);
      if (prefix + suffix >= text.length / 2) entry = [base, prefix, suffix, text.slice(prefix, text.length - suffix)];
    }
    const at = this.texts.length;
    this.texts.push(entry);
    this.index.set(text, at);
    if (typeof entry === 'string' && text.length >= DELTA_MIN) this.bases.set(slot, at);
    this.size += typeof entry === 'string' ? entry.length + 3 : entry[3].length + 30;
    return at;
  }
}

const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 1) ?? '');

/** Packs the rows for the drill-down. */
export function packRows(rows: readonly ReportRow[], fields: readonly string[], metrics: readonly string[]): PackedData {
  const models: string[] = [];
  const modelIndex = new Map<string, number>();
  const table = new TextTable();
  const packed: PackedRow[] = [];
  let size = 0;
  let promptsOmitted = 0;
  let answersCut = 0;
  for (const { record, fields: values, metrics: measured, valid } of rows) {
    let m = modelIndex.get(record.model.id);
    if (m === undefined) {
      m = models.length;
      models.push(record.model.id);
      modelIndex.set(record.model.id, m);
    }
    const cut = record.rawAnswer.length > ANSWER_LIMIT;
    if (cut) answersCut++;
    const row: PackedRow = {
      m, id: record.question.sampleId, f: fields.map((name) => values[name] ?? null), v: metrics.map((name) => measured[name] ?? null), ok: valid ? 1 : 0, mode: record.mode,
      raw: cut ? record.rawAnswer.slice(0, ANSWER_LIMIT) : record.rawAnswer, parsed: json(record.parsedAnswer), scores: json(record.scores),
      d: (record.diagnostics ?? []).map((d) => [d.line, d.character, d.severity, d.code, d.message]),
    };
    if (cut) row.cut = record.rawAnswer.length;
    if (record.error !== undefined) row.err = record.error;
    size += row.raw.length + row.parsed.length + row.scores.length + row.id.length + 120 + row.d.reduce((total, d) => total + d[3].length + d[4].length + 20, 0);
    if (size + table.size < DATA_BUDGET) {
      row.p = record.messages.map((message, index) => [message.role, table.add(message.content, `${message.role}/${index}`)]);
    } else promptsOmitted++;
    packed.push(row);
  }
  return { models, fields: [...fields], metrics: [...metrics], texts: table.texts, rows: packed, promptsOmitted, answersCut };
}
