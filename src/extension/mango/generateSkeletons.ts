// "Waypoint: Generate Skeletons": streams DF or RF skeleton lines for the active game into a
// temporary file (server side, with progress and cancellation), then places it: a new file is
// created; an existing one is compared and, after a diff and a confirmation, replaced through an
// undoable edit. Existing skeletons are never overwritten silently. A file too large for an editor
// edit is replaced on disk only after its own confirmation, with the old file kept under a backup
// name that never overwrites an earlier backup, and the message says how to restore it.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { freeBackupPath } from '../../core/util/backupNames';
import { mangoFileKindOf } from '../../core/benchmarks/mango/fileKinds';
import { setting } from '../settings';
import {
  GenerateSkeletonsRequest,
  SkeletonProgressNotification,
  type GenerateSkeletonsParams,
  type GenerateSkeletonsResult,
  type SkeletonProgressParams,
} from '../../protocol/lsp';
import { onNotification, sendRequest } from '../lspRequests';

/** Files above this size are replaced on disk (old file kept as a backup) rather than as an editor edit. */
const MAX_EDITABLE_BYTES = 64 * 1048576;

interface GenerateSkeletonsOutcome extends Partial<GenerateSkeletonsResult> {
  action: 'created' | 'unchanged' | 'replaced' | 'cancelled' | 'declined' | 'failed';
  /** Where the previous file was kept, when it was replaced on disk. */
  backup?: string;
  /** The message shown to the user. */
  message?: string;
}

export interface GenerateSkeletonsOptions {
  task?: 'df' | 'rf';
  /** Skip the diff and its confirmation (tests, scripts): replace a differing file as an undoable edit. */
  replace?: boolean;
  /** Size limit for replacing as an editor edit (tests lower it instead of writing 64 MB). */
  maxEditableBytes?: number;
  /**
   * Asks before replacing a file too large to undo (a modal by default; `replace` never skips it).
   * Tests answer it and see what the user would read.
   */
  confirmLarge?: (message: string, detail: string, button: string) => Thenable<boolean>;
}

const askModal = async (message: string, detail: string, button: string): Promise<boolean> =>
  (await vscode.window.showWarningMessage(message, { modal: true, detail }, button)) === button;

async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(
    () => true,
    () => false,
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MB`;
}

async function chooseTask(): Promise<'df' | 'rf' | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      {
        label: 'Destination finding (DF)',
        description: '<game>.all2all.jsonl: every simple path',
        task: 'df' as const,
      },
      { label: 'Route finding (RF)', description: '<game>.all_pairs.jsonl: every ordered pair', task: 'rf' as const },
    ],
    { title: 'Generate MANGO skeletons' },
  );
  return picked?.task;
}

async function readIfExists(uri: vscode.Uri): Promise<Uint8Array | undefined> {
  try {
    return await vscode.workspace.fs.readFile(uri);
  } catch {
    return undefined;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

type Placed = { action: GenerateSkeletonsOutcome['action']; backup?: vscode.Uri };

/** Replaces a file too large for an undoable edit: after its own confirmation, old file kept as a backup. */
async function replaceLarge(
  generated: vscode.Uri,
  target: vscode.Uri,
  size: number,
  options: GenerateSkeletonsOptions,
): Promise<Placed> {
  const backup = target.with({
    path: await freeBackupPath(target.path, (candidate) => exists(target.with({ path: candidate }))),
  });
  const name = vscode.workspace.asRelativePath(target);
  const backupName = vscode.workspace.asRelativePath(backup);
  const confirmed = await (options.confirmLarge ?? askModal)(
    `${name} is ${megabytes(size)}, too large to replace as an undoable edit. Replace it on disk?`,
    `The current file will be kept as ${backupName} (existing backups are never overwritten). To undo, restore that copy over ${name}.`,
    'Replace and Keep Backup',
  );
  if (!confirmed) return { action: 'declined' };
  // overwrite: false, so even a backup that appeared meanwhile is never clobbered.
  await vscode.workspace.fs.copy(target, backup, { overwrite: false });
  await vscode.workspace.fs.copy(generated, target, { overwrite: true });
  return { action: 'replaced', backup };
}

async function place(generated: vscode.Uri, target: vscode.Uri, options: GenerateSkeletonsOptions): Promise<Placed> {
  const existing = await readIfExists(target);
  const fresh = await vscode.workspace.fs.readFile(generated);
  if (!existing) {
    await vscode.workspace.fs.writeFile(target, fresh);
    return { action: 'created' };
  }
  if (sameBytes(existing, fresh)) return { action: 'unchanged' };
  if (existing.length > (options.maxEditableBytes ?? MAX_EDITABLE_BYTES)) {
    if (!options.replace)
      await vscode.commands.executeCommand(
        'vscode.diff',
        target,
        generated,
        `${vscode.workspace.asRelativePath(target)} ↔ generated`,
        { preview: true },
      );
    return replaceLarge(generated, target, existing.length, options);
  }
  if (!options.replace) {
    await vscode.commands.executeCommand(
      'vscode.diff',
      target,
      generated,
      `${vscode.workspace.asRelativePath(target)} ↔ generated`,
      { preview: true },
    );
    const choice = await vscode.window.showWarningMessage(
      `Replace ${vscode.workspace.asRelativePath(target)} with the generated skeletons?`,
      { modal: true, detail: 'The diff is open. Replacing is an edit you can undo until you save.' },
      'Replace',
    );
    if (choice !== 'Replace') return { action: 'declined' };
  }
  const document = await vscode.workspace.openTextDocument(target);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(target, new vscode.Range(0, 0, document.lineCount, 0), new TextDecoder().decode(fresh));
  return { action: (await vscode.workspace.applyEdit(edit)) ? 'replaced' : 'failed' };
}

/** Puts a backup back over the file it was made from (the undo of a replacement on disk). */
async function restoreBackup(backup: vscode.Uri, target: vscode.Uri): Promise<void> {
  await vscode.workspace.fs.copy(backup, target, { overwrite: true });
  vscode.window.setStatusBarMessage(
    `Waypoint: ${vscode.workspace.asRelativePath(target)} restored from ${vscode.workspace.asRelativePath(backup)}`,
    5000,
  );
}

/** The server generates the skeletons into `params.outputPath`, with progress (pairs done) and Cancel. */
function generateInServer(
  client: LanguageClient,
  params: GenerateSkeletonsParams,
): Thenable<GenerateSkeletonsResult | null> {
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Waypoint: generating ${params.task.toUpperCase()} skeletons`,
      cancellable: true,
    },
    async (progress, token) => {
      let reported = 0;
      const listener = onNotification(client, SkeletonProgressNotification, (update: SkeletonProgressParams) => {
        if (update.outputPath !== params.outputPath || update.totalPairs === 0) return;
        const percent = (100 * update.pairs) / update.totalPairs;
        progress.report({
          increment: percent - reported,
          message: `${update.pairs}/${update.totalPairs} pairs, ${update.lines} lines`,
        });
        reported = percent;
      });
      try {
        return await sendRequest(client, GenerateSkeletonsRequest, params, token);
      } finally {
        listener.dispose();
      }
    },
  );
}

