// "Waypoint: Show Map Diff…" (issue 17): a model's map against the maze at a cutoff, drawn over the
// maze (MapDiffPanel). The map comes from an answer document (the active editor, or files chosen
// from the explorer or a dialog: two give two panes side by side), from the route answers of a run
// (the map they imply, for one or two models), or from map-task run records (the results view's
// "Replay on maze"). Problems in an answer file are diagnostics on it, at their line and column;
// a file with no readable move is not drawn, and says why.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { parseRunRecords } from '../../core/eval/recordSchemas';
import type { RunRecord } from '../../core/eval/types';
import type { MangoQuestion } from '../../core/benchmarks/mango/questionSchema';
import { parseEdgesFile } from '../../core/benchmarks/mango/walkthrough/gameFiles';
import { parseMapAnswer } from '../../core/benchmarks/mango/scoring/mapAnswer';
import { diffMap, mazeAtCutoff } from '../../core/benchmarks/mango/scoring/mapDiff';
import { type MapDiffPane, mapDiffPane } from '../../core/benchmarks/mango/maze/mapDiffView';
import { impliedMap, routeModels, scoreMapReply } from '../../core/benchmarks/mango/scoring/mapTask';
import type { EdgeRecord } from '../../core/benchmarks/mango/types';
import { editorText } from '../documentText';
import { toVscodeDiagnostic } from '../vscodeDiagnostics';
import { ANSWER_SCHEME } from '../eval/answerDocuments';
import { MapDiffPanel } from '../views/mapDiffPanel';

/** The cutoff of a map with none of its own (an answer file, a run's route answers), as the CLI's `--cutoff` default. */
export const DEFAULT_MAP_CUTOFF = 70;

export interface ShowMapDiffOptions {
  /** The game's name (its `<game>.edges.json` in the workspace). */
  game?: string;
  /** Map answer files (paths or URIs); two give two panes. */
  answers?: string[];
  /** A run file whose route answers imply the map, with the models to draw (one or two). */
  run?: string;
  models?: string[];
  cutoff?: number;
}

export interface MapDiffDeps {
  context: vscode.ExtensionContext;
  client: () => LanguageClient;
  diagnostics: vscode.DiagnosticCollection;
}

const asUri = (value: string | vscode.Uri) =>
  value instanceof vscode.Uri
    ? value
    : /^[a-z][\w+.-]+:/i.test(value) && !/^[a-z]:[\\/]/i.test(value)
      ? vscode.Uri.parse(value)
      : vscode.Uri.file(value);
const nameOf = (uri: vscode.Uri) => uri.path.split('/').pop() ?? uri.path;

/** A game's edges file and records, or a warning and undefined. */
async function gameEdges(game: string | undefined): Promise<{ uri: vscode.Uri; records: EdgeRecord[] } | undefined> {
  const files = await vscode.workspace.findFiles(
    game ? `**/${game}.edges.json` : '**/*.edges.json',
    '**/node_modules/**',
  );
  let uri = files[0];
  if (!game && files.length > 1) {
    const picked = await vscode.window.showQuickPick(
      files.map((file) => ({
        label: nameOf(file).replace(/\.edges\.json$/, ''),
        description: vscode.workspace.asRelativePath(file),
        file,
      })),
      { title: 'Map diff: the game whose maze the map is drawn on' },
    );
    uri = picked?.file as vscode.Uri;
  }
  if (!uri) {
    if (files.length === 0)
      void vscode.window.showWarningMessage(
        `Waypoint: ${game ? `no ${game}.edges.json` : 'no MANGO game (<game>.edges.json)'} in this workspace to diff a map against.`,
      );
    return undefined;
  }
  const parsed = parseEdgesFile(await editorText(uri));
  const [problem] = parsed.diagnostics;
  if (problem) {
    void vscode.window.showErrorMessage(
      `Waypoint: ${vscode.workspace.asRelativePath(uri)}:${problem.range.start.line + 1}:${problem.range.start.character + 1}: ${problem.message}`,
    );
    return undefined;
  }
  return { uri, records: parsed.edges.map((edge) => edge.record) };
}

