// "Waypoint: Show Results": the results view (webview/results) over one or several run files: the
// report's tables with intervals, the papers' plots, the failure breakdown, the model × question
// matrix, and a comparison of two models, all from core (resultsModel.ts: the same buildReport as
// `waypoint report --json`). Any run file opens, wherever it is (the Explorer's menu, a file
// dialog, a drop on the view adds files); a file that is not one is refused by its first bad line.
// The view asks for one record at a time; opening its answer or replay goes to the editor's own
// answer documents, maze and board. Share writes `waypoint report --html` and `--csv` where the
// user saves them (resultsShare.ts). A run file that grows (a run in progress) redraws the view.
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as vscode from 'vscode';
import type { RunRecord } from '../../core/eval/types';
import { reportCsv } from '../../core/runs/format';
import { questionFilesOn } from '../../core/runs/hostFiles';
import { reportHtml } from '../../core/runs/html';
import { mergeRunFiles, separateRunsOfOneModel } from '../../core/runs/records';
import { buildReplays, ReplayBuilder, type ReplaySources } from '../../core/runs/replays';
import { describeFsError } from '../../core/util/walk';
import { buildReport } from '../../core/runs/report';
import { compareModels, recordDetail } from '../../core/runs/resultsModel';
import { readRecordAt, readRunFile } from '../../host/runFileReader';
import {
  type HostToResultsMessage,
  type ResultsModel,
  resultsToHostMessage,
  type ResultsToHostMessage,
} from '../../protocol/results';
import { receiveMessage } from '../views/webviewMessages';
import { webviewHtml, webviewOptions } from '../views/webviewHtml';
import { type FigureNotice, saveFigure } from './resultsFigures';
import { droppedPaths, pickRunFiles, rememberRunFiles } from './runFileChoice';
import { type Loaded, loadResults, shownPath, showLoadFailure, withTruncatedTreatment } from './resultsLoad';
import {
  announceShared,
  askShareTarget,
  defaultShareTarget,
  openShared,
  type ShareFormat,
  type ShareNotice,
  shareFileName,
} from './resultsShare';

const nodeFiles = questionFilesOn(fs);
/**
 * A growing run file redraws the view at most this often. A timer of this view's own, not a push
 * from the language server: run files are written by runs (the CLI, Run Benchmark), which the
 * server neither sees nor reads, so only a file watcher here can tell the file grew.
 */
const RELOAD_DELAY_MS = 1500;

interface ResultsDeps {
  context: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
  /** The record's answer as an answer document with its diagnostics. */
  openAnswer(record: RunRecord): Promise<unknown>;
  /** The record's answer stepped on the maze (MANGO) or the board. */
  openReplay(record: RunRecord): Promise<unknown>;
  /** Two answers to one question on one map (MANGO; others: nothing): the A ↔ B of a comparison. */
  replayBoth(a: RunRecord, b: RunRecord): Promise<unknown>;
}

/** What Show Results takes: a Runs view node (`files`), a run file, several, or nothing (then a pick). */
export type ResultsTarget = { files?: readonly string[] } | vscode.Uri | readonly vscode.Uri[] | undefined;

/** Where a record's replay finds its files in the workspace: the MANGO games' folder, levels relative to the workspace. */
async function workspaceReplaySources(records: readonly RunRecord[]): Promise<ReplaySources> {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  // A MANGO game is a folder holding `<game>.edges.json`; the replays look for games beside it.
  let games: string | undefined;
  for (const game of new Set(
    records.flatMap((record) =>
      'game' in record.question && typeof record.question.game === 'string' ? [record.question.game] : [],
    ),
  )) {
    const [edges] = await vscode.workspace.findFiles(`**/${game}.edges.json`, '**/node_modules/**', 1);
    if (edges) {
      games = dirname(dirname(edges.fsPath));
      break;
    }
  }
  return { ...(games ? { games } : {}), ...(root ? { levels: root } : {}) };
}

const workerScriptOf = (deps: ResultsDeps) => deps.context.asAbsolutePath(join('dist', 'runFileWorker.js'));

