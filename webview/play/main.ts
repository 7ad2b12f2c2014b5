// The Play panel app (issue 17): one interactive episode as its player sees it — the instructions,
// the transcript (observations, commands, refused commands marked as the environment reported
// them), steps used of the budget, how it ended — and, for a person, an input with the
// environment's commands as suggestions (Enter sends, Up/Down recall earlier commands). Stop and
// Restart go to the host, which plays. Host-agnostic: it talks only through src/protocol/play.ts,
// and every observation or reply is set as text.
import {
  hostToPlayMessage,
  type HostToPlayMessage,
  type PlayEnd,
  type PlayStep,
  type PlayToHostMessage,
} from '../../src/protocol/play';
import { connectToHost } from '../shared/host';
import { button, el } from '../results/dom';

/** Suggestions shown at once (MANGO games have dozens of moves); the rest are a keystroke away. */
const MAX_SUGGESTIONS = 12;

const host = connectToHost<PlayToHostMessage, HostToPlayMessage>();
const app = document.getElementById('app') as HTMLElement;
app.classList.add('play-app');

const title = el('h1', 'play-title', 'Play');
const player = el('span', 'play-player');
const counter = el('span', 'play-counter');
counter.id = 'play-counter';
const stop = button('Stop', 'play-stop', 'Stop the episode (it is recorded as stopped)');
const restart = button('Restart', 'play-restart', 'Start the episode over');
const header = el('header', 'play-header');
header.append(title, player, counter, stop, restart);

const goal = el('details', 'play-instructions');
goal.open = true;
const goalSummary = el('summary', undefined, 'Goal and commands');
const goalText = el('pre', 'play-instructions-text');
goal.append(goalSummary, goalText);

const transcript = el('ol', 'play-transcript');
transcript.id = 'play-transcript';
transcript.setAttribute('aria-live', 'polite');
const ending = el('p', 'play-end');
ending.id = 'play-end';
ending.hidden = true;

const form = el('form', 'play-form');
const prompt = el('span', 'play-prompt', '>');
const input = el('input', 'play-input');
input.id = 'play-input';
input.type = 'text';
input.autocomplete = 'off';
input.spellcheck = false;
input.setAttribute('aria-label', 'Command');
const send = button('Send', 'play-send');
send.type = 'submit';
form.append(prompt, input, send);
const suggestions = el('div', 'play-suggestions');
suggestions.id = 'play-suggestions';
const status = el('p', 'play-status');
status.id = 'play-status';
status.setAttribute('aria-live', 'polite');

app.append(header, goal, transcript, ending, form, suggestions, status);

let commands: string[] = [];
let maxSteps = 0;
let moves = 0;
let humanTurn = false;
let over = true;
/** Commands the person sent, oldest first; `recall` is where Up/Down stands (history.length = the line being typed). */
const history: string[] = [];
let recall = 0;
let draft = '';

function updateCounter(): void {
  counter.textContent = `Step ${moves} / ${maxSteps}`;
}

function setInputEnabled(enabled: boolean): void {
  humanTurn = enabled;
  input.disabled = !enabled;
  send.disabled = !enabled;
  if (enabled) input.focus();
}

function renderSuggestions(): void {
  const typed = input.value.trim().toLowerCase();
  const matching = commands.filter(
    (command) => command.toLowerCase().startsWith(typed) && command.toLowerCase() !== typed,
  );
  suggestions.replaceChildren(
    ...matching.slice(0, MAX_SUGGESTIONS).map((command) => {
      const chip = button(command, 'play-suggestion');
      chip.addEventListener('click', () => {
        input.value = command;
        renderSuggestions();
        input.focus();
      });
      return chip;
    }),
  );
  if (matching.length > MAX_SUGGESTIONS)
    suggestions.append(el('span', 'play-more', `+${matching.length - MAX_SUGGESTIONS} more`));
  suggestions.hidden = !humanTurn;
}

function observationItem(text: string, className: string): HTMLLIElement {
  const item = el('li', className);
  item.append(el('pre', 'play-observation', text));
  return item;
}

