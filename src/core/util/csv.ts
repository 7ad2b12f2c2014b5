// CSV as pandas' to_csv (and RFC 4180) writes it: a cell is quoted only when it holds a comma, a
// quote or a line break, quotes doubled. Shared by the report table (runs/format.ts) and the
// LLM-BabyBench rows (babyai/levels/rows.ts), whose bytes must equal upstream's files.
//
// A report is opened in spreadsheets, and its cells hold text from run files (model names, games,
// metric names) that anyone may have written: a cell starting with `=`, `+`, `-`, `@`, a tab or a
// carriage return would run as a formula there (OWASP "CSV Injection"). Report cells are written
// through spreadsheetCell, which prefixes such text with a single quote; plain numbers (`-0.5`)
// stay as they are, since a spreadsheet reads them as numbers and nothing else. Upstream's rows are
// not escaped: their bytes are the contract.

/** One cell, quoted only when it must be. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record (no line end). */
export function csvLine(values: readonly string[]): string {
  return values.map(csvCell).join(',');
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A cell's text made inert in a spreadsheet: formula-like text gets a leading `'` (numbers are left alone). */
export function spreadsheetText(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One record for a spreadsheet (no line end): every cell as spreadsheetText, then quoted when it must be. */
export function spreadsheetLine(values: readonly string[]): string {
  return values.map((value) => csvCell(spreadsheetText(value))).join(',');
}
