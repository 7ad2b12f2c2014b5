// The words a report's reader meets without a definition (CR, ACI, μ2, a bandit's score), explained
// where they are shown: tooltips on the columns and a legend under the tables of the results view
// and the HTML report. The meanings are declared by each benchmark (BenchmarkReport.glossary).

export interface GlossaryEntry {
  term: string;
  meaning: string;
}

/**
 * The entries a page needs: its metrics in order, then every other term of the glossary that occurs
 * in one of `texts` (field names the tables group by, field values such as GRASP's
 * `μ2 (8 moves), carry 2, cost 0.3`), in glossary order.
 */
export function glossaryEntries(
  glossary: Readonly<Record<string, string>>,
  metrics: readonly string[],
  texts: Iterable<string>,
): GlossaryEntry[] {
  const entries: GlossaryEntry[] = metrics
    .filter((name) => Object.hasOwn(glossary, name))
    .map((term) => ({ term, meaning: glossary[term] }));
  const others = Object.keys(glossary).filter((term) => !metrics.includes(term));
  if (others.length === 0) return entries;
  const found = new Set<string>();
  for (const text of texts) {
    for (const term of others) if (!found.has(term) && mentions(text, term)) found.add(term);
    if (found.size === others.length) break;
  }
  return [...entries, ...others.filter((term) => found.has(term)).map((term) => ({ term, meaning: glossary[term] }))];
}

/** `term` as a whole word of `text` (`moves` in "moves", not in "removes"; `μ1` in "μ1 (4 moves)"). */
function mentions(text: string, term: string): boolean {
  let at = text.indexOf(term);
  while (at >= 0) {
    const before = at === 0 ? '' : text[at - 1];
    const after = text[at + term.length] ?? '';
    if (!/[\p{L}\p{N}_]/u.test(before) && !/[\p{L}\p{N}_]/u.test(after)) return true;
    at = text.indexOf(term, at + 1);
  }
  return false;
}
