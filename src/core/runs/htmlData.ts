// The HTML report's per-question data, packed so 40,000 records stay under the contract's 20 MB:
// repeated strings (field values, score names, diagnostic codes and messages) are stored once and
// referred to by index; each distinct message text is stored once, and a long one that mostly
// repeats an earlier one (a MANGO game's walkthrough, a GRASP grid under eight settings) as that
// one's shared prefix and suffix plus what differs. The host may gzip the JSON (the page inflates
// it with DecompressionStream). If it is still too large, prompts are left out, then long answers
// cut, and the page says how many. Replays (replays.ts) have a budget of their own: past it a
// row's replay is left out and the page says how many were.
import type { RunRecord } from '../eval/types';
import type { PackedReplay, ReplayResult } from './replayFrames';
import type { ReportRow } from './report';
import { stringTable } from './stringTable';

/** A message text: whole, or [index of a whole text, shared prefix length, shared suffix length, the middle]. */
export type PackedText = string | [number, number, number, string];

export interface PackedRow {
  /** Index into `strings`: the model id. */
  m: number;
  id: string;
  /** The benchmark fields, in `fields` order: indices into `strings` (null: no value). */
  f: Array<number | null>;
  /** The metrics, in `metrics` order (null: none). */
  v: Array<number | null>;
  ok: 0 | 1;
  err?: string;
  /** Index into `strings`: the scoring mode. */
  mode: number;
  /** [role index in `strings`, text index in `texts`] per message; absent when left out for size. */
  p?: Array<[number, number]>;
  raw: string;
  /** Set when `raw` was cut: its full length. */
  cut?: number;
  parsed?: unknown;
  /** [index in `strings` of the score names joined by a tab, the values in that order]. */
  s: [number, unknown[]];
  /** [line, character, severity, code, message], the last three indices into `strings`. */
  d: Array<[number, number, number, number, number]>;
  /** The replay (frames of the board or maze), when there is one. */
  rp?: PackedReplay;
  /** Index into `strings`: how the record was cut (`truncated`, `context_truncated`) and whether the means count it. */
  tc?: number;
  /** Index into `strings`: why there is no replay. */
  rn?: number;
}

export interface PackedData {
  strings: string[];
  fields: string[];
  metrics: string[];
  texts: PackedText[];
  rows: PackedRow[];
  /** Records whose prompt was left out to stay under the size budget. */
  promptsOmitted: number;
  answersCut: number;
  answerLimit: number;
  /** Replays left out to stay under the size budget. */
  replaysOmitted: number;
}

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

/** Distinct texts; long ones delta-coded against the last whole text of the same slot (message role and position). */
class TextTable {
  readonly texts: PackedText[] = [];
  private readonly index = new Map<string, number>();
  private readonly bases = new Map<string, number>();

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
    return at;
  }
}

/** How much a packing keeps: everything, no prompts, or no prompts and answers cut to `answerLimit` characters. */
interface PackLevel {
  prompts: boolean;
  answerLimit: number;
  /** The most characters of replay JSON kept, in row order (gzip takes them to about a tenth: frames repeat). */
  replayBudget: number;
}

export const PACK_LEVELS: readonly PackLevel[] = [
  { prompts: true, answerLimit: 20_000, replayBudget: 48 * 1048576 },
  { prompts: false, answerLimit: 20_000, replayBudget: 24 * 1048576 },
  { prompts: false, answerLimit: 2_000, replayBudget: 8 * 1048576 },
  { prompts: false, answerLimit: 200, replayBudget: 2 * 1048576 },
];

/** Said in a row without replay data at all (a caller that did not look for the files). */
const NO_REPLAY_SOURCES =
  'replays need the files the records name: waypoint report ... --html FILE with --grids DIR (GRASP), --games DIR (MANGO) or --levels DIR (BabyAI)';

/** How a record was cut, in the words its row shows (and the filter finds): `truncated`, `context_truncated`, in the means or not. */
function cutDescription(record: RunRecord, inMeans: boolean): string | null {
  const cuts = [
    record.truncated ? 'truncated (reply cut at the token limit)' : '',
    record.context_truncated ? 'context_truncated (prompt cut by the server)' : '',
  ].filter(Boolean);
  if (cuts.length === 0) return null;
  return `${cuts.join(', ')}; ${inMeans ? 'counted in the means' : 'not in the means'}`;
}

/** One row's own data, its answer cut at `answerLimit` (the replay and the prompt are the caller's to add). */
function packedRow(
  { record, fields: values, metrics: measured, valid, inMeans }: ReportRow,
  fields: readonly string[],
  metrics: readonly string[],
  answerLimit: number,
  intern: (text: string) => number,
): PackedRow {
  const cut = record.rawAnswer.length > answerLimit;
  const scoreNames = Object.keys(record.scores);
  const row: PackedRow = {
    m: intern(record.model.id),
    id: record.question.sampleId,
    f: fields.map((name) =>
      values[name] === null || values[name] === undefined ? null : intern(String(values[name])),
    ),
    v: metrics.map((name) => measured[name] ?? null),
    ok: valid ? 1 : 0,
    mode: intern(record.mode),
    raw: cut ? record.rawAnswer.slice(0, answerLimit) : record.rawAnswer,
    s: [intern(scoreNames.join('\t')), scoreNames.map((name) => record.scores[name])],
    d: (record.diagnostics ?? []).map((d) => [
      d.line,
      d.character,
      intern(d.severity),
      intern(d.code),
      intern(d.message),
    ]),
  };
  if (record.parsedAnswer !== undefined && record.parsedAnswer !== null) row.parsed = record.parsedAnswer;
  if (cut) row.cut = record.rawAnswer.length;
  if (record.error !== undefined) row.err = record.error;
  const cutNote = cutDescription(record, inMeans);
  if (cutNote) row.tc = intern(cutNote);
  return row;
}

/** Packs the rows for the drill-down at one level. */
export function packRows(
  rows: readonly ReportRow[],
  fields: readonly string[],
  metrics: readonly string[],
  level: PackLevel = PACK_LEVELS[0],
  replays?: ReadonlyMap<RunRecord, ReplayResult>,
): PackedData {
  const { strings, intern } = stringTable();
  const table = new TextTable();
  const packed: PackedRow[] = [];
  let answersCut = 0;
  let replaysOmitted = 0;
  let replaySize = 0;
  for (const reportRow of rows) {
    const { record } = reportRow;
    const row = packedRow(reportRow, fields, metrics, level.answerLimit, intern);
    if (row.cut !== undefined) answersCut++;
    const replay = replays?.get(record);
    const size = replay && 'replay' in replay ? JSON.stringify(replay.replay).length : 0;
    if (replay && 'replay' in replay && replaySize + size <= level.replayBudget) {
      row.rp = replay.replay;
      replaySize += size;
    } else if (replay && !('note' in replay)) {
      replaysOmitted++;
      row.rn = intern('this replay is left out to keep the file small');
    } else row.rn = intern(replay ? replay.note : NO_REPLAY_SOURCES);
    if (level.prompts)
      row.p = record.messages.map((message, index) => [
        intern(message.role),
        table.add(message.content, `${message.role}/${index}`),
      ]);
    packed.push(row);
  }
  return {
    strings,
    fields: [...fields],
    metrics: [...metrics],
    texts: table.texts,
    rows: packed,
    promptsOmitted: level.prompts ? 0 : rows.length,
    answersCut,
    answerLimit: level.answerLimit,
    replaysOmitted,
  };
}
