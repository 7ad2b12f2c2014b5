// A file's text as the editor has it: the open document's (unsaved edits included, which is what
// the language server validates and the user sees), else the file on disk; never a BOM.
import * as vscode from 'vscode';
import { stripBom } from '../core/util/bom';

const diskText = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));

/**
 * The text of `uri`: an open document's, else `fromDisk`'s (by default the whole file through
 * workspace.fs, decoded as UTF-8; callers with a size cap pass their own reader). Throws what
 * `fromDisk` throws.
 */
export async function editorText(
  uri: vscode.Uri,
  fromDisk: (uri: vscode.Uri) => Promise<string> = diskText,
): Promise<string> {
  const key = uri.toString();
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === key);
  return stripBom(open ? open.getText() : await fromDisk(uri));
}
