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
import { detached } from '../util/text';

/** A message text: whole, or [index of a whole text, shared prefix length, shared suffix length, the middle]. */
export type PackedText = string | [number, number, number, string];

export interface PackedRow {
  /** Index into `strings`: the model id. */
  m: number;
  id: string;
  /** Index into `strings`: the question's label (questionLabels.ts). */
  l: number;
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

/** FNV-1a over UTF-16 code units: the text table's index key (a hit is checked against the text). */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * Distinct texts; long ones delta-coded against the last whole text of the same slot (message role
 * and position). The index is by hash, so a delta-coded text is held as its difference only (keyed
 * by the text itself it kept every prompt whole: a MANGO run's walkthrough per record).
 */
class TextTable {
  readonly texts: PackedText[] = [];
  /** Characters the entries hold. */
  chars = 0;
  private readonly index = new Map<number, number | number[]>();
  private readonly bases = new Map<string, number>();

  add(text: string, slot: string): number {
    const hash = textHash(text);
    const known = this.index.get(hash);
    for (const at of typeof known === 'number' ? [known] : (known ?? [])) if (this.textAt(at) === text) return at;
    let entry: PackedText = text;
    const base = this.bases.get(slot);
    if (text.length >= DELTA_MIN && base !== undefined) {
      const whole = this.texts[base] as string;
      const prefix = sharedPrefix(whole, text);
      const suffix = sharedSuffix(whole, text, prefix);
      // Copied out: a slice would keep the whole prompt it was cut from.
      if (prefix + suffix >= text.length / 2)
        entry = [base, prefix, suffix, detached(text.slice(prefix, text.length - suffix))];
    }
    const at = this.texts.length;
    this.texts.push(entry);
    this.chars += typeof entry === 'string' ? entry.length : entry[3].length;
    this.index.set(hash, known === undefined ? at : [...(typeof known === 'number' ? [known] : known), at]);
    if (typeof entry === 'string' && text.length >= DELTA_MIN) this.bases.set(slot, at);
    return at;
  }

  private textAt(at: number): string {
    const entry = this.texts[at];
    if (typeof entry === 'string') return entry;
    const whole = this.texts[entry[0]] as string;
    return whole.slice(0, entry[1]) + entry[3] + whole.slice(whole.length - entry[2]);
  }
}

/** How much a packing keeps: everything, no prompts, or no prompts and answers cut to `answerLimit` characters. */
export interface PackLevel {
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

/** The longest raw answer any pack level keeps. */
const LONGEST_ANSWER = Math.max(...PACK_LEVELS.map((level) => level.answerLimit));

/** What the page takes of one record's text: its answer as far as any level shows it, its prompts in the text table. */
export interface PageText {
  raw: string;
  rawLength: number;
  parsed: unknown;
  /** [role, index in the table] per message; null once the prompts are known not to fit. */
  prompts: Array<[string, number]> | null;
}

/**
 * The records' texts as the page can use them, gathered one record at a time in row order, so a
 * host need not hold every record whole (`waypoint report --html` on gigabytes of records): answers
 * cut to the most any level keeps, prompts as the text table the first level embeds. Once the
 * table alone would pass the data budget (`tooLarge`, asked at every doubling of its size), no
 * level with prompts can be chosen, and the table is dropped. packRows given these rows packs
 * exactly what it packs from the whole records.
 */
export class PageTexts {
  readonly rows: PageText[] = [];
  private table: TextTable | null = new TextTable();
  private nextCheck: number;

  constructor(
    private readonly tooLarge: (texts: readonly PackedText[]) => boolean,
    firstCheck = 1048576,
  ) {
    this.nextCheck = firstCheck;
  }

  /** Whether the prompts are kept (false: every level with prompts is over the budget). */
  get promptsKept(): boolean {
    return this.table !== null;
  }

  get texts(): PackedText[] {
    return this.table?.texts ?? [];
  }

  add(record: RunRecord): void {
    const raw = record.rawAnswer;
    const table = this.table;
    const prompts = table
      ? record.messages.map((message, index): [string, number] => [
          message.role,
          table.add(message.content, `${message.role}/${index}`),
        ])
      : null;
    this.rows.push({
      raw: raw.length > LONGEST_ANSWER ? detached(raw.slice(0, LONGEST_ANSWER)) : raw,
      rawLength: raw.length,
      parsed: record.parsedAnswer,
      prompts,
    });
    if (table && table.chars >= this.nextCheck) {
      if (this.tooLarge(table.texts)) {
        this.table = null;
        for (const row of this.rows) row.prompts = null;
      } else this.nextCheck *= 2;
    }
  }
}

/** Said in a row without replay data at all (a caller that did not look for the files). */
export const NO_REPLAY_SOURCES =
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

/** What packing one row adds to the page's tallies and shares with the other rows. */
interface PackState {
  intern: (text: string) => number;
  table: TextTable;
  level: PackLevel;
  replays?: ReadonlyMap<RunRecord, ReplayResult>;
  answersCut: number;
  replaysOmitted: number;
  replaySize: number;
}

/** A row's answer as the level keeps it: from the gathered page text when there is one, else the record's own. */
function answerOf(record: RunRecord, text: PageText | undefined, state: PackState) {
  const rawLength = text ? text.rawLength : record.rawAnswer.length;
  const rawAnswer = text ? text.raw : record.rawAnswer;
  const cut = rawLength > state.level.answerLimit;
  if (cut) state.answersCut++;
  return {
    raw: cut ? rawAnswer.slice(0, state.level.answerLimit) : rawAnswer,
    cut: cut ? rawLength : undefined,
    parsed: text ? text.parsed : record.parsedAnswer,
  };
}

/** The row's replay within the level's replay budget, else why it has none. */
function packReplay(row: PackedRow, record: RunRecord, state: PackState): void {
  const replay = state.replays?.get(record);
  const size = replay && 'replay' in replay ? JSON.stringify(replay.replay).length : 0;
  if (replay && 'replay' in replay && state.replaySize + size <= state.level.replayBudget) {
    row.rp = replay.replay;
    state.replaySize += size;
  } else if (replay && !('note' in replay)) {
    state.replaysOmitted++;
    row.rn = state.intern('this replay is left out to keep the file small');
  } else row.rn = state.intern(replay ? replay.note : NO_REPLAY_SOURCES);
}

function packRow(
  { record, fields: values, metrics: measured, valid, inMeans }: ReportRow,
  text: PageText | undefined,
  fields: readonly string[],
  metrics: readonly string[],
  state: PackState,
): PackedRow {
  const { intern, level } = state;
  const answer = answerOf(record, text, state);
  const scoreNames = Object.keys(record.scores);
  const row: PackedRow = {
    m: intern(record.model.id),
    id: record.question.sampleId,
    l: intern(String(values.question ?? record.question.sampleId)),
    f: fields.map((name) =>
      values[name] === null || values[name] === undefined ? null : intern(String(values[name])),
    ),
    v: metrics.map((name) => measured[name] ?? null),
    ok: valid ? 1 : 0,
    mode: intern(record.mode),
    raw: answer.raw,
    s: [intern(scoreNames.join('\t')), scoreNames.map((name) => record.scores[name])],
    d: (record.diagnostics ?? []).map((d) => [
      d.line,
      d.character,
      intern(d.severity),
      intern(d.code),
      intern(d.message),
    ]),
  };
  if (answer.parsed !== undefined && answer.parsed !== null) row.parsed = answer.parsed;
  if (answer.cut !== undefined) row.cut = answer.cut;
  if (record.error !== undefined) row.err = record.error;
  const cutNote = cutDescription(record, inMeans);
  if (cutNote) row.tc = intern(cutNote);
  packReplay(row, record, state);
  if (level.prompts && text) row.p = (text.prompts ?? []).map(([role, at]): [number, number] => [intern(role), at]);
  else if (level.prompts)
    row.p = record.messages.map((message, index) => [
      intern(message.role),
      state.table.add(message.content, `${message.role}/${index}`),
    ]);
  return row;
}

/**
 * Packs the rows for the drill-down at one level: from the records' own text, or from `pageTexts`
 * (one per row, in order) when the rows' records were read without it.
 */
export function packRows(
  rows: readonly ReportRow[],
  fields: readonly string[],
  metrics: readonly string[],
  level: PackLevel = PACK_LEVELS[0],
  replays?: ReadonlyMap<RunRecord, ReplayResult>,
  pageTexts?: PageTexts,
): PackedData {
  const { strings, intern } = stringTable();
  const state: PackState = {
    intern,
    table: new TextTable(),
    level,
    replays,
    answersCut: 0,
    replaysOmitted: 0,
    replaySize: 0,
  };
  const packed = rows.map((row, index) => packRow(row, pageTexts?.rows[index], fields, metrics, state));
  return {
    strings,
    fields: [...fields],
    metrics: [...metrics],
    texts: level.prompts && pageTexts ? pageTexts.texts : state.table.texts,
    rows: packed,
    promptsOmitted: level.prompts ? 0 : rows.length,
    answersCut: state.answersCut,
    answerLimit: level.answerLimit,
    replaysOmitted: state.replaysOmitted,
  };
}
