// The failure tables of `waypoint report` text and Markdown: one per model (codes pooled over models
// say nothing about any one of them), then the informational notes, which are not failures; each
// code followed by what it means.
import { codeMeaningText } from './diagnosticCodes';
import type { CodeCount, ReportJson } from './reportTypes';

export interface FailureTable {
  title: string;
  header: string[];
  rows: string[][];
}

const HEADER = ['code', 'records', 'occurrences', 'what it means'];

const rowsOf = (entries: readonly CodeCount[]): string[][] =>
  entries.map((entry) => [entry.code, String(entry.records), String(entry.count), codeMeaningText(entry)]);

/** The tables, in order: each model's failures (models without any are named in one line's table title), then the notes. */
export function failureTables(json: Pick<ReportJson, 'failures' | 'failures_by_model' | 'notes'>): FailureTable[] {
  // A report JSON written before the per-model lists: its pooled codes, as they were shown.
  if (!Array.isArray(json.failures_by_model))
    return json.failures.length === 0
      ? []
      : [
          {
            title: 'Failures (answer diagnostic codes):',
            header: ['code', 'occurrences', 'records'],
            rows: json.failures.map((failure) => [failure.code, String(failure.count), String(failure.records)]),
          },
        ];
  const tables: FailureTable[] = [];
  const clean: string[] = [];
  for (const model of json.failures_by_model) {
    if (model.failures.length === 0) {
      clean.push(model.model);
      continue;
    }
    tables.push({
      title: `Failures of ${model.model} (answer diagnostic codes; ${model.records} records):`,
      header: HEADER,
      rows: rowsOf(model.failures),
    });
  }
  if (clean.length > 0 && tables.length > 0)
    tables.push({ title: `No failures: ${clean.join(', ')}.`, header: [], rows: [] });
  if ((json.notes ?? []).length > 0)
    tables.push({
      title: 'Notes (informational codes, not failures):',
      header: HEADER,
      rows: rowsOf(json.notes),
    });
  return tables;
}
