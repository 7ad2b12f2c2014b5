// The matrix's filter bar: wrong only, flipped between models, a diagnostic code, a field value and
// a text search. It owns only the controls; the matrix applies the filter it reports.
import type { ResultsModel } from '../../src/protocol/results';
import { el } from './dom';
import { NO_FILTER, type MatrixFilter } from './questions';

/** Distinct values offered per field: beyond this a field is searched with the text box instead. */
const MAX_FIELD_VALUES = 400;

function option(value: string, label: string): HTMLOptionElement {
  const element = el('option', undefined, label);
  element.value = value;
  return element;
}

function labelled(text: string, control: HTMLElement, className = 'matrix-filter'): HTMLLabelElement {
  const label = el('label', className);
  label.append(el('span', 'matrix-filter-label', text), control);
  return label;
}

export class FilterBar {
  readonly element = el('div', 'matrix-filters');
  readonly wrong = el('input');
  readonly flipped = el('input');
  readonly code = el('select');
  readonly field = el('select');
  readonly value = el('select');
  readonly search = el('input');
  private model: ResultsModel | null = null;
  private fieldValues: number[][] = [];

  constructor(private readonly changed: () => void) {
    this.wrong.type = 'checkbox';
    this.wrong.id = 'filter-wrong';
    this.flipped.type = 'checkbox';
    this.flipped.id = 'filter-flipped';
    this.code.id = 'filter-code';
    this.field.id = 'filter-field';
    this.value.id = 'filter-value';
    this.search.id = 'filter-text';
    this.search.type = 'search';
    this.search.placeholder = 'Search questions, ids and fields';
    this.search.setAttribute('aria-label', 'Search questions');
    const wrongLabel = labelled('Wrong only', this.wrong, 'matrix-check');
    wrongLabel.title = 'Questions where a model has an error, an unparseable answer, or misses the primary metric';
    const flippedLabel = labelled('Flipped between models', this.flipped, 'matrix-check');
    flippedLabel.title = 'Questions where the models’ primary values differ';
    // The checkbox goes before its text.
    wrongLabel.prepend(this.wrong);
    flippedLabel.prepend(this.flipped);
    this.element.append(
      wrongLabel,
      flippedLabel,
      labelled('Diagnostic', this.code),
      labelled('Field', this.field),
      this.value,
      this.search,
    );
    for (const control of [this.wrong, this.flipped, this.code, this.value])
      control.addEventListener('change', () => this.changed());
    this.field.addEventListener('change', () => {
      this.fillValues();
      this.changed();
    });
    this.search.addEventListener('input', () => this.changed());
  }

  show(model: ResultsModel): void {
    this.model = model;
    this.flipped.disabled = model.models.length < 2;
    this.code.replaceChildren(
      option('-1', 'Any code'),
      ...model.report.failures.map((failure) =>
        option(String(model.strings.indexOf(failure.code)), `${failure.code} (${failure.records})`),
      ),
    );
    // Distinct values per field, from the interned strings the rows point at (one pass).
    const seen = model.fields.map(() => new Set<number>());
    for (const row of model.rows) {
      row.f.forEach((value, at) => {
        if (value !== null && seen[at].size <= MAX_FIELD_VALUES) seen[at].add(value);
      });
    }
    this.fieldValues = seen.map((values) =>
      [...values].sort((a, b) => model.strings[a].localeCompare(model.strings[b], undefined, { numeric: true })),
    );
    const usable = model.fields
      .map((name, at) => ({ name, at }))
      .filter(({ at }) => this.fieldValues[at].length > 1 && this.fieldValues[at].length <= MAX_FIELD_VALUES);
    this.field.replaceChildren(option('-1', 'Any'), ...usable.map(({ name, at }) => option(String(at), name)));
    this.reset();
  }

  reset(): void {
    this.wrong.checked = false;
    this.flipped.checked = false;
    this.code.value = '-1';
    this.field.value = '-1';
    this.search.value = '';
    this.fillValues();
  }

  private fillValues(): void {
    const at = Number(this.field.value);
    const model = this.model;
    this.value.hidden = at < 0 || !model;
    if (at < 0 || !model) {
      this.value.replaceChildren();
      return;
    }
    this.value.replaceChildren(...this.fieldValues[at].map((value) => option(String(value), model.strings[value])));
    this.value.setAttribute('aria-label', `${model.fields[at]} value`);
  }

  setCode(code: number): void {
    this.code.value = String(code);
  }

  current(): MatrixFilter {
    if (!this.model) return NO_FILTER;
    const field = Number(this.field.value);
    return {
      wrongOnly: this.wrong.checked,
      flippedOnly: this.flipped.checked,
      code: Number(this.code.value),
      field,
      value: field >= 0 ? Number(this.value.value) : -1,
      text: this.search.value,
    };
  }
}
