// Puts sample files back as they were, on disk and in their open documents, for the tests after.
// Neither "save" nor "revert" alone is reliable on a busy machine: a save can return false (a save
// participant or the disk check ran out of time), and a revert skips its reload when the buffer's
// version moved during the read (an e2e run once left edges.json clean yet still holding an added
// edge). So the bytes are written to disk first, then each document unlike them is reverted until
// it reads them: every step is checked, none is assumed.
import * as vscode from 'vscode';
import { waitFor } from './wait';

export async function restoreFiles(files: ReadonlyArray<readonly [vscode.TextDocument, Uint8Array]>): Promise<void> {
  const decoder = new TextDecoder();
  for (const [document, bytes] of files) await vscode.workspace.fs.writeFile(document.uri, bytes);
  const unlike = () => files.filter(([document, bytes]) => document.isDirty || document.getText() !== decoder.decode(bytes));
  const revertUnlike = async () => {
    for (const [document] of unlike()) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  };
  await revertUnlike();
  let probes = 0;
  await waitFor(`the sample files as on disk (${files.map(([document]) => document.uri.path.split('/').pop()).join(', ')})`, async () => {
    if (unlike().length === 0) return true;
    if (++probes % 20 === 0) await revertUnlike();
    return undefined;
  });
}
