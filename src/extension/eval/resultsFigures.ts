// Save SVG / Save PNG of the results view's paper figures: the view sends the figure's SVG text (or
// a PNG it drew from it); this asks where with a save dialog (which asks before replacing a file:
// nothing is written without the user's consent), writes it and says where, offering to open it.
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { describeFsError } from '../../core/util/walk';
import { defaultShareTarget } from './resultsShare';

export interface FigureToSave {
  name: string;
  title: string;
  format: 'svg' | 'png';
  data: string;
}

/** What the last save said and offered (tests read it; they cannot click a toast). */
export interface FigureNotice {
  text: string;
  actions: string[];
  path: string;
}

const PNG_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes to write, or why the view's data is not a figure of the asked format. */
export function figureBytes(figure: Pick<FigureToSave, 'format' | 'data'>): Uint8Array | string {
  if (figure.format === 'svg')
    return figure.data.startsWith('<svg') && figure.data.endsWith('</svg>')
      ? new TextEncoder().encode(figure.data)
      : 'the view did not send an SVG document';
  const match = PNG_URL.exec(figure.data);
  return match ? Buffer.from(match[1], 'base64') : 'the view did not send a PNG';
}

/** A file name of letters, digits and dashes (the view sends the stem; it is not trusted as a path). */
const safeStem = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'figure';

/**
 * Asks where, writes, announces. `files`: the run files shown (the dialog starts beside the first).
 * Returns the notice, or undefined when cancelled or refused (`status` says why).
 */
export async function saveFigure(
  figure: FigureToSave,
  files: readonly string[],
  status: (text: string) => void,
): Promise<FigureNotice | undefined> {
  const bytes = figureBytes(figure);
  if (typeof bytes === 'string') {
    status(`Could not save "${figure.title}": ${bytes}.`);
    return undefined;
  }
  const format = figure.format.toUpperCase();
  const proposed = await defaultShareTarget(files, `${safeStem(figure.name)}.${figure.format}`);
  const uri = await vscode.window.showSaveDialog({
    title: `Save ${format}: ${figure.title}`,
    defaultUri: vscode.Uri.file(proposed),
    saveLabel: `Save ${format}`,
    filters: { [format]: [figure.format] },
  });
  if (!uri) return undefined;
  try {
    await fs.writeFile(uri.fsPath, bytes);
  } catch (error) {
    const text = `Could not write ${uri.fsPath}: ${describeFsError(error)}`;
    status(text);
    void vscode.window.showErrorMessage(`Waypoint: ${text}`);
    return undefined;
  }
  const where = vscode.workspace.getWorkspaceFolder(uri) ? vscode.workspace.asRelativePath(uri) : uri.fsPath;
  const text = `Waypoint: wrote the figure "${figure.title}" as ${format} to ${where}.`;
  const actions = ['Open'];
  void vscode.window.showInformationMessage(text, ...actions).then(async (choice) => {
    if (choice === 'Open') await vscode.commands.executeCommand('vscode.open', uri);
  });
  status(text.replace(/^Waypoint: w/, 'W'));
  return { text, actions, path: uri.fsPath };
}
