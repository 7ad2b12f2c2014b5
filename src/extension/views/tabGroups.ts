// Which editor group holds a tab: the maze, the Play panel and answer documents each pick their
// group by what is already open (answers beside their maze, the Play panel never behind its map).
import * as vscode from 'vscode';
import { chooseCompanionColumn } from './companionColumn';

/** Whether a tab shows a document `test` accepts: a text editor, or either side of a diff. */
export function tabShows(tab: vscode.Tab, test: (uri: vscode.Uri) => boolean): boolean {
  const input = tab.input;
  if (input instanceof vscode.TabInputText) return test(input.uri);
  if (input instanceof vscode.TabInputTextDiff) return test(input.original) || test(input.modified);
  return false;
}

/** Whether a tab is a webview panel of `viewType` (VS Code prefixes the id with the extension's, hence endsWith). */
export function isWebviewTab(tab: vscode.Tab, viewType: string): boolean {
  return tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(viewType);
}

/** The groups with a tab `test` accepts, in the window's order. */
export function groupsHolding(test: (tab: vscode.Tab) => boolean): vscode.TabGroup[] {
  return vscode.window.tabGroups.all.filter((group) => group.tabs.some(test));
}

/** The column of the first group with a tab `test` accepts; undefined when none has one. */
export function columnHolding(test: (tab: vscode.Tab) => boolean): vscode.ViewColumn | undefined {
  return groupsHolding(test)[0]?.viewColumn;
}

/** Documents of answers and of a comparison's two walks (eval/answerDocuments.ts, eval/compareRuns.ts). */
const COMPANION_SCHEMES = ['waypoint-answer', 'waypoint-run'];
const COMPANION_WEBVIEWS = ['waypoint.maze', 'waypoint.board', 'waypoint.mapDiff', 'waypoint.walkthroughOverview'];

/** A tab of a view that accompanies an editor or the results view (see companionColumn.ts). */
function isCompanionTab(tab: vscode.Tab): boolean {
  return (
    tabShows(tab, (uri) => COMPANION_SCHEMES.includes(uri.scheme)) ||
    COMPANION_WEBVIEWS.some((viewType) => isWebviewTab(tab, viewType))
  );
}

/**
 * Where an answer, a comparison, the maze, the board, a map diff or the overview opens: with the
 * others of its kind (`joins`: the tabs it goes with), else beside the active group without ever
 * opening a third column (companionColumn.ts).
 */
export function companionColumn(joins: (tab: vscode.Tab) => boolean = isCompanionTab): vscode.ViewColumn {
  const groups = vscode.window.tabGroups.all.map((group) => ({
    column: group.viewColumn,
    companion: group.tabs.some(joins),
    results: group.tabs.some((tab) => isWebviewTab(tab, 'waypoint.results')),
  }));
  const active = vscode.window.tabGroups.activeTabGroup;
  const chosen = chooseCompanionColumn(
    groups,
    active.viewColumn,
    active.activeTab !== undefined && isCompanionTab(active.activeTab),
  );
  return chosen === 'beside' ? vscode.ViewColumn.Beside : (chosen as vscode.ViewColumn);
}
