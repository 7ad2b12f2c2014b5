// Precision and recall of `mango annotate`'s proposed edges against a human annotation
// (`<game>.edges.json`): the forward edges (seen_in_forward < 9999) as distinct (src, action, dst)
// triples, against the distinct proposed triples first made by the last labelled step (the release
// labels steps up to 70). Two readings:
// - exact: names compared as the release writes them (lower-case, trimmed), actions normalised;
// - aligned: each proposed room name is first renamed to the human name it co-occurs with most at
//   the same steps (one-to-one, greedy by votes), which measures the map's structure when the human
//   chose another name for a room (`driving` vs `inside of the car`, `hall (2)` vs `hall (2nd floor…)`).
import { normaliseAction } from '../walkthrough/directions';
import type { ProposedEdge } from './annotate';
import { NEVER, type EdgeRecord } from '../types';

interface EdgeScore {
  correct: number;
  proposed: number;
  truth: number;
  precision: number;
  recall: number;
}

interface AnnotationScore {
  cutoff: number;
  exact: EdgeScore;
  aligned: EdgeScore;
  /** Proposed name -> human name, for the names the alignment renamed. */
  alignment: Array<{ proposed: string; truth: string }>;
}

const tripleKey = (src: string, action: string, dst: string) => `${src}\u0000${action}\u0000${dst}`;
const clean = (name: string) => name.trim().toLowerCase();

function score(proposed: ReadonlySet<string>, truth: ReadonlySet<string>): EdgeScore {
  const correct = [...proposed].filter((key) => truth.has(key)).length;
  return {
    correct,
    proposed: proposed.size,
    truth: truth.size,
    precision: proposed.size === 0 ? 0 : correct / proposed.size,
    recall: truth.size === 0 ? 0 : correct / truth.size,
  };
}

/** Scores proposals against the human edges; `cutoff` defaults to the last step the human labelled, at least 70. */
export function scoreAnnotation(
  proposals: readonly ProposedEdge[],
  human: readonly EdgeRecord[],
  cutoff?: number,
): AnnotationScore {
  const forward = human.filter((edge) => edge.seen_in_forward < NEVER);
  const limit = cutoff ?? Math.max(70, ...forward.map((edge) => edge.seen_in_forward));
  const truth = new Set(
    forward.map((edge) => tripleKey(clean(edge.src_node), normaliseAction(edge.action), clean(edge.dst_node))),
  );
  const kept = proposals
    .filter((edge) => edge.step <= limit)
    .map((edge) => ({ ...edge, steps: edge.steps.filter((step) => step <= limit) }));
  const exact = score(
    new Set(kept.map((edge) => tripleKey(clean(edge.src), normaliseAction(edge.action), clean(edge.dst)))),
    truth,
  );

  const rename = alignNames(kept, forward);
  const renamed = (name: string) => rename.get(clean(name)) ?? clean(name);
  const aligned = score(
    new Set(kept.map((edge) => tripleKey(renamed(edge.src), normaliseAction(edge.action), renamed(edge.dst)))),
    truth,
  );
  const alignment = [...rename]
    .filter(([from, to]) => from !== to)
    .map(([proposed, truthName]) => ({ proposed, truth: truthName }));
  return { cutoff: limit, exact, aligned, alignment };
}

/**
 * Proposed room name -> human name: a proposal and a human forward edge made at the same step vote
 * for pairing their sources and their destinations; pairs are taken greedily by votes, one-to-one.
 * An identical name is a weak vote for itself, so ties keep names unchanged.
 */
export function alignNames(proposals: readonly ProposedEdge[], human: readonly EdgeRecord[]): Map<string, string> {
  const forward = human.filter((edge) => edge.seen_in_forward < NEVER);
  const votes = new Map<string, { proposed: string; truth: string; count: number }>();
  const vote = (proposed: string, truthName: string, weight: number) => {
    const key = `${proposed}\u0000${truthName}`;
    const entry = votes.get(key) ?? { proposed, truth: truthName, count: 0 };
    entry.count += weight;
    votes.set(key, entry);
  };
  const humanByStep = new Map<number, EdgeRecord[]>();
  for (const edge of forward)
    humanByStep.set(edge.seen_in_forward, [...(humanByStep.get(edge.seen_in_forward) ?? []), edge]);
  const truthNames = new Set(forward.flatMap((edge) => [clean(edge.src_node), clean(edge.dst_node)]));
  for (const edge of proposals) {
    for (const step of edge.steps) {
      for (const other of humanByStep.get(step) ?? []) {
        vote(clean(edge.src), clean(other.src_node), 1);
        vote(clean(edge.dst), clean(other.dst_node), 1);
      }
    }
    for (const name of [clean(edge.src), clean(edge.dst)]) if (truthNames.has(name)) vote(name, name, 0.5);
  }
  const rename = new Map<string, string>();
  const taken = new Set<string>();
  for (const { proposed, truth: truthName } of [...votes.values()].sort(
    (a, b) => b.count - a.count || a.proposed.localeCompare(b.proposed),
  )) {
    if (rename.has(proposed) || taken.has(truthName)) continue;
    rename.set(proposed, truthName);
    taken.add(truthName);
  }
  return rename;
}
