// Compare: two models picked from the run, the host computes `waypoint compare` between them
// (paired statistics per metric), and the questions that flip; a flip's click opens the question.
import { betterOf, favours, SIGNIFICANCE } from '../../src/core/runs/better';
import type { CompareJson, HostToResultsMessage, MetricDirection, ResultsModel } from '../../src/protocol/results';
import { button, ci, count, el, fixed, heading, meaningOf, countedNoun } from './dom';

type ComparedMessage = Extract<HostToResultsMessage, { type: 'compared' }>;

/** Flips listed at once; the rest are counted (the matrix's "flipped" filter shows them all). */
const MAX_FLIPS = 500;

function picker(id: string, label: string): { label: HTMLLabelElement; select: HTMLSelectElement } {
  const select = el('select');
  select.id = id;
  const wrap = el('label', 'compare-pick');
  wrap.append(el('span', 'matrix-filter-label', label), select);
  return { label: wrap, select };
}

function pValue(p: number): string {
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** Green for a change to B's favour, red to A's, none where the metric has no better direction. */
function flipClass(winner: 'a' | 'b' | null): string {
  return winner === 'b' ? 'good' : winner === 'a' ? 'bad' : '';
}

export class ComparePanel {
  readonly element = el('section', 'results-compare');
  private readonly a = picker('compare-a', 'Model A');
  private readonly b = picker('compare-b', 'Model B');
  private readonly run = button(
    'Compare',
    'action primary',
    'Paired statistics of waypoint compare between the two models',
  );
  private readonly output = el('div', 'compare-output');
  /** Each metric's better direction as the benchmark declares it: what colours a difference good or bad. */
  private better: Readonly<Record<string, MetricDirection>> = {};
  /** What each metric means (tooltips on the metric column). */
  private glossary: ResultsModel['glossary'] = [];

  constructor(
    private readonly request: (a: string, b: string) => void,
    private readonly openFlip: (sampleId: string, model: string) => void,
    /** Both answers of a question side by side in the editor, step by step with verdicts. */
    private readonly sideBySide: (sampleId: string, a: string, b: string) => void,
  ) {
    this.run.id = 'compare-run';
    this.output.id = 'compare-output';
    this.output.setAttribute('aria-live', 'polite');
    const form = el('div', 'compare-form');
    form.append(this.a.label, this.b.label, this.run);
    this.element.append(heading('Compare two models', 'paired over the questions both answered'), form, this.output);
    this.run.addEventListener('click', () => {
      this.output.replaceChildren(el('p', 'note', `Comparing ${this.a.select.value} with ${this.b.select.value}…`));
      this.request(this.a.select.value, this.b.select.value);
    });
  }

  show(model: ResultsModel): void {
    this.better = model.better ?? {};
    this.glossary = model.glossary;
    for (const { select } of [this.a, this.b]) {
      select.replaceChildren(
        ...model.models.map((name) => {
          const option = el('option', undefined, name);
          option.value = name;
          return option;
        }),
      );
    }
    this.a.select.value = model.models[0] ?? '';
    this.b.select.value = model.models[1] ?? model.models[0] ?? '';
    this.run.disabled = model.models.length < 2;
    this.output.replaceChildren(
      el('p', 'note', model.models.length < 2 ? 'One model only: nothing to compare.' : 'Pick two models and Compare.'),
    );
  }

  showResult(message: ComparedMessage): void {
    if (message.error !== undefined || !message.result) {
      this.output.replaceChildren(el('p', 'error-line', message.error ?? 'The comparison gave no result.'));
      return;
    }
    const result: CompareJson = message.result;
    const dropped = result.dropped ?? { errors: 0, truncated: 0 };
    const droppedText =
      dropped.errors + dropped.truncated > 0
        ? ` · dropped: ${countedNoun(dropped.errors, 'pair')} for errors, ${count(dropped.truncated)} for truncation${result.truncated_treatment === 'included' ? '' : ' (answers from cuts are not paired)'}`
        : '';
    // Questions without a correct answer at their cutoff are not paired unless the Tables tab's switch counts them.
    const unanswerableText =
      typeof result.unanswerable === 'number' && result.unanswerable > 0
        ? ` · left out: ${countedNoun(result.unanswerable, 'question')} without a correct answer at the cutoff`
        : '';
    const summary = el(
      'p',
      'compare-summary',
      `${message.a} (A) vs ${message.b} (B) · ${countedNoun(result.paired, 'paired question')} · unpaired: ${count(result.unpaired.a)} A only, ${count(result.unpaired.b)} B only${droppedText}${unanswerableText} · ${result.bootstrap.resamples.toLocaleString('en-US')} bootstrap resamples by ${result.bootstrap.cluster}`,
    );
    const table = el('table', 'results-table compare-table');
    const head = el('tr');
    for (const [name, cls] of [
      ['metric', 'key'],
      ['A', 'num'],
      ['B', 'num'],
      ['B − A', 'num'],
      ['95% CI', 'num'],
      ['p', 'num'],
      ['test', 'key'],
      ['n', 'num'],
      ['A only / B only', 'num'],
    ])
      head.append(el('th', cls, name));
    const thead = el('thead');
    thead.append(head);
    const body = el('tbody');
    for (const [metric, row] of Object.entries(result.metrics)) body.append(this.metricRow(metric, row));
    table.append(thead, body);
    const wrap = el('div', 'table-wrap');
    wrap.append(table);
    const parts: HTMLElement[] = [summary, wrap];
    if (result.flips_metric !== null) parts.push(...this.flipList(result, result.flips_metric, message));
    this.output.replaceChildren(...parts);
  }

  private metricRow(metric: string, row: CompareJson['metrics'][string]): HTMLTableRowElement {
    const tr = el('tr');
    tr.dataset.metric = metric;
    // Green when the significant difference favours B, red when it favours A, by the metric's
    // declared direction (a rise in parse_error is red); bold without colour where it has none.
    const direction = this.better[metric] ?? null;
    const significant = row.p_value < SIGNIFICANCE && row.diff !== 0;
    const winner = favours(row, direction);
    const verdict = !significant ? '' : winner === null ? 'significant' : winner === 'b' ? 'good' : 'bad';
    const diff = el('td', `num ${verdict}`, `${row.diff > 0 ? '+' : ''}${fixed(row.diff)}`);
    if (significant)
      diff.title =
        winner === null
          ? `p < ${SIGNIFICANCE} (${metric} has no better direction)`
          : `p < ${SIGNIFICANCE}: ${winner === 'b' ? 'B' : 'A'} is better (${direction} ${metric} is better)`;
    const name = el('td', 'key', metric);
    const meaning = meaningOf(this.glossary, metric);
    if (meaning) name.title = `${metric}: ${meaning}`;
    tr.append(
      name,
      el('td', 'num', fixed(row.a)),
      el('td', 'num', fixed(row.b)),
      diff,
      el('td', 'num ci', ci(row.ci95) || '—'),
      el('td', 'num', pValue(row.p_value)),
      el('td', 'key', row.test),
      el('td', 'num', count(row.n)),
      el('td', 'num', row.discordant ? `${count(row.discordant.a_only)} / ${count(row.discordant.b_only)}` : '—'),
    );
    return tr;
  }

  /** The questions that flip between A and B, each opening the question matrix or both answers. */
  private flipList(result: CompareJson, flipsMetric: string, message: ComparedMessage): HTMLElement[] {
    const flipDirection = this.better[flipsMetric] ?? null;
    const parts: HTMLElement[] = [
      heading(
        `Questions that flip on ${flipsMetric}`,
        `${countedNoun(result.flips.length, 'question')} · click one to open it`,
      ),
    ];
    const list = el('ol', 'flip-list');
    list.id = 'flip-list';
    for (const flip of result.flips.slice(0, MAX_FLIPS)) {
      const item = el('li');
      const label = flip.label ?? flip.sampleId;
      const open = button('', 'flip', `Open ${label} in the question matrix (sample id ${flip.sampleId})`);
      open.dataset.sample = flip.sampleId;
      open.append(
        el('span', 'flip-id', label),
        el(
          'span',
          `flip-values ${flipClass(betterOf(flip.a, flip.b, flipDirection))}`,
          `A ${fixed(flip.a)} → B ${fixed(flip.b)}`,
        ),
      );
      open.addEventListener('click', () => this.openFlip(flip.sampleId, message.a));
      const both = button(
        'Side by side',
        'action flip-both',
        `${message.a}'s and ${message.b}'s answers to ${label} side by side in the editor`,
      );
      both.addEventListener('click', () => this.sideBySide(flip.sampleId, message.a, message.b));
      item.append(open, both);
      list.append(item);
    }
    parts.push(list);
    if (result.flips.length > MAX_FLIPS)
      parts.push(
        el(
          'p',
          'note',
          `First ${MAX_FLIPS} of ${count(result.flips.length)}; the matrix's “Flipped between models” filter shows them all.`,
        ),
      );
    return parts;
  }
}
