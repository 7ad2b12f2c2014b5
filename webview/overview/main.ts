// Walkthrough overview: a filterable, virtualised list of steps. Rows are created with DOM APIs
// and filled with textContent only: step text comes from user files and is never parsed as HTML.
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import {
  hostToOverviewMessage,
  type HostToOverviewMessage,
  type OverviewToHostMessage,
} from '../../src/protocol/overview';
import type { StepSummary } from '../../src/protocol/overview';
import { connectToHost } from '../shared/host';
import { matchesEveryWord } from '../../src/core/util/search';
import { VirtualList } from './virtualList';

const host = connectToHost<OverviewToHostMessage, HostToOverviewMessage>();
const app = document.getElementById('app') as HTMLElement;

const header = document.createElement('header');
header.className = 'overview-header';
const title = document.createElement('h1');
title.textContent = 'Walkthrough';
const count = document.createElement('vscode-badge');
count.setAttribute('variant', 'counter');
count.id = 'step-count';
const filter = document.createElement('vscode-textfield');
filter.id = 'filter';
filter.setAttribute('placeholder', 'Filter by action or location');
filter.setAttribute('aria-label', 'Filter steps');
header.append(title, count, filter);

const columns = document.createElement('div');
columns.className = 'step-row step-columns';
for (const label of ['#', 'Action', 'Location']) {
  const cell = document.createElement('span');
  cell.textContent = label;
  columns.append(cell);
}

const empty = document.createElement('p');
empty.className = 'empty';
empty.textContent = 'Loading steps…';
count.hidden = true;

const list = new VirtualList<StepSummary>(renderRow);
app.append(header, columns, empty, list.element);

let allSteps: StepSummary[] = [];
let activeStep: number | null = null;

function renderRow(step: StepSummary, row: HTMLElement): void {
  row.className = step.number === activeStep ? 'step-row active' : 'step-row';
  row.dataset.line = String(step.line);
  row.dataset.step = String(step.number);
  row.title = `Step ${step.number}: ${step.action}${step.location ? ` → ${step.location}` : ''}`;
  const [numberCell, actionCell, locationCell] = row.children as unknown as HTMLElement[];
  numberCell.textContent = String(step.number);
  actionCell.textContent = step.action;
  locationCell.textContent = step.location ?? '—';
  locationCell.classList.toggle('unknown', step.location === null);
}

function applyFilter(): void {
  const query = ((filter as unknown as { value?: string }).value ?? '').trim();
  // Every word must match, in the action or the location: "north market" finds a step north into the fish market.
  const shown =
    query === '' ? allSteps : allSteps.filter((step) => matchesEveryWord(query, [step.action, step.location]));
  list.setItems(shown);
  count.textContent = query === '' ? String(allSteps.length) : `${shown.length}/${allSteps.length}`;
  count.hidden = false;
  empty.hidden = shown.length > 0;
  empty.textContent = allSteps.length === 0 ? 'This walkthrough has no steps yet.' : 'No step matches the filter.';
}

filter.addEventListener('input', applyFilter);
list.element.addEventListener('click', (event) => {
  const row = (event.target as HTMLElement).closest<HTMLElement>('.step-row');
  if (row?.dataset.line) host.post({ type: 'revealStep', line: Number(row.dataset.line) });
});

host.onMessage((message) => {
  if (message.type === 'steps') {
    allSteps = message.steps;
    title.textContent = message.fileName;
    applyFilter();
  } else {
    activeStep = message.number;
    list.refresh();
    const index = allSteps.findIndex((step) => step.number === activeStep);
    if (index >= 0) list.scrollIntoView(list.indexOf(allSteps[index]));
  }
}, hostToOverviewMessage);

host.post({ type: 'ready' });
