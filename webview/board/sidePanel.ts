// The side panel: the frame's facts (carried object or energy, reward, score, steps left,
// mission status), the subgoal stack, and the legend.
import type { BoardFact } from '../../src/protocol/board';
import { htmlElement } from './svg';

export class SidePanel {
  readonly element: HTMLElement;
  private readonly facts: HTMLElement;
  private readonly subgoals: HTMLElement;
  private readonly legend: HTMLElement;

  constructor() {
    this.element = htmlElement('aside', 'board-side');
    this.facts = htmlElement('section', 'board-facts');
    this.subgoals = htmlElement('section', 'board-subgoals');
    this.legend = htmlElement('section', 'board-legend-box');
    this.element.append(this.facts, this.subgoals, this.legend);
    this.show([], undefined, null);
  }

  show(facts: readonly BoardFact[], subgoals: readonly string[] | undefined, legend: HTMLElement | null): void {
    this.facts.hidden = facts.length === 0;
    const list = htmlElement('dl');
    for (const fact of facts) {
      const term = htmlElement('dt', undefined, String(fact.label));
      const value = htmlElement('dd', fact.tone ? `tone-${fact.tone}` : undefined, String(fact.value));
      value.dataset.fact = String(fact.label);
      list.append(term, value);
    }
    this.facts.replaceChildren(htmlElement('h2', undefined, 'State'), list);

    this.subgoals.hidden = subgoals === undefined;
    const stack = htmlElement('ol');
    for (const [index, subgoal] of (subgoals ?? []).entries()) stack.append(htmlElement('li', index === 0 ? 'top' : undefined, String(subgoal)));
    if ((subgoals ?? []).length === 0) stack.append(htmlElement('li', 'empty-stack', 'empty'));
    this.subgoals.replaceChildren(htmlElement('h2', undefined, 'Subgoal stack'), stack);

    this.legend.hidden = legend === null;
    this.legend.replaceChildren(...(legend ? [htmlElement('h2', undefined, 'Legend'), legend] : []));
    this.element.hidden = this.facts.hidden && this.subgoals.hidden && this.legend.hidden;
  }
}
