// Code lenses on standalone benchmark files, from the registry: each benchmark's `questions` hook
// (core/benchmarks/<benchmark>/benchmark.ts) says what a file offers (a question to run, Show Board, …) and
// which command runs it; the lens adds the file's URI to the command's argument. No benchmark is
// named here, so a registered benchmark gets its lenses without a server edit.
import type { CodeLens } from 'vscode-languageserver';
import { findKind } from '../core/benchmarks';
import { decodeUriSafely } from '../core/util/uri';

/** At most this many lenses per file: beyond it VS Code spends more time drawing than it helps. */
const LENS_LIMIT = 5000;

/** The lenses of a standalone file; none for a kind whose benchmark declares no questions. */
export function standaloneLenses(kind: string, uri: string, text: string): CodeLens[] {
  const found = findKind(kind);
  if (!found?.benchmark.questions) return [];
  return found.benchmark
    .questions(kind, text, decodeUriSafely(uri))
    .slice(0, LENS_LIMIT)
    .map((entry) => ({
      range: { start: { line: entry.line, character: 0 }, end: { line: entry.line, character: 0 } },
      command: { title: entry.label, command: entry.command, arguments: [{ uri, ...entry.argument }] },
    }));
}