function filesOf(target: ResultsTarget): string[] | undefined {
  if (!target) return undefined;
  if (target instanceof vscode.Uri) return [target.fsPath];
  if (Array.isArray(target)) return (target as readonly vscode.Uri[]).map((uri) => uri.fsPath);
  const files = (target as { files?: readonly string[] }).files;
  return files && files.length > 0 ? [...files] : undefined;
}

const keyOf = (files: readonly string[]) => [...files].sort().join('\n');

/** loadResults, and on success no last load error: one of an earlier attempt no longer describes what is shown. */
async function loadShown(
  files: readonly string[],
  workerScript: string,
  includeTruncated?: boolean,
  includeUnanswerable?: boolean,
): Promise<Loaded> {
  const loaded = await loadResults(files, workerScript, includeTruncated, includeUnanswerable);
  ResultsPanel.lastLoadError = undefined;
  return loaded;
}

export class ResultsPanel implements vscode.Disposable {
  static readonly viewType = 'waypoint.results';
  private static readonly open = new Map<string, ResultsPanel>();
  /** The panel last shown or focused (for tests and the Share command). */
  static active: ResultsPanel | undefined;
  /** Why the last files asked for could not be shown (tests read it; they cannot read a toast). */
  static lastLoadError: string | undefined;

  private readonly disposables: vscode.Disposable[] = [];
  /** Watchers of the run files' folders, replaced when files are added. */
  private watchers: vscode.Disposable[] = [];
  private replays: ReplayBuilder | undefined;
  private reloadTimer: NodeJS.Timeout | undefined;
  /** The view's last `rendered` report: milliseconds to draw the model, and its record count. */
  lastRender: { milliseconds: number; rows: number } | undefined;
  /** The last file Share wrote, per format. */
  readonly shared = new Map<ShareFormat, string>();
  /** What Share's last notification said and offered (tests read it; they cannot click a toast). */
  lastNotice: ShareNotice | undefined;
  /** What the last saved figure's notification said (tests read it). */
  lastFigure: FigureNotice | undefined;
  /** The last line the view's status showed (tests read it). */
  lastStatus: string | undefined;

