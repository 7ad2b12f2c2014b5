// The board view app: benchmark states drawn as grids, Hanoi rods, tables or text, stepped
// through with a timeline, and in authoring mode edited through messages to the host. The host
// owns every state: this app only draws what it is sent and reports what the user does.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import {
  hostToBoardMessage,
  type BoardScene,
  type BoardTimeline,
  type BoardToHostMessage,
  type BoardTool,
  type HostToBoardMessage,
} from '../../src/protocol/board';
import { pngFromSvg, standaloneSvg } from '../maze/exportImage';
import { connectToHost } from '../shared/host';
import { GridPointer } from './authoring';
import { drawScene, type DrawnScene } from './sceneView';
import { SidePanel } from './sidePanel';
import { htmlElement } from './svg';
import { Timeline } from './timeline';

interface SavedState {
  title: string;
  frame: number;
}

const host = connectToHost<BoardToHostMessage, HostToBoardMessage>();
const app = document.getElementById('app') as HTMLElement;
app.classList.add('board-app');

const toolbar = htmlElement('header', 'board-toolbar');
const title = htmlElement('h1', undefined, 'Board');
const palette = htmlElement('div', 'board-tools');
palette.setAttribute('role', 'toolbar');
palette.setAttribute('aria-label', 'Authoring tools');
palette.hidden = true;
function toolbarButton(id: string, label: string, tooltip: string): HTMLElement {
  const button = document.createElement('vscode-button');
  button.id = id;
  button.setAttribute('secondary', '');
  button.textContent = label;
  button.title = tooltip;
  return button;
}
const exportSvgButton = toolbarButton('export-svg', 'SVG', 'Export the picture as SVG');
const exportPngButton = toolbarButton('export-png', 'PNG', 'Export the picture as PNG');
// The export buttons wrap as one group: in a narrow panel SVG and PNG used to land on two lines.
const exportGroup = htmlElement('div', 'board-export');
exportGroup.append(exportSvgButton, exportPngButton);
toolbar.append(title, palette, exportGroup);

const missionRow = htmlElement('div', 'board-mission');
const missionLabel = htmlElement('span', 'mission-label', 'Mission');
const missionText = htmlElement('span', 'mission-text');
const missionField = document.createElement('vscode-textfield');
missionField.id = 'mission';
missionField.setAttribute('aria-label', 'Mission');
missionRow.append(missionLabel, missionText, missionField);
missionRow.hidden = true;

const timeline = new Timeline((index) => {
  show();
  host.post({ type: 'frame', index });
});
const main = htmlElement('div', 'board-main');
const canvas = htmlElement('div', 'board-canvas');
canvas.append(htmlElement('p', 'empty', 'Waiting for a board…'));
const side = new SidePanel();
main.append(canvas, side.element);
const status = htmlElement('p', 'board-status');
status.id = 'board-status';
app.append(toolbar, missionRow, timeline.element, main, status);

let currentTimeline: BoardTimeline | null = null;
let staticScene: { scene: BoardScene; title: string; editable: boolean } | null = null;
let tool: string | null = null;
let drawn: DrawnScene | null = null;

const pointer = new GridPointer(
  canvas,
  status,
  () => {
    const scene = currentScene();
    return scene?.kind === 'grid' && drawn?.grid
      ? { scene, drawn: drawn.grid, editable: staticScene?.editable === true, tool }
      : null;
  },
  (message) => host.post(message),
);
void pointer;

function currentScene(): BoardScene | null {
  if (staticScene) return staticScene.scene;
  return currentTimeline?.frames[timeline.current]?.scene ?? null;
}

function showMission(scene: BoardScene, editable: boolean): void {
  const mission = scene.kind === 'grid' ? scene.mission : undefined;
  missionRow.hidden = mission === undefined && !(editable && scene.kind === 'grid');
  missionText.hidden = editable;
  missionField.hidden = !editable;
  missionText.textContent = mission ?? '';
  // SmartPlay's text is the observation the model was shown, not a mission.
  missionLabel.textContent = (scene.kind === 'grid' ? scene.missionLabel : undefined) ?? 'Mission';
  // A one-line mission reads as a heading; a many-line observation in bold pushed the board off screen.
  missionText.classList.toggle('observation', scene.kind === 'grid' && typeof scene.missionLabel === 'string');
  // Do not overwrite what the user is typing when the host echoes a scene.
  const field = missionField as unknown as { value: string };
  if (editable && document.activeElement !== missionField) field.value = mission ?? '';
}

const COMPACT_PALETTE_LIMIT = 8;

