// Open benchmark documents: the text (a LineText, edited line by line) plus, for walkthroughs, the
// incrementally maintained parse. Edits touching nearby lines are coalesced: the parse catches up
// once, when something reads it, over the union of their lines (typing re-parses one block per
// burst, not per keystroke). An edit far from the pending ones first brings the parse up to date,
// so the pending region stays small whatever the edit history; nothing is kept per edit.
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { mangoFileKindOf, type FileKind } from '../core/benchmarks/mango/fileKinds';
import { WalkthroughDocument } from '../core/benchmarks/mango/walkthrough/walkthroughDocument';
import { LineText } from './lineText';

/** Lines between an edit and the pending region within which both are re-parsed as one. */
const COALESCE_LINES = 64;

/** Lines not yet re-parsed: [first, lineCount - 1 - tail] of the current text; `lineCount` is the parse's. */
interface PendingLines {
  first: number;
  tail: number;
  full: boolean;
}

export class OpenDocument {
  private parse: WalkthroughDocument | undefined;
  private pending: PendingLines | null = null;

  constructor(
    public text: LineText,
    readonly kind: FileKind,
  ) {
    // A fresh document is split once; per-line reads are for edits.
    if (kind === 'mango-walkthrough')
      this.parse = WalkthroughDocument.fromLines((line) => text.lineContent(line), text.lineCount);
  }

  /** The walkthrough's parse, up to date with every edit; undefined for other kinds. */
  get walkthrough(): WalkthroughDocument | undefined {
    this.catchUp();
    return this.parse;
  }

  /** Applies LSP content changes in order; the walkthrough parse follows lazily. */
  change(version: number, changes: readonly TextDocumentContentChangeEvent[]): void {
    for (const change of changes) {
      if (this.parse && this.pending && !this.pending.full && 'range' in change && !this.near(change)) this.catchUp();
      const span = this.text.apply(change, version);
      if (!this.parse) continue;
      const pending = this.pending ?? { first: Number.MAX_SAFE_INTEGER, tail: Number.MAX_SAFE_INTEGER, full: false };
      if (span === null) pending.full = true;
      else {
        pending.first = Math.min(pending.first, span.first);
        pending.tail = Math.min(pending.tail, this.text.lineCount - 1 - span.newEnd);
      }
      this.pending = pending;
    }
    this.text.version = version;
  }

  /** Whether a change's lines lie within COALESCE_LINES of the pending region. */
  private near(change: { range: { start: { line: number }; end: { line: number } } }): boolean {
    if (!this.pending) return true;
    const regionEnd = this.text.lineCount - 1 - this.pending.tail;
    const low = Math.min(change.range.start.line, change.range.end.line);
    const high = Math.max(change.range.start.line, change.range.end.line);
    return high >= this.pending.first - COALESCE_LINES && low <= regionEnd + COALESCE_LINES;
  }

  private catchUp(): void {
    const pending = this.pending;
    if (!pending || !this.parse) return;
    this.pending = null;
    const readLine = (line: number) => this.text.lineContent(line);
    const lineCount = this.text.lineCount;
    if (pending.full) {
      this.parse = WalkthroughDocument.fromLines(readLine, lineCount);
      return;
    }
    // One line of margin on each side: a block's opener looks one line ahead.
    const oldLineCount = this.parse.lineCount;
    const first = Math.max(0, pending.first - 1);
    const tail = Math.max(0, Math.min(pending.tail - 1, oldLineCount - 1, lineCount - 1));
    this.parse.applyLineEdit(first, oldLineCount - 1 - tail, lineCount - 1 - tail, readLine, lineCount);
  }
}

export class DocumentStore {
  private readonly documents = new Map<string, OpenDocument>();

  /** Starts tracking a document; returns null for files Waypoint does not handle. */
  open(uri: string, languageId: string, version: number, content: string): OpenDocument | null {
    const kind = mangoFileKindOf(uri) ?? (languageId === 'mango-walkthrough' ? 'mango-walkthrough' : null);
    if (kind === null) return null;
    const document = new OpenDocument(new LineText(uri, languageId, version, content), kind);
    this.documents.set(uri, document);
    return document;
  }

  /** Applies LSP content changes in order; a walkthrough re-parses only the affected blocks, when next read. */
  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): OpenDocument | undefined {
    const document = this.documents.get(uri);
    document?.change(version, changes);
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
