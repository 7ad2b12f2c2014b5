// A profile's base URL as requests use it and as keys compare it. Servers document their API root
// with or without a trailing `/` or `/v1`; all of these name the same server. Kept apart from the
// provider so the cache key (engine.ts) does not pull in the `openai` package.

/** Accepts base URLs with or without a trailing `/` or `/v1`, as servers document them either way. */
export function normaliseBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  if (/\/v\d+$/.test(trimmed) || /\/openai(\/|$)/.test(trimmed)) return trimmed;
  return `${trimmed}/v1`;
}

/**
 * The base URL as the cache and resume keys compare it: `http://host:port`, `…/`, `…/v1` and
 * `…/v1/` are one server (requests go to `…/v1` for all four), and scheme and host are
 * case-insensitive. null for a profile without one (a built-in agent).
 */
export function baseUrlIdentity(baseUrl: string | undefined): string | null {
  if (baseUrl === undefined) return null;
  const normalised = normaliseBaseUrl(baseUrl);
  const url = URL.parse(normalised);
  return url ? `${url.origin}${url.pathname}`.replace(/\/+$/, '') : normalised;
}
