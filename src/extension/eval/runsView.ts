// The "Waypoint Runs" tree. "Benchmark runs" first: the runs of `.waypoint/runs/batch/*.jsonl`
// (`waypoint run`, Run Benchmark…), one node per run id with each model under it, summarised in a
// worker thread (runSummaryWorker.ts). Then the single-question runs of .waypoint/runs/*.jsonl
// grouped by game, level or grid file and then by question, one leaf per run (model, scores).
// Selecting a run reopens its answer (with its trajectory on the maze or the board); two selected
// runs of a question compare side by side. Rows stay short; every score is in the tooltip.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import * as vscode from 'vscode';
import { questionGroup, questionLabel, runSucceeded } from '../../core/eval/runLabels';
import { parseRunRecords } from '../../core/eval/recordSchemas';
import type { RunRecord } from '../../core/eval/types';
import type { FileStamp, ModelSummary, RunSummary } from '../../core/runs/runGroups';
import {
  modelDescription,
  modelTooltip,
  recordDescription,
  recordTooltip,
  runDescription,
  runLabel,
  runTooltip,
} from '../../core/runs/runTreeText';
import { describeFsError, isMissingFile } from '../../core/util/walk';
import type { SummaryRequest, SummaryResponse } from './runSummaryWorker';

/** One model of a batch run; `files` and `runId` are its run's. */
class BatchModelNode {
  readonly kind = 'batchModel';
  readonly files: string[];
  readonly runId: string | null;
  readonly model: string;
  constructor(
    readonly run: BatchRunNode,
    readonly summary: ModelSummary,
  ) {
    this.files = run.files;
    this.runId = run.runId;
    this.model = summary.model;
  }
}

/** A batch run: the records sharing a run id (over every file they are in), or a file's records without one. */
class BatchRunNode {
  readonly kind = 'batchRun';
  /** Absolute paths of the run's files. */
  readonly files: string[];
  /** The records' `run_id`; null for records without one (then `files` is the one file holding them). */
  readonly runId: string | null;
  readonly models: BatchModelNode[];
  constructor(readonly summary: RunSummary) {
    this.files = summary.files;
    this.runId = summary.runId;
    this.models = summary.models.map((model) => new BatchModelNode(this, model));
  }
}

type BatchGroupNode = { kind: 'batch' };
type GameNode = { kind: 'game'; game: string };
type QuestionNode = { kind: 'question'; game: string; sampleId: string; label: string; parent: GameNode };
type RunNode = { kind: 'run'; record: RunRecord; index: number; parent: QuestionNode; id: string };
type Node = BatchGroupNode | BatchRunNode | BatchModelNode | GameNode | QuestionNode | RunNode;

const questionKey = (question: Pick<QuestionNode, 'game' | 'sampleId'>): string =>
  `${question.game}\u0000${question.sampleId}`;

/**
 * Batch runs are re-summarised at most this often while a run appends to its files. The view's own
 * timer over its own watcher: the language server does not own run files (it never reads them), so
 * it has nothing to push.
 */
const BATCH_REFRESH_DELAY_MS = 500;

/** Refreshes that coalesce: a call while one is running gets one more after it (whose data is at least as new as the call). */
class Serial {
  private tail: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  constructor(private readonly work: () => Promise<void>) {}
  run(): Promise<void> {
    if (!this.queued) {
      const next = this.tail.then(() => {
        this.queued = null;
        return this.work();
      });
      this.queued = next;
      this.tail = next.catch(() => undefined);
    }
    return this.queued;
  }
}

