// One redaction for every text that may carry a secret: model-call errors where they are made
// (the provider) and again where they are written (episode logs, run records, the output channel),
// so a path that forgets one of the two still cannot leak. It removes the keys this process has
// sent (servers quote them back in error bodies and stream events) and anything shaped like a
// credential, whatever key it belongs to.

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
    /(\b(?:api[_-]?key|access[_-]?token|x-api-key)\b\\?["']?\s*[:=]\s*\\?["']?)(?!\[redacted\])[^\s"'\\&,;})\]]+/gi,
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
  let result = redactKnownSecrets(text, secrets);
  for (const [pattern, replacement] of PATTERNS) result = result.replace(pattern, replacement);
  return result;
}
