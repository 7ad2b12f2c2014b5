// The results view app (issue 15): a run's tables with confidence intervals, the benchmark's plots,
// the failure breakdown, a virtualised model × question matrix with a record's detail and replay,
// and a comparison of two models. Host-agnostic: it draws the ResultsModel it is sent and talks
// only through src/protocol/results.ts.
import {
  hostToResultsMessage,
  type HostToResultsMessage,
  type ResultsModel,
  type ResultsToHostMessage,
} from '../../src/protocol/results';
import { connectToHost } from '../shared/host';
import { ComparePanel } from './compare';
import { DetailPane } from './detail';
import { button, count, el } from './dom';
import { acceptRunFileDrops } from './dropFiles';
import { failureCodeCount, renderFailures } from './failures';
import { Header } from './header';
import { Matrix } from './matrix';
import { renderPlots } from './plots';
import { indexQuestions } from './questions';
import { renderTables } from './tables';

type Tab = 'tables' | 'plots' | 'failures' | 'questions' | 'compare';
const TABS: Array<[Tab, string]> = [
  ['tables', 'Tables'],
  ['plots', 'Plots'],
  ['failures', 'Failures'],
  ['questions', 'Questions'],
  ['compare', 'Compare'],
];

// Registered before the host's listener, so the render time includes parsing the message.
let receivedAt = 0;
window.addEventListener('message', () => {
  receivedAt = performance.now();
});

const host = connectToHost<ResultsToHostMessage, HostToResultsMessage>();
const app = document.getElementById('app') as HTMLElement;
app.classList.add('results-app');

const header = new Header((format) => host.post({ type: 'share', format }));
const tabBar = el('nav', 'results-tabs');
tabBar.setAttribute('role', 'tablist');
const panels = new Map<Tab, HTMLElement>();
const tabButtons = new Map<Tab, HTMLButtonElement>();
const body = el('main', 'results-body');
for (const [id, label] of TABS) {
  const tab = button(label, 'results-tab');
  tab.id = `tab-${id}`;
  tab.setAttribute('role', 'tab');
  tab.addEventListener('click', () => showTab(id));
  tabButtons.set(id, tab);
  tabBar.append(tab);
  const panel = el('div', `results-panel panel-${id}`);
  panel.id = `panel-${id}`;
  panel.setAttribute('role', 'tabpanel');
  panel.hidden = true;
  panels.set(id, panel);
  body.append(panel);
}
const status = el('p', 'results-status');
status.id = 'results-status';
status.setAttribute('aria-live', 'polite');
app.append(header.element, tabBar, body, status);
(panels.get('tables') as HTMLElement).append(el('p', 'empty', 'Waiting for results…'));
acceptRunFileDrops(
  app,
  (uris) => {
    status.textContent = `Adding ${uris.length === 1 ? 'the dropped file' : `${count(uris.length)} dropped files`}…`;
    host.post({ type: 'openFiles', uris });
  },
  (text) => {
    status.textContent = text;
  },
);

const detail = new DetailPane((type, index) => host.post({ type, index }));
const matrix = new Matrix((index) => {
  detail.loading(index);
  host.post({ type: 'detail', index });
});
const compare = new ComparePanel(
  (a, b) => host.post({ type: 'compare', a, b }),
  (sampleId, model) => {
    showTab('questions');
    matrix.showQuestion(sampleId, model);
  },
  (sampleId, a, b) => host.post({ type: 'compareQuestion', sampleId, a, b }),
);
const split = el('div', 'questions-split');
split.append(matrix.element, detail.element);
(panels.get('questions') as HTMLElement).append(split);
(panels.get('compare') as HTMLElement).append(compare.element);

let current: Tab = 'tables';
function showTab(tab: Tab): void {
  current = tab;
  for (const [id, panel] of panels) panel.hidden = id !== tab;
  for (const [id, element] of tabButtons) {
    element.setAttribute('aria-selected', String(id === tab));
    element.classList.toggle('current', id === tab);
  }
  // The matrix measures its viewport: it can only do so once visible.
  if (tab === 'questions') matrix.draw();
  host.saveState({ tab });
}

function showResults(model: ResultsModel, started: number): void {
  header.show(model);
  (panels.get('tables') as HTMLElement).replaceChildren(
    renderTables(
      model,
      (include) => host.post({ type: 'includeTruncated', include }),
      (include) => host.post({ type: 'includeUnanswerable', include }),
    ),
  );
  (panels.get('plots') as HTMLElement).replaceChildren(
    renderPlots(model, (figure, format, data) =>
      host.post({ type: 'saveFigure', name: figure.name, title: figure.title, format, data }),
    ),
  );
  (panels.get('failures') as HTMLElement).replaceChildren(
    renderFailures(model, (code) => {
      showTab('questions');
      matrix.showCode(code);
    }),
  );
  const index = indexQuestions(model);
  matrix.show(model, index);
  detail.clear();
  compare.show(model);
  const failures = failureCodeCount(model);
  (tabButtons.get('failures') as HTMLElement).textContent = failures > 0 ? `Failures (${failures})` : 'Failures';
  (tabButtons.get('questions') as HTMLElement).textContent = `Questions (${count(index.ids.length)})`;
  const plotted = (model.figures?.length ?? 0) + model.plots.filter((plot) => plot.radar).length;
  (tabButtons.get('plots') as HTMLElement).textContent = `Plots (${plotted})`;
  const saved = host.state<{ tab?: Tab }>();
  showTab(saved?.tab && panels.has(saved.tab) ? saved.tab : current);
  status.textContent =
    index.hidden > 0
      ? `${count(index.hidden)} records share a model and question with another (a second scoring mode): the matrix shows the first.`
      : '';
  // Reading layout forces style and layout of everything drawn, so the time covers it.
  void app.offsetHeight;
  host.post({
    type: 'rendered',
    milliseconds: Math.round((performance.now() - started) * 10) / 10,
    rows: model.rows.length,
  });
}

host.onMessage((message) => {
  if (message.type === 'results') showResults(message.model, receivedAt || performance.now());
  else if (message.type === 'detail') {
    matrix.mark(message.index);
    detail.show(message);
  } else if (message.type === 'compared') compare.showResult(message);
  else status.textContent = message.text;
}, hostToResultsMessage);

host.post({ type: 'ready' });
