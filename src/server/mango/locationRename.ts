// Rename and merge of a location for the review queue, as one WorkspaceEdit over the game's files.
// A rename reuses the Rename Symbol edit (nameFeatures.ts: every JSON string naming the location,
// skeleton lines rewritten whole). A merge is that rename into a name already in use, followed by
// what the release format then requires: locations.json lists the name once, and edges.json holds
// each (src_node, action, dst_node) once — two records of the same move become one that keeps the
// earliest step of each label — and each skeleton file naming the room is regenerated from those
// edges with the options it was made with (limit, cutoff fields), or renamed in place when that is too
// large to do in a request. Walkthroughs carry no location names, so they are never edited.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CancellationToken, TextDocumentEdit, TextEdit } from 'vscode-languageserver';
import type { FileKind } from '../../core/benchmarks/mango/fileKinds';
import { edgeKey } from './markJournal';
import type { EdgeRecord } from '../../core/benchmarks/mango/types';
import {
  type LocatedEdge,
  parseEdgesFile,
  parseLocationsFile,
} from '../../core/benchmarks/mango/walkthrough/gameFiles';
import { skeletonTextChunks } from '../../core/benchmarks/mango/skeletons/skeletonText';
import {
  dropMergedRepeats,
  estimateDfLines,
  skeletonFileOptions,
} from '../../core/benchmarks/mango/skeletons/skeletonMerge';
import type { Diagnostic } from '../../core/util/text';
import type { RenameLocationParams, RenameLocationResult } from '../../protocol/lsp';
import { LABELS, labelChanges } from './annotation';
import type { DocumentStore } from '../documents';
import { gameFileUri, memberText, type LoadedGame } from './games';
import { applyJsonChanges, minimalEdit, type JsonChange } from './jsonEdits';
import { findNameOccurrences } from './names';
import { namesOfKind, renameChanges } from './nameFeatures';

/** A refusal naming the first error of a file the merge would rewrite (a merge over a broken file would guess). */
function fileError(uri: string, diagnostics: readonly Diagnostic[]): string | undefined {
  const error = diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  if (!error) return undefined;
  const name = decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));
  return `Cannot merge: ${name}:${error.range.start.line + 1}:${error.range.start.character + 1}: ${error.message}`;
}

/** locations.json without the repeats of `name` (the first entry stays where it was); the text must parse (see fileError). */
function dedupeLocations(text: string, name: string): string {
  const names = parseLocationsFile(text).names.map((located) => located.value);
  const repeats = names.flatMap((value, index) => (value === name && names.indexOf(value) !== index ? [index] : []));
  return applyJsonChanges(
    text,
    repeats.reverse().map((index): JsonChange => ({ path: [index], value: undefined })),
  );
}

/** edges.json with each move once: a repeat's labels fold into the first record (the earliest step wins), then the repeat goes. */
function dedupeEdges(text: string): string {
  const edges = parseEdgesFile(text).edges;
  const first = new Map<string, LocatedEdge>();
  const merged = new Map<LocatedEdge, EdgeRecord>();
  const repeats: number[] = [];
  // parseEdgesFile keeps only schema-valid records; the merge refuses a file with any error first.
  for (const edge of edges) {
    const key = edgeKey(edge.record);
    const kept = first.get(key);
    if (kept === undefined) {
      first.set(key, edge);
      continue;
    }
    const current = merged.get(kept) ?? kept.record;
    const folded: EdgeRecord = { ...current };
    for (const label of LABELS) folded[label] = Math.min(current[label], edge.record[label]);
    merged.set(kept, folded);
    repeats.push(edge.index);
  }
  const changes: JsonChange[] = [...merged].flatMap(([edge, record]) => labelChanges(edge.index, edge.record, record));
  for (const index of repeats.reverse()) changes.push({ path: [index], value: undefined });
  return applyJsonChanges(text, changes);
}

/**
 * Regeneration inside the request is bounded: beyond this many DFS steps of the estimate, or this
 * many DF lines, the merge renames lines in place and leaves new paths to Generate Skeletons (which
 * streams with time slices and cancellation). A release game's DF file is millions of lines.
 */
const ESTIMATE_BUDGET = 200_000;
const MAX_REGENERATED_LINES = 20_000;

/**
 * A skeleton file regenerated from these edges with the options its lines show (limit, cutoff
 * fields), or undefined when that is too large to do in a request. Yields to the event loop between
 * chunks so the server keeps answering.
 */
async function regeneratedSkeletons(
  kind: 'mango-df' | 'mango-rf',
  before: string,
  records: readonly EdgeRecord[],
  token?: CancellationToken,
): Promise<string | undefined> {
  const task = kind === 'mango-df' ? 'df' : 'rf';
  const options = skeletonFileOptions(task, before);
  const lines = estimateDfLines(records, options.limitPerPair, ESTIMATE_BUDGET);
  if (lines === undefined || (task === 'df' && lines > MAX_REGENERATED_LINES)) return undefined;
  let text = '';
  for (const chunk of skeletonTextChunks(task, records, options)) {
    text += chunk;
    await new Promise((resolve) => setImmediate(resolve));
    // Cancelled: the cheap in-place rename instead (the client drops the answer anyway).
    if (token?.isCancellationRequested) return undefined;
  }
  return text;
}

/** Shown by the review queue when a skeleton file was renamed in place rather than regenerated. */
const SKELETONS_IN_PLACE_NOTICE =
  'too large to regenerate here: its lines were renamed in place (repeats and paths through the room twice dropped); new paths through the merged room appear after running Generate Skeletons.';