function showTools(tools: readonly BoardTool[] | undefined): void {
  palette.hidden = !tools || tools.length === 0;
  const choices: Array<{ id: string | null; label: string }> = [{ id: null, label: 'Select' }, ...(tools ?? [])];
  if (!choices.some((choice) => choice.id === tool)) tool = null;
  // A long palette (every object in every colour) would push the grid out of a narrow panel: it
  // becomes one drop-down instead of a wall of buttons.
  if (choices.length > COMPACT_PALETTE_LIMIT) {
    const select = htmlElement('select', 'tool-select');
    select.setAttribute('aria-label', 'Authoring tool');
    for (const choice of choices) {
      const option = htmlElement('option', '', choice.label);
      option.value = choice.id ?? '';
      option.selected = choice.id === tool;
      select.append(option);
    }
    select.addEventListener('change', () => {
      tool = select.value === '' ? null : select.value;
    });
    const label = htmlElement('label', 'tool-label', 'Tool ');
    label.append(select);
    palette.replaceChildren(label);
    return;
  }
  palette.replaceChildren(
    ...choices.map((choice) => {
      const button = htmlElement('button', 'tool-button', choice.label);
      button.dataset.tool = choice.id ?? '';
      button.setAttribute('aria-pressed', String(choice.id === tool));
      button.addEventListener('click', () => {
        tool = choice.id;
        for (const other of palette.querySelectorAll('button'))
          other.setAttribute('aria-pressed', String(other === button));
      });
      return button;
    }),
  );
}

function show(): void {
  const scene = currentScene();
  if (!scene) return;
  const frameIndex = staticScene ? 0 : timeline.current;
  const path = !staticScene && currentTimeline?.path ? currentTimeline.path : [];
  drawn = drawScene(canvas, scene, path, frameIndex);
  canvas.classList.toggle('editable', staticScene?.editable === true);
  const frame = staticScene ? null : currentTimeline?.frames[frameIndex];
  const glossary = !staticScene && Array.isArray(currentTimeline?.glossary) ? currentTimeline.glossary : [];
  side.show(
    Array.isArray(frame?.facts) ? frame.facts : [],
    Array.isArray(frame?.subgoals) ? frame.subgoals : undefined,
    drawn.legend,
    glossary,
  );
  showMission(scene, staticScene?.editable === true);
  status.hidden = scene.kind !== 'grid';
  for (const button of [exportSvgButton, exportPngButton]) button.toggleAttribute('disabled', drawn.svg === null);
  // A table or text scene has no picture: greyed SVG/PNG buttons only raised the question why.
  exportGroup.hidden = drawn.svg === null;
  if (currentTimeline) host.saveState<SavedState>({ title: currentTimeline.title, frame: frameIndex });
}

function showTimeline(next: BoardTimeline, frame: number | undefined): void {
  currentTimeline = next;
  staticScene = null;
  showTools(undefined);
  title.textContent = String(next.title ?? 'Trajectory');
  const saved = host.state<SavedState>();
  const start = frame ?? (saved && saved.title === next.title ? saved.frame : 0);
  timeline.show(next.frames, start);
  show();
}

function showStatic(scene: BoardScene, name: string, editable: boolean, tools: readonly BoardTool[] | undefined): void {
  staticScene = { scene, title: name, editable };
  currentTimeline = null;
  timeline.hide();
  title.textContent = String(name);
  showTools(editable ? tools : undefined);
  show();
}

missionField.addEventListener('change', () => {
  if (!staticScene?.editable) return;
  host.post({ type: 'editMission', text: (missionField as unknown as { value: string }).value });
});

async function exportImage(format: 'svg' | 'png'): Promise<void> {
  const svg = drawn?.svg;
  if (!svg) return;
  const text = standaloneSvg(svg.element, svg.width, svg.height);
  const data = format === 'svg' ? text : await pngFromSvg(text, svg.width, svg.height);
  const base =
    (staticScene?.title ?? currentTimeline?.title ?? 'board').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') ||
    'board';
  const suffix = staticScene ? '' : `-step-${timeline.current}`;
  host.post({ type: 'export', format, fileName: `${base}${suffix}.${format}`, data });
}
exportSvgButton.addEventListener('click', () => void exportImage('svg'));
exportPngButton.addEventListener('click', () => void exportImage('png'));

host.onMessage((message) => {
  if (message.type === 'timeline') showTimeline(message.timeline, message.frame);
  else if (message.type === 'scene') showStatic(message.scene, message.title, message.editable === true, message.tools);
  else if (currentTimeline) {
    timeline.set(message.frame);
    show();
  }
}, hostToBoardMessage);

host.post({ type: 'ready' });
