// Why a file someone asked to see as results holds no run record, said so they can act on it: the
// file by the name they know it by, the first line that failed and why (the run-file reader's own
// located problem), and, when the file's name is that of a benchmark's input or upstream output,
// which kind it is, since "`time` is missing" alone does not tell a person they picked a grid file.
import { fileKindOf } from '../benchmark/registry';

/** The first line of a file that is not a run record, located (1-based line and column). */
export interface NotARunFile {
  /** The file as given to the reader. */
  file: string;
  /** Absent when the file is empty (there is no line to point at). */
  line?: number;
  column?: number;
  /** One readable paragraph: the file as `shownAs`, the line, the reason, what the file seems to be. */
  message: string;
}

/** `path:line:column: text`, the run-file reader's problem form, taken apart (null for another form). */
export function locateProblem(problem: string, file: string): { line: number; column: number; text: string } | null {
  if (!problem.startsWith(`${file}:`)) return null;
  const match = /^(\d+):(\d+): ([\s\S]*)$/.exec(problem.slice(file.length + 1));
  return match ? { line: Number(match[1]), column: Number(match[2]), text: match[3] } : null;
}

/**
 * The reason `file` (shown to the user as `shownAs`) cannot be shown as results, given the reader's
 * problems for it when it yielded no record at all.
 */
export function notARunFile(file: string, shownAs: string, problems: readonly string[]): NotARunFile {
  const registered = fileKindOf(file);
  const kind = registered
    ? ` Its name is that of a ${registered.benchmark.label} benchmark file (${registered.kind.id}), not of a run file.`
    : '';
  const writers = ' Run files are what `waypoint run`, `waypoint import` and Run Benchmark write.';
  const [first] = problems;
  if (first === undefined) return { file, message: `${shownAs} holds no run records: the file is empty.` };
  const located = locateProblem(first, file);
  const others = problems.length - 1;
  const more =
    others === 0 ? '' : ` (${others === 1 ? 'one more line is' : `${others} more lines are`} not run records either)`;
  if (!located) return { file, message: `${shownAs} is not a run file: ${first}${more}.${kind}${writers}` };
  const reason = located.text.replace(/\.$/, '');
  return {
    file,
    line: located.line,
    column: located.column,
    message: `${shownAs} is not a run file: line ${located.line}, column ${located.column}: ${reason}${more}.${kind}${writers}`,
  };
}