export async function renameLocation(
  game: LoadedGame,
  documents: DocumentStore,
  params: RenameLocationParams,
  token?: CancellationToken,
): Promise<RenameLocationResult> {
  const from = params.from.trim().toLowerCase();
  const to = params.to.trim().toLowerCase();
  if (!from || !to) return { ok: false, edit: null, message: 'A location name cannot be empty.' };
  if (from === to) return { ok: true, edit: null, message: `'${from}' already has that name.` };
  const known = namesOfKind(game, 'location');
  if (params.merge && !known.includes(to))
    return {
      ok: false,
      edit: null,
      message: `'${to}' is not a location of this game; only a known location can be merged into.`,
    };
  if (!params.merge && known.includes(to))
    return {
      ok: false,
      edit: null,
      message: `There is already a location named '${to}'; merge '${from}' into it instead.`,
    };
  if ((await findNameOccurrences(game, documents, 'location', from)).length === 0) {
    return {
      ok: true,
      edit: null,
      message: `'${from}' is not in the game's files yet: it is '${to}' for the rest of the review.`,
    };
  }
  const changes = await renameChanges(game, documents, 'location', from, to);
  const inPlace: string[] = [];
  const documentChanges = params.merge
    ? await mergeChanges(game, documents, changes, to, inPlace, token)
    : Object.entries(changes).map(([uri, edits]) => ({
        textDocument: { uri, version: versionOf(documents, uri) },
        edits,
      }));
  if (typeof documentChanges === 'string') return { ok: false, edit: null, message: documentChanges };
  const verb = params.merge ? `Merged '${from}' into '${to}'` : `Renamed '${from}' to '${to}'`;
  const notice = inPlace.length > 0 ? `${inPlace.join(' and ')} ${SKELETONS_IN_PLACE_NOTICE}` : undefined;
  return {
    ok: true,
    edit: { documentChanges },
    message: `${verb} in ${documentChanges.length} file${documentChanges.length === 1 ? '' : 's'}.${notice ? ` ${notice}` : ''}`,
    ...(notice ? { notice } : {}),
  };
}

function versionOf(documents: DocumentStore, uri: string): number | null {
  return documents.get(uri)?.text.version ?? null;
}

/**
 * The merge as one edit per file: the rename applied to each text, then locations.json and edges.json
 * folded, and each skeleton file the rename touched regenerated from the folded edges (renaming its
 * lines alone would repeat paths that now coincide and keep paths that now revisit the merged room).
 * A refusal message when locations.json or edges.json has an error.
 */
async function mergeChanges(
  game: LoadedGame,
  documents: DocumentStore,
  changes: Record<string, TextEdit[]>,
  to: string,
  inPlace: string[],
  token?: CancellationToken,
): Promise<TextDocumentEdit[] | string> {
  for (const kind of ['mango-locations', 'mango-edges'] as const) {
    const text = game.texts[kind];
    if (text === undefined) continue;
    const error = fileError(
      gameFileUri(game, kind),
      (kind === 'mango-locations' ? parseLocationsFile(text) : parseEdgesFile(text)).diagnostics,
    );
    if (error) return `${error} (fix it, then merge).`;
  }
  const kindOf = (uri: string) => game.members.find((member) => member.uri === uri)?.kind;
  const edited = (kind: FileKind, before: string, after: string): TextDocumentEdit[] => {
    const edit = minimalEdit(before, after);
    const uri = gameFileUri(game, kind);
    return edit ? [{ textDocument: { uri, version: versionOf(documents, uri) }, edits: [edit] }] : [];
  };
  const result: TextDocumentEdit[] = [];
  const skeletons: Array<[string, 'mango-df' | 'mango-rf', TextEdit[]]> = [];
  let records = game.model.edges?.edges.map((edge) => edge.record);
  for (const [uri, edits] of Object.entries(changes)) {
    const kind = kindOf(uri);
    const before = kind === 'mango-locations' || kind === 'mango-edges' ? game.texts[kind] : undefined;
    if (kind === 'mango-df' || kind === 'mango-rf') {
      skeletons.push([uri, kind, edits]);
    } else if (before === undefined || (kind !== 'mango-locations' && kind !== 'mango-edges')) {
      result.push({ textDocument: { uri, version: versionOf(documents, uri) }, edits });
    } else {
      const renamed = TextDocument.applyEdits(TextDocument.create(uri, 'json', 0, before), edits);
      const after = kind === 'mango-locations' ? dedupeLocations(renamed, to) : dedupeEdges(renamed);
      if (kind === 'mango-edges') records = parseEdgesFile(after).edges.map((edge) => edge.record);
      result.push(...edited(kind, before, after));
    }
  }
  for (const [uri, kind, edits] of skeletons) {
    const before = await memberText(game, documents, kind);
    if (before === undefined || records === undefined) {
      result.push({ textDocument: { uri, version: versionOf(documents, uri) }, edits });
      continue;
    }
    const regenerated = await regeneratedSkeletons(kind, before, records, token);
    if (regenerated !== undefined) {
      result.push(...edited(kind, before, regenerated));
      continue;
    }
    // The rename's own line edits (ids recomputed), then what the merge made invalid dropped.
    const renamed = TextDocument.applyEdits(TextDocument.create(uri, 'jsonl', 0, before), edits);
    result.push(...edited(kind, before, dropMergedRepeats(kind === 'mango-df' ? 'df' : 'rf', renamed).text));
    inPlace.push(decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1)));
  }
  return result;
}
