// Edits to the game's JSON files as one minimal text change per file, so that applying them is a
// single undoable WorkspaceEdit that leaves the rest of the file (and its formatting) untouched.
import { applyEdits, modify, type JSONPath } from 'jsonc-parser';
import type { TextDocumentEdit, CreateFile, TextEdit } from 'vscode-languageserver';
import { OffsetMapper } from '../../core/util/locatedJson';

/** Indentation of an existing JSON text (upstream writes 4 spaces), for inserted values. */
function detectIndent(text: string): { insertSpaces: boolean; tabSize: number } {
  const match = /\n([ \t]+)\S/.exec(text);
  if (!match) return { insertSpaces: true, tabSize: 4 };
  return match[1].startsWith('\t')
    ? { insertSpaces: false, tabSize: 1 }
    : { insertSpaces: true, tabSize: match[1].length };
}

export type JsonChange = { path: JSONPath; value: unknown; insert?: boolean };

/** Applies changes in order (undefined value removes) and returns the new text. */
export function applyJsonChanges(text: string, changes: readonly JsonChange[]): string {
  let current = text;
  for (const change of changes) {
    const formattingOptions = { ...detectIndent(current), eol: current.includes('\r\n') ? '\r\n' : '\n' };
    current = applyEdits(
      current,
      modify(current, change.path, change.value, { formattingOptions, isArrayInsertion: change.insert ?? false }),
    );
  }
  return current;
}

/** One TextEdit replacing only the differing middle of `before` with that of `after`. */
export function minimalEdit(before: string, after: string): TextEdit | null {
  if (before === after) return null;
  let start = 0;
  while (start < before.length && start < after.length && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  const mapper = new OffsetMapper(before);
  return {
    range: { start: mapper.position(start), end: mapper.position(endBefore) },
    newText: after.slice(start, endAfter),
  };
}

/** Collects per-file text changes into LSP documentChanges (creating files that do not exist yet). */
export class GameEditBuilder {
  private readonly changes: Array<TextDocumentEdit | CreateFile> = [];

  /** Records that the file at `uri` goes from `before` (null: does not exist) to `after`. */
  change(uri: string, version: number | null, before: string | null, after: string): void {
    if (before === null) {
      this.changes.push({ kind: 'create', uri, options: { ignoreIfExists: false, overwrite: false } });
      this.changes.push({
        textDocument: { uri, version: null },
        edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: after }],
      });
      return;
    }
    const edit = minimalEdit(before, after);
    if (edit) this.changes.push({ textDocument: { uri, version }, edits: [edit] });
  }

  get isEmpty(): boolean {
    return this.changes.length === 0;
  }

  build(): { documentChanges: Array<TextDocumentEdit | CreateFile> } {
    return { documentChanges: this.changes };
  }
}
