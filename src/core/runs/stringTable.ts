// Strings stored once and referred to by index: what keeps 40,000 records' repeated field values,
// model ids and diagnostic codes small in the results view's model and the HTML report's data.

/** `strings` in first-seen order; `intern` returns a string's index, adding it the first time. */
export function stringTable(): { strings: string[]; intern(text: string): number } {
  const strings: string[] = [];
  const index = new Map<string, number>();
  return {
    strings,
    intern(text) {
      let at = index.get(text);
      if (at === undefined) {
        at = strings.length;
        strings.push(text);
        index.set(text, at);
      }
      return at;
    },
  };
}