  /**
   * Opens the view over `target`'s files (the Explorer's menu passes the file and every selected
   * one; the Runs view a node's files); with none, asks (runFileChoice.ts). The same files again
   * reveal and re-read the view already showing them.
   */
  static async show(deps: ResultsDeps, target?: ResultsTarget): Promise<ResultsPanel | undefined> {
    const files = filesOf(target) ?? (await pickRunFiles(deps.context.workspaceState));
    if (!files) return undefined;
    const key = keyOf(files);
    const existing = ResultsPanel.open.get(key);
    if (existing) {
      existing.panel.reveal(undefined, false);
      await existing.reload();
      return existing;
    }
    let loaded: Loaded;
    try {
      loaded = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: 'Waypoint: reading run files' },
        () => loadShown(files, workerScriptOf(deps)),
      );
    } catch (error) {
      ResultsPanel.lastLoadError = showLoadFailure(files, error);
      return undefined;
    }
    await rememberRunFiles(deps.context.workspaceState, files);
    // Kept alive while hidden: a researcher's filters, selection and open tab survive a look at an answer.
    const options = { ...webviewOptions(deps.context.extensionUri), retainContextWhenHidden: true };
    // The first editor group: answers, replays and side-by-side comparisons open beside it, so the
    // tables stay in view while one question is looked at.
    const panel = vscode.window.createWebviewPanel(
      ResultsPanel.viewType,
      `Results: ${loaded.model.title}`,
      vscode.ViewColumn.One,
      options,
    );
    panel.iconPath = vscode.Uri.joinPath(deps.context.extensionUri, 'media', 'icons', 'waypoint.svg');
    const results = new ResultsPanel(panel, deps, files, key, loaded);
    ResultsPanel.open.set(key, results);
    ResultsPanel.active = results;
    return results;
  }

  private constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly deps: ResultsDeps,
    private currentFiles: readonly string[],
    private key: string,
    private loaded: Loaded,
  ) {
    panel.webview.html = webviewHtml(
      panel.webview,
      deps.context.extensionUri,
      'results.js',
      `Results: ${loaded.model.title}`,
    );
    this.logProblems();
    this.watch();
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState(() => {
        if (panel.active) ResultsPanel.active = this;
      }),
      panel.webview.onDidReceiveMessage((raw: unknown) => {
        const message = receiveMessage(resultsToHostMessage, raw, 'results');
        if (message) void this.onMessage(message);
      }),
    );
  }

  /** The run files shown, in the order they were opened (dropped files after). */
  get files(): readonly string[] {
    return this.currentFiles;
  }

  /** One watcher per folder of the run files (they need not be in the batch folder): a file that grows redraws the view. */
  private watch(): void {
    for (const watcher of this.watchers) watcher.dispose();
    const watched = new Set(this.currentFiles);
    const changed = (uri: vscode.Uri) => {
      if (!watched.has(uri.fsPath)) return;
      clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => void this.reload(), RELOAD_DELAY_MS);
    };
    const watchers = [...new Set(this.currentFiles.map((file) => dirname(file)))].map((folder) =>
      vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(folder), '*')),
    );
    this.watchers = [...watchers, ...watchers.map((watcher) => watcher.onDidChange(changed))];
  }

  /**
   * Adds files to the view (a drop of URIs on it): the run files among them are read with the ones
   * shown and, when all can be reported together, replace the view's model; otherwise the view stays
   * as it was and says why. Returns the files shown afterwards.
   */
  async addFiles(uris: readonly string[]): Promise<readonly string[]> {
    const { paths, refused } = droppedPaths(uris);
    const added = paths.filter((path) => !this.currentFiles.includes(path));
    const refusal =
      refused.length > 0
        ? ` Left out ${refused.length === 1 ? 'a drop that is not a file of this machine' : `${refused.length} drops that are not files of this machine`}: ${refused.slice(0, 3).join(', ')}.`
        : '';
    if (added.length === 0) {
      this.status(
        paths.length > 0
          ? `The dropped ${paths.length === 1 ? 'file is' : 'files are'} already in this view.${refusal}`
          : `Nothing to add.${refusal}`,
      );
      return this.currentFiles;
    }
    const files = [...this.currentFiles, ...added];
    const key = keyOf(files);
    const other = ResultsPanel.open.get(key);
    if (other && other !== this) {
      other.panel.reveal(undefined, false);
      this.status(`Another results view already shows these ${files.length} files; it is in front now.`);
      return this.currentFiles;
    }
    let loaded: Loaded;
    try {
      loaded = await loadShown(files, workerScriptOf(this.deps), this.includesTruncated);
    } catch (error) {
      this.status(
        `Could not add ${added.map(shownPath).join(', ')}: ${error instanceof Error ? error.message : String(error)}${refusal}`,
      );
      ResultsPanel.lastLoadError = showLoadFailure(added, error);
      return this.currentFiles;
    }
    ResultsPanel.open.delete(this.key);
    this.currentFiles = files;
    this.key = key;
    ResultsPanel.open.set(key, this);
    this.loaded = loaded;
    this.replays = undefined;
    this.panel.title = `Results: ${loaded.model.title}`;
    this.watch();
    await rememberRunFiles(this.deps.context.workspaceState, added);
    this.logProblems();
    this.post({ type: 'results', model: loaded.model });
    this.status(`Added ${added.map(shownPath).join(', ')}: the view now shows ${files.length} run files.${refusal}`);
    this.postProblems();
    return this.currentFiles;
  }

  /** A line on the view's status bar (kept for tests). */
  private status(text: string): void {
    this.lastStatus = text;
    this.post({ type: 'status', text });
  }

  get model(): ResultsModel {
    return this.loaded.model;
  }

  /** Whether the view counts cut records in its means (its switch; the same for Share). */
  private get includesTruncated(): boolean {
    return this.loaded.model.report.truncated_treatment === 'included';
  }

  /** Whether the view counts questions without a correct answer at their cutoff in its headline (its switch; the same for Share). */
  private get includesUnanswerable(): boolean {
    return this.loaded.model.report.unanswerable_treatment === 'included';
  }

  private post(message: HostToResultsMessage): void {
    void this.panel.webview.postMessage(message);
  }

  /** Lines that are not run records are left out of every number: the view says how many, the log says where. */
  private postProblems(): void {
    const { problems } = this.loaded;
    if (problems.length > 0)
      this.post({
        type: 'status',
        text: `${problems.length} line${problems.length === 1 ? ' is' : 's are'} not run records and left out (first: ${problems[0]}); the Waypoint output lists them all.`,
      });
  }

  private logProblems(): void {
    for (const problem of this.loaded.problems)
      this.deps.log.warn(`Results: skipped a line that is not a run record: ${problem}`);
  }

  /** Re-reads the files and redraws (a run still writing, or Show Results asked again). */
  async reload(): Promise<void> {
    try {
      this.loaded = await loadShown(
        this.files,
        workerScriptOf(this.deps),
        this.includesTruncated,
        this.includesUnanswerable,
      );
      this.replays = undefined;
      this.logProblems();
      this.post({ type: 'results', model: this.loaded.model });
      this.postProblems();
    } catch (error) {
      this.post({
        type: 'status',
        text: `Could not re-read the run files: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  /** The record of row `index` whole (prompt and answer), read again from its line; null (and a status) if the file changed. */
  private async fullRecord(index: number): Promise<RunRecord | null> {
    const row = this.loaded.rows[index];
    const place = row && this.loaded.where.get(row.record);
    if (!row || !place) return null;
    const record = await readRecordAt(place.file, place.offset).catch(() => null);
    if (record && record.question.sampleId === row.record.question.sampleId && record.model.id === place.model)
      return { ...record, model: row.record.model };
    this.post({
      type: 'status',
      text: `${vscode.workspace.asRelativePath(place.file, false)} changed since the view was drawn; reading it again.`,
    });
    void this.reload();
    return null;
  }

  private async replayBuilder(): Promise<ReplayBuilder> {
    this.replays ??= new ReplayBuilder(await workspaceReplaySources(this.loaded.set.records), nodeFiles);
    return this.replays;
  }

  /** Two models of the loaded runs compared (as `waypoint compare`), or why they cannot be. */
  private postComparison(a: string, b: string): void {
    try {
      const result = compareModels(this.loaded.set, a, b, this.includesTruncated, this.includesUnanswerable);
      this.post({ type: 'compared', a, b, result });
    } catch (error) {
      this.post({ type: 'compared', a, b, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** One question's answers by two models side by side, and both replays. */
  private async compareQuestion(sampleId: string, modelA: string, modelB: string): Promise<void> {
    const pick = (model: string) =>
      this.loaded.rows.findIndex(
        (candidate) => candidate.record.question.sampleId === sampleId && candidate.record.model.id === model,
      );
    const [a, b] = [pick(modelA), pick(modelB)];
    if (a < 0 || b < 0) {
      this.post({ type: 'status', text: `Question ${sampleId} has no answer by ${a >= 0 ? modelB : modelA}.` });
      return;
    }
    const [left, right] = await Promise.all([this.fullRecord(a), this.fullRecord(b)]);
    if (left && right) {
      await vscode.commands.executeCommand('waypoint.compareRuns', undefined, [{ record: left }, { record: right }]);
      await this.deps.replayBoth(left, right);
    }
  }

  // Over 50 lines: one short case per message type of the results protocol, the dispatch in one place.
  private async onMessage(message: ResultsToHostMessage): Promise<void> {
    const record = 'index' in message ? await this.fullRecord(message.index) : null;
    switch (message.type) {
      case 'ready':
        this.post({ type: 'results', model: this.loaded.model });
        this.postProblems();
        return;
      case 'rendered':
        this.lastRender = { milliseconds: message.milliseconds, rows: message.rows };
        this.deps.log.info(`Results: drew ${message.rows} records in ${message.milliseconds.toFixed(0)} ms.`);
        return;
      case 'detail': {
        if (!record) return;
        const replay = await (await this.replayBuilder()).replay(record);
        this.post({
          type: 'detail',
          index: message.index,
          detail: recordDetail({ ...this.loaded.rows[message.index], record }),
          ...('replay' in replay
            ? { replay: replay.replay }
            : { replayNote: 'note' in replay ? replay.note : 'left out' }),
        });
        return;
      }
      case 'openAnswer':
        if (record) await this.deps.openAnswer(record);
        return;
      case 'openReplay':
        if (record) await this.deps.openReplay(record);
        return;
      case 'compare':
        this.postComparison(message.a, message.b);
        return;
      case 'compareQuestion':
        await this.compareQuestion(message.sampleId, message.a, message.b);
        return;
      case 'share':
        await this.share(message.format, { ask: true });
        return;
      case 'saveFigure':
        this.lastFigure = (await saveFigure(message, this.files, (text) => this.status(text))) ?? this.lastFigure;
        return;
      case 'openFiles':
        await this.addFiles(message.uris);
        return;
      case 'includeTruncated':
        this.loaded = withTruncatedTreatment(this.loaded, message.include);
        this.post({ type: 'results', model: this.loaded.model });
        return;
      case 'includeUnanswerable':
        this.loaded = withTruncatedTreatment(this.loaded, this.includesTruncated, message.include);
        this.post({ type: 'results', model: this.loaded.model });
        return;
    }
  }

  /**
   * Writes `waypoint report --html` (with replays) or `--csv` and says where, offering to open it.
   * `target`: that file (the test command); `ask`: a save dialog starting at the default (the
   * view's buttons); neither: the default (resultsShare.ts). `open` opens the file at once (Run
   * Benchmark's "Open HTML Report"). Returns the file written, undefined when cancelled or failed.
   */
  async share(
    format: ShareFormat,
    { target, ask = false, open = false }: { target?: string; ask?: boolean; open?: boolean } = {},
  ): Promise<string | undefined> {
    const { set, model } = this.loaded;
    const proposed =
      target ?? (await defaultShareTarget(this.files, shareFileName(this.files, set.benchmark, model.models, format)));
    const path = ask && !target ? await askShareTarget(format, proposed) : proposed;
    if (!path) return undefined;
    try {
      if (format === 'csv') await fs.writeFile(path, reportCsv(model.report));
      else {
        // The drill-down needs every prompt and answer: read them now, as `waypoint report --html` does.
        await vscode.window.withProgress(
          {
            location: vscode.ProgressLocation.Notification,
            title: 'Waypoint: writing the HTML report (prompts, answers and replays)',
          },
          async () => {
            const read = await Promise.all(
              this.files.map(async (file) => ({
                file,
                ...(await readRunFile(file, { keepText: true, workerScript: workerScriptOf(this.deps) })),
              })),
            );
            const whole = mergeRunFiles(separateRunsOfOneModel(read, (file) => basename(file, '.jsonl')));
            const { json, rows } = buildReport(whole, {
              includeTruncated: this.includesTruncated,
              includeUnanswerable: this.includesUnanswerable,
            });
            const replays = await buildReplays(
              rows.map((row) => row.record),
              await this.replayBuilder(),
            );
            await fs.writeFile(path, reportHtml(json, rows, whole.report, { gzip: (data) => gzipSync(data), replays }));
          },
        );
      }
    } catch (error) {
      const text = `Could not write ${path}: ${describeFsError(error)}`;
      this.status(text);
      void vscode.window.showErrorMessage(`Waypoint: ${text}`);
      return undefined;
    }
    this.shared.set(format, path);
    this.deps.log.info(`Results: ${format.toUpperCase()} written to ${path}`);
    const icon = vscode.Uri.joinPath(this.deps.context.extensionUri, 'media', 'icons', 'waypoint.svg');
    this.lastNotice = announceShared(format, path, icon);
    // The notification may close before it is read: the view's status line keeps the path.
    this.status(this.lastNotice.text.replace(/^Waypoint: w/, 'W'));
    if (open) await openShared(format, path, icon);
    return path;
  }

  dispose(): void {
    clearTimeout(this.reloadTimer);
    ResultsPanel.open.delete(this.key);
    if (ResultsPanel.active === this) ResultsPanel.active = undefined;
    for (const disposable of [...this.disposables, ...this.watchers]) disposable.dispose();
    this.panel.dispose();
  }
}
