// The side panel: the frame's facts (carried object or energy, reward, score, steps left,
// mission status), the subgoal stack, and the legend.
import type { BoardFact, GlossaryEntry } from '../../src/protocol/board';
import { htmlElement } from './svg';

export class SidePanel {
  readonly element: HTMLElement;
  private readonly facts: HTMLElement;
  private readonly subgoals: HTMLElement;
  private readonly legend: HTMLElement;
  private readonly terms: HTMLElement;

  constructor() {
    this.element = htmlElement('aside', 'board-side');
    this.facts = htmlElement('section', 'board-facts');
    this.subgoals = htmlElement('section', 'board-subgoals');
    this.legend = htmlElement('section', 'board-legend-box');
    this.terms = htmlElement('section', 'board-terms');
    this.terms.setAttribute('aria-label', 'What the terms mean');
    this.element.append(this.facts, this.subgoals, this.legend, this.terms);
    this.show([], undefined, null, []);
  }

  show(
    facts: readonly BoardFact[],
    subgoals: readonly string[] | undefined,
    legend: HTMLElement | null,
    glossary: readonly GlossaryEntry[],
  ): void {
    const entries = glossary.filter((entry) => typeof entry?.term === 'string' && typeof entry.meaning === 'string');
    const meaningOf = (label: string) => entries.find((entry) => entry.term === label)?.meaning;
    this.facts.hidden = facts.length === 0;
    const list = htmlElement('dl');
    for (const fact of facts) {
      const term = htmlElement('dt', undefined, String(fact.label));
      const meaning = meaningOf(String(fact.label));
      if (meaning) {
        term.title = `${fact.label}: ${meaning}`;
        term.classList.add('explained');
      }
      const value = htmlElement('dd', fact.tone ? `tone-${fact.tone}` : undefined, String(fact.value));
      value.dataset.fact = String(fact.label);
      list.append(term, value);
    }
    this.facts.replaceChildren(htmlElement('h2', undefined, 'State'), list);

    this.subgoals.hidden = subgoals === undefined;
    const stack = htmlElement('ol');
    for (const [index, subgoal] of (subgoals ?? []).entries())
      stack.append(htmlElement('li', index === 0 ? 'top' : undefined, String(subgoal)));
    if ((subgoals ?? []).length === 0) stack.append(htmlElement('li', 'empty-stack', 'empty'));
    this.subgoals.replaceChildren(htmlElement('h2', undefined, 'Subgoal stack'), stack);

    this.legend.hidden = legend === null;
    this.legend.replaceChildren(...(legend ? [htmlElement('h2', undefined, 'Legend'), legend] : []));
    this.terms.hidden = entries.length === 0;
    const terms = htmlElement('dl');
    for (const entry of entries)
      terms.append(htmlElement('dt', undefined, entry.term), htmlElement('dd', undefined, entry.meaning));
    this.terms.replaceChildren(htmlElement('h2', undefined, 'Terms'), terms);
    this.element.hidden = this.facts.hidden && this.subgoals.hidden && this.legend.hidden && this.terms.hidden;
  }
}
