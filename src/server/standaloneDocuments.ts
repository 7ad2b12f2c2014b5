// Open standalone benchmark files (episode logs, level files, grid files): kept as plain text
// documents and validated whole after edits settle. They have no cross-file checks, so unlike
// MANGO games nothing else is re-validated when they change. Once an edit of a file drawn live
// (a benchmark's liveBoard kinds) is validated, `onLiveEdit` tells the client, whose board redraws.
import { promises as fs } from 'node:fs';
import { readFailureDiagnostic, readTextFile } from '../core/util/fileLimits';
import { isMissingFile } from '../core/util/walk';
import { fileURLToPath } from 'node:url';
import type { Connection, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { decodeUriSafely } from '../core/util/uri';
import { standaloneKindOf, validateStandalone } from '../core/benchmark/standaloneValidation';
import type { Diagnostic } from '../core/util/text';
import { findKind } from '../core/benchmarks';
import type { LiveBoard } from '../core/benchmark/registry';
import type { GridStateChangedParams, GridStateResult } from '../protocol/lsp';
import { SETTLE_MS, toLspDiagnostics } from './diagnostics';
import { LineText } from './lineText';

export class StandaloneDocuments {
  private readonly open = new Map<string, { text: LineText; kind: string }>();
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly connection: Connection,
    private readonly onLiveEdit: (change: GridStateChangedParams) => void = () => undefined,
  ) {}

  /** Tracks a document if it is a standalone kind; returns whether it was taken. */
  didOpen(uri: string, languageId: string, version: number, content: string): boolean {
    const kind = standaloneKindOf(decodeUriSafely(uri));
    if (kind === null) return false;
    this.open.set(uri, { text: new LineText(uri, languageId, version, content), kind });
    this.schedule(uri, true);
    return true;
  }

  didChange(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): boolean {
    const document = this.open.get(uri);
    if (!document) return false;
    for (const change of changes) document.text.apply(change, version);
    document.text.version = version;
    this.schedule(uri, false);
    return true;
  }

  /** On close the file on disk is what counts again. */
  didClose(uri: string): boolean {
    if (!this.open.delete(uri)) return false;
    void this.publishFromDisk(uri);
    return true;
  }

  text(uri: string): string | undefined {
    return this.open.get(uri)?.text.getText();
  }

  /**
   * The scene of a file its benchmark draws live (liveBoard: a BabyAI level), from the open editor
   * first, else disk; null when it has errors or is of no such kind. For the board.
   */
  async gridState(uri: string): Promise<GridStateResult> {
    const kind = standaloneKindOf(decodeUriSafely(uri));
    const live = kind === null ? undefined : liveBoardOf(kind);
    if (kind === null || !live) return { version: null, scene: null };
    const open = this.open.get(uri);
    if (!open && !uri.startsWith('file:')) return { version: null, scene: null };
    const text = open ? open.text.getText() : await readTextFile(fs, fileURLToPath(uri)).catch(() => null);
    return { version: open ? open.text.version : null, scene: text === null ? null : live.scene(kind, text) };
  }

  /** The open document's kind and text, for features such as code lenses. */
  get(uri: string): { kind: string; text: string } | undefined {
    const document = this.open.get(uri);
    return document ? { kind: document.kind, text: document.text.getText() } : undefined;
  }

  private schedule(uri: string, immediately: boolean): void {
    clearTimeout(this.pending.get(uri));
    const run = () => {
      this.pending.delete(uri);
      const document = this.open.get(uri);
      if (!document) return;
      const diagnostics = validateStandalone(document.kind, document.text.getText(), decodeUriSafely(uri));
      if (diagnostics)
        void this.connection.sendDiagnostics({
          uri,
          version: document.text.version,
          diagnostics: toLspDiagnostics(diagnostics),
        });
      // Opening changes nothing a board already shows; only an edit is pushed.
      if (!immediately && liveBoardOf(document.kind)) this.onLiveEdit({ uri, version: document.text.version });
    };
    if (immediately) run();
    else this.pending.set(uri, setTimeout(run, SETTLE_MS));
  }

  private async publishFromDisk(uri: string): Promise<void> {
    const kind = standaloneKindOf(decodeUriSafely(uri));
    if (kind === null) return;
    let diagnostics: Diagnostic[] | null;
    try {
      diagnostics = validateStandalone(kind, await readTextFile(fs, fileURLToPath(uri)), decodeUriSafely(uri));
    } catch (error) {
      // Closed because it was deleted: its problems go away. Too large or unreadable: say so on the
      // file rather than clearing it as if it were clean.
      diagnostics = isMissingFile(error) ? [] : [readFailureDiagnostic(error)];
    }
    if (diagnostics) void this.connection.sendDiagnostics({ uri, diagnostics: toLspDiagnostics(diagnostics) });
  }
}

/** The benchmark's liveBoard hook when it draws files of `kind` live; undefined otherwise. */
function liveBoardOf(kind: string): LiveBoard | undefined {
  const live = findKind(kind)?.benchmark.liveBoard;
  return live?.kinds.includes(kind) ? live : undefined;
}
