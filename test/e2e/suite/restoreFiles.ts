// Puts sample files back as they were, on disk and in the editor, for the tests after. Two e2e
// runs under load showed what does not work: writing the disk under a document with unsaved edits
// leaves it in conflict with the disk, where save() returns false; and a TextDocument a test holds
// goes stale when VS Code closes a document no editor shows. So each document is asked for again
// by its URI, its unsaved edits are reverted first (the buffer becomes the disk's), and only then
// are the bytes written (only where the disk differs), to a clean document, which VS Code reloads
// from disk; a round that still finds a document unlike the bytes edits and saves it.
import * as vscode from 'vscode';
import { waitFor } from './wait';

/**
 * `writeFirst`: write the bytes before reverting (the documents then read them back by revert).
 * A multi-file edit that VS Code partly saved itself (the annotation review's rename) is put back
 * this way: reverting it first and then writing left clean documents that never reloaded.
 */
export async function restoreFiles(
  files: ReadonlyArray<readonly [vscode.Uri | vscode.TextDocument, Uint8Array]>,
  options: { writeFirst?: boolean } = {},
): Promise<void> {
  const decoder = new TextDecoder();
  const wanted = files.map(([file, bytes]) => ({
    uri: file instanceof vscode.Uri ? file : file.uri,
    text: decoder.decode(bytes),
    bytes,
  }));
  const revert = async (document: vscode.TextDocument) => {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  };
  // Only bytes that differ are written: a write under a document with unsaved edits puts it in
  // conflict with the disk, where save() returns false.
  const write = async () => {
    for (const { uri, bytes, text } of wanted) {
      const onDisk = await vscode.workspace.fs.readFile(uri).then(
        (read) => decoder.decode(read),
        () => null,
      );
      if (onDisk !== text) await vscode.workspace.fs.writeFile(uri, bytes);
    }
  };
  if (options.writeFirst) await write();
  for (const { uri, text } of wanted) {
    const document = await vscode.workspace.openTextDocument(uri);
    if (document.isDirty || (options.writeFirst && document.getText() !== text)) await revert(document);
  }
  if (!options.writeFirst) await write();
  // Each round: a document unlike the bytes gets them by an edit and is saved (no editor focus
  // needed: a webview beside it, such as the Play panel, takes the focus a revert acts on); a
  // refused save falls back to a revert.
  await waitFor(
    `the sample files as on disk (${wanted.map(({ uri }) => uri.path.split('/').pop()).join(', ')})`,
    async () => {
      let alike = true;
      for (const { uri, text } of wanted) {
        const document = await vscode.workspace.openTextDocument(uri);
        if (!document.isDirty && document.getText() === text) continue;
        alike = false;
        if (document.getText() !== text) {
          const edit = new vscode.WorkspaceEdit();
          edit.replace(
            uri,
            new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)),
            text,
          );
          await vscode.workspace.applyEdit(edit);
        }
        if (document.isDirty && !(await document.save())) await revert(document);
      }
      if (!alike) await new Promise((resolve) => setTimeout(resolve, 300));
      return alike || undefined;
    },
  );
}
