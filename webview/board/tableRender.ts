// Table and text scenes are HTML, not SVG: a running table of choices and payoffs must scroll,
// wrap and be selectable, and an observation is read like a terminal.
import type { TableScene, TextScene } from '../../src/protocol/board';
import { htmlElement } from './svg';

export function drawTable(scene: TableScene): HTMLElement {
  const wrapper = htmlElement('div', 'board-table-wrap');
  const table = htmlElement('table', 'board-table');
  const head = htmlElement('thead');
  const headRow = htmlElement('tr');
  for (const column of scene.columns ?? []) headRow.append(htmlElement('th', undefined, String(column)));
  head.append(headRow);
  const body = htmlElement('tbody');
  const rows = Array.isArray(scene.rows) ? scene.rows : [];
  const current = scene.currentRow ?? rows.length - 1;
  rows.forEach((row, index) => {
    const line = htmlElement('tr', index === current ? 'current' : undefined);
    for (const value of Array.isArray(row) ? row : []) line.append(htmlElement('td', undefined, String(value)));
    body.append(line);
  });
  table.append(head, body);
  if (rows.length === 0) wrapper.append(htmlElement('p', 'empty', 'No steps yet.'));
  wrapper.append(table);
  return wrapper;
}

export function drawText(scene: TextScene): HTMLElement {
  return htmlElement('pre', 'board-text', String(scene.text ?? ''));
}
