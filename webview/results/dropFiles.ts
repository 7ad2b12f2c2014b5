// Run files dropped on the view are added to it. VS Code gives a webview the drags that start in
// the workbench (its Explorer, an editor tab) only while Shift is held; without Shift it opens the
// file in the editor group, as for any editor. Such a drag carries the resources as URIs:
// `application/vnd.code.uri-list` (every selected item), `text/uri-list` (VS Code puts only the
// first there; a file manager all) and `ResourceURLs` (a JSON array). A file dragged from outside the
// browser comes as bytes with a name but no path the extension host could read, so it is refused
// with a word on what works instead.
import { MAX_DROPPED_FILES } from '../../src/protocol/results';
import { el } from './dom';

const URI_TYPES = ['application/vnd.code.uri-list', 'text/uri-list'];

/** The lines of a `text/uri-list` (RFC 2483): one URI a line, `#` lines are comments. */
function uriListEntries(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The URIs a drop carries, from the richest form present; the same URI once. */
function droppedUris(transfer: Pick<DataTransfer, 'getData' | 'types'>): string[] {
  const types = Array.from(transfer.types, (type) => type.toLowerCase());
  for (const type of URI_TYPES) {
    if (!types.includes(type)) continue;
    const entries = uriListEntries(transfer.getData(type));
    if (entries.length > 0) return [...new Set(entries)];
  }
  if (types.includes('resourceurls')) {
    try {
      const parsed: unknown = JSON.parse(transfer.getData('ResourceURLs'));
      if (Array.isArray(parsed))
        return [...new Set(parsed.filter((entry): entry is string => typeof entry === 'string'))];
    } catch {
      // Not JSON: nothing usable in this form.
    }
  }
  return [];
}

/** Whether a drag may bring URIs (its types are readable during the drag, its data only on drop). */
function carriesFiles(transfer: DataTransfer | null): boolean {
  if (!transfer) return false;
  const types = Array.from(transfer.types, (type) => type.toLowerCase());
  return types.some((type) => URI_TYPES.includes(type) || type === 'resourceurls' || type === 'files');
}

/**
 * Makes `app` a drop target for run files: an outline and a note while a file is dragged over it,
 * `open` with the dropped URIs, `say` when a drop holds none the host could read.
 */
export function acceptRunFileDrops(
  app: HTMLElement,
  open: (uris: string[]) => void,
  say: (text: string) => void,
): void {
  const note = el('div', 'results-drop-note', 'Drop run files to add them to this view');
  note.setAttribute('aria-hidden', 'true');
  app.append(note);
  // dragenter/dragleave fire for every child crossed: count them so the outline does not flicker.
  let depth = 0;
  const clear = () => {
    depth = 0;
    app.classList.remove('drop-active');
  };
  app.addEventListener('dragenter', (event) => {
    if (!carriesFiles(event.dataTransfer)) return;
    depth++;
    app.classList.add('drop-active');
  });
  app.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) clear();
  });
  app.addEventListener('dragover', (event) => {
    if (!carriesFiles(event.dataTransfer) || !event.dataTransfer) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  });
  app.addEventListener('drop', (event) => {
    clear();
    const transfer = event.dataTransfer;
    if (!transfer || !carriesFiles(transfer)) return;
    event.preventDefault();
    const uris = droppedUris(transfer);
    if (uris.length === 0) {
      say(
        transfer.files.length > 0
          ? `${transfer.files.length === 1 ? `${transfer.files[0].name} came` : `${transfer.files.length} files came`} from outside VS Code, without a path the extension can read: drag run files from VS Code's Explorer (holding Shift), or use "Waypoint: Show Results…" → "Open a run file…".`
          : 'The drop held no file.',
      );
      return;
    }
    if (uris.length > MAX_DROPPED_FILES) {
      say(`${uris.length} files dropped; at most ${MAX_DROPPED_FILES} are added at once.`);
      return;
    }
    open(uris);
  });
  // A drag that ends elsewhere (Escape, dropped outside) sends no dragleave to the last child.
  window.addEventListener('dragend', clear);
}