/** The summary worker, started on first use and again after it fails. */
class SummaryWorker implements vscode.Disposable {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (value: { runs: RunSummary[]; problems: string[] }) => void; reject: (error: Error) => void }
  >();
  constructor(private readonly script: string) {}

  summarise(files: FileStamp[]): Promise<{ runs: RunSummary[]; problems: string[] }> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, files } satisfies SummaryRequest);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script);
    worker.on('message', (response: SummaryResponse) => {
      const waiting = this.pending.get(response.id);
      this.pending.delete(response.id);
      if ('error' in response) waiting?.reject(new Error(response.error));
      else waiting?.resolve(response);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the run summary worker stopped (exit code ${code})`)));
    // The worker is idle between refreshes: it must not keep the extension host alive on its own.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  dispose(): void {
    void this.worker?.terminate();
    this.worker = null;
  }
}

export class RunsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private records: RunRecord[] = [];
  private batchRuns: BatchRunNode[] = [];
  private readonly batchGroup: BatchGroupNode = { kind: 'batch' };
  private games: GameNode[] = [];
  /** Keyed by name, not node: VS Code may hand back a node of an earlier refresh (a reveal under way when the watcher refreshed). */
  private questions = new Map<string, QuestionNode[]>();
  private leaves = new Map<string, RunNode[]>();
  /** Lines of the run files that are not run records, as `file:line:column: why` (single-question and batch). */
  private questionProblems: string[] = [];
  private batchProblems: string[] = [];
  private readonly watchers: vscode.FileSystemWatcher[];
  private readonly summaries: SummaryWorker;
  private readonly questionRefresh = new Serial(() => this.loadQuestions());
  private readonly batchRefresh = new Serial(() => this.loadBatch());
  private batchTimer: NodeJS.Timeout | undefined;

  /** `log` receives one line per skipped run-file line; `workerScript` is dist/runSummaries.js. */
  constructor(
    private readonly log: (line: string) => void,
    workerScript: string,
  ) {
    this.summaries = new SummaryWorker(workerScript);
    const questions = vscode.workspace.createFileSystemWatcher('**/.waypoint/runs/*.jsonl');
    const batch = vscode.workspace.createFileSystemWatcher('**/.waypoint/runs/batch/*.jsonl');
    for (const event of [questions.onDidChange, questions.onDidCreate, questions.onDidDelete])
      event(() => void this.questionRefresh.run());
    for (const event of [batch.onDidChange, batch.onDidCreate, batch.onDidDelete]) event(() => this.scheduleBatch());
    this.watchers = [questions, batch];
  }

  /** Re-reads every run file; resolves when the tree shows them. */
  async refresh(): Promise<void> {
    await Promise.all([this.questionRefresh.run(), this.batchRefresh.run()]);
  }

  private scheduleBatch(): void {
    clearTimeout(this.batchTimer);
    this.batchTimer = setTimeout(() => void this.batchRefresh.run(), BATCH_REFRESH_DELAY_MS);
  }

  private runsDirectory(): string | null {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return folder ? join(folder.uri.fsPath, '.waypoint', 'runs') : null;
  }

  /** The `.jsonl` files of a directory; none when it does not exist, and a warning for any other failure. */
  private async listRunFiles(directory: string): Promise<string[]> {
    const names = await fs.readdir(directory).catch((error: unknown) => {
      if (!isMissingFile(error))
        void vscode.window.showWarningMessage(
          `Waypoint: cannot list the runs in ${directory}: ${describeFsError(error)}`,
        );
      return [] as string[];
    });
    return names
      .filter((name) => name.endsWith('.jsonl'))
      .sort()
      .map((name) => join(directory, name));
  }

  /** Logs each newly broken line once per change of what is broken, not on every refresh the watchers trigger. */
  private logProblems(before: readonly string[], now: readonly string[]): void {
    for (const problem of now)
      if (!before.includes(problem)) this.log(`Runs view: skipped a line that is not a run record: ${problem}`);
  }

  /** The single-question runs, line by line through the run record schema (a broken line is skipped, counted and logged). */
  private async loadQuestions(): Promise<void> {
    const directory = this.runsDirectory();
    const records: RunRecord[] = [];
    const problems: string[] = [];
    for (const path of directory ? await this.listRunFiles(directory) : []) {
      const text = await fs.readFile(path, 'utf8').catch((error: unknown) => {
        problems.push(`${path}: cannot read the run file: ${describeFsError(error)}`);
        return '';
      });
      const read = parseRunRecords(text, path);
      records.push(...read.records);
      problems.push(...read.problems);
    }
    this.logProblems(this.questionProblems, problems);
    this.records = records;
    this.questionProblems = problems;
    this.buildQuestionNodes();
    this.changed.fire(undefined);
  }

  private async loadBatch(): Promise<void> {
    const directory = this.runsDirectory();
    const paths = directory ? await this.listRunFiles(join(directory, 'batch')) : [];
    const stamps: FileStamp[] = [];
    for (const path of paths) {
      const stat = await fs.stat(path).catch(() => null);
      if (stat) stamps.push({ path, mtimeMs: stat.mtimeMs, size: stat.size });
    }
    let result: { runs: RunSummary[]; problems: string[] } = { runs: [], problems: [] };
    if (stamps.length > 0) {
      try {
        result = await this.summaries.summarise(stamps);
      } catch (error) {
        this.log(
          `Runs view: cannot summarise the batch runs in ${join(directory ?? '', 'batch')}: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
    }
    this.logProblems(this.batchProblems, result.problems);
    this.batchProblems = result.problems;
    this.batchRuns = result.runs.map((summary) => new BatchRunNode(summary));
    this.changed.fire(undefined);
  }

  private buildQuestionNodes(): void {
    const games = new Map<string, GameNode>();
    const questions = new Map<string, Map<string, QuestionNode>>();
    const leaves = new Map<string, RunNode[]>();
    const ids = new Set<string>();
    for (const name of [...new Set(this.records.map((record) => questionGroup(record.question)))].sort())
      games.set(name, { kind: 'game', game: name });
    this.records.forEach((record, index) => {
      const game = games.get(questionGroup(record.question)) as GameNode;
      let byId = questions.get(game.game);
      if (!byId) questions.set(game.game, (byId = new Map()));
      let question = byId.get(record.question.sampleId);
      if (!question)
        byId.set(
          record.question.sampleId,
          (question = {
            kind: 'question',
            game: game.game,
            sampleId: record.question.sampleId,
            label: questionLabel(record.question),
            parent: game,
          }),
        );
      // A stable id keeps a revealed or expanded row in place when the watcher refreshes the tree.
      const base = `run/${record.question.sampleId}/${record.model.id}/${record.mode}/${record.time}`;
      let id = base;
      for (let n = 2; ids.has(id); n++) id = `${base}#${n}`;
      ids.add(id);
      const key = questionKey(question);
      const list = leaves.get(key);
      const leaf: RunNode = { kind: 'run', record, index, parent: question, id };
      if (list) list.push(leaf);
      else leaves.set(key, [leaf]);
    });
    this.games = [...games.values()];
    this.questions = new Map([...questions].map(([game, byId]) => [game, [...byId.values()]]));
    this.leaves = leaves;
  }

  /** How many run-file lines were skipped at the last refresh. */
  get skipped(): number {
    return this.questionProblems.length + this.batchProblems.length;
  }

  /** Keeps the view's description saying how many lines were skipped (details in the log). */
  describeSkippedIn(tree: vscode.TreeView<unknown>): vscode.Disposable {
    const update = () => {
      const skipped = this.skipped;
      tree.description =
        skipped > 0
          ? `${skipped} unreadable line${skipped === 1 ? '' : 's'} skipped (see the Waypoint log)`
          : undefined;
    };
    update();
    return this.onDidChangeTreeData(update);
  }

  /** The single-question runs, in the order `waypoint.openRun` indexes them. */
  get runs(): readonly RunRecord[] {
    return this.records;
  }

  /** The batch runs as the tree shows them, newest first. */
  get batches(): readonly BatchRunNode[] {
    return this.batchRuns;
  }

  /**
   * Shows a just-recorded single-question run: waits for the view to have re-read the run files
   * (a refresh of its own, queued after any the watcher started), then selects the run's row.
   * False when the record is not in the run files.
   */
  async reveal(
    tree: vscode.TreeView<Node>,
    record: Pick<RunRecord, 'time' | 'question' | 'model' | 'mode'>,
  ): Promise<boolean> {
    await this.questionRefresh.run();
    for (const list of this.leaves.values()) {
      const leaf = list.find(
        (candidate) =>
          candidate.record.time === record.time &&
          candidate.record.model.id === record.model.id &&
          candidate.record.mode === record.mode &&
          candidate.record.question.sampleId === record.question.sampleId,
      );
      if (leaf) {
        await tree.reveal(leaf, { select: true, focus: false, expand: true });
        return true;
      }
    }
    return false;
  }

  getChildren(node?: Node): Node[] {
    if (!node) return [...(this.batchRuns.length > 0 ? [this.batchGroup] : []), ...this.games];
    switch (node.kind) {
      case 'batch':
        return this.batchRuns;
      case 'batchRun':
        return node.models;
      case 'game':
        return this.questions.get(node.game) ?? [];
      case 'question':
        return this.leaves.get(questionKey(node)) ?? [];
      default:
        return [];
    }
  }

  /** Needed by TreeView.reveal. */
  getParent(node: Node): Node | undefined {
    switch (node.kind) {
      case 'batchRun':
        return this.batchGroup;
      case 'batchModel':
        return node.run;
      case 'question':
      case 'run':
        return node.parent;
      default:
        return undefined;
    }
  }

  // Over 50 lines: one case per kind of node, each the tree item VS Code draws for it.
  getTreeItem(node: Node): vscode.TreeItem {
    switch (node.kind) {
      case 'batch':
        return {
          id: 'batch',
          label: 'Benchmark runs',
          description: `${this.batchRuns.length}`,
          collapsibleState: vscode.TreeItemCollapsibleState.Expanded,
          iconPath: new vscode.ThemeIcon('run-all'),
        };
      case 'batchRun': {
        const item = new vscode.TreeItem(runLabel(node.summary), vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `batch/${node.summary.runKey}`;
        item.description = runDescription(node.summary);
        item.tooltip = new vscode.MarkdownString(runTooltip(node.summary));
        item.contextValue = 'waypoint.batchRun';
        item.iconPath = new vscode.ThemeIcon(
          node.summary.models.some((model) => model.errors > 0) ? 'warning' : 'graph',
        );
        return item;
      }
      case 'batchModel': {
        const item = new vscode.TreeItem(node.model, vscode.TreeItemCollapsibleState.None);
        item.id = `batch/${node.run.summary.runKey}/${node.model}`;
        item.description = modelDescription(node.run.summary, node.summary);
        item.tooltip = new vscode.MarkdownString(modelTooltip(node.run.summary, node.summary));
        item.contextValue = 'waypoint.batchRunModel';
        item.iconPath = new vscode.ThemeIcon(node.summary.errors > 0 ? 'warning' : 'account');
        return item;
      }
      case 'game':
        return {
          id: `game/${node.game}`,
          label: node.game,
          collapsibleState: vscode.TreeItemCollapsibleState.Expanded,
          iconPath: new vscode.ThemeIcon(
            node.game.startsWith('GRASP') || node.game.startsWith('BabyAI') ? 'symbol-array' : 'map',
          ),
        };
      case 'question':
        return {
          id: `question/${node.game}/${node.sampleId}`,
          label: node.label,
          description: node.sampleId.slice(0, 8),
          tooltip: node.label,
          collapsibleState: vscode.TreeItemCollapsibleState.Collapsed,
        };
      case 'run': {
        const { record } = node;
        const item = new vscode.TreeItem(record.model.id);
        item.id = node.id;
        item.description = recordDescription(record);
        item.tooltip = new vscode.MarkdownString(recordTooltip(record, `${node.parent.game} · ${node.parent.label}`));
        item.contextValue = 'waypointRun';
        item.iconPath = new vscode.ThemeIcon(runSucceeded(record) ? 'pass' : 'error');
        item.command = { command: 'waypoint.openRun', title: 'Open Run', arguments: [node.index] };
        return item;
      }
    }
  }

  dispose(): void {
    clearTimeout(this.batchTimer);
    for (const watcher of this.watchers) watcher.dispose();
    this.summaries.dispose();
    this.changed.dispose();
  }
}
