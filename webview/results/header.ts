// The view's header: title, benchmark, record and error counts, the scoring mode of every record,
// the run files (and how to add more), how the intervals were computed, and the Share buttons.
import type { ResultsModel } from '../../src/protocol/results';
import { button, count, el, countedNoun } from './dom';

export class Header {
  readonly element = el('header', 'results-header');
  private readonly title = el('h1', 'results-title', 'Results');
  private readonly meta = el('div', 'results-meta');
  private readonly notes = el('div', 'results-notes');

  constructor(share: (format: 'html' | 'csv') => void) {
    // "…": each asks where to save (beside the run files by default), then says where it wrote.
    const html = button(
      'Share HTML…',
      'action',
      'Save the view as the self-contained HTML report (waypoint report --html): one file that opens offline in any browser',
    );
    html.id = 'share-html';
    html.addEventListener('click', () => share('html'));
    const csv = button(
      'Export CSV…',
      'action',
      "Save the report's groups as CSV, one row per group (waypoint report --csv)",
    );
    csv.id = 'share-csv';
    csv.addEventListener('click', () => share('csv'));
    const actions = el('div', 'results-share');
    actions.append(html, csv);
    const top = el('div', 'results-top');
    top.append(this.title, actions);
    this.element.append(top, this.meta, this.notes);
  }

  show(model: ResultsModel): void {
    const { report } = model;
    this.title.textContent = model.title;
    this.title.title = model.title;
    this.meta.replaceChildren(...metaChips(model));
    const files = el('p', 'results-files');
    files.append(
      el('span', 'meta-label', model.files.length === 1 ? 'file ' : `${countedNoun(model.files.length, 'file')} `),
    );
    const shown = model.files.slice(0, 3).join(', ');
    files.append(
      el('span', 'results-file-list', model.files.length > 3 ? `${shown} and ${model.files.length - 3} more` : shown),
    );
    files.title = model.files.join('\n');
    // VS Code hands a webview a drag from its Explorer only while Shift is held: say so where the files are named.
    files.append(
      el('span', 'results-drop-hint', ' · add runs by dragging their files here from the Explorer with Shift held'),
    );
    const { bootstrap } = report;
    const boot = el(
      'p',
      'results-bootstrap',
      `95% intervals: ${bootstrap.interval} bootstrap, ${count(bootstrap.resamples)} resamples clustered by ${bootstrap.cluster} (seed ${bootstrap.seed}); a group with one cluster resamples records.`,
    );
    boot.id = 'results-bootstrap';
    this.notes.replaceChildren(files, boot);
  }
}

function chip(label: string, value: string, className = ''): HTMLElement {
  const item = el('span', `meta-chip ${className}`.trim());
  item.append(el('span', 'meta-label', label), el('span', 'meta-value', value));
  return item;
}

/** The counts under the title: benchmark, records, errors, models, scoring modes, superseded and cut records. */
function metaChips(model: ResultsModel): HTMLElement[] {
  const { report } = model;
  const modes = Object.entries(report.modes).map(([mode, n]) => `${mode} ${count(n ?? 0)}`);
  const chips = [
    chip('benchmark', report.benchmark),
    chip('records', count(report.records)),
    chip('errors', count(report.errors), report.errors > 0 ? 'bad' : ''),
    chip('models', count(model.models.length)),
  ];
  const modeChip = chip(modes.length === 1 ? 'scoring mode' : 'scoring modes', modes.join(' · ') || 'none');
  modeChip.id = 'results-modes';
  chips.push(modeChip);
  if (report.superseded > 0) chips.push(chip('superseded', count(report.superseded)));
  // Cut records are their own count: out of the means unless the view includes them (Tables).
  // Counted by row, so a record with both flags is one, and an errored one is an error only.
  const cut = model.rows.filter((row) => row.cut === 1).length;
  if (cut > 0) {
    const cutChip = chip(
      report.truncated_treatment === 'included' ? 'truncated (in means)' : 'truncated (not in means)',
      count(cut),
      'warn',
    );
    cutChip.id = 'results-truncated';
    cutChip.title = `${count(report.truncated ?? 0)} replies cut at the token limit, ${count(report.context_truncated ?? 0)} answers to prompts the server cut`;
    chips.push(cutChip);
  }
  return chips;
}
