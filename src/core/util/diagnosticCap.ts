// How many problems of one file are kept and shown. A file of a million broken lines has millions
// of problems; the editor shows the first MAX_DIAGNOSTICS_PER_FILE and says how many more, and so
// does the CLI. Validators of line-based files collect through a DiagnosticCap, so a file's
// problems cost memory for the first ones only: the rest are counted by severity in one
// `waypoint/too-many-problems` marker, which every later step (merging, sorting, counting,
// showing) carries along.
import type { Diagnostic, Range, Severity } from './text';

export const MAX_DIAGNOSTICS_PER_FILE = 1000;
export const TOO_MANY_PROBLEMS = 'waypoint/too-many-problems';

type Counts = Record<Severity, number>;

const noCounts = (): Counts => ({ error: 0, warning: 0, information: 0, hint: 0 });

function isMarker(diagnostic: Diagnostic): boolean {
  return diagnostic.code === TOO_MANY_PROBLEMS;
}

function total(counts: Counts): number {
  return counts.error + counts.warning + counts.information + counts.hint;
}

function before(a: Range, b: Range): boolean {
  return a.start.line < b.start.line || (a.start.line === b.start.line && a.start.character < b.start.character);
}

/** One information diagnostic standing for `counts` problems left out, at the first of them. */
function marker(counts: Counts, range: Range): Diagnostic {
  return {
    severity: 'information',
    code: TOO_MANY_PROBLEMS,
    message: `${total(counts)} more problems in this file are not shown.`,
    range,
    data: { ...counts },
  };
}

/** Adds what a marker stands for to `counts`; returns its range. */
function addMarker(counts: Counts, diagnostic: Diagnostic): Range {
  for (const severity of Object.keys(counts) as Severity[]) {
    const value = diagnostic.data?.[severity];
    if (typeof value === 'number') counts[severity] += value;
  }
  return diagnostic.range;
}

/**
 * Collects one file's diagnostics as a validator finds them, line by line: keeps the first `limit`
 * (and the rest of the line the last kept one is on) and counts the others. As long as they come
 * in line order, the kept ones include the first `limit` by position, so capping the merged
 * problems of several collectors shows exactly what capping all of them would.
 */
export class DiagnosticCap {
  private readonly kept: Diagnostic[] = [];
  private readonly omitted = noCounts();
  private firstOmitted: Range | null = null;
  private lastLine = -1;

  constructor(private readonly limit = MAX_DIAGNOSTICS_PER_FILE) {}

  push(...diagnostics: Diagnostic[]): void {
    for (const diagnostic of diagnostics) this.add(diagnostic);
  }

  add(diagnostic: Diagnostic): void {
    if (isMarker(diagnostic)) this.omit(addMarker(this.omitted, diagnostic));
    else if (this.kept.length < this.limit || diagnostic.range.start.line === this.lastLine) {
      this.kept.push(diagnostic);
      this.lastLine = diagnostic.range.start.line;
    } else {
      this.omitted[diagnostic.severity]++;
      this.omit(diagnostic.range);
    }
  }

  /** Whether further problems (on a later line) are only counted. */
  get full(): boolean {
    return this.kept.length >= this.limit;
  }

  /** The problems of an earlier line once more, on `line` (a repeated line): cheap once full. */
  addAgain(diagnostics: readonly Diagnostic[], line: number): void {
    for (const diagnostic of diagnostics) {
      const { start, end } = diagnostic.range;
      const range = {
        start: { line, character: start.character },
        end: { line: line + end.line - start.line, character: end.character },
      };
      if (this.full && line !== this.lastLine && !isMarker(diagnostic)) {
        // Counted without a copy: the point of a repeated line is to cost nothing.
        this.omitted[diagnostic.severity]++;
        if (!this.firstOmitted) this.firstOmitted = range;
      } else this.add({ ...diagnostic, range });
    }
  }

  /** The kept diagnostics, then a marker counting the others when there are any. */
  list(): Diagnostic[] {
    return this.firstOmitted ? [...this.kept, marker(this.omitted, this.firstOmitted)] : [...this.kept];
  }

  private omit(range: Range): void {
    if (!this.firstOmitted || before(range, this.firstOmitted)) this.firstOmitted = range;
  }
}

/**
 * The problems of a file as the editor and the CLI show them: the first `limit` by position, then
 * one information diagnostic saying how many more (including those collectors counted).
 */
export function capDiagnostics(diagnostics: readonly Diagnostic[], limit = MAX_DIAGNOSTICS_PER_FILE): Diagnostic[] {
  const omitted = noCounts();
  let firstOmitted: Range | null = null;
  const real: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    if (!isMarker(diagnostic)) real.push(diagnostic);
    else {
      const range = addMarker(omitted, diagnostic);
      if (!firstOmitted || before(range, firstOmitted)) firstOmitted = range;
    }
  }
  if (real.length <= limit && !firstOmitted) return real;
  const sorted = [...real].sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
  const shown = sorted.slice(0, limit);
  for (const hidden of sorted.slice(limit)) omitted[hidden.severity]++;
  // The first problem not shown: the earlier of the first cut here and the first a collector left out.
  const cut = sorted[limit]?.range;
  const range = cut && (!firstOmitted || before(cut, firstOmitted)) ? cut : (firstOmitted as Range);
  return [...shown, marker(omitted, range)];
}

/** Problems by severity, counting those a marker stands for (and not the marker itself). */
export function severityCounts(diagnostics: readonly Diagnostic[]): Counts {
  const counts = noCounts();
  for (const diagnostic of diagnostics) {
    if (isMarker(diagnostic)) addMarker(counts, diagnostic);
    else counts[diagnostic.severity]++;
  }
  return counts;
}

/**
 * A host's problem lines about one file (`waypoint run`'s stderr): the first `limit` are kept, the
 * others only counted, and finish() adds one line saying how many more, as the editor does.
 */
export class FileProblems {
  private shown = 0;
  private more = 0;

  constructor(
    private readonly path: string,
    private readonly into: string[],
    private readonly limit = MAX_DIAGNOSTICS_PER_FILE,
  ) {}

  /** Whether further problems are only counted. */
  get full(): boolean {
    return this.shown >= this.limit;
  }

  add(line: string): void {
    if (this.shown < this.limit) {
      this.into.push(line);
      this.shown++;
    } else this.more++;
  }

  /** Counts `count` problems a capped reader left out (a TOO_MANY_PROBLEMS marker's). */
  count(count: number): void {
    this.more += count;
  }

  /** Adds the line saying how many problems were left out, if any were. */
  finish(): void {
    if (this.more > 0) this.into.push(`${this.path}: ${this.more} more problems in this file are not shown.`);
  }
}
