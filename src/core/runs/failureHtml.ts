// The failures section of `waypoint report --html`: one table per model, the informational notes
// apart, each code with what it means as its tooltip and in its own column.
import { codeMeaningText } from './diagnosticCodes';
import { escapeHtml } from './plots';
import type { CodeCount, ReportJson } from './reportTypes';

function codeTable(entries: readonly CodeCount[]): string {
  const body = entries
    .map((entry) => {
      const meaning = escapeHtml(codeMeaningText(entry));
      return `<tr><td title="${meaning}"><code>${escapeHtml(entry.code)}</code></td><td class="n">${entry.records}</td><td class="n">${entry.count}</td><td class="note">${meaning}</td></tr>`;
    })
    .join('');
  return `<table class="codes"><thead><tr><th>code</th><th>records</th><th>occurrences</th><th>what it means</th></tr></thead><tbody>${body}</tbody></table>`;
}

/** The headings and tables, from `failures_by_model` and `notes`. */
export function failuresHtml(json: Pick<ReportJson, 'failures_by_model' | 'notes'>): string {
  const models = json.failures_by_model;
  const parts = ['<h2>Failures per model (answer diagnostic codes)</h2>'];
  const failing = models.filter((model) => model.failures.length > 0);
  if (failing.length === 0) parts.push('<p class="note">No failures.</p>');
  for (const model of failing)
    parts.push(
      `<h3 id="failures-${escapeHtml(model.model)}">${escapeHtml(model.model)} · ${model.records} records</h3>`,
      codeTable(model.failures),
    );
  const clean = models.filter((model) => model.failures.length === 0).map((model) => model.model);
  if (failing.length > 0 && clean.length > 0)
    parts.push(`<p class="note">No failures: ${escapeHtml(clean.join(', '))}.</p>`);
  if (json.notes.length > 0)
    parts.push(
      '<h2>Notes (informational codes, not failures)</h2>',
      '<div id="notes">',
      codeTable(json.notes),
      '</div>',
    );
  return parts.join('\n');
}
