// Answer diagnostic codes told apart and explained (issue 30): failures per model, because a code
// pooled over models says nothing about any one of them; informational notes apart, because GRASP's
// `score` note sits on every scored answer and read as its commonest "failure"; and each code with
// the sentence saying what it means, shown wherever the code is.
import type { BenchmarkReport } from '../benchmark/registry';
import type { RunRecord } from '../eval/types';
import type { CodeCount, ModelFailures } from './reportTypes';

type CodeRow = { record: Pick<RunRecord, 'diagnostics'>; model: string };

/**
 * Whether a code is a note rather than a failure: the benchmark declares it informational, or none
 * of its occurrences is an error or a warning (severity information or hint).
 */
function informationalCodes(report: BenchmarkReport, rows: readonly CodeRow[]): Set<string> {
  const serious = new Set<string>();
  const seen = new Set<string>();
  for (const row of rows)
    for (const diagnostic of row.record.diagnostics ?? []) {
      seen.add(diagnostic.code);
      if (diagnostic.severity === 'error' || diagnostic.severity === 'warning') serious.add(diagnostic.code);
    }
  const declared = new Set(report.informationalCodes ?? []);
  return new Set([...seen].filter((code) => declared.has(code) || !serious.has(code)));
}

/** Occurrences and records per code over `rows`, commonest first, each with its meaning (declared, else its first message). */
function countCodes(report: BenchmarkReport, rows: readonly CodeRow[], keep: (code: string) => boolean): CodeCount[] {
  const counts = new Map<string, CodeCount>();
  for (const row of rows) {
    const seen = new Set<string>();
    for (const diagnostic of row.record.diagnostics ?? []) {
      if (!keep(diagnostic.code)) continue;
      let entry = counts.get(diagnostic.code);
      if (!entry) {
        const meaning = report.codeMeanings?.[diagnostic.code];
        entry = { code: diagnostic.code, count: 0, records: 0, meaning: meaning ?? null, example: diagnostic.message };
        counts.set(diagnostic.code, entry);
      }
      entry.count++;
      if (!seen.has(diagnostic.code)) {
        seen.add(diagnostic.code);
        entry.records++;
      }
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || b.records - a.records || (a.code < b.code ? -1 : 1));
}

/** The failures of each model (models in the order given) and the informational notes of all, pooled. */
export function codeBreakdown(
  report: BenchmarkReport,
  rows: readonly CodeRow[],
): { failuresByModel: ModelFailures[]; notes: CodeCount[] } {
  const notes = informationalCodes(report, rows);
  const byModel = new Map<string, CodeRow[]>();
  for (const row of rows) {
    let list = byModel.get(row.model);
    if (!list) byModel.set(row.model, (list = []));
    list.push(row);
  }
  return {
    failuresByModel: [...byModel].map(([model, modelRows]) => ({
      model,
      records: modelRows.length,
      failures: countCodes(report, modelRows, (code) => !notes.has(code)),
      notes: countCodes(report, modelRows, (code) => notes.has(code)),
    })),
    notes: countCodes(report, rows, (code) => notes.has(code)),
  };
}

/** What a code means in a line of text: the declared meaning, else its first message as an example. */
export function codeMeaningText(entry: Pick<CodeCount, 'meaning' | 'example'>): string {
  return entry.meaning ?? `e.g. ${entry.example}`;
}
