// Core's diagnostics (src/core/util/text.ts) as VS Code shows them, for the places the extension sets
// diagnostics itself rather than through the language server (answer documents, map diffs).
import * as vscode from 'vscode';
import type { Diagnostic } from '../core/util/text';

const severities: Record<Diagnostic['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

/** One core diagnostic as a vscode.Diagnostic: same range, message, severity and code, source 'waypoint'. */
export function toVscodeDiagnostic(problem: Diagnostic): vscode.Diagnostic {
  const { start, end } = problem.range;
  const diagnostic = new vscode.Diagnostic(
    new vscode.Range(start.line, start.character, end.line, end.character),
    problem.message,
    severities[problem.severity],
  );
  diagnostic.code = problem.code;
  diagnostic.source = 'waypoint';
  return diagnostic;
}
