// Open benchmark documents: the text (vscode-languageserver-textdocument) plus, for walkthroughs,
// the incrementally maintained parse. Content changes are applied one by one so each re-parses only
// the lines it touched. JSON files are small and re-parsed whole by the game checks.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { mangoFileKindOf, type FileKind } from '../core/benchmarks/mango/fileKinds';
import { WalkthroughDocument } from '../core/benchmarks/mango/walkthrough/walkthroughDocument';

interface OpenDocument {
  text: TextDocument;
  kind: FileKind;
  /** Set for walkthroughs only. */
  walkthrough?: WalkthroughDocument;
}

function lineReader(document: TextDocument): (line: number) => string | undefined {
  return (line) => {
    if (line >= document.lineCount) return undefined;
    const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
    return text.replace(/\r?\n$|\r$/, '');
  };
}

/**
 * A change with its range made well-formed: ends ordered and clamped to the text, as LSP defines
 * them. TextDocument.update applies such ranges right but updates its line table from the raw
 * line numbers, so a reversed range or one past the end left every later line misplaced.
 */
function normalisedChange(
  document: TextDocument,
  change: TextDocumentContentChangeEvent,
): TextDocumentContentChangeEvent {
  if (!('range' in change)) return change;
  const [start, end] = [document.offsetAt(change.range.start), document.offsetAt(change.range.end)].sort(
    (a, b) => a - b,
  );
  return { range: { start: document.positionAt(start), end: document.positionAt(end) }, text: change.text };
}

/** Applies LSP content changes in order, each with a well-formed range; returns the updated document. */
export function updateText(
  document: TextDocument,
  changes: readonly TextDocumentContentChangeEvent[],
  version: number,
): TextDocument {
  for (const change of changes) document = TextDocument.update(document, [normalisedChange(document, change)], version);
  return document;
}

export class DocumentStore {
  private readonly documents = new Map<string, OpenDocument>();

  /** Starts tracking a document; returns null for files Waypoint does not handle. */
  open(uri: string, languageId: string, version: number, content: string): OpenDocument | null {
    const kind = mangoFileKindOf(uri) ?? (languageId === 'mango-walkthrough' ? 'mango-walkthrough' : null);
    if (kind === null) return null;
    const text = TextDocument.create(uri, languageId, version, content);
    // A fresh document is split once; per-line reads through TextDocument are for small edits.
    const document: OpenDocument = {
      text,
      kind,
      walkthrough: kind === 'mango-walkthrough' ? WalkthroughDocument.parse(content) : undefined,
    };
    this.documents.set(uri, document);
    return document;
  }

  /** Applies LSP content changes in order, re-parsing only the affected blocks. */
  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): OpenDocument | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    if (!document.walkthrough) {
      document.text = updateText(document.text, changes, version);
      return document;
    }
    for (const raw of changes) {
      const change = normalisedChange(document.text, raw);
      if (!('range' in change)) {
        document.text = TextDocument.update(document.text, [change], version);
        document.walkthrough = WalkthroughDocument.parse(document.text.getText());
        continue;
      }
      // One line of margin on each side: an edit can join or split a "\r\n" at its ends (a "\n"
      // typed after a lone "\r"), changing the line next to it. The line count comes from both
      // texts, not from the inserted text's line breaks, for the same reason.
      const firstLine = Math.max(0, change.range.start.line - 1);
      const oldEndLine = Math.min(document.text.lineCount - 1, change.range.end.line + 1);
      const oldLineCount = document.text.lineCount;
      document.text = TextDocument.update(document.text, [change], version);
      const delta = document.text.lineCount - oldLineCount;
      document.walkthrough?.applyLineEdit(
        firstLine,
        oldEndLine,
        oldEndLine + delta,
        lineReader(document.text),
        document.text.lineCount,
      );
    }
    return document;
  }

  close(uri: string): void {
    this.documents.delete(uri);
  }

  get(uri: string): OpenDocument | undefined {
    return this.documents.get(uri);
  }

  isOpen(uri: string): boolean {
    return this.documents.has(uri);
  }

  all(): IterableIterator<OpenDocument> {
    return this.documents.values();
  }
}
