// Open benchmark documents: the text (vscode-languageserver-textdocument) plus, for walkthroughs,
// the incrementally maintained parse. Content changes are applied one by one so each re-parses only
// the lines it touched. JSON files are small and re-parsed whole by the game checks.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { fileKindOf, type FileKind } from '../core/files';
import { WalkthroughDocument } from '../core/mango/walkthroughDocument';

export interface OpenDocument {
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

function countLineBreaks(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10) count++;
    else if (code === 13) {
      count++;
      if (text.charCodeAt(index + 1) === 10) index++;
    }
  }
  return count;
}

export class DocumentStore {
  private readonly documents = new Map<string, OpenDocument>();

  /** Starts tracking a document; returns null for files Waypoint does not handle. */
  open(uri: string, languageId: string, version: number, content: string): OpenDocument | null {
    const kind = fileKindOf(uri) ?? (languageId === 'mango-walkthrough' ? 'mango-walkthrough' : null);
    if (kind === null) return null;
    const text = TextDocument.create(uri, languageId, version, content);
    // A fresh document is split once; per-line reads through TextDocument are for small edits.
    const document: OpenDocument = { text, kind, walkthrough: kind === 'mango-walkthrough' ? WalkthroughDocument.parse(content) : undefined };
    this.documents.set(uri, document);
    return document;
  }

  /** Applies LSP content changes in order, re-parsing only the affected blocks. */
  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): OpenDocument | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    if (!document.walkthrough) {
      document.text = TextDocument.update(document.text, [...changes], version);
      return document;
    }
    for (const change of changes) {
      if (!('range' in change)) {
        document.text = TextDocument.update(document.text, [change], version);
        document.walkthrough = WalkthroughDocument.parse(document.text.getText());
        continue;
      }
      const firstLine = change.range.start.line;
      const oldEndLine = change.range.end.line;
      const newEndLine = firstLine + countLineBreaks(change.text);
      document.text = TextDocument.update(document.text, [change], version);
      document.walkthrough?.applyLineEdit(firstLine, oldEndLine, newEndLine, lineReader(document.text), document.text.lineCount);
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
