// The Waypoint language server: owns parsing and validation of benchmark files so that none of it
// runs on the extension host. One module per feature; this file only wires them to the connection.
import {
  createConnection,
  ProposedFeatures,
  TextDocumentSyncKind,
  CodeActionKind,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import {
  AcceptImputedEdgesRequest,
  ScoreAnswerRequest,
  ListQuestionsRequest,
  AnswerTrajectoryRequest,
  CutoffStatsRequest,
  MazeGraphRequest,
  MazeRevealRequest,
  MazeSelectionRequest,
  GenerateSkeletonsRequest,
  ImputedEdgesRequest,
  MarkMoveRequest,
  AnnotationProposalsRequest,
  RenameLocationRequest,
  MoveSuggestionRequest,
  UnmarkMoveRequest,
  ValidateWorkspaceRequest,
  WalkthroughStepsRequest,
  GridStateRequest,
  GameChangedNotification,
  GridStateChangedNotification,
} from '../protocol/lsp';
import { markMove, suggestMove, unmarkMove } from './mango/annotation';
import { MarkJournal } from './mango/markJournal';
import { codeActionsFor } from './mango/codeActions';
import { acceptProposalFixes, loadGameProposals } from './mango/annotationProposals';
import { MangoCodes } from '../core/benchmarks/mango/walkthrough/codes';
import { listQuestions } from './mango/questions';
import { answerTrajectoryOf, scoreAnswer } from './mango/evaluation';
import { acceptImputedEdges, imputedCandidates } from './mango/imputedEdges';
import { generateSkeletons } from './mango/skeletonGeneration';
import { cutoffStats, mazeGraphOf, mazeReveal, mazeSelection } from './mango/mazeData';
import { serverNotification, serverRequest } from './lspHandlers';
import { GameChangePusher } from './mango/gameChanges';
import { gameStore, loadGame } from './mango/games';
import { registerNameFeatures } from './mango/nameFeatures';
import { renameLocation } from './mango/locationRename';
import { skeletonRunLenses } from './mango/skeletonLenses';
import { StandaloneDocuments } from './standaloneDocuments';
import { standaloneLenses } from './standaloneLenses';
import { moveCodeLenses, moveInlayHints } from './mango/walkthroughHints';
import { DiagnosticsPublisher } from './diagnostics';
import { DocumentStore } from './documents';
import { documentSymbols, foldingRanges } from './mango/symbols';
import { validateWorkspace } from './workspaceValidation';

const connection = createConnection(ProposedFeatures.all);

// No input may end the server: a failure that escapes every feature's own handling is logged and
// the server goes on serving (each publish already turns its failures into a located diagnostic).
const logEscaped = (kind: string) => (error: unknown) => {
  try {
    connection.console.error(
      `Waypoint language server: ${kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  } catch {
    // The connection itself is gone; there is nobody left to tell.
  }
};
process.on('unhandledRejection', logEscaped('unhandled rejection'));
process.on('uncaughtException', logEscaped('uncaught exception'));
const documents = new DocumentStore();
const diagnostics = new DiagnosticsPublisher(connection, documents);
/** A push that fails found the connection gone: nobody is left to tell. */
const pushFailed = () => undefined;
const standalone = new StandaloneDocuments(
  connection,
  (params) =>
    void connection.sendNotification(serverNotification(GridStateChangedNotification), params).catch(pushFailed),
);
// Views of a game redraw when this says it changed; they keep no timers of their own.
new GameChangePusher(
  gameStore(documents),
  (params) => void connection.sendNotification(serverNotification(GameChangedNotification), params).catch(pushFailed),
);
let workspaceFolders: string[] = [];

connection.onInitialize((params: InitializeParams): InitializeResult => {
  workspaceFolders = (params.workspaceFolders ?? []).map((folder) => folder.uri);
  if (workspaceFolders.length === 0 && params.rootUri) workspaceFolders = [params.rootUri];
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      documentSymbolProvider: { label: 'Waypoint' },
      foldingRangeProvider: true,
      inlayHintProvider: true,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      completionProvider: { triggerCharacters: ['"'] },
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      codeLensProvider: { resolveProvider: false },
    },
    serverInfo: { name: 'waypoint-language-server' },
  };
});

connection.onDidOpenTextDocument(({ textDocument }) => {
  gameStore(documents).forget(textDocument.uri);
  try {
    if (documents.open(textDocument.uri, textDocument.languageId, textDocument.version, textDocument.text)) {
      diagnostics.schedule(textDocument.uri, true);
    } else standalone.didOpen(textDocument.uri, textDocument.languageId, textDocument.version, textDocument.text);
  } catch (error) {
    // A client bug (a document without text): the file shows the failure instead of looking clean.
    diagnostics.publishFailure(textDocument.uri, error);
  }
});

connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
  if (documents.change(textDocument.uri, textDocument.version, contentChanges)) {
    diagnostics.schedule(textDocument.uri);
    gameStore(documents).edited(textDocument.uri);
  } else standalone.didChange(textDocument.uri, textDocument.version, contentChanges);
});

connection.onDidCloseTextDocument(({ textDocument }) => {
  if (standalone.didClose(textDocument.uri)) return;
  documents.close(textDocument.uri);
  gameStore(documents).forget(textDocument.uri);
  // The file on disk may differ from the closed editor's last state: re-validate its game from disk.
  diagnostics.schedule(textDocument.uri, true);
});

// Files changed outside editors (git checkout, the CLI, another tool) re-validate their game. The
// client's watcher also reports an editor's save: the game's views hear of it like any change on disk.
connection.onDidChangeWatchedFiles(({ changes }) => {
  for (const change of changes) {
    gameStore(documents).changedOnDisk(change.uri);
    if (!documents.isOpen(change.uri)) diagnostics.schedule(change.uri);
  }
});

connection.onDocumentSymbol(({ textDocument }) => {
  const walkthrough = documents.get(textDocument.uri)?.walkthrough;
  return walkthrough ? documentSymbols(walkthrough) : [];
});

connection.onFoldingRanges(({ textDocument }) => {
  const walkthrough = documents.get(textDocument.uri)?.walkthrough;
  return walkthrough ? foldingRanges(walkthrough) : [];
});

connection.onRequest(serverRequest(WalkthroughStepsRequest), (params) => {
  const document = documents.get(params.uri);
  if (!document?.walkthrough) return null;
  const steps = document.walkthrough.steps().map((step) => ({
    number: step.number,
    action: step.action,
    location: step.location,
    line: step.headerRange.start.line,
  }));
  return { uri: params.uri, version: document.text.version, steps };
});

/** The game of an open walkthrough, or null when `uri` is not one. */
async function walkthroughGame(uri: string) {
  return documents.get(uri)?.walkthrough ? loadGame(uri, documents) : null;
}

connection.languages.inlayHint.on(async ({ textDocument, range }) => {
  const game = await walkthroughGame(textDocument.uri);
  return game ? moveInlayHints(game, range.start.line, range.end.line) : [];
});

connection.onCodeAction(async ({ textDocument, context }) => {
  const ours = context.diagnostics.filter((diagnostic) => diagnostic.source === 'waypoint');
  if (ours.length === 0) return [];
  const game = await loadGame(textDocument.uri, documents);
  const actions = codeActionsFor(textDocument.uri, ours, game, documents);
  const moves = ours.filter((diagnostic) => diagnostic.code === MangoCodes.unannotatedMove);
  if (game && moves.length > 0) {
    const proposals = await loadGameProposals(game, documents);
    if (proposals)
      for (const diagnostic of moves)
        actions.unshift(...acceptProposalFixes(textDocument.uri, diagnostic, game, proposals));
  }
  return actions;
});

connection.onCodeLens(async ({ textDocument }) => {
  const single = standalone.get(textDocument.uri);
  if (single) return standaloneLenses(single.kind, textDocument.uri, single.text);
  const open = documents.get(textDocument.uri);
  if (open && (open.kind === 'mango-df' || open.kind === 'mango-rf'))
    return skeletonRunLenses(open.kind, textDocument.uri, open.text.getText());
  const game = await walkthroughGame(textDocument.uri);
  return game ? moveCodeLenses(game, textDocument.uri) : [];
});

connection.onRequest(serverRequest(MoveSuggestionRequest), async (params) => {
  const game = await walkthroughGame(params.uri);
  return game ? suggestMove(game, params.line) : null;
});

/** What marks changed, so that unmarking a step removes exactly that. */
const markJournal = new MarkJournal();

connection.onRequest(serverRequest(MarkMoveRequest), async (params) => {
  const game = await loadGame(params.uri, documents);
  return game ? markMove(game, documents, params, markJournal) : { edit: null, message: 'Not a MANGO game file.' };
});

connection.onRequest(serverRequest(AnnotationProposalsRequest), async (params) => {
  const game = await loadGame(params.uri, documents);
  return game ? loadGameProposals(game, documents) : null;
});

connection.onRequest(serverRequest(RenameLocationRequest), async (params, token) => {
  const game = await loadGame(params.uri, documents);
  return game
    ? renameLocation(game, documents, params, token)
    : { ok: false, edit: null, message: 'Not a MANGO game file.' };
});

connection.onRequest(serverRequest(UnmarkMoveRequest), async (params) => {
  const game = await loadGame(params.uri, documents);
  return game ? unmarkMove(game, documents, params, markJournal) : { edit: null, message: 'Not a MANGO game file.' };
});

connection.onRequest(serverRequest(ImputedEdgesRequest), async (params) => {
  const game = await loadGame(params.uri, documents);
  return { candidates: game ? imputedCandidates(game, params.extraPairs) : [] };
});

connection.onRequest(serverRequest(AcceptImputedEdgesRequest), async (params) => {
  const game = await loadGame(params.uri, documents);
  return game ? acceptImputedEdges(game, documents, params) : { edit: null, message: 'Not a MANGO game file.' };
});

connection.onRequest(serverRequest(GenerateSkeletonsRequest), async (params, token) => {
  const game = await loadGame(params.uri, documents);
  return game?.model.edges ? generateSkeletons(connection, game, params, token) : null;
});

connection.onRequest(serverRequest(MazeGraphRequest), async (params) => {
  const game = await loadGame(params.uri, documents);
  return game?.model.edges ? mazeGraphOf(game, params.extraPairs) : null;
});

connection.onRequest(serverRequest(MazeSelectionRequest), async (params) => {
  const document = documents.get(params.uri);
  const game = document ? await loadGame(params.uri, documents) : null;
  if (!game || !document) return { nodes: [], edges: [] };
  const lineText = document.text.getText({
    start: { line: params.line, character: 0 },
    end: { line: params.line + 1, character: 0 },
  });
  return mazeSelection(game, document.kind, params.line, lineText);
});

connection.onRequest(serverRequest(MazeRevealRequest), async (params) => {
  const game = await loadGame(params.uri, documents);
  return game ? mazeReveal(game, params.node, params.edge) : null;
});

connection.onRequest(serverRequest(AnswerTrajectoryRequest), async (params) => {
  const game = await loadGame(params.uri, documents);
  return game?.model.edges ? answerTrajectoryOf(game, params) : null;
});

connection.onRequest(serverRequest(ListQuestionsRequest), async (params) => {
  const game = await loadGame(params.uri, documents);
  return game ? listQuestions(game, documents, params.task, params.cutoff, params.limit) : null;
});

connection.onRequest(serverRequest(ScoreAnswerRequest), async (params) => {
  const game = await loadGame(params.uri, documents);
  return game?.model.edges ? scoreAnswer(game, params) : null;
});

connection.onRequest(serverRequest(CutoffStatsRequest), async (params) => {
  const game = await loadGame(params.uri, documents);
  return game ? cutoffStats(game, documents, params.cutoff) : null;
});

connection.onRequest(serverRequest(ValidateWorkspaceRequest), (params, token) =>
  validateWorkspace(connection, documents, workspaceFolders, params, token),
);

connection.onRequest(serverRequest(GridStateRequest), (params) => standalone.gridState(params.uri));

registerNameFeatures(connection, documents);

connection.listen();
