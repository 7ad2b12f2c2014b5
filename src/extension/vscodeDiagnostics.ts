// Core's diagnostics (src/core/util/text.ts) as VS Code shows them, for the places the extension sets
// diagnostics itself rather than through the language server (answer documents, map diffs).
import * as vscode from 'vscode';
import type { Diagnostic } from '../core/util/text';

// By name, looked up when a diagnostic is made: loading this module (in the activation bundle) then
// needs no editor API, so the command table loads in a plain Node test (test/support/withoutEditor.ts).
const severities = {
  error: 'Error',
  warning: 'Warning',
  information: 'Information',
  hint: 'Hint',
} as const satisfies Record<Diagnostic['severity'], keyof typeof vscode.DiagnosticSeverity>;

/** One core diagnostic as a vscode.Diagnostic: same range, message, severity and code, source 'waypoint'. */
export function toVscodeDiagnostic(problem: Diagnostic): vscode.Diagnostic {
  const { start, end } = problem.range;
  const diagnostic = new vscode.Diagnostic(
    new vscode.Range(start.line, start.character, end.line, end.character),
    problem.message,
    vscode.DiagnosticSeverity[severities[problem.severity]],
  );
  diagnostic.code = problem.code;
  diagnostic.source = 'waypoint';
  return diagnostic;
}
