// Grid benchmarks in the board view: a BabyAI level file (editable, follows text edits), a GRASP
// grid (the record under the cursor), and their built-in agents: the BabyAI expert as the oracle
// of a Plan or Predict question, GRASP's greedy and random-walk baselines.
import * as vscode from 'vscode';
import type { Edit } from 'jsonc-parser';
import { babyaiScene, babyaiTimeline } from '../../core/babyai/boardTimeline';
import { BabyAIEnv, type LevelSpec } from '../../core/babyai/env';
import { LEVEL_TOOLS, missionEdits, moveEdits, toggleDoorEdits, toolEdits } from '../../core/babyai/levelEdits';
import { loadLevelFile } from '../../core/babyai/levelFile';
import { isAborted, scorePlan, scorePredict } from '../../core/babyai/metrics';
import { runExpert } from '../../core/babyai/omnibot';
import { ACTION_NAMES } from '../../core/babyai/world';
import { BASELINES, type BaselineName } from '../../core/grasp/baselines';
import { graspScene, graspTimeline } from '../../core/grasp/boardTimeline';
import { parseGraspGridFile, type GraspGridEntry } from '../../core/grasp/gridFile';
import { ALL_SETTINGS, describeSettings } from '../../core/grasp/settings';
import { simulate } from '../../core/grasp/simulator';
import type { GraspSettings, ScoringMode } from '../../core/grasp/types';
import { BoardPanel, type AuthoringHandler } from './boardPanel';

let levelFollower: vscode.Disposable | undefined;

function documentEdit(document: vscode.TextDocument, edits: readonly Edit[]): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  for (const change of edits) edit.replace(document.uri, new vscode.Range(document.positionAt(change.offset), document.positionAt(change.offset + change.length)), change.content);
  return edit;
}

function levelOf(document: vscode.TextDocument): LevelSpec | null {
  return loadLevelFile(document.getText()).spec;
}

/** Shows a level file in the grid view; gestures edit the file (undoable), text edits redraw it. */
export function showLevel(context: vscode.ExtensionContext, document: vscode.TextDocument): BoardPanel {
  const board = BoardPanel.show(context);
  const title = `Level: ${vscode.workspace.asRelativePath(document.uri)}`;
  const onEdit: AuthoringHandler = (message) => {
    const text = document.getText();
    let edits: Edit[] = [];
    if (message.type === 'cellDrag') edits = moveEdits(text, message.from, message.to);
    else if (message.type === 'toggleDoor') edits = toggleDoorEdits(text, message.x, message.y);
    else if (message.type === 'editMission') edits = missionEdits(text, message.text);
    else if (message.type === 'cellClick') edits = toolEdits(text, message.button === 'secondary' ? 'delete' : message.tool ?? '', message.x, message.y);
    if (edits.length > 0) void vscode.workspace.applyEdit(documentEdit(document, edits));
  };
  const render = () => {
    const spec = levelOf(document);
    if (!spec) {
      board.panel.title = `${title} (has errors: see Problems)`;
      return;
    }
    try {
      board.showScene(babyaiScene(new BabyAIEnv(spec)), title, onEdit, [...LEVEL_TOOLS]);
    } catch (error) {
      board.panel.title = `${title} (${error instanceof Error ? error.message : String(error)})`;
    }
  };
  levelFollower?.dispose();
  let timer: NodeJS.Timeout | undefined;
  levelFollower = vscode.workspace.onDidChangeTextDocument((event) => {
    if (event.document !== document || !board.scene) return;
    clearTimeout(timer);
    timer = setTimeout(render, 100);
  });
  context.subscriptions.push(levelFollower);
  render();
  return board;
}

export interface BabyaiRunOptions {
  uri?: vscode.Uri;
  task?: 'plan' | 'predict';
  agent?: 'oracle' | 'random';
  mode?: 'faithful' | 'reference';
}

/** Deterministic pseudo-random actions for the random baseline (same level, same answer). */
function randomActions(count: number, seed: number): string[] {
  let state = seed >>> 0 || 1;
  return Array.from({ length: count }, () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return ['left', 'right', 'forward'][state % 3];
  });
}

