// The model × question matrix: a row per question (its label and a few fields), a column per
// model, each cell the record's primary metric (✓/✗ for 0/1 metrics, else the number) with
// distinct marks for errors and unparseable answers. Virtualised: only the rows in view (plus a
// margin) exist in the DOM, so 20,000 questions scroll like 20.
import type { ResultsModel } from '../../src/protocol/results';
import { el, fixed, count as formatCount, countedNoun } from './dom';
import { FilterBar } from './filterBar';
import { isWrong, primaryValue, QuestionFilter, type QuestionIndex } from './questions';

const ROW_HEIGHT = 28;
/** Characters of a label kept whole at its end: labels of one file share a long start. */
const LABEL_TAIL = 14;
const OVERSCAN = 8;
const SHOWN_FIELDS = 3;

/** Fields the benchmark's plots are about first (GRASP's setting, MANGO's game), then the rest. */
function shownFields(model: ResultsModel): number[] {
  const named = model.plots.flatMap((plot) => [plot.x, plot.series ?? '']);
  const order = [...named.filter((name) => model.fields.includes(name)), ...model.fields];
  return [...new Set(order)].slice(0, SHOWN_FIELDS).map((name) => model.fields.indexOf(name));
}

export class Matrix {
  readonly element = el('section', 'matrix');
  private readonly filters = new FilterBar(() => this.apply());
  private readonly summary = el('p', 'matrix-summary');
  private readonly legend = el('p', 'matrix-legend');
  private readonly scroller = el('div', 'matrix-scroll');
  private readonly head = el('div', 'matrix-row matrix-head');
  private readonly spacer = el('div', 'matrix-spacer');
  private readonly pool: HTMLElement[] = [];
  private model: ResultsModel | null = null;
  private filter: QuestionFilter | null = null;
  private index: QuestionIndex | null = null;
  private visible: Int32Array = new Int32Array(0);
  private fields: number[] = [];
  private primary = -1;
  private binary = false;
  private code = -1;
  private selectedRow = -1;
  private selectedQuestion = -1;

  constructor(private readonly select: (row: number) => void) {
    this.scroller.id = 'matrix';
    this.scroller.tabIndex = -1;
    this.scroller.append(this.head, this.spacer);
    this.summary.id = 'matrix-summary';
    this.summary.setAttribute('aria-live', 'polite');
    this.element.append(this.filters.element, this.legend, this.summary, this.scroller);
    this.scroller.addEventListener('scroll', () => this.draw());
    new ResizeObserver(() => this.draw()).observe(this.scroller);
    this.spacer.addEventListener('click', (event) => {
      const cell = (event.target as HTMLElement).closest<HTMLElement>('.matrix-cell');
      if (cell?.dataset.row) this.choose(Number(cell.dataset.row));
    });
  }

  show(model: ResultsModel, index: QuestionIndex): void {
    this.model = model;
    this.index = index;
    this.filter = new QuestionFilter(model, index);
    this.fields = shownFields(model);
    this.primary = model.primary === null ? -1 : model.metrics.indexOf(model.primary);
    this.binary = model.primary !== null && model.binary.includes(model.primary);
    this.selectedRow = -1;
    this.selectedQuestion = -1;
    this.showLegend(model);
    // The model columns come right after the question (CSS `order` moves the field cells after
    // them): in a narrow editor the answers stay in view and the fields are what scrolls away.
    const template = [
      'minmax(180px, 3fr)',
      ...model.models.map(() => 'minmax(72px, 0.8fr)'),
      ...this.fields.map(() => 'minmax(80px, 1fr)'),
    ].join(' ');
    this.element.style.setProperty('--matrix-columns', template);
    this.element.style.setProperty(
      '--matrix-min-width',
      `${180 + this.fields.length * 80 + model.models.length * 72 + 24}px`,
    );
    this.head.replaceChildren(
      el('span', 'matrix-q', 'Question'),
      ...this.fields.map((at) => el('span', 'matrix-field', model.fields[at])),
      ...model.models.map((name) => {
        const cell = el('span', 'matrix-model', name);
        cell.title = `${name}: ${model.primary ?? 'no metric'}`;
        return cell;
      }),
    );
    for (const row of this.pool) row.remove();
    this.pool.length = 0;
    this.filters.show(model);
    this.apply();
  }