/** What became of the skeletons file, said in a toast (with Restore Backup when the old file was kept); the message. */
function announcePlaced(
  result: GenerateSkeletonsResult,
  placed: Placed,
  target: vscode.Uri,
  asked: { task: 'df' | 'rf'; limit: number },
): string {
  const { action, backup } = placed;
  const truncated = result.truncatedPairs > 0 ? ` (${result.truncatedPairs} pairs cut at ${asked.limit} paths)` : '';
  const summary = {
    created: 'written to',
    unchanged: 'identical to',
    replaced: 'replaced in',
    declined: 'not written to',
    failed: 'could not be written to',
    cancelled: '',
  }[action];
  const name = vscode.workspace.asRelativePath(target);
  const undo = backup
    ? ` The previous file is kept as ${vscode.workspace.asRelativePath(backup)}: to undo, restore it over ${name} ("Restore Backup").`
    : '';
  const message = `Waypoint: ${result.lines} ${asked.task.toUpperCase()} skeletons${truncated} ${summary} ${name}.${undo}`;
  if (backup) {
    void vscode.window
      .showInformationMessage(message, 'Restore Backup')
      .then((choice) => (choice ? restoreBackup(backup, target) : undefined));
  } else void vscode.window.showInformationMessage(message);
  return message;
}

/** Whether a diff editor still shows the generated file (then it is left for the OS to remove). */
async function diffStillShows(generated: vscode.Uri, options: GenerateSkeletonsOptions): Promise<boolean> {
  return (
    !options.replace &&
    (await readIfExists(generated)) !== undefined &&
    vscode.window.tabGroups.all.some((group) =>
      group.tabs.some(
        (tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.fsPath === generated.fsPath,
      ),
    )
  );
}

export async function generateSkeletonsCommand(
  client: LanguageClient,
  uri?: vscode.Uri,
  options: GenerateSkeletonsOptions = {},
): Promise<GenerateSkeletonsOutcome> {
  const source = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!source || !mangoFileKindOf(source.path)) {
    void vscode.window.showInformationMessage(
      'Waypoint: open a file of a MANGO game (its walkthrough or edges.json) first.',
    );
    return { action: 'failed' };
  }
  const task = options.task ?? (await chooseTask());
  if (!task) return { action: 'declined' };
  const outputPath = join(tmpdir(), `waypoint-skeletons-${randomBytes(6).toString('hex')}.jsonl`);
  const limit = setting('mango.skeletonPathLimit');
  const params: GenerateSkeletonsParams = {
    uri: source.toString(),
    task,
    outputPath,
    ...(limit > 0 ? { limitPerPair: limit } : {}),
  };
  const result = await generateInServer(client, params);
  const generated = vscode.Uri.file(outputPath);
  try {
    if (!result) {
      void vscode.window.showErrorMessage('Waypoint: this game has no valid edges.json to generate skeletons from.');
      return { action: 'failed' };
    }
    if (result.cancelled) return { ...result, action: 'cancelled' };
    const target = vscode.Uri.parse(result.targetUri);
    const placed = await place(generated, target, options);
    const message = announcePlaced(result, placed, target, { task, limit });
    return { ...result, action: placed.action, message, ...(placed.backup ? { backup: placed.backup.fsPath } : {}) };
  } finally {
    // After a diff was shown its editor still reads the temporary file: leave that one to the OS.
    if (!(await diffStillShows(generated, options)))
      await vscode.workspace.fs.delete(generated).then(undefined, () => undefined);
  }
}
