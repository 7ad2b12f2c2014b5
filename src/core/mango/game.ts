// One MANGO game folder as text in, diagnostics out: parses each present file once, then runs the
// single-file and cross-file checks. Used by the CLI and the language server alike.
import type { FileKind } from '../files';
import type { Diagnostic } from '../text';
import { splitLines } from '../text';
import { checkGame, type GameModel } from './gameChecks';
import { parseActionsFile, parseDfSkeletons, parseEdgesFile, parseLocationsFile, parseRfSkeletons } from './gameFiles';
import { SkeletonChecker } from './skeletonChecks';
import { WalkthroughDocument } from './walkthroughDocument';

export type GameTexts = Partial<Record<FileKind, string>>;

/** Parses the files a game folder has. */
export function buildGameModel(texts: GameTexts): GameModel {
  return {
    walkthrough: texts['mango-walkthrough'] === undefined ? undefined : WalkthroughDocument.parse(texts['mango-walkthrough']),
    edges: texts['mango-edges'] === undefined ? undefined : parseEdgesFile(texts['mango-edges']),
    actions: texts['mango-actions'] === undefined ? undefined : parseActionsFile(texts['mango-actions']),
    locations: texts['mango-locations'] === undefined ? undefined : parseLocationsFile(texts['mango-locations']),
  };
}

/** Own-file diagnostics of every parsed file of the model. */
export function fileDiagnostics(model: GameModel): Map<FileKind, Diagnostic[]> {
  const byFile = new Map<FileKind, Diagnostic[]>();
  if (model.walkthrough) byFile.set('mango-walkthrough', model.walkthrough.diagnostics());
  if (model.edges) byFile.set('mango-edges', [...model.edges.diagnostics]);
  if (model.actions) byFile.set('mango-actions', [...model.actions.diagnostics]);
  if (model.locations) byFile.set('mango-locations', [...model.locations.diagnostics]);
  return byFile;
}

/** A skeleton file's own problems, plus its lines checked against the game's edges when there are any. */
export function skeletonFileDiagnostics(kind: 'mango-df' | 'mango-rf', text: string, model: GameModel): Diagnostic[] {
  const checker = model.edges && model.edges.diagnostics.length === 0 ? new SkeletonChecker(model.edges.edges.map((edge) => edge.record)) : null;
  const own = kind === 'mango-df'
    ? parseDfSkeletons(splitLines(text), (line) => checker?.checkDf(line))
    : parseRfSkeletons(splitLines(text), (line) => checker?.checkRf(line));
  return [...own, ...(checker?.diagnostics ?? [])];
}

/** All diagnostics of a game folder, per file: each file's own, then the cross-file ones. */
export function validateGameTexts(texts: GameTexts): Map<FileKind, Diagnostic[]> {
  const model = buildGameModel(texts);
  const byFile = fileDiagnostics(model);
  if (texts['mango-df'] !== undefined) byFile.set('mango-df', skeletonFileDiagnostics('mango-df', texts['mango-df'], model));
  if (texts['mango-rf'] !== undefined) byFile.set('mango-rf', skeletonFileDiagnostics('mango-rf', texts['mango-rf'], model));
  for (const [kind, diagnostics] of checkGame(model)) byFile.set(kind, [...(byFile.get(kind) ?? []), ...diagnostics]);
  return byFile;
}