  /** What the marks mean: ✓/✗ for a 0/1 metric, else the number (red when not above 0). */
  private showLegend(model: ResultsModel): void {
    const marks: Array<[string, string, string]> = this.binary
      ? [
          ['✓', 'cell-right', 'right'],
          ['✗', 'cell-wrong', 'wrong'],
        ]
      : [
          ['0.5', '', `${model.primary ?? 'value'}`],
          ['-1.0', 'cell-low', 'not above 0'],
        ];
    marks.push(
      ['⊘', 'cell-invalid', 'unparseable answer'],
      ['⚠', 'cell-error', 'error (no answer)'],
      ['·', 'cell-missing', 'not run'],
    );
    this.legend.replaceChildren(
      ...marks.map(([mark, cls, text]) => {
        const item = el('span', 'matrix-legend-item');
        item.append(el('span', `matrix-mark ${cls}`, mark), document.createTextNode(text));
        return item;
      }),
    );
  }

  /** Filters to the records with a diagnostic code (a failure bar's click). */
  showCode(code: number): void {
    this.filters.reset();
    this.filters.setCode(code);
    this.apply();
  }

  /** Scrolls to a question (a flip's click), clearing filters that hide it, and opens one of its records. */
  showQuestion(sampleId: string, model: string): void {
    const index = this.index;
    if (!index || !this.model) return;
    const question = index.ids.indexOf(sampleId);
    if (question < 0) return;
    let at = this.visible.indexOf(question);
    if (at < 0) {
      this.filters.reset();
      this.apply();
      at = this.visible.indexOf(question);
    }
    this.selectedQuestion = question;
    this.scroller.scrollTop = Math.max(0, at * ROW_HEIGHT - this.scroller.clientHeight / 3);
    const column = Math.max(0, this.model.models.indexOf(model));
    const row = index.cells[question * index.columns + column];
    if (row >= 0) this.choose(row);
    else this.draw();
  }

  /** Marks a record as the selected one (the host's detail may come for any record). */
  mark(row: number): void {
    this.selectedRow = row;
    this.draw();
  }

  private choose(row: number): void {
    this.selectedRow = row;
    this.draw();
    this.select(row);
  }

  private apply(): void {
    if (!this.filter || !this.index || !this.model) return;
    const filter = this.filters.current();
    this.code = filter.code;
    const { questions, records } = this.filter.apply(filter);
    this.visible = questions;
    this.spacer.style.height = `${questions.length * ROW_HEIGHT}px`;
    const total = this.index.ids.length;
    const codeText = filter.code >= 0 ? ` with ${this.model.strings[filter.code]}` : '';
    this.summary.textContent = `${formatCount(questions.length)} of ${countedNoun(total, 'question')} · ${countedNoun(records, 'record')}${codeText} · cells show ${this.model.primary ?? 'no metric'}`;
    this.summary.dataset.questions = String(questions.length);
    this.summary.dataset.records = String(records);
    this.scroller.scrollTop = 0;
    this.draw();
  }

  /** Draws the rows in view; called on scroll, resize, filter and selection. */
  draw(): void {
    const model = this.model;
    const index = this.index;
    if (!model || !index) return;
    const height = this.scroller.clientHeight || 600;
    const top = Math.max(0, this.scroller.scrollTop - this.head.offsetHeight);
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.visible.length, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
    while (this.pool.length < last - first) this.pool.push(this.createRow(model));
    this.pool.forEach((element, offset) => {
      const at = first + offset;
      element.hidden = at >= last;
      if (at < last) this.fill(element, this.visible[at], at);
    });
  }

  private createRow(model: ResultsModel): HTMLElement {
    const row = el('div', 'matrix-row');
    row.append(el('span', 'matrix-q'), ...this.fields.map(() => el('span', 'matrix-field')));
    for (let column = 0; column < model.models.length; column++) {
      const cell = el('button', 'matrix-cell');
      cell.type = 'button';
      row.append(cell);
    }
    this.spacer.append(row);
    return row;
  }

