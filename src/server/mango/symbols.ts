// Outline and folding for walkthroughs: one symbol per step, `12 · north → North of House`.
import { SymbolKind, type DocumentSymbol, type FoldingRange } from 'vscode-languageserver';
import type { WalkthroughDocument, WalkthroughStep } from '../../core/benchmarks/mango/walkthrough/walkthroughDocument';

/** The outline label of a step; the location part is omitted when the observation shows none. */
export function stepLabel(step: Pick<WalkthroughStep, 'number' | 'action' | 'location'>): string {
  const action = step.action === '' ? '(no action)' : step.action;
  return step.location ? `${step.number} · ${action} → ${step.location}` : `${step.number} · ${action}`;
}

export function documentSymbols(walkthrough: WalkthroughDocument): DocumentSymbol[] {
  return walkthrough.steps().map((step) => ({
    name: stepLabel(step),
    kind: step.number === 0 ? SymbolKind.File : SymbolKind.Event,
    range: step.range,
    selectionRange: step.headerRange,
  }));
}

export function foldingRanges(walkthrough: WalkthroughDocument): FoldingRange[] {
  return walkthrough.foldingRanges().map(({ startLine, endLine }) => ({ startLine, endLine, kind: 'region' }));
}
