// Rename and merge of a location for the review queue, as one WorkspaceEdit over the game's files.
// A rename reuses the Rename Symbol edit (nameFeatures.ts: every JSON string naming the location,
// skeleton lines rewritten whole). A merge is that rename into a name already in use, followed by
// what the release format then requires: locations.json lists the name once, and edges.json holds
// each (src_node, action, dst_node) once — two records of the same move become one that keeps the
// earliest step of each label. Walkthroughs carry no location names, so they are never edited.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentEdit, TextEdit } from 'vscode-languageserver';
import type { FileKind } from '../core/fileKinds';
import { edgeKey } from './markJournal';
import type { EdgeRecord } from '../core/mango/types';
import type { RenameLocationParams, RenameLocationResult } from '../protocol/lsp';
import { LABELS, labelChanges } from './annotation';
import type { DocumentStore } from './documents';
import { gameFileUri, type LoadedGame } from './games';
import { applyJsonChanges, minimalEdit, type JsonChange } from './jsonEdits';
import { findNameOccurrences } from './names';
import { namesOfKind, renameChanges } from './nameFeatures';

/** The JSON value of a text, or undefined when it does not parse (the file is then only renamed, not deduplicated). */
function jsonValue(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

/** locations.json without the repeats of `name` (the first entry stays where it was). */
export function dedupeLocations(text: string, name: string): string {
  const names = jsonValue(text);
  if (!Array.isArray(names)) return text;
  const repeats = names.flatMap((value, index) => (value === name && names.indexOf(value) !== index ? [index] : []));
  return applyJsonChanges(text, repeats.reverse().map((index): JsonChange => ({ path: [index], value: undefined })));
}

/** edges.json with each move once: a repeat's labels fold into the first record (the earliest step wins), then the repeat goes. */
export function dedupeEdges(text: string): string {
  const records = jsonValue(text);
  if (!Array.isArray(records)) return text;
  const first = new Map<string, number>();
  const merged = new Map<number, EdgeRecord>();
  const repeats: number[] = [];
  // Only well-formed records fold (a record with a missing label is already a diagnostic; folding it would guess).
  const wellFormed = (record: unknown): record is EdgeRecord =>
    typeof record === 'object' && record !== null && ['src_node', 'action', 'dst_node'].every((field) => typeof (record as Record<string, unknown>)[field] === 'string') && LABELS.every((label) => typeof (record as Record<string, unknown>)[label] === 'number');
  records.forEach((record: unknown, index) => {
    if (!wellFormed(record)) return;
    const key = edgeKey(record);
    const kept = first.get(key);
    if (kept === undefined) {
      first.set(key, index);
      return;
    }
    const current = merged.get(kept) ?? (records[kept] as EdgeRecord);
    const folded: EdgeRecord = { ...current };
    for (const label of LABELS) folded[label] = Math.min(current[label], record[label]);
    merged.set(kept, folded);
    repeats.push(index);
  });
  const changes: JsonChange[] = [...merged].flatMap(([index, record]) => labelChanges(index, records[index] as EdgeRecord, record));
  for (const index of repeats.reverse()) changes.push({ path: [index], value: undefined });
  return applyJsonChanges(text, changes);
}

export async function renameLocation(game: LoadedGame, documents: DocumentStore, params: RenameLocationParams): Promise<RenameLocationResult> {
  const from = params.from.trim().toLowerCase();
  const to = params.to.trim().toLowerCase();
  if (!from || !to) return { ok: false, edit: null, message: 'A location name cannot be empty.' };
  if (from === to) return { ok: true, edit: null, message: `'${from}' already has that name.` };
  const known = namesOfKind(game, 'location');
  if (params.merge && !known.includes(to)) return { ok: false, edit: null, message: `'${to}' is not a location of this game; only a known location can be merged into.` };
  if (!params.merge && known.includes(to)) return { ok: false, edit: null, message: `There is already a location named '${to}'; merge '${from}' into it instead.` };
  if ((await findNameOccurrences(game, documents, 'location', from)).length === 0) {
    return { ok: true, edit: null, message: `'${from}' is not in the game's files yet: it is '${to}' for the rest of the review.` };
  }
  const changes = await renameChanges(game, documents, 'location', from, to);
  const documentChanges: TextDocumentEdit[] = [];
  for (const [uri, edits] of Object.entries(changes)) {
    const version = documents.get(uri)?.text.version ?? null;
    const kind = game.members.find((member) => member.uri === uri)?.kind;
    const before = kind ? game.texts[kind as FileKind] : undefined;
    if (!params.merge || before === undefined || (kind !== 'mango-locations' && kind !== 'mango-edges')) {
      documentChanges.push({ textDocument: { uri, version }, edits });
      continue;
    }
    // Merge: rename in the text, then fold the duplicates, and write the difference as one edit.
    const renamed = TextDocument.applyEdits(TextDocument.create(uri, 'json', 0, before), edits);
    const after = kind === 'mango-locations' ? dedupeLocations(renamed, to) : dedupeEdges(renamed);
    const edit: TextEdit | null = minimalEdit(before, after);
    if (edit) documentChanges.push({ textDocument: { uri: gameFileUri(game, kind), version }, edits: [edit] });
  }
  const verb = params.merge ? `Merged '${from}' into '${to}'` : `Renamed '${from}' to '${to}'`;
  return { ok: true, edit: { documentChanges }, message: `${verb} in ${documentChanges.length} file${documentChanges.length === 1 ? '' : 's'}.` };
}