  private fill(element: HTMLElement, question: number, at: number): void {
    const model = this.model as ResultsModel;
    const index = this.index as QuestionIndex;
    element.style.transform = `translateY(${at * ROW_HEIGHT}px)`;
    element.dataset.question = index.ids[question];
    element.classList.toggle('selected-question', question === this.selectedQuestion);
    const firstRow = model.rows[index.first[question]];
    const children = element.children;
    showQuestion(children[0] as HTMLElement, questionText(model, firstRow.l, index.ids[question]), index.ids[question]);
    // A question without a correct answer at its cutoff (MANGO's unreachable pairs): muted, and its tooltip says why.
    const unanswerable = firstRow.un === 1;
    element.classList.toggle('unanswerable', unanswerable);
    if (unanswerable) (children[0] as HTMLElement).title += `\n${unanswerableNote(model)}`;
    this.fields.forEach((field, offset) => {
      const value = firstRow.f[field];
      const cell = children[1 + offset] as HTMLElement;
      cell.textContent = value === null ? '—' : model.strings[value];
      cell.title = cell.textContent;
    });
    for (let column = 0; column < index.columns; column++) {
      const cell = children[1 + this.fields.length + column] as HTMLButtonElement;
      const r = index.cells[question * index.columns + column];
      this.fillCell(cell, r, model.models[column], questionText(model, firstRow.l, index.ids[question]));
    }
  }

  private fillCell(cell: HTMLButtonElement, r: number, modelName: string, question: string): void {
    const model = this.model as ResultsModel;
    let mark: string;
    let kind: string;
    if (r < 0) {
      mark = '·';
      kind = 'cell-missing';
    } else {
      const row = model.rows[r];
      const value = primaryValue(model, row, this.primary);
      if (row.err === 1) [mark, kind] = ['⚠', 'cell-error'];
      else if (row.ok === 0) [mark, kind] = ['⊘', 'cell-invalid'];
      else if (this.binary) [mark, kind] = value === 1 ? ['✓', 'cell-right'] : ['✗', 'cell-wrong'];
      else
        [mark, kind] = [
          fixed(value),
          isWrong(model, row, this.primary, false) ? 'cell-number cell-low' : 'cell-number',
        ];
      const codes = (row.d ?? []).map((code) => model.strings[code]);
      cell.title = `${modelName} · ${question}\n${model.primary ?? 'metric'}: ${value ?? '—'}${row.err ? '\nerror: no answer' : row.ok ? '' : '\nanswer not parseable'}${codes.length ? `\n${codes.join(', ')}` : ''}${row.un === 1 ? `\n${unanswerableNote(model)}` : ''}`;
    }
    cell.className = `matrix-cell ${kind}`;
    cell.textContent = mark;
    cell.disabled = r < 0;
    if (r < 0) {
      cell.title = `${modelName} did not answer this question`;
      delete cell.dataset.row;
      return;
    }
    cell.dataset.row = String(r);
    cell.classList.toggle('selected', r === this.selectedRow);
    if (this.code >= 0) cell.classList.add(this.filter?.hasCode(r, this.code) ? 'hit' : 'dim');
  }
}

/** Why a question is muted, and whether the headline counts it (the Tables tab's switch). */
function unanswerableNote(model: ResultsModel): string {
  return model.report.unanswerable_treatment === 'included'
    ? 'No correct answer at its cutoff: counted in the headline means (include unanswerable is on).'
    : 'No correct answer at its cutoff: left out of the headline means, reported in its own rows.';
}

/** The question's label (the benchmark's words for it); its sample id for rows of a model made before labels. */
function questionText(model: ResultsModel, label: number | undefined, id: string): string {
  return label === undefined ? id : (model.strings[label] ?? id);
}

/**
 * Shows a question's label, cut in the middle when it does not fit: labels such as GRASP's
 * `outer_spiral_free #12 · μ2 (8 moves), carry 2, cost 0.3` share their start across thousands of
 * questions and differ at the end, so an ellipsis at the end made every row read the same. The
 * tooltip has the whole label and the sample id.
 */
function showQuestion(cell: HTMLElement, label: string, id: string): void {
  cell.title = label === id ? id : `${label}\nsample id ${id}`;
  // By code points, so a character outside the BMP (an emoji in a Batch custom_id) is never cut in two.
  const points = Array.from(label);
  if (points.length <= LABEL_TAIL + 4) {
    cell.textContent = label;
    return;
  }
  cell.replaceChildren(
    el('span', 'q-head', points.slice(0, -LABEL_TAIL).join('')),
    el('span', 'q-tail', points.slice(-LABEL_TAIL).join('')),
  );
}
