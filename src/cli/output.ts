// How the CLI prints untrusted text. Every line on stderr, and every name or message inside a
// one-line-per-item output, goes through escapeControls (core/util/text.ts): file names, file contents
// and model replies can hold newlines and terminal escapes, and must not forge or restyle lines.
// Both writers also mask credentials written into URLs (`user:pass@`, `?api-key=`): a base URL
// reaches many messages (server errors, the preflight line, `models test`), and none may print its key.
import { redactUrlCredentials } from '../core/eval/redact';
import { escapeControls, type Diagnostic } from '../core/util/text';

/** `path:line:col: [severity ]message [code]`, 1-based like compilers, with path and message escaped. */
export function diagnosticLine(path: string, diagnostic: Diagnostic, withSeverity = true): string {
  const { line, character } = diagnostic.range.start;
  const severity = withSeverity ? `${diagnostic.severity} ` : '';
  return `${escapeControls(path)}:${line + 1}:${character + 1}: ${severity}${escapeControls(diagnostic.message)} [${escapeControls(diagnostic.code)}]`;
}

/** The process's writers: stdout keeps line breaks (prompts and observations span lines); stderr is one line per call. */
export const stdoutLine = (text: string) =>
  process.stdout.write(`${escapeControls(redactUrlCredentials(text), true)}\n`);
export const stderrLine = (text: string) => process.stderr.write(`${escapeControls(redactUrlCredentials(text))}\n`);
