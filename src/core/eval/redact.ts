// One redaction for every text that may carry a secret: model-call errors where they are made
// (the provider) and again where they are written (episode logs, run records, the output channel),
// so a path that forgets one of the two still cannot leak. It removes the keys this process has
// sent (servers quote them back in error bodies and stream events) and anything shaped like a
// credential, whatever key it belongs to.
//
// A base URL can carry a credential itself (`https://user:pass@host/v1`, `…/v1?api-key=…`): such a
// URL is shown and recorded with those parts as `***` (withoutUrlCredentials), and the parts are
// remembered like a key, so a server quoting them back is redacted too.

const REDACTED = '[redacted]';

/** Keys sent in this process; a key shorter than this is not remembered (it would blot out ordinary words). */
const MIN_SECRET_LENGTH = 6;
const knownSecrets = new Set<string>();

/** Remembers a key this process sends, so every later redaction removes it wherever it appears. */
export function rememberSecret(secret: string | undefined): void {
  if (secret && secret.trim().length >= MIN_SECRET_LENGTH) knownSecrets.add(secret.trim());
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Values stop at quotes and backslashes, so redacting a JSON line keeps it valid JSON.
// Credential shapes: an Authorization header's value, a bearer token, OpenAI/Anthropic-style
// `sk-…` keys, and `api_key=…`/`"apiKey": "…"` pairs (as query strings and JSON bodies echo them).
const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [
    /(\b(?:proxy-)?authorization\b\\?["']?\s*[:=]\s*\\?["']?)(?:(?:bearer|basic|token)\s+)?(?!\[redacted\])[^\s"'\\,;})\]]+/gi,
    `$1${REDACTED}`,
  ],
  [/\b(bearer\s+)[A-Za-z0-9._~+/=-]{6,}/gi, `$1${REDACTED}`],
  [/\bsk-[A-Za-z0-9_-]{6,}/g, REDACTED],
  [
    /(\b(?:api[_-]?key|access[_-]?token|x-api-key)\b\\?["']?\s*[:=]\s*\\?["']?)(?!\[redacted\]|\*\*\*)[^\s"'\\&,;})\]]+/gi,
    `$1${REDACTED}`,
  ],
];

/**
 * `text` without any key this process has sent (also JSON- and URL-encoded). For data such as run
 * records, whose prompts and answers may legitimately say "bearer" or "Authorization:" (game text),
 * so only exact keys are removed.
 */
export function redactKnownSecrets(text: string, secrets: ReadonlyArray<string | undefined> = []): string {
  let result = text;
  const all = new Set(knownSecrets);
  for (const secret of secrets) if (secret && secret.trim().length >= MIN_SECRET_LENGTH) all.add(secret.trim());
  // Longest first, so a key that contains another known key is removed whole.
  for (const secret of [...all].sort((a, b) => b.length - a.length)) {
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])) {
      result = result.replace(new RegExp(escapeRegExp(form), 'g'), REDACTED);
    }
  }
  return result;
}

/** `text` without any known key and without anything shaped like a credential: for error messages. */
export function redactSecrets(text: string, secrets: ReadonlyArray<string | undefined> = []): string {
  let result = redactKnownSecrets(redactUrlCredentials(text), secrets);
  for (const [pattern, replacement] of PATTERNS) result = result.replace(pattern, replacement);
  return result;
}

/** What stands for a credential inside a URL: unlike `[redacted]`, it leaves the URL a valid one. */
const URL_MASK = '***';
/** Query parameters that carry credentials (`api-key`, `key`, `access_token`, `sig`, `password`, …); `api-version` does not. */
const CREDENTIAL_PARAM = /key|token|secret|passw|pwd|auth|sig|credential/i;
/** `scheme://userinfo@`: a user name, with or without a password. */
const USERINFO = /^(\s*[a-z][a-z0-9+.-]*:\/\/)([^/?#@\s]*)@/i;
/** A query parameter: its separator and name, then its value (up to a `)`, which in a message closes an aside). */
const QUERY_PARAM = /([?&;#])([^=&#;]+)=([^&#;)]*)/g;
/** A URL inside free text, up to a space, quote, bracket or backslash (JSON escapes end it too). */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>\\`]+/gi;

/** `url` with its user name, password and credential query values as `***`; the same string when it has none. */
export function withoutUrlCredentials(url: string): string {
  const { head, tail } = splitQuery(url);
  return (
    head.replace(USERINFO, `$1${URL_MASK}@`) +
    tail.replace(QUERY_PARAM, (whole, separator: string, name: string, value: string) =>
      CREDENTIAL_PARAM.test(name) && value !== '' ? `${separator}${name}=${URL_MASK}` : whole,
    )
  );
}

/** A URL before its query or fragment, and from there on. */
function splitQuery(url: string): { head: string; tail: string } {
  const at = url.search(/[?#]/);
  return at < 0 ? { head: url, tail: '' } : { head: url.slice(0, at), tail: url.slice(at) };
}

/** `text` with every URL in it as withoutUrlCredentials gives it: for anything printed or logged. */
export function redactUrlCredentials(text: string): string {
  return text.includes('://') ? text.replace(URL_IN_TEXT, withoutUrlCredentials) : text;
}

/**
 * Remembers the credentials a base URL carries as keys sent: its password (or a user name alone,
 * `https://TOKEN@host`, the form token gateways use) and its credential query values. A user name
 * beside a password is no secret, and remembering it would blot that word out of every record.
 */
export function rememberUrlSecrets(url: string | undefined): void {
  if (!url) return;
  const userinfo = USERINFO.exec(splitQuery(url).head)?.[2];
  if (userinfo) rememberDecoded(userinfo.includes(':') ? userinfo.slice(userinfo.indexOf(':') + 1) : userinfo);
  for (const [, , name, value] of splitQuery(url).tail.matchAll(QUERY_PARAM))
    if (CREDENTIAL_PARAM.test(name)) rememberDecoded(value);
}

function rememberDecoded(text: string): void {
  rememberSecret(text);
  try {
    rememberSecret(decodeURIComponent(text));
  } catch {
    // Not percent-encoded as written: the raw form is remembered already.
  }
}
