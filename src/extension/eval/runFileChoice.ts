// Which run files Show Results opens when it is not handed any: the workspace's benchmark runs and
// the files opened before, plus "Open a run file…" for any file on disk (a `waypoint run --out`
// or `waypoint import` file anywhere). Also the files a drop on the results view names, and the
// memory of files opened, so a run file outside .waypoint/runs is offered again next time.
import { promises as fs } from 'node:fs';
import { basename, dirname } from 'node:path';
import * as vscode from 'vscode';

const BATCH_GLOB = '**/.waypoint/runs/batch/*.jsonl';
const RECENT_KEY = 'waypoint.results.recentFiles';
const LAST_FOLDER_KEY = 'waypoint.results.lastFolder';
/** How many files opened before the picker remembers. */
const RECENT_LIMIT = 12;

type FileItem = vscode.QuickPickItem & { path?: string; browse?: true };

const shown = (path: string) => vscode.workspace.asRelativePath(path, false);

async function isFile(path: string): Promise<boolean> {
  return fs.stat(path).then(
    (stat) => stat.isFile(),
    () => false,
  );
}

/** Remembers files the view opened (newest first), and their folder as where the file dialog starts. */
export async function rememberRunFiles(state: vscode.Memento, files: readonly string[]): Promise<void> {
  if (files.length === 0) return;
  const earlier = state.get<string[]>(RECENT_KEY, []).filter((path) => !files.includes(path));
  await state.update(RECENT_KEY, [...files, ...earlier].slice(0, RECENT_LIMIT));
  await state.update(LAST_FOLDER_KEY, dirname(files[0]));
}

/** The system's file dialog for run files, starting where the last one was opened. */
async function chooseRunFilesOnDisk(
  state: vscode.Memento,
  title = 'Show Results: open run files (select several to compare them)',
): Promise<string[] | undefined> {
  const last = state.get<string>(LAST_FOLDER_KEY);
  const start =
    last &&
    (await fs.stat(last).then(
      (stat) => stat.isDirectory(),
      () => false,
    ))
      ? vscode.Uri.file(last)
      : vscode.workspace.workspaceFolders?.[0]?.uri;
  const chosen = await vscode.window.showOpenDialog({
    title,
    openLabel: 'Show Results',
    canSelectFiles: true,
    canSelectFolders: false,
    canSelectMany: true,
    ...(start ? { defaultUri: start } : {}),
    filters: { 'Run files (JSON Lines)': ['jsonl'], 'All files': ['*'] },
  });
  return chosen && chosen.length > 0 ? chosen.map((uri) => uri.fsPath) : undefined;
}

/**
 * The picker of Show Results with no argument: "Open a run file…", the benchmark runs of the
 * workspace (newest first) and the files opened before. Several can be ticked to compare them;
 * Enter on a row with none ticked opens that row. With nothing to list it goes straight to the dialog.
 */
export async function pickRunFiles(state: vscode.Memento): Promise<string[] | undefined> {
  const batch = (await vscode.workspace.findFiles(BATCH_GLOB, '**/node_modules/**'))
    .map((uri) => uri.fsPath)
    .sort((a, b) => basename(b).localeCompare(basename(a)));
  const listed = new Set(batch);
  const recent: string[] = [];
  for (const path of state.get<string[]>(RECENT_KEY, []))
    if (!listed.has(path) && (await isFile(path))) recent.push(path);
  if (batch.length === 0 && recent.length === 0)
    return chooseRunFilesOnDisk(
      state,
      'Show Results: open run files (none in .waypoint/runs/batch yet; select several to compare them)',
    );
  const row = (path: string): FileItem => ({ label: basename(path, '.jsonl'), description: shown(path), path });
  const items: FileItem[] = [
    {
      label: '$(folder-opened) Open a run file…',
      description: 'any file written by waypoint run, waypoint import or Run Benchmark',
      alwaysShow: true,
      browse: true,
    },
    ...(batch.length > 0
      ? [
          { label: 'Benchmark runs in this workspace', kind: vscode.QuickPickItemKind.Separator } as FileItem,
          ...batch.map(row),
        ]
      : []),
    ...(recent.length > 0
      ? [{ label: 'Opened before', kind: vscode.QuickPickItemKind.Separator } as FileItem, ...recent.map(row)]
      : []),
  ];
  const picked = await new Promise<readonly FileItem[] | undefined>((resolve) => {
    const pick = vscode.window.createQuickPick<FileItem>();
    pick.title = 'Show Results: run files (tick several to see their models side by side)';
    pick.placeholder = 'Type to filter; Enter opens the ticked files, or the highlighted one';
    pick.canSelectMany = true;
    pick.matchOnDescription = true;
    pick.items = items;
    let done = false;
    pick.onDidAccept(() => {
      done = true;
      resolve(pick.selectedItems.length > 0 ? pick.selectedItems : pick.activeItems);
      pick.hide();
    });
    pick.onDidHide(() => {
      if (!done) resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
  if (!picked || picked.length === 0) return undefined;
  const files = picked.flatMap((item) => (item.path ? [item.path] : []));
  if (picked.some((item) => item.browse)) {
    const more = await chooseRunFilesOnDisk(state);
    if (!more && files.length === 0) return undefined;
    for (const path of more ?? []) if (!files.includes(path)) files.push(path);
  }
  return files.length > 0 ? files : undefined;
}

/**
 * The paths of dropped URIs the extension host can read: `file:` URIs, and `vscode-remote:` ones
 * (a remote window's Explorer names its files so; their path is a path where this host runs).
 * Anything else is refused by name.
 */
export function droppedPaths(uris: readonly string[]): { paths: string[]; refused: string[] } {
  const paths: string[] = [];
  const refused: string[] = [];
  for (const text of uris) {
    let uri: vscode.Uri;
    try {
      uri = vscode.Uri.parse(text, true);
    } catch {
      refused.push(text);
      continue;
    }
    if (uri.scheme === 'file') paths.push(uri.fsPath);
    else if (uri.scheme === 'vscode-remote') paths.push(vscode.Uri.file(uri.path).fsPath);
    else refused.push(text);
  }
  return { paths: [...new Set(paths)], refused };
}
