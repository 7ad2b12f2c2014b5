// Messages from a webview are untrusted input: each panel parses them with its direction's schema
// from src/protocol before acting. A message that does not parse is dropped and logged: in one build
// the webview and the extension share the schema, so it means a bug or a foreign sender, never a
// reason to guess.
import type { MessageSchema } from '../../protocol/webviewMessage';

let log: (line: string) => void = (line) => console.warn(line);

/** Where dropped messages are reported (the Waypoint output channel once activated). */
export function useWebviewMessageLog(write: (line: string) => void): void {
  log = write;
}

/** The message parsed by `schema`, or undefined (and a log line naming the view and the first problem). */
export function receiveMessage<T>(schema: MessageSchema<T>, raw: unknown, view: string): T | undefined {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const type =
    typeof raw === 'object' && raw !== null && 'type' in raw
      ? JSON.stringify((raw as { type: unknown }).type)?.slice(0, 40)
      : undefined;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  log(
    `Ignored a malformed message${type ? ` of type ${type}` : ''} from the ${view} view${where}: ${issue?.message ?? 'not a message'}`,
  );
  return undefined;
}