/** A Plan or Predict question on a level, answered by a built-in agent, scored and stepped. */
export async function runBabyaiQuestion(context: vscode.ExtensionContext, options: BabyaiRunOptions = {}): Promise<Record<string, unknown> | undefined> {
  const uri = options.uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!uri || !uri.path.endsWith('.level.json')) {
    void vscode.window.showInformationMessage('Waypoint: open a BabyAI level (*.level.json) to run a question on it.');
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const spec = levelOf(document);
  if (!spec) {
    void vscode.window.showErrorMessage('Waypoint: this level has errors (see Problems); fix them before running a question.');
    return undefined;
  }
  const task = options.task ?? ((await vscode.window.showQuickPick([{ label: 'Plan', task: 'plan' as const }, { label: 'Predict', task: 'predict' as const }], { title: 'BabyAI question: which task?' }))?.task);
  const agent = options.agent ?? ((await vscode.window.showQuickPick([{ label: 'oracle', description: 'the expert (OmniBot)', agent: 'oracle' as const }, { label: 'random', description: 'random turns and steps', agent: 'random' as const }], { title: 'BabyAI question: which agent?' }))?.agent);
  if (!task || !agent) return undefined;
  const mode = options.mode ?? 'faithful';
  const expert = runExpert(spec, { loop: 'generator', recordStacks: true });
  const expertNames = expert.steps.map((step) => ACTION_NAMES[step.action]);
  const botActions = expert.steps.map((step) => step.action);
  const board = BoardPanel.show(context);
  const name = vscode.workspace.asRelativePath(uri);
  if (task === 'plan') {
    const names = agent === 'oracle' ? expertNames : randomActions(Math.max(1, expertNames.length), spec.width * 31 + spec.height);
    const reply = `The LLM's action sequence is: ${names.join(', ')}`;
    const score = scorePlan(spec, botActions, reply, mode);
    board.showTimeline(babyaiTimeline(spec, names, `Plan · ${agent} · ${name}`, agent === 'oracle' ? { stacks: expert.steps.map((step) => step.stack) } : {}));
    const summary = isAborted(score) ? { aborted: score.aborted } : { success: score.CR, efficiency: score.llm_efficiency, actions: score.number_of_llm_actions, expert_actions: score.number_of_bot_actions };
    void vscode.window.showInformationMessage(`Waypoint: Plan on ${name} by ${agent} (${mode}): ${Object.entries(summary).map(([key, value]) => `${key} ${typeof value === 'number' ? Number(value.toFixed(3)) : value}`).join(' · ')}`);
    return { task, agent, mode, ...summary };
  }
  // Predict: the expert's actions are the sequence to predict; the oracle simulates them.
  const env = new BabyAIEnv(spec);
  for (const action of botActions) env.step(action);
  const truth = `((${env.agentPos[0]}, ${env.agentPos[1]}), ${env.agentDir})`;
  const guess = agent === 'oracle' ? truth : `((${spec.agent.pos[0]}, ${spec.agent.pos[1]}), ${spec.agent.dir})`;
  const score = scorePredict(spec, botActions, `The agent's final state is: ${guess}`, mode);
  board.showTimeline(babyaiTimeline(spec, expertNames, `Predict · ${agent} says ${guess} · ${name}`));
  const summary = isAborted(score) ? { aborted: score.aborted } : { ...score };
  void vscode.window.showInformationMessage(`Waypoint: Predict on ${name} by ${agent} (${mode}): answer ${guess}, truth ${truth}`);
  return { task, agent, mode, ...summary };
}

function graspEntryAt(document: vscode.TextDocument, index: number | undefined, line: number | undefined): GraspGridEntry | undefined {
  const { entries } = parseGraspGridFile(document.getText(), document.uri.path.split('/').pop());
  if (index !== undefined) return entries.find((entry) => entry.record.index === index);
  return entries.find((entry) => entry.line === line) ?? entries[0];
}

/** Shows the grid record under the cursor (or the first). */
export async function showGraspGrid(context: vscode.ExtensionContext, document: vscode.TextDocument, line?: number): Promise<BoardPanel | undefined> {
  const entry = graspEntryAt(document, undefined, line);
  if (!entry) {
    void vscode.window.showErrorMessage('Waypoint: no readable grid in this file (see Problems).');
    return undefined;
  }
  const board = BoardPanel.show(context);
  board.showScene(graspScene(entry.grid, entry.grid.start), `GRASP ${vscode.workspace.asRelativePath(document.uri)} #${entry.record.index}`);
  return board;
}

export interface GraspRunOptions {
  uri?: vscode.Uri;
  index?: number;
  baseline?: BaselineName;
  settings?: GraspSettings;
  mode?: ScoringMode;
}

/** Runs a built-in baseline on a grid, scores it and draws its path. */
export async function runGraspBaseline(context: vscode.ExtensionContext, options: GraspRunOptions = {}): Promise<Record<string, unknown> | undefined> {
  const editor = vscode.window.activeTextEditor;
  const uri = options.uri ?? editor?.document.uri;
  if (!uri) return undefined;
  const document = await vscode.workspace.openTextDocument(uri);
  const entry = graspEntryAt(document, options.index, options.uri ? undefined : editor?.selection.active.line);
  if (!entry) {
    void vscode.window.showErrorMessage('Waypoint: no readable GRASP grid here; open a grid file (e.g. inner_cluster_free.jsonl).');
    return undefined;
  }
  const baseline = options.baseline ?? (await vscode.window.showQuickPick([{ label: 'greedy', baseline: 'greedy' as const }, { label: 'random', description: 'random walk', baseline: 'random' as const }], { title: 'GRASP: which baseline?' }))?.baseline;
  const settings = options.settings ?? (await vscode.window.showQuickPick(ALL_SETTINGS.map((candidate) => ({ label: describeSettings(candidate), settings: candidate })), { title: 'GRASP: which agent setting?' }))?.settings;
  if (!baseline || !settings) return undefined;
  const mode = options.mode ?? 'faithful';
  const actions = BASELINES[baseline](entry.grid, settings, entry.record.index);
  const simulation = simulate(entry.grid, actions, settings, { mode });
  const title = `${baseline} · ${vscode.workspace.asRelativePath(uri)} #${entry.record.index} · ${describeSettings(settings)}`;
  BoardPanel.show(context).showTimeline(graspTimeline(entry.grid, simulation, title), simulation.steps.length);
  void vscode.window.showInformationMessage(`Waypoint: ${title} (${mode}): score ${Number(simulation.score.toFixed(3))} in ${simulation.steps.length} steps`);
  return { baseline, mode, score: simulation.score, steps: simulation.steps.length, actions };
}
