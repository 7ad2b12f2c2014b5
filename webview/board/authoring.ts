// Pointer handling on a drawn grid: the hover status line and, when the scene is editable, the
// authoring gestures. A click posts cellClick (or toggleDoor for a door with no tool selected), a
// right click posts cellClick with button 'secondary', and dragging the agent or an object posts
// cellDrag. Nothing here changes the scene: the host applies the edit and sends the new scene.
import type { BoardPoint, BoardToHostMessage, GridScene } from '../../src/protocol/board';
import { cellAt, describeCell } from './describe';
import { CELL, cellAtPoint, type DrawnGrid } from './gridRender';
import { svgElement } from './svg';

interface GridContext {
  scene: GridScene;
  drawn: DrawnGrid;
  editable: boolean;
  tool: string | null;
}

const HINT = 'Hover a cell for its coordinates and contents.';

function isDraggable(scene: GridScene, point: BoardPoint): boolean {
  if (scene.agent && scene.agent.x === point.x && scene.agent.y === point.y) return true;
  const cell = cellAt(scene, point.x, point.y);
  return cell !== undefined && cell.kind !== 'wall' && cell.kind !== 'door';
}

export class GridPointer {
  private dragFrom: BoardPoint | null = null;
  private dragTo: BoardPoint | null = null;

  constructor(
    canvas: HTMLElement,
    private readonly status: HTMLElement,
    private readonly context: () => GridContext | null,
    private readonly post: (message: BoardToHostMessage) => void,
  ) {
    status.textContent = HINT;
    canvas.addEventListener('pointermove', (event) => this.onMove(event));
    canvas.addEventListener('pointerleave', () => {
      this.mark('hover-cell', null);
      this.status.textContent = HINT;
    });
    canvas.addEventListener('pointerdown', (event) => this.onDown(event));
    window.addEventListener('pointerup', (event) => this.onUp(event));
    canvas.addEventListener('contextmenu', (event) => this.onContextMenu(event));
  }

  private cell(event: MouseEvent): BoardPoint | null {
    const context = this.context();
    return context ? cellAtPoint(context.drawn, event.clientX, event.clientY) : null;
  }

  /** Outlines one cell (hover or drop target); null removes the outline. */
  private mark(className: string, point: BoardPoint | null): void {
    const board = this.context()?.drawn.svg.querySelector('.board');
    board?.querySelector(`.${className}`)?.remove();
    if (!board || !point) return;
    board.append(
      svgElement('rect', {
        x: point.x * CELL + 1,
        y: point.y * CELL + 1,
        width: CELL - 2,
        height: CELL - 2,
        class: className,
        'pointer-events': 'none',
      }),
    );
  }

  private onMove(event: PointerEvent): void {
    const context = this.context();
    const point = this.cell(event);
    this.mark('hover-cell', point);
    this.status.textContent = context && point ? describeCell(context.scene, point.x, point.y) : HINT;
    if (this.dragFrom && point && (point.x !== this.dragFrom.x || point.y !== this.dragFrom.y)) {
      this.dragTo = point;
      this.mark('drop-target', point);
    }
  }

  private onDown(event: PointerEvent): void {
    const context = this.context();
    if (!context?.editable || event.button !== 0) return;
    const point = this.cell(event);
    this.dragFrom = point;
    this.dragTo = null;
    if (point && isDraggable(context.scene, point)) event.preventDefault();
  }

  private onUp(event: PointerEvent): void {
    const context = this.context();
    const from = this.dragFrom;
    this.dragFrom = null;
    this.mark('drop-target', null);
    if (!context?.editable || !from || event.button !== 0) return;
    const point = this.cell(event) ?? this.dragTo;
    if (point && (point.x !== from.x || point.y !== from.y)) {
      if (isDraggable(context.scene, from)) this.post({ type: 'cellDrag', from, to: point });
      return;
    }
    const door = cellAt(context.scene, from.x, from.y);
    if (
      door?.kind === 'door' &&
      context.tool === null &&
      !event.shiftKey &&
      !event.altKey &&
      !event.ctrlKey &&
      !event.metaKey
    ) {
      this.post({ type: 'toggleDoor', x: from.x, y: from.y });
      return;
    }
    this.post({
      type: 'cellClick',
      x: from.x,
      y: from.y,
      modifiers: modifiers(event),
      button: 'primary',
      tool: context.tool,
    });
  }

  private onContextMenu(event: MouseEvent): void {
    const context = this.context();
    if (!context?.editable) return;
    const point = this.cell(event);
    if (!point) return;
    event.preventDefault();
    this.post({
      type: 'cellClick',
      x: point.x,
      y: point.y,
      modifiers: modifiers(event),
      button: 'secondary',
      tool: context.tool,
    });
  }
}

function modifiers(event: MouseEvent): { shift: boolean; ctrl: boolean; alt: boolean; meta: boolean } {
  return { shift: event.shiftKey, ctrl: event.ctrlKey, alt: event.altKey, meta: event.metaKey };
}
