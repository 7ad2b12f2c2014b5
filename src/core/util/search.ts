// Filtering lists by what the user types: every whitespace-separated word must appear
// (case-insensitive, as a substring) in at least one of the item's fields, so "lamp harbour" finds
// "harbour road → lamp room" and "hard lamp" finds the hard questions about the lamp room.

/** The words of a query, lower-cased; none for a blank query. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** Whether every word of `query` occurs in one of `fields` (a blank query matches everything). */
export function matchesEveryWord(query: string, fields: ReadonlyArray<string | null | undefined>): boolean {
  const haystacks = fields
    .filter((field): field is string => typeof field === 'string')
    .map((field) => field.toLowerCase());
  return queryWords(query).every((word) => haystacks.some((field) => field.includes(word)));
}

/** The items whose label, description or detail hold every word of `query`, in their order. */
export function filterByWords<T extends { label: string; description?: string; detail?: string }>(
  items: readonly T[],
  query: string,
): T[] {
  return items.filter((item) => matchesEveryWord(query, [item.label, item.description, item.detail]));
}
