// Confusable location names (MANGO paper §3: word-level edit distance between names, divided by
// the longer name's word count). The paper sums a per-location score; Waypoint reports each
// location's closest other name when the two share most of their words, as an authoring hint.

/** Word similarity at or above which two names are reported. */
const CONFUSABLE_SIMILARITY = 0.6;

/** Levenshtein distance between two sequences (of words, or of characters). */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** 1 − word edit distance / longer word count: 1 for equal names, 0 for no shared structure. */
export function wordSimilarity(a: string, b: string): number {
  const wordsA = a.toLowerCase().split(/\s+/).filter(Boolean);
  const wordsB = b.toLowerCase().split(/\s+/).filter(Boolean);
  const longest = Math.max(wordsA.length, wordsB.length);
  return longest === 0 ? 1 : 1 - editDistance(wordsA, wordsB) / longest;
}

/** 1 − character edit distance / longer length: how alike two spellings are. */
export function letterSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance([...a], [...b]) / longest;
}

interface ConfusablePair {
  first: number;
  otherName: string;
  similarity: number;
}

/** For each name, its most similar other name when they are confusable (single-word names excluded: one word apart is just different). */
export function confusablePairs(names: readonly string[]): ConfusablePair[] {
  const pairs: ConfusablePair[] = [];
  names.forEach((name, index) => {
    if (!/\s/.test(name.trim())) return;
    let best: ConfusablePair | null = null;
    names.forEach((other, otherIndex) => {
      if (otherIndex === index || other === name) return;
      const similarity = wordSimilarity(name, other);
      if (similarity >= CONFUSABLE_SIMILARITY && (!best || similarity > best.similarity))
        best = { first: index, otherName: other, similarity };
    });
    if (best) pairs.push(best);
  });
  return pairs;
}
