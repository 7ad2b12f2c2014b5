// CSV as pandas' to_csv (and RFC 4180) writes it: a cell is quoted only when it holds a comma, a
// quote or a line break, quotes doubled. Shared by the report table (runs/format.ts) and the
// LLM-BabyBench rows (babyai/levels/rows.ts), whose bytes must equal upstream's files.

/** One cell, quoted only when it must be. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record (no line end). */
export function csvLine(values: readonly string[]): string {
  return values.map(csvCell).join(',');
}