function stepItem(step: PlayStep, index: number): HTMLLIElement {
  const item = el('li', `play-turn${step.valid ? '' : ' play-refused'}`);
  item.dataset.index = String(index);
  const line = el('div', 'play-command');
  line.append(
    el('span', 'play-step-number', `${index + 1}.`),
    el('code', 'play-command-text', `> ${step.command === '' ? '(empty)' : step.command}`),
  );
  // Said as the environment reported it: the command cost a step and changed nothing.
  if (!step.valid) line.append(el('span', 'play-invalid', 'invalid'));
  line.append(el('span', 'play-location', step.location));
  item.append(line);
  if (step.reply !== undefined) {
    const reply = el('details', 'play-reply');
    reply.append(el('summary', undefined, 'Whole reply'), el('pre', undefined, step.reply));
    item.append(reply);
  }
  item.append(el('pre', 'play-observation', step.observation));
  return item;
}

const END_TEXT: Record<PlayEnd, string> = {
  success: 'Reached the goal',
  done: 'The episode ended',
  'step-limit': 'Step limit reached',
  cancelled: 'Stopped',
  error: 'The player failed',
};

function onMessage(message: HostToPlayMessage): void {
  switch (message.type) {
    case 'episode':
      title.textContent = message.title;
      player.textContent = message.player.kind === 'human' ? 'You play' : `${message.player.label} plays`;
      goalText.textContent = message.instructions;
      commands = [...message.commands];
      maxSteps = message.maxSteps;
      moves = 0;
      over = false;
      transcript.replaceChildren(observationItem(message.opening, 'play-opening'));
      ending.hidden = true;
      ending.textContent = '';
      ending.className = 'play-end';
      stop.disabled = false;
      status.textContent = '';
      input.value = '';
      setInputEnabled(false);
      updateCounter();
      renderSuggestions();
      return;
    case 'step':
      transcript.append(stepItem(message.step, message.index));
      moves = Math.max(moves, message.index + 1);
      updateCounter();
      transcript.lastElementChild?.scrollIntoView({ block: 'nearest' });
      return;
    case 'turn':
      setInputEnabled(message.waiting === 'human' && !over);
      status.textContent =
        message.waiting === 'human'
          ? `Your move (step ${message.step}).`
          : `Waiting for the player (step ${message.step})…`;
      renderSuggestions();
      return;
    case 'end': {
      over = true;
      moves = message.moves;
      updateCounter();
      setInputEnabled(false);
      renderSuggestions();
      stop.disabled = true;
      const moveText = `${message.moves} move${message.moves === 1 ? '' : 's'}`;
      ending.textContent = `${END_TEXT[message.end]}${message.end === 'success' ? ` in ${moveText}.` : ` after ${moveText}.`}${message.error ? ` ${message.error}` : ''}`;
      ending.className = `play-end play-end-${message.end}`;
      ending.dataset.end = message.end;
      ending.hidden = false;
      status.textContent = message.runFile ? `Recorded in ${message.runFile}.` : 'Not recorded.';
      ending.scrollIntoView({ block: 'nearest' });
      return;
    }
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (!humanTurn) return;
  const text = input.value;
  if (text.trim() === '') return;
  if (history[history.length - 1] !== text) history.push(text);
  recall = history.length;
  draft = '';
  input.value = '';
  // One command a turn: the host says when the next turn is the person's again.
  setInputEnabled(false);
  renderSuggestions();
  host.post({ type: 'command', text });
});

input.addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
  if (history.length === 0) return;
  event.preventDefault();
  if (recall === history.length) draft = input.value;
  recall = event.key === 'ArrowUp' ? Math.max(0, recall - 1) : Math.min(history.length, recall + 1);
  input.value = recall === history.length ? draft : history[recall];
  input.setSelectionRange(input.value.length, input.value.length);
  renderSuggestions();
});
input.addEventListener('input', () => {
  recall = history.length;
  renderSuggestions();
});
stop.addEventListener('click', () => host.post({ type: 'stop' }));
restart.addEventListener('click', () => host.post({ type: 'restart' }));

setInputEnabled(false);
updateCounter();
host.onMessage(onMessage, hostToPlayMessage);
host.post({ type: 'ready' });
