// Puts sample files back as they were, on disk and in the editor, for the tests after. Neither
// "save" nor "revert" alone is reliable on a busy machine: a save can return false, and a revert
// skips its reload when the buffer's version moved during the read (an e2e run once left
// edges.json clean yet still holding an added edge). And a TextDocument a test holds goes stale
// when VS Code closes a document no editor shows (a slow run gives it time to), so each check asks
// for the document again by its URI. The bytes are written to disk first, then each document
// unlike them is reverted until it reads them: every step is checked, none is assumed.
import * as vscode from 'vscode';
import { waitFor } from './wait';

export async function restoreFiles(files: ReadonlyArray<readonly [vscode.Uri | vscode.TextDocument, Uint8Array]>): Promise<void> {
  const decoder = new TextDecoder();
  const wanted = files.map(([file, bytes]) => ({ uri: file instanceof vscode.Uri ? file : file.uri, text: decoder.decode(bytes), bytes }));
  for (const { uri, bytes } of wanted) await vscode.workspace.fs.writeFile(uri, bytes);
  const unlike = async () => {
    const found: vscode.TextDocument[] = [];
    for (const { uri, text } of wanted) {
      const document = await vscode.workspace.openTextDocument(uri);
      if (document.isDirty || document.getText() !== text) found.push(document);
    }
    return found;
  };
  const revertUnlike = async () => {
    for (const document of await unlike()) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  };
  await revertUnlike();
  let probes = 0;
  await waitFor(`the sample files as on disk (${wanted.map(({ uri }) => uri.path.split('/').pop()).join(', ')})`, async () => {
    if ((await unlike()).length === 0) return true;
    if (++probes % 20 === 0) await revertUnlike();
    return undefined;
  });
}
