// Publishes diagnostics for open documents after edits settle, and converts core diagnostics to
// LSP ones. Very broken files are capped so a 20 MB mistake cannot flood the client.
import {
  CodeLensRefreshRequest,
  DiagnosticSeverity,
  type Connection,
  type Diagnostic as LspDiagnostic,
} from 'vscode-languageserver';
import { internalDiagnostic, type Diagnostic, type Severity } from '../core/util/text';
import { capDiagnostics } from '../core/util/diagnosticCap';

export { MAX_DIAGNOSTICS_PER_FILE } from '../core/util/diagnosticCap';
import type { DocumentStore } from './documents';
import { gameDiagnostics, loadGame } from './mango/games';

/** Typing pauses shorter than this re-validate once, not per keystroke. */
export const SETTLE_MS = 40;

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Core diagnostics to LSP, keeping the first MAX_DIAGNOSTICS_PER_FILE and saying how many were left out (core's cap, as the CLI's). */
export function toLspDiagnostics(diagnostics: readonly Diagnostic[]): LspDiagnostic[] {
  return capDiagnostics(diagnostics).map((diagnostic) => ({
    severity: severities[diagnostic.severity],
    code: diagnostic.code,
    source: 'waypoint',
    message: diagnostic.message,
    range: diagnostic.range,
    ...(diagnostic.data ? { data: diagnostic.data } : {}),
  }));
}

export class DiagnosticsPublisher {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Per game, the latest run; an older run that finishes late does not publish. */
  private readonly latestRun = new Map<string, number>();
  private runCounter = 0;
  /** Server time spent computing the last diagnostics per URI, for the bench and the trace. */
  readonly lastComputeMs = new Map<string, number>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: DocumentStore,
  ) {}

  schedule(uri: string, immediately = false): void {
    clearTimeout(this.pending.get(uri));
    if (immediately) {
      this.pending.delete(uri);
      void this.publish(uri);
      return;
    }
    this.pending.set(
      uri,
      setTimeout(() => {
        this.pending.delete(uri);
        void this.publish(uri);
      }, SETTLE_MS),
    );
  }

  clear(uri: string): void {
    clearTimeout(this.pending.get(uri));
    this.pending.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /**
   * Validates the game `uri` belongs to and publishes diagnostics for each of its files. Never
   * rejects: an unexpected failure is published as a `waypoint/internal` error on `uri` (so the
   * file does not look clean) and logged, and the server keeps serving.
   */
  async publish(uri: string): Promise<void> {
    try {
      await this.validateAndPublish(uri);
    } catch (error) {
      this.publishFailure(uri, error);
    }
  }

  /** Shows an unexpected failure on `uri` as a `waypoint/internal` error, and logs it. */
  publishFailure(uri: string, error: unknown): void {
    this.connection.console.error(
      `Waypoint: checking ${uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    const open = this.documents.get(uri);
    // Failing to send here means the connection is gone; the error is already in the log above.
    void this.connection
      .sendDiagnostics({
        uri,
        version: open?.text.version,
        diagnostics: toLspDiagnostics([internalDiagnostic(error)]),
      })
      .catch(() => undefined);
  }

  /** The versions of a game's members open in editors, as one comparable string. */
  private openVersions(members: readonly { uri: string }[]): string {
    return members.map((member) => this.documents.get(member.uri)?.text.version ?? '-').join(',');
  }

  private async validateAndPublish(uri: string): Promise<void> {
    const started = performance.now();
    const run = ++this.runCounter;
    const game = await loadGame(uri, this.documents);
    if (!game) return;
    this.latestRun.set(game.key, run);
    // An edit of an open member after this run began makes its result stale: that edit scheduled a
    // run of its own, so this one stops at its next step and publishes nothing.
    const versions = this.openVersions(game.members);
    const isStale = () => this.latestRun.get(game.key) !== run || this.openVersions(game.members) !== versions;
    // Large skeleton files are checked in slices; what is found so far is shown as it comes.
    const publishPartial = (memberUri: string, partial: Diagnostic[]) => {
      if (!isStale()) void this.connection.sendDiagnostics({ uri: memberUri, diagnostics: toLspDiagnostics(partial) });
    };
    const byUri = await gameDiagnostics(game, this.documents, publishPartial, isStale);
    if (isStale()) return;
    this.lastComputeMs.set(uri, performance.now() - started);
    for (const [memberUri, diagnostics] of byUri) {
      const open = this.documents.get(memberUri);
      void this.connection.sendDiagnostics({
        uri: memberUri,
        version: open?.text.version,
        diagnostics: toLspDiagnostics(diagnostics),
      });
    }
    // Hints and lenses on the walkthrough come from edges.json: redraw them when another file changed.
    if (!this.documents.get(uri)?.walkthrough) {
      // A client may refuse a refresh (e.g. one without refresh support); the hints are then only
      // stale, so it is logged rather than published as a problem.
      const logRefreshFailure = (what: string) => (error: unknown) =>
        this.connection.console.warn(
          `Waypoint: ${what} refresh failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      this.connection.languages.inlayHint.refresh().catch(logRefreshFailure('inlay hint'));
      this.connection.sendRequest(CodeLensRefreshRequest.type).catch(logRefreshFailure('code lens'));
    }
  }
}
