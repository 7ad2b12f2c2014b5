// `mango annotate`'s proposals for an open game: what the review queue walks through and what the
// `mango/unannotated-move` quick fix accepts. Proposed room names are first aligned to the names
// the game's edges.json already uses (a proposal and an annotated move at the same step name the
// same rooms), so an accepted proposal extends the existing annotation instead of inventing a
// second name for a room. Accepting goes through "Mark step as move" (annotation.ts), whose edit is
// one undoable WorkspaceEdit.
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { annotateWalkthrough, type AnnotationProposals } from '../../core/benchmarks/mango/annotate/annotate';
import { alignNames } from '../../core/benchmarks/mango/annotate/annotateScore';
import { NEVER } from '../../core/benchmarks/mango/types';
import type { AnnotationProposalItem, AnnotationProposalsResult } from '../../protocol/lsp';
import { stepAtLine } from './annotation';
import type { DocumentStore } from '../documents';
import { memberText, type LoadedGame } from './games';
import { MARK_MOVE_COMMAND } from './walkthroughHints';

/** The last walkthrough text annotated, per game: code actions ask again on every cursor move. */
const cache = new Map<string, { text: string; proposals: AnnotationProposals }>();
const MAX_CACHED = 8;

function proposalsOf(key: string, text: string): AnnotationProposals {
  const cached = cache.get(key);
  if (cached && cached.text === text) return cached.proposals;
  const proposals = annotateWalkthrough(text);
  cache.delete(key);
  cache.set(key, { text, proposals });
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return proposals;
}

/** The game's proposals with names aligned to its annotation, each marked when already annotated. */
function gameProposals(game: LoadedGame, text: string): AnnotationProposalsResult {
  const proposals = proposalsOf(game.key, text);
  const records = game.model.edges?.edges.map((edge) => edge.record) ?? [];
  const rename = alignNames(proposals.edges, records);
  const named = (name: string) => rename.get(name) ?? name;
  const annotated = new Set(
    records
      .filter((record) => record.seen_in_forward !== NEVER)
      .map((record) => `${record.src_node}\u0000${record.action}\u0000${record.dst_node}`),
  );
  const headerLines = new Map(
    (game.model.walkthrough?.steps() ?? []).map((step) => [step.number, step.headerRange.start.line]),
  );
  const items: AnnotationProposalItem[] = proposals.edges.map((edge) => {
    const source = named(edge.src);
    const destination = named(edge.dst);
    return {
      step: edge.step,
      steps: edge.steps,
      line: headerLines.get(edge.step) ?? edge.evidence[0]?.line ?? 0,
      source,
      action: edge.action,
      destination,
      confidence: edge.confidence,
      reason: edge.reason,
      evidence: edge.evidence.map((evidence) => `step ${evidence.step}, line ${evidence.line + 1}: ${evidence.text}`),
      annotated: annotated.has(`${source}\u0000${edge.action}\u0000${destination}`),
    };
  });
  const locations = game.model.locations?.names.map((name) => name.value) ?? [];
  const proposedLocations = proposals.locations.map((location) => named(location.name));
  return { proposals: items, locations: [...new Set([...locations, ...proposedLocations])] };
}

/** Reads the game's walkthrough (open editor first) and returns its proposals, or null without one. */
export async function loadGameProposals(
  game: LoadedGame,
  documents: DocumentStore,
): Promise<AnnotationProposalsResult | null> {
  const text = await memberText(game, documents, 'mango-walkthrough');
  return text === undefined ? null : gameProposals(game, text);
}

/**
 * "Accept proposal: src --action--> dst" for an unannotated-move diagnostic, when annotate proposes
 * a move at that step: runs Mark Step as Move with the proposal filled in (no prompts).
 */
export function acceptProposalFixes(
  uri: string,
  diagnostic: LspDiagnostic,
  game: LoadedGame,
  result: AnnotationProposalsResult,
): CodeAction[] {
  const step = stepAtLine(game.model.walkthrough?.steps() ?? [], diagnostic.range.start.line);
  if (!step) return [];
  return result.proposals
    .filter((proposal) => proposal.steps.includes(step.number) && !proposal.annotated)
    .map((proposal) => ({
      title: `Accept proposal: ${proposal.source} --${proposal.action}--> ${proposal.destination}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      command: {
        title: 'Accept proposal',
        command: MARK_MOVE_COMMAND,
        arguments: [
          uri,
          step.headerRange.start.line,
          { source: proposal.source, action: proposal.action, destination: proposal.destination },
        ],
      },
    }));
}