/** One answer file's pane; its problems become diagnostics on it (cleared when there are none). */
async function answerPane(
  deps: MapDiffDeps,
  uri: vscode.Uri,
  records: readonly EdgeRecord[],
  cutoff: number,
): Promise<MapDiffPane | undefined> {
  let text: string;
  try {
    text = await editorText(uri);
  } catch (error) {
    void vscode.window.showErrorMessage(
      `Waypoint: cannot read ${vscode.workspace.asRelativePath(uri)}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
  const scored = scoreMapReply(records, cutoff, text);
  // A model's answer document already carries its own diagnostics (answerDocuments.ts).
  if (uri.scheme !== ANSWER_SCHEME) deps.diagnostics.set(uri, scored.diagnostics.map(toVscodeDiagnostic));
  if (scored.diff.modelEdges.length === 0) {
    const first = scored.diagnostics.find((problem) => problem.severity === 'error');
    const where = first
      ? `:${first.range.start.line + 1}:${first.range.start.character + 1}: ${first.message}`
      : ': the map has no moves';
    void vscode.window.showErrorMessage(
      `Waypoint: no map to draw from ${vscode.workspace.asRelativePath(uri)}${where}`,
    );
    return undefined;
  }
  const errors = scored.diagnostics.filter((problem) => problem.severity === 'error').length;
  if (errors > 0)
    void vscode.window.showWarningMessage(
      `Waypoint: ${errors} part${errors === 1 ? '' : 's'} of ${vscode.workspace.asRelativePath(uri)} could not be read and ${errors === 1 ? 'is' : 'are'} left out of the map diff (see Problems).`,
    );
  return mapDiffPane(scored.diff, nameOf(uri).replace(/\.[^.]+$/, ''), vscode.workspace.asRelativePath(uri));
}

/** Panes of the map a run's route answers imply, one per model. */
async function impliedPanes(
  runUri: vscode.Uri,
  game: string,
  records: readonly EdgeRecord[],
  cutoff: number,
  wanted: string[] | undefined,
): Promise<MapDiffPane[] | undefined> {
  const read = parseRunRecords(await editorText(runUri), vscode.workspace.asRelativePath(runUri));
  if (read.problems.length > 0)
    void vscode.window.showWarningMessage(
      `Waypoint: ${read.problems[0]}${read.problems.length > 1 ? ` (and ${read.problems.length - 1} more)` : ''}`,
    );
  const models = routeModels(read.records, game);
  if (models.length === 0) {
    void vscode.window.showErrorMessage(
      `Waypoint: ${vscode.workspace.asRelativePath(runUri)} has no MANGO route answers (DF or RF) on ${game}.`,
    );
    return undefined;
  }
  let chosen = wanted ?? (models.length === 1 ? models : undefined);
  if (!chosen) {
    const picked = await vscode.window.showQuickPick(models, {
      canPickMany: true,
      title: 'Map diff: the model(s) whose route answers imply the map (two: side by side)',
    });
    chosen = picked?.slice(0, 2);
  }
  if (!chosen || chosen.length === 0) return undefined;
  const unknown = chosen.find((model) => !models.includes(model));
  if (unknown) {
    void vscode.window.showErrorMessage(
      `Waypoint: no route answers of ${unknown} on ${game} in ${vscode.workspace.asRelativePath(runUri)} (models there: ${models.join(', ')}).`,
    );
    return undefined;
  }
  const truth = mazeAtCutoff(records, cutoff);
  return chosen.slice(0, 2).map((model) => {
    const implied = impliedMap(read.records, game, model);
    return mapDiffPane(
      diffMap(truth, implied.moves, cutoff),
      model,
      `implied by ${implied.answers} route answers (${implied.unparsed} unparseable) in ${nameOf(runUri)}`,
    );
  });
}

/** The command: from the explorer (one or two files), the active answer document, options, or the palette. */
export async function showMapDiff(
  deps: MapDiffDeps,
  target?: vscode.Uri | ShowMapDiffOptions,
  selected?: vscode.Uri[],
): Promise<MapDiffPanel | undefined> {
  const options: ShowMapDiffOptions =
    target instanceof vscode.Uri
      ? { answers: (selected && selected.length > 1 ? selected : [target]).map(String) }
      : (target ?? {});
  let answers = options.answers?.map(asUri);
  let run = options.run ? asUri(options.run) : undefined;
  if (!answers && !run) {
    const active = vscode.window.activeTextEditor?.document;
    // The active editor is the answer when it holds a map (or is a model's answer document): any
    // other file open at the time is not guessed to be one, the palette asks instead.
    if (
      active &&
      !/\.(edges|locations|actions)\.json$|\.walkthrough$|\.jsonl$/.test(active.uri.path) &&
      (active.uri.scheme === ANSWER_SCHEME || parseMapAnswer(active.getText()).edges.length > 0)
    )
      answers = [active.uri];
  }
  if (!answers && !run) {
    const kind = await vscode.window.showQuickPick(
      [
        {
          label: 'A map a model wrote…',
          detail: "Answer files: MANGO's triple list or lines 'A --action--> B' (two files: side by side)",
          source: 'answers' as const,
        },
        {
          label: "The map a run's route answers imply…",
          detail: 'A run file (.jsonl) and one or two of its models',
          source: 'run' as const,
        },
      ],
      { title: 'Waypoint: Show Map Diff' },
    );
    if (!kind) return undefined;
    const files = await vscode.window.showOpenDialog({
      canSelectMany: kind.source === 'answers',
      openLabel: 'Diff against the maze',
      ...(kind.source === 'run' ? { filters: { 'Run records': ['jsonl'] } } : {}),
    });
    if (!files || files.length === 0) return undefined;
    if (kind.source === 'run') run = files[0];
    else answers = files.slice(0, 2);
  }
  const game = await gameEdges(options.game);
  if (!game) return undefined;
  const gameName = nameOf(game.uri).replace(/\.edges\.json$/, '');
  const cutoff = options.cutoff ?? DEFAULT_MAP_CUTOFF;
  let panes: MapDiffPane[] = [];
  if (run) panes = (await impliedPanes(run, gameName, game.records, cutoff, options.models)) ?? [];
  else
    for (const answer of (answers ?? []).slice(0, 2)) {
      const pane = await answerPane(deps, answer, game.records, cutoff);
      if (pane) panes.push(pane);
    }
  if (panes.length === 0) return undefined;
  return MapDiffPanel.show(deps.context, deps.client(), game.uri, panes);
}

/** Map-task run records (one, or two side by side), each diffed at its question's cutoff. */
export async function showMapRecords(
  deps: MapDiffDeps,
  records: ReadonlyArray<RunRecord & { question: MangoQuestion }>,
): Promise<MapDiffPanel | undefined> {
  const game = await gameEdges(records[0].question.game);
  if (!game) return undefined;
  const panes = records
    .slice(0, 2)
    .map((record) =>
      mapDiffPane(
        scoreMapReply(game.records, record.question.cutoff, record.rawAnswer).diff,
        record.model.id,
        `run record ${record.question.sampleId}`,
      ),
    );
  return MapDiffPanel.show(deps.context, deps.client(), game.uri, panes);
}
