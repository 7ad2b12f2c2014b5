// A quick pick filtered by core's word matching instead of VS Code's: VS Code matches the whole
// typed text against one field at a time, so "lamp harbour" (or a room plus "hard") found nothing.
// Items are re-filtered on every keystroke and marked alwaysShow so VS Code's own filter keeps them.
import * as vscode from 'vscode';
import { filterByWords } from '../core/util/search';

export function showFilteredQuickPick<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: { title: string; placeholder?: string },
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<T>();
    pick.title = options.title;
    pick.placeholder = options.placeholder;
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    const show = (query: string) => {
      pick.items = filterByWords(items, query).map((item) => ({ ...item, alwaysShow: true }));
    };
    show('');
    let accepted = false;
    pick.onDidChangeValue(show);
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0];
      if (!chosen) return;
      accepted = true;
      resolve(chosen);
      pick.hide();
    });
    pick.onDidHide(() => {
      if (!accepted) resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}
