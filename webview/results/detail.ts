// The detail pane of one record: fields, scores with the mode that made them, diagnostics, raw and
// parsed answer, the prompt (collapsed), the error, buttons to open the answer or the replay in the
// editor, and the inline replay. All record text is set as text.
import type { HostToResultsMessage, RecordDetail } from '../../src/protocol/results';
import { button, el, fixed } from './dom';
import { renderReplay } from './replay';

type DetailMessage = Extract<HostToResultsMessage, { type: 'detail' }>;

function section(title: string, ...content: Node[]): HTMLElement {
  const box = el('section', 'detail-section');
  box.append(el('h3', undefined, title), ...content);
  return box;
}

function pre(text: string, className = 'detail-pre'): HTMLElement {
  return el('pre', className, text);
}

function pairs(entries: ReadonlyArray<[string, string]>, className: string): HTMLElement {
  const list = el('dl', className);
  for (const [name, value] of entries) list.append(el('dt', undefined, name), el('dd', undefined, value));
  return list;
}

function pretty(value: unknown): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string') return value;
  // A list of moves or names reads best on one line; nested answers keep their indentation.
  const flat = Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null);
  return (flat ? JSON.stringify(value) : JSON.stringify(value, null, 2)) ?? String(value);
}

export class DetailPane {
  readonly element = el('aside', 'detail');
  private index = -1;

  constructor(private readonly post: (type: 'openAnswer' | 'openReplay', index: number) => void) {
    this.element.id = 'detail';
    this.clear();
  }

  /** Back to the hint (new results: the old record's index means nothing any more). */
  clear(): void {
    this.index = -1;
    this.element.removeAttribute('aria-busy');
    this.element.replaceChildren(
      el('p', 'empty', 'Click a cell of the matrix to see its answer, diagnostics and replay.'),
    );
  }

  loading(index: number): void {
    this.index = index;
    this.element.setAttribute('aria-busy', 'true');
  }

  show(message: DetailMessage): void {
    this.index = message.index;
    this.element.removeAttribute('aria-busy');
    const detail: RecordDetail = message.detail;
    const parts: HTMLElement[] = [this.head(detail)];
    if (detail.error) parts.push(section('Error', pre(String(detail.error), 'detail-pre bad')));
    const cut = truncatedSection(detail);
    if (cut) parts.push(cut);
    const fields = Object.entries(detail.fields ?? {}).map(([name, value]): [string, string] => [
      name,
      value === null ? '—' : String(value),
    ]);
    if (fields.length > 0) parts.push(section('Fields', pairs(fields, 'detail-fields')));
    parts.push(scoresSection(detail), diagnosticsSection(detail));
    parts.push(section('Raw answer', pre(detail.rawAnswer || '(empty)', 'detail-pre raw-answer')));
    parts.push(section('Parsed answer', pre(pretty(detail.parsedAnswer), 'detail-pre parsed-answer')));
    const replayBox = message.replay
      ? renderReplay(message.replay)
      : el(
          'p',
          'note replay-none',
          message.replayNote ? `No replay: ${message.replayNote}` : 'No replay for this record.',
        );
    parts.push(section('Replay', replayBox), promptSection(detail));
    this.element.replaceChildren(...parts);
    this.element.scrollTop = 0;
  }

  /** The model and sample, the scoring mode, and the buttons that open the answer or the replay in the editor. */
  private head(detail: RecordDetail): HTMLElement {
    const head = el('header', 'detail-head');
    const title = el('h2', 'detail-title');
    const label = typeof detail.fields?.question === 'string' ? detail.fields.question : String(detail.sampleId);
    title.append(el('span', 'detail-model', String(detail.model)), el('span', 'detail-id', label));
    title.title = `${detail.model} · ${label} · sample id ${detail.sampleId}`;
    const mode = el('span', 'mode-badge', `${detail.mode} scoring`);
    mode.title = 'The scoring mode that made these scores';
    const actions = el('div', 'detail-actions');
    const answer = button('Open answer in editor', 'action', 'Open the raw answer with its diagnostics in an editor');
    answer.id = 'open-answer';
    answer.addEventListener('click', () => this.post('openAnswer', this.index));
    const replay = button('Replay on maze/board', 'action', 'Replay this answer in the maze or board view');
    replay.id = 'open-replay';
    replay.addEventListener('click', () => this.post('openReplay', this.index));
    actions.append(answer, replay);
    head.append(title, mode, actions);
    return head;
  }
}

/**
 * Why the answer may be incomplete (the reply or the prompt was cut), and whether it counts; null when neither was cut.
 */
function truncatedSection(detail: RecordDetail): HTMLElement | null {
  const cuts = [
    detail.truncated
      ? 'The reply was cut at the token limit (finish_reason "length"): the answer may be incomplete.'
      : '',
    detail.context_truncated
      ? 'The server cut the prompt without an error: the model answered a prompt it saw only in part.'
      : '',
  ].filter(Boolean);
  if (cuts.length === 0) return null;
  return section(
    'Truncated',
    el(
      'p',
      'note cut-note',
      `${cuts.join(' ')} ${detail.inMeans ? 'Counted in the means.' : 'Not counted in the means.'}`,
    ),
  );
}

/** The report's metrics, the scores as the scorer recorded them, and the model's latency. */
function scoresSection(detail: RecordDetail): HTMLElement {
  const metrics = Object.entries(detail.metrics ?? {}).map(([name, value]): [string, string] => [name, fixed(value)]);
  const scores = Object.entries(detail.scores ?? {}).map(([name, value]): [string, string] => [
    name,
    typeof value === 'string' ? value : (JSON.stringify(value) ?? '—'),
  ]);
  const timing = el(
    'p',
    'note',
    `model latency ${Math.round(detail.latencyMs)} ms${detail.cached ? ' · from cache' : ''}`,
  );
  return section(
    `Scores (${detail.mode})`,
    el('p', 'detail-subhead', 'Report metrics'),
    pairs(metrics, 'detail-metrics'),
    el('p', 'detail-subhead', 'As the scorer recorded them'),
    pairs(scores, 'detail-scores'),
    timing,
  );
}

function diagnosticsSection(detail: RecordDetail): HTMLElement {
  const diagnostics = Array.isArray(detail.diagnostics) ? detail.diagnostics : [];
  const list = el('ul', 'detail-diagnostics');
  for (const diagnostic of diagnostics) {
    const item = el('li', `severity-${String(diagnostic.severity)}`);
    item.append(
      el('span', 'diag-pos', `${diagnostic.line + 1}:${diagnostic.character + 1}`),
      el('code', 'diag-code', String(diagnostic.code)),
      el('span', 'diag-message', String(diagnostic.message)),
    );
    list.append(item);
  }
  return section(`Diagnostics (${diagnostics.length})`, diagnostics.length ? list : el('p', 'note', 'none'));
}

/** Each message sent, collapsed, with its role and length. */
function promptSection(detail: RecordDetail): HTMLElement {
  const prompt = el('div', 'detail-prompt');
  for (const chat of Array.isArray(detail.messages) ? detail.messages : []) {
    const item = el('details', 'prompt-message');
    const text = String(chat.content ?? '');
    item.append(
      el('summary', undefined, `${chat.role} · ${text.length.toLocaleString('en-US')} characters`),
      pre(text),
    );
    prompt.append(item);
  }
  return section('Prompt', prompt);
}
