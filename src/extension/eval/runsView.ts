// The "Waypoint Runs" tree: run records from .waypoint/runs/*.jsonl grouped by game, level or grid
// file and then by question, one leaf per run (model, scores). Selecting a run reopens its answer
// (with its trajectory on the maze or the board); two selected runs of a question compare side by side.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { questionGroup, questionLabel, runSucceeded, scoreLine } from '../../core/eval/runLabels';
import { parseRunRecords } from '../../core/eval/recordSchemas';
import type { RunRecord } from '../../core/eval/types';
import { describeFsError, isMissingFile } from '../../core/walk';

type Node = { kind: 'game'; game: string } | { kind: 'question'; game: string; sampleId: string; label: string } | { kind: 'run'; record: RunRecord; index: number };

export class RunsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private records: RunRecord[] = [];
  /** Lines of the run files that are not run records, as `file:line:column: why`. */
  private problems: string[] = [];
  private readonly watcher: vscode.FileSystemWatcher;

  /** `log` receives one line per skipped run-file line. */
  constructor(private readonly log: (line: string) => void) {
    this.watcher = vscode.workspace.createFileSystemWatcher('**/.waypoint/runs/*.jsonl');
    this.watcher.onDidChange(() => this.refresh());
    this.watcher.onDidCreate(() => this.refresh());
  }

  /** Re-reads the run files (line by line, each through the run record schema; a broken line is skipped, counted and logged). */
  async refresh(): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    const records: RunRecord[] = [];
    const problems: string[] = [];
    if (folder) {
      const directory = join(folder.uri.fsPath, '.waypoint', 'runs');
      // No runs folder yet is the usual case (no run recorded); any other failure is shown, not hidden.
      const files = await fs.readdir(directory).catch((error: unknown) => {
        if (isMissingFile(error)) return [] as string[];
        void vscode.window.showWarningMessage(`Waypoint: cannot list the runs in ${directory}: ${describeFsError(error)}`);
        return [] as string[];
      });
      for (const file of files.filter((name) => name.endsWith('.jsonl')).sort()) {
        const path = join(directory, file);
        const read = parseRunRecords(await fs.readFile(path, 'utf8'), path);
        records.push(...read.records);
        problems.push(...read.problems);
      }
    }
    // Logged once per change of what is broken, not on every refresh the watcher triggers.
    const fresh = problems.filter((problem) => !this.problems.includes(problem));
    for (const problem of fresh) this.log(`Runs view: skipped a line that is not a run record: ${problem}`);
    this.records = records;
    this.problems = problems;
    this.changed.fire(undefined);
  }

  /** How many run-file lines were skipped at the last refresh. */
  get skipped(): number {
    return this.problems.length;
  }

  /** Keeps the view's description saying how many lines were skipped (details in the log). */
  describeSkippedIn(tree: vscode.TreeView<unknown>): vscode.Disposable {
    const update = () => {
      tree.description = this.problems.length > 0 ? `${this.problems.length} unreadable line${this.problems.length === 1 ? '' : 's'} skipped (see the Waypoint log)` : undefined;
    };
    update();
    return this.onDidChangeTreeData(update);
  }

  get runs(): readonly RunRecord[] {
    return this.records;
  }

  getChildren(node?: Node): Node[] {
    if (!node) return [...new Set(this.records.map((record) => questionGroup(record.question)))].sort().map((game) => ({ kind: 'game', game }));
    if (node.kind === 'game') {
      const questions = new Map<string, string>();
      for (const record of this.records) if (questionGroup(record.question) === node.game) questions.set(record.question.sampleId, questionLabel(record.question));
      return [...questions].map(([sampleId, label]) => ({ kind: 'question', game: node.game, sampleId, label }));
    }
    if (node.kind === 'question') {
      return this.records.flatMap((record, index) => (questionGroup(record.question) === node.game && record.question.sampleId === node.sampleId ? [{ kind: 'run' as const, record, index }] : []));
    }
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'game') return { label: node.game, collapsibleState: vscode.TreeItemCollapsibleState.Expanded, iconPath: new vscode.ThemeIcon(node.game.startsWith('GRASP') || node.game.startsWith('BabyAI') ? 'symbol-array' : 'map') };
    if (node.kind === 'question') return { label: node.label, description: node.sampleId.slice(0, 8), collapsibleState: vscode.TreeItemCollapsibleState.Collapsed };
    const { record } = node;
    const item = new vscode.TreeItem(record.model.id);
    item.description = `${scoreLine(record.scores)} · ${record.time.slice(0, 16).replace('T', ' ')}${record.cached ? ' · cached' : ''}`;
    item.tooltip = `${record.mode} mode · ${record.latencyMs} ms${record.costUsd !== null ? ` · $${record.costUsd.toFixed(4)}` : ''}`;
    item.contextValue = 'waypointRun';
    item.iconPath = new vscode.ThemeIcon(runSucceeded(record) ? 'pass' : 'error');
    item.command = { command: 'waypoint.openRun', title: 'Open Run', arguments: [node.index] };
    return item;
  }

  dispose(): void {
    this.watcher.dispose();
    this.changed.dispose();
  }
}
