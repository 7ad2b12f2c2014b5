// Puts sample files back as they were, on disk and in the editor, for the tests after. No single
// way is reliable on a busy machine: a save can return false, a revert skips its reload when the
// buffer's version moved during the read (an e2e run once left edges.json clean yet still holding
// an added edge), and a TextDocument a test holds goes stale when VS Code closes a document no
// editor shows. So the bytes are written to disk, and then, asking for each document again by its
// URI every round, a document unlike them gets its text replaced by an edit and is saved, or
// reverted when the save is refused, until every one reads the bytes and is clean.
import * as vscode from 'vscode';
import { waitFor } from './wait';

export async function restoreFiles(files: ReadonlyArray<readonly [vscode.Uri | vscode.TextDocument, Uint8Array]>): Promise<void> {
  const decoder = new TextDecoder();
  const wanted = files.map(([file, bytes]) => ({ uri: file instanceof vscode.Uri ? file : file.uri, text: decoder.decode(bytes), bytes }));
  for (const { uri, bytes } of wanted) await vscode.workspace.fs.writeFile(uri, bytes);
  const unlike = async () => {
    const found: Array<{ document: vscode.TextDocument; text: string }> = [];
    for (const { uri, text } of wanted) {
      const document = await vscode.workspace.openTextDocument(uri);
      if (document.isDirty || document.getText() !== text) found.push({ document, text });
    }
    return found;
  };
  await waitFor(`the sample files as on disk (${wanted.map(({ uri }) => uri.path.split('/').pop()).join(', ')})`, async () => {
    const left = await unlike();
    if (left.length === 0) return true;
    for (const { document, text } of left) {
      if (document.getText() !== text) {
        const edit = new vscode.WorkspaceEdit();
        edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
        await vscode.workspace.applyEdit(edit);
      }
      if (document.isDirty && !(await document.save())) {
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand('workbench.action.files.revert');
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    return undefined;
  });
}
