// Names of files reached through URIs (the language server gets `file:` URIs from the editor).

/**
 * A URI with its %-escapes decoded, for deciding a file's kind by name. A malformed escape (`%zz`
 * in a name that did not come from a URI encoder) is kept as written instead of throwing.
 */
export function decodeUriSafely(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
      try {
        return decodeURIComponent(escape);
      } catch {
        return escape;
      }
    });
  }
}
