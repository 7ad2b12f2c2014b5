// The matrix's data: records grouped by question (sample id) with one column per model, and the
// filters over it. Pure and DOM-free; one pass over 40,000 rows with typed arrays stays far under
// the 2 s budget (the test measures the whole render), so it runs on the UI thread.
import type { ResultRow, ResultsModel } from '../../src/protocol/results';

export interface QuestionIndex {
  /** Sample id per question, in the order records first name them. */
  ids: string[];
  /** Row index (into model.rows) of each question's first record: its field values. */
  first: Int32Array;
  /** Row index per question × model column (question * models + column), -1 when that model has none. */
  cells: Int32Array;
  columns: number;
  /** Per question: 1 when any model's answer is wrong (see isWrong). */
  wrong: Uint8Array;
  /** Per question: 1 when at least two models answered and their primary values differ. */
  flipped: Uint8Array;
  /** Records that share a model and question with an earlier one (another scoring mode): not in the matrix. */
  hidden: number;
}

export interface MatrixFilter {
  wrongOnly: boolean;
  flippedOnly: boolean;
  /** A diagnostic code (index into strings), or -1. */
  code: number;
  /** A field (index into model.fields) and one of its values (index into strings), or -1. */
  field: number;
  value: number;
  text: string;
}

export const NO_FILTER: MatrixFilter = {
  wrongOnly: false,
  flippedOnly: false,
  code: -1,
  field: -1,
  value: -1,
  text: '',
};

/** The value the primary metric compares by: a missing success value counts 0, as in the report and compare. */
export function primaryValue(model: ResultsModel, row: ResultRow, primary: number): number | null {
  if (primary < 0) return null;
  const value = row.v[primary] ?? null;
  return value === null && model.primary !== null && model.success.includes(model.primary) ? 0 : value;
}

/** Wrong: an error, an unparseable answer, or a primary value short of full marks (0/1 metrics) or not above 0 (others). */
export function isWrong(model: ResultsModel, row: ResultRow, primary: number, binary: boolean): boolean {
  if (row.err === 1 || row.ok === 0) return true;
  const value = primaryValue(model, row, primary);
  if (value === null) return primary >= 0;
  return binary ? value !== 1 : value <= 0;
}

/** Per question: whether any model got it wrong, and whether the models' primary values differ (a flip). */
function questionFlags(
  model: ResultsModel,
  cells: Int32Array,
  columns: number,
  count: number,
): { wrong: Uint8Array; flipped: Uint8Array } {
  const primary = model.primary === null ? -1 : model.metrics.indexOf(model.primary);
  const binary = model.primary !== null && model.binary.includes(model.primary);
  const wrong = new Uint8Array(count);
  const flipped = new Uint8Array(count);
  for (let question = 0; question < count; question++) {
    let seen = 0;
    let firstValue: number | null = null;
    for (let column = 0; column < columns; column++) {
      const r = cells[question * columns + column];
      if (r < 0) continue;
      const row = model.rows[r];
      if (isWrong(model, row, primary, binary)) wrong[question] = 1;
      // An errored record was never answered: like `waypoint compare`, it is no side of a flip.
      if (row.err === 1) continue;
      const value = primaryValue(model, row, primary);
      if (seen > 0 && value !== firstValue) flipped[question] = 1;
      if (seen === 0) firstValue = value;
      seen++;
    }
  }
  return { wrong, flipped };
}

export function indexQuestions(model: ResultsModel): QuestionIndex {
  const columns = Math.max(1, model.models.length);
  const columnOf = new Map<number, number>();
  model.strings.forEach((text, at) => {
    const column = model.models.indexOf(text);
    if (column >= 0) columnOf.set(at, column);
  });
  const byId = new Map<string, number>();
  const ids: string[] = [];
  const firstRows: number[] = [];
  const { rows } = model;
  let cells = new Int32Array(Math.max(16, Math.min(rows.length, 1 << 16)) * columns).fill(-1);
  let hidden = 0;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    let question = byId.get(row.q);
    if (question === undefined) {
      question = ids.length;
      byId.set(row.q, question);
      ids.push(row.q);
      firstRows.push(r);
      if ((question + 1) * columns > cells.length) {
        const grown = new Int32Array(cells.length * 2).fill(-1);
        grown.set(cells);
        cells = grown;
      }
    }
    const column = columnOf.get(row.m) ?? 0;
    const at = question * columns + column;
    if (cells[at] === -1) cells[at] = r;
    else hidden++;
  }
  const count = ids.length;
  const { wrong, flipped } = questionFlags(model, cells, columns, count);
  return {
    ids,
    first: Int32Array.from(firstRows),
    cells: cells.subarray(0, count * columns),
    columns,
    wrong,
    flipped,
    hidden,
  };
}

/** Lower-cased label, sample id and field values per question, built on the first text search only. */
function haystacks(model: ResultsModel, index: QuestionIndex): string[] {
  return index.ids.map((id, question) => {
    const first = model.rows[index.first[question]];
    const fields = first.f.map((value) => (value === null ? '' : model.strings[value]));
    const label = first.l === undefined ? '' : (model.strings[first.l] ?? '');
    return `${label} ${id} ${fields.join(' ')}`.toLowerCase();
  });
}

export class QuestionFilter {
  private texts: string[] | null = null;

  constructor(
    private readonly model: ResultsModel,
    readonly index: QuestionIndex,
  ) {}

  /** Whether the record at row `r` carries the filter's diagnostic code. */
  hasCode(r: number, code: number): boolean {
    return this.model.rows[r].d?.includes(code) === true;
  }

  /** The questions that pass, in order, and how many of their records carry the code filtered by. */
  apply(filter: MatrixFilter): { questions: Int32Array; records: number } {
    const { index, model } = this;
    const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length > 0 && this.texts === null) this.texts = haystacks(model, index);
    const passed = new Int32Array(index.ids.length);
    let kept = 0;
    let records = 0;
    for (let question = 0; question < index.ids.length; question++) {
      if (filter.wrongOnly && index.wrong[question] === 0) continue;
      if (filter.flippedOnly && index.flipped[question] === 0) continue;
      if (filter.field >= 0 && model.rows[index.first[question]].f[filter.field] !== filter.value) continue;
      if (words.length > 0 && !words.every((word) => (this.texts as string[])[question].includes(word))) continue;
      let withCode = 0;
      for (let column = 0; column < index.columns; column++) {
        const r = index.cells[question * index.columns + column];
        if (r >= 0 && filter.code >= 0 && this.hasCode(r, filter.code)) withCode++;
        else if (r >= 0 && filter.code < 0) withCode++;
      }
      if (filter.code >= 0 && withCode === 0) continue;
      records += withCode;
      passed[kept++] = question;
    }
    return { questions: passed.subarray(0, kept), records };
  }
}
