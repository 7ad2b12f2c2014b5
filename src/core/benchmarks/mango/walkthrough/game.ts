// One MANGO game folder as text in, diagnostics out: parses each present file once, then runs the
// single-file and cross-file checks. Used by the CLI and the language server alike.
import { upstreamBomOf, type FileKind } from '../fileKinds';
import { internalDiagnostic, splitLines, type Diagnostic } from '../../../util/text';
import { DiagnosticCap } from '../../../util/diagnosticCap';
import { bomDiagnostics, stripBom } from '../../../util/bom';
import { checkGame, type GameModel } from './gameChecks';
import { forEachJsonLine, parseActionsFile, parseEdgesFile, parseLocationsFile } from './gameFiles';
import { dfSkeletonSchema, rfSkeletonSchema } from './fileSchemas';
import { SkeletonChecker } from '../skeletons/skeletonChecks';
import { WalkthroughDocument } from './walkthroughDocument';

export type GameTexts = Partial<Record<FileKind, string>>;

/** Parses the files a game folder has. */
export function buildGameModel(texts: GameTexts): GameModel {
  // A leading BOM is stripped before parsing (positions as editors show them) and reported once.
  const bom = (Object.keys(texts) as FileKind[]).flatMap((kind) =>
    bomDiagnostics(upstreamBomOf(kind), texts[kind] ?? '').map((diagnostic) => ({ kind, diagnostic })),
  );
  const text = (kind: FileKind) => (texts[kind] === undefined ? undefined : stripBom(texts[kind]));
  const walkthrough = text('mango-walkthrough');
  const edges = text('mango-edges');
  const actions = text('mango-actions');
  const locations = text('mango-locations');
  return {
    walkthrough: walkthrough === undefined ? undefined : WalkthroughDocument.parse(walkthrough),
    edges: edges === undefined ? undefined : parseEdgesFile(edges),
    actions: actions === undefined ? undefined : parseActionsFile(actions),
    locations: locations === undefined ? undefined : parseLocationsFile(locations),
    ...(bom.length > 0 ? { bom } : {}),
  };
}

/** Own-file diagnostics of every parsed file of the model. */
export function fileDiagnostics(model: GameModel): Map<FileKind, Diagnostic[]> {
  const byFile = new Map<FileKind, Diagnostic[]>();
  if (model.walkthrough) byFile.set('mango-walkthrough', model.walkthrough.diagnostics());
  if (model.edges) byFile.set('mango-edges', [...model.edges.diagnostics]);
  if (model.actions) byFile.set('mango-actions', [...model.actions.diagnostics]);
  if (model.locations) byFile.set('mango-locations', [...model.locations.diagnostics]);
  for (const { kind, diagnostic } of model.bom ?? [])
    if (byFile.has(kind)) byFile.set(kind, [diagnostic, ...(byFile.get(kind) ?? [])]);
  return byFile;
}

/** A skeleton file's own problems, plus its lines checked against the game's edges when there are any. */
export function skeletonFileDiagnostics(kind: 'mango-df' | 'mango-rf', text: string, model: GameModel): Diagnostic[] {
  let all: Diagnostic[] = [];
  for (const sofar of skeletonDiagnosticsInChunks(kind, text, model)) all = sofar;
  return all;
}

/**
 * The same, in chunks of lines: yields the diagnostics found so far after each chunk, so a server
 * can yield to other requests and publish partial results on files of tens of megabytes.
 */
export function* skeletonDiagnosticsInChunks(
  kind: 'mango-df' | 'mango-rf',
  text: string,
  model: GameModel,
  chunkLines = 2000,
): Generator<Diagnostic[]> {
  const checker =
    model.edges && model.edges.diagnostics.length === 0
      ? new SkeletonChecker(model.edges.edges.map((edge) => edge.record))
      : null;
  const lines = splitLines(stripBom(text));
  // Capped, so each chunk's copy is small whatever the file holds (it once copied every problem
  // found so far after every chunk: quadratic in a file of a million broken lines).
  const own = new DiagnosticCap();
  own.push(...bomDiagnostics(upstreamBomOf(kind), text));
  for (let start = 0; start < lines.length; start += chunkLines) {
    const chunk = lines.slice(start, start + chunkLines);
    own.push(
      ...(kind === 'mango-df'
        ? forEachJsonLine(chunk, dfSkeletonSchema, (line) => checker?.checkDf(line), start)
        : forEachJsonLine(chunk, rfSkeletonSchema, (line) => checker?.checkRf(line), start)),
    );
    yield [...own.list(), ...(checker?.diagnostics ?? [])];
  }
}

/**
 * All diagnostics of a game folder, per file: each file's own, then the cross-file ones. An
 * unexpected failure becomes a located `waypoint/internal` error on every file of the folder.
 */
export function validateGameTexts(texts: GameTexts): Map<FileKind, Diagnostic[]> {
  try {
    return checkGameTexts(texts);
  } catch (error) {
    const present = (Object.keys(texts) as FileKind[]).filter((kind) => texts[kind] !== undefined);
    return new Map(present.map((kind) => [kind, [internalDiagnostic(error)]]));
  }
}

/** Each read member's diagnostics in line order (validateGameTexts), one report a file: what `waypoint validate` and the validate tool print. */
export function gameFileReports(
  members: ReadonlyArray<{ path: string; kind: FileKind }>,
  texts: GameTexts,
): Array<{ path: string; kind: FileKind; diagnostics: Diagnostic[] }> {
  const byKind = validateGameTexts(texts);
  return members
    .filter((member) => texts[member.kind] !== undefined)
    .map((member) => ({
      path: member.path,
      kind: member.kind,
      diagnostics: (byKind.get(member.kind) ?? []).sort(
        (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
      ),
    }));
}

function checkGameTexts(texts: GameTexts): Map<FileKind, Diagnostic[]> {
  const model = buildGameModel(texts);
  const byFile = fileDiagnostics(model);
  if (texts['mango-df'] !== undefined)
    byFile.set('mango-df', skeletonFileDiagnostics('mango-df', texts['mango-df'], model));
  if (texts['mango-rf'] !== undefined)
    byFile.set('mango-rf', skeletonFileDiagnostics('mango-rf', texts['mango-rf'], model));
  for (const [kind, diagnostics] of checkGame(model)) byFile.set(kind, [...(byFile.get(kind) ?? []), ...diagnostics]);
  return byFile;
}
