// Read-only documents showing a model's raw answer (scheme `waypoint-answer`), with the scorer's
// diagnostics on the exact text of each wrong step. The text is the model's output shown as
// plain text: it is data, never interpreted.
import * as vscode from 'vscode';
import type { Diagnostic } from '../../core/util/text';
import { toVscodeDiagnostic } from '../vscodeDiagnostics';
import { columnHolding, companionColumn, groupsHolding, isWebviewTab, tabShows } from '../views/tabGroups';

export const ANSWER_SCHEME = 'waypoint-answer';
const ANSWER_LANGUAGE = 'waypoint-answer';
/** MazePanel.viewType (not imported: the maze panel imports this module). */
const MAZE_VIEW_TYPE = 'waypoint.maze';

/** Whether any tab (a text editor or either side of a diff) still shows `uri`. */
function isShownInATab(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return groupsHolding((tab) => tabShows(tab, (shown) => shown.toString() === key)).length > 0;
}

export class AnswerDocuments implements vscode.TextDocumentContentProvider, vscode.HoverProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  /** The core diagnostics per answer, for hovers: their `data.expected` says what was right. */
  private readonly problems = new Map<string, readonly Diagnostic[]>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  readonly diagnostics = vscode.languages.createDiagnosticCollection('waypoint-answers');
  private readonly listeners: vscode.Disposable[];
  /** Answers being opened (their tab is not there yet). */
  private readonly opening = new Set<string>();

  constructor() {
    // A closed answer's problems go with it, or a series of runs piles them up in Problems. Closing
    // its last tab is what counts: the document itself may stay loaded long after, and setting its
    // language (in show) closes and reopens the document, so document events would drop the
    // problems of the answer being shown.
    this.listeners = [
      vscode.window.tabGroups.onDidChangeTabs((event) => {
        for (const tab of event.closed) {
          const uri = tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined;
          if (uri?.scheme === ANSWER_SCHEME && !isShownInATab(uri)) this.forget(uri);
        }
      }),
      // Closing a whole editor group closes its tabs too: sweep answers no tab shows any more.
      vscode.window.tabGroups.onDidChangeTabGroups((event) => {
        if (event.closed.length === 0) return;
        for (const key of [...this.problems.keys()]) {
          const uri = vscode.Uri.parse(key);
          if (!this.opening.has(key) && !isShownInATab(uri)) this.forget(uri);
        }
      }),
    ];
  }

  private forget(uri: vscode.Uri): void {
    this.diagnostics.delete(uri);
    this.problems.delete(uri.toString());
    this.contents.delete(uri.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Opens an answer beside the editor and marks its problems. */
  async show(name: string, text: string, problems: readonly Diagnostic[]): Promise<vscode.TextDocument> {
    const uri = vscode.Uri.from({ scheme: ANSWER_SCHEME, path: `/${name}.txt` });
    this.opening.add(uri.toString());
    try {
      return await this.open(uri, text, problems);
    } finally {
      this.opening.delete(uri.toString());
    }
  }

  private async open(uri: vscode.Uri, text: string, problems: readonly Diagnostic[]): Promise<vscode.TextDocument> {
    this.contents.set(uri.toString(), text);
    this.problems.set(uri.toString(), problems);
    this.changed.fire(uri);
    this.diagnostics.set(uri, problems.map(toVscodeDiagnostic));
    // Its own language so answers wrap (model answers are often one long line) without touching
    // the user's plain-text settings.
    const document = await vscode.languages.setTextDocumentLanguage(
      await vscode.workspace.openTextDocument(uri),
      ANSWER_LANGUAGE,
    );
    // Answers share one editor group: reuse the group that already holds an answer tab, visible or
    // not, so a series of runs does not keep splitting the editor; else the maze's group, so an
    // answer and its maze are tabs of one group beside the editor, not a third column.
    const answerColumn =
      columnHolding((tab) => tabShows(tab, (shown) => shown.scheme === ANSWER_SCHEME)) ??
      columnHolding((tab) => isWebviewTab(tab, MAZE_VIEW_TYPE)) ??
      companionColumn();
    await vscode.window.showTextDocument(document, { viewColumn: answerColumn, preview: false });
    return document;
  }

  /** On a marked step: what went wrong and what the maze expected there. */
  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const here = (this.problems.get(document.uri.toString()) ?? []).filter((problem) => {
      const range = new vscode.Range(
        problem.range.start.line,
        problem.range.start.character,
        problem.range.end.line,
        problem.range.end.character,
      );
      return range.contains(position);
    });
    if (here.length === 0) return undefined;
    const markdown = new vscode.MarkdownString();
    for (const problem of here) {
      markdown.appendMarkdown(`**${problem.code}** `);
      markdown.appendText(problem.message);
      if (problem.data?.expected !== undefined) {
        markdown.appendMarkdown('\n\n*Expected:* ');
        markdown.appendText(String(problem.data.expected));
      }
      markdown.appendMarkdown('\n\n');
    }
    return new vscode.Hover(markdown);
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.changed.dispose();
    this.diagnostics.dispose();
  }
}
