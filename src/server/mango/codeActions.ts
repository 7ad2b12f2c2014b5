// Quick fixes for Waypoint's diagnostics. Each fix is a WorkspaceEdit, so applying it is one
// undoable step; fixes that touch another file of the game (adding a name to locations.json) go
// through the same minimal JSON edits as annotation.
import {
  CodeActionKind,
  type CodeAction,
  type Diagnostic as LspDiagnostic,
  type TextEdit,
} from 'vscode-languageserver';
import { MangoCodes, WalkthroughCodes } from '../../core/benchmarks/mango/walkthrough/codes';
import { BLOCK_SEPARATOR } from '../../core/benchmarks/mango/walkthrough/walkthrough';
import type { FileKind } from '../../core/benchmarks/mango/fileKinds';
import type { DocumentStore } from '../documents';
import { gameFileUri, type LoadedGame } from './games';
import { applyJsonChanges, GameEditBuilder, type JsonChange } from './jsonEdits';

type Data = Record<string, string | number>;

function quickFix(title: string, diagnostic: LspDiagnostic, edit: CodeAction['edit'], preferred = false): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit, isPreferred: preferred };
}

function textFix(
  title: string,
  diagnostic: LspDiagnostic,
  uri: string,
  edits: TextEdit[],
  preferred = true,
): CodeAction {
  return quickFix(title, diagnostic, { changes: { [uri]: edits } }, preferred);
}

function jsonFix(
  title: string,
  diagnostic: LspDiagnostic,
  game: LoadedGame,
  documents: DocumentStore,
  kind: FileKind,
  changes: JsonChange[],
  preferred = false,
): CodeAction {
  const uri = gameFileUri(game, kind);
  const before = game.texts[kind] ?? null;
  const builder = new GameEditBuilder();
  builder.change(uri, documents.get(uri)?.text.version ?? null, before, applyJsonChanges(before ?? '[]\n', changes));
  return quickFix(title, diagnostic, builder.build(), preferred);
}

/** Fixes for the diagnostics VS Code passes in the code-action context. */
export function codeActionsFor(
  uri: string,
  diagnostics: readonly LspDiagnostic[],
  game: LoadedGame | null,
  documents: DocumentStore,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== 'waypoint') continue;
    const data = (diagnostic.data ?? {}) as Data;
    const { start } = diagnostic.range;
    switch (diagnostic.code) {
      case WalkthroughCodes.separatorMalformed:
        actions.push(
          textFix(`Replace with ${BLOCK_SEPARATOR}`, diagnostic, uri, [
            { range: diagnostic.range, newText: BLOCK_SEPARATOR },
          ]),
        );
        break;
      case WalkthroughCodes.separatorMissing:
        actions.push(
          textFix('Insert the block separator', diagnostic, uri, [
            {
              range: { start: { line: start.line, character: 0 }, end: { line: start.line, character: 0 } },
              newText: `${BLOCK_SEPARATOR}\n`,
            },
          ]),
        );
        break;
      case WalkthroughCodes.initMissing:
        actions.push(
          textFix("Change the action to 'Init'", diagnostic, uri, [{ range: diagnostic.range, newText: 'Init' }]),
        );
        break;
      case WalkthroughCodes.stepSequence:
        if (data.expected !== undefined)
          actions.push(
            textFix(`Renumber as step ${data.expected}`, diagnostic, uri, [
              { range: diagnostic.range, newText: String(data.expected) },
            ]),
          );
        break;
      default:
        if (game) actions.push(...gameFixes(diagnostic, data, game, documents));
    }
  }
  return actions;
}

/** A name edges.json uses that its list lacks: change it to the likely one (preferred), or add it to the list. */
function unknownNameFixes(
  diagnostic: LspDiagnostic,
  data: Data,
  game: LoadedGame,
  documents: DocumentStore,
): CodeAction[] {
  const isLocation = diagnostic.code === MangoCodes.unknownLocation;
  const fixes: CodeAction[] = [];
  if (typeof data.suggestion === 'string') {
    fixes.push(
      textFix(`Change to '${data.suggestion}'`, diagnostic, gameFileUri(game, 'mango-edges'), [
        { range: diagnostic.range, newText: JSON.stringify(data.suggestion) },
      ]),
    );
  }
  const kind = isLocation ? 'mango-locations' : 'mango-actions';
  const count = (isLocation ? game.model.locations : game.model.actions)?.names.length ?? 0;
  fixes.push(
    jsonFix(
      `Add '${data.name}' to ${isLocation ? 'locations' : 'actions'}.json`,
      diagnostic,
      game,
      documents,
      kind,
      [{ path: [count], value: data.name, insert: true }],
      fixes.length === 0,
    ),
  );
  return fixes;
}

function gameFixes(diagnostic: LspDiagnostic, data: Data, game: LoadedGame, documents: DocumentStore): CodeAction[] {
  switch (diagnostic.code) {
    case MangoCodes.unknownLocation:
    case MangoCodes.unknownAction:
      return unknownNameFixes(diagnostic, data, game, documents);
    case MangoCodes.stepLabel:
      if (typeof data.field !== 'string' || typeof data.expected !== 'number' || typeof data.index !== 'number')
        return [];
      return [
        jsonFix(
          `Set ${data.field} to ${data.expected}`,
          diagnostic,
          game,
          documents,
          'mango-edges',
          [{ path: [data.index, data.field], value: data.expected }],
          true,
        ),
      ];
    case MangoCodes.duplicateEdge:
      if (typeof data.index !== 'number') return [];
      return [
        jsonFix(
          'Remove the duplicate edge',
          diagnostic,
          game,
          documents,
          'mango-edges',
          [{ path: [data.index], value: undefined }],
          true,
        ),
      ];
    case MangoCodes.unusedLocation:
    case MangoCodes.unusedAction: {
      if (typeof data.index !== 'number') return [];
      const isLocation = diagnostic.code === MangoCodes.unusedLocation;
      return [
        jsonFix(
          `Remove it from ${isLocation ? 'locations' : 'actions'}.json`,
          diagnostic,
          game,
          documents,
          isLocation ? 'mango-locations' : 'mango-actions',
          [{ path: [data.index], value: undefined }],
        ),
      ];
    }
    default:
      return [];
  }
}
