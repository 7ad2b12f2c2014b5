// The limits a model call keeps whatever the server does: one deadline for the whole call
// (headers, body, stream, retries and their waits), the caller's cancellation honoured at every
// point including a Retry-After wait, bounded waits, and a bounded body. The `openai` package's
// own timeout stops at the headers and its retry sleep cannot be interrupted, so these live here.

/** Longest Retry-After (or backoff) Waypoint waits before a retry; a server asking for more fails at once. */
export const MAX_RETRY_WAIT_MS = 30_000;
/** Longest reply text kept; a longer one fails instead of being buffered. */
export const MAX_REPLY_CHARS = 4 * 1024 * 1024;
/** Longest response body read (JSON and SSE framing inflate the text). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The caller's signal and the call's deadline as one signal; tells which of the two fired. The
 * deadline can be paused while the call waits for its turn in a run (not the server's time: a
 * question queued behind three slow ones must not time out before it is asked).
 */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ends: number;
  private pausedWithMs: number | null = null;
  private expired = false;
  private readonly onCancel = () => this.controller.abort(this.user.reason);

  constructor(
    timeoutMs: number,
    private readonly user: AbortSignal,
  ) {
    this.ends = Date.now() + timeoutMs;
    this.arm(timeoutMs);
    if (user.aborted) this.onCancel();
    else user.addEventListener('abort', this.onCancel, { once: true });
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new Error('deadline'));
    }, ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get cancelled(): boolean {
    return this.user.aborted;
  }

  get timedOut(): boolean {
    return this.expired && !this.user.aborted;
  }

  remainingMs(): number {
    if (this.pausedWithMs !== null) return this.pausedWithMs;
    return Math.max(0, this.ends - Date.now());
  }

  /** Runs `wait` with the clock stopped (cancellation still applies through `signal`). */
  async paused<T>(wait: () => Promise<T>): Promise<T> {
    if (this.expired || this.pausedWithMs !== null) return wait();
    this.pausedWithMs = this.remainingMs();
    clearTimeout(this.timer);
    try {
      return await wait();
    } finally {
      const left = this.pausedWithMs;
      this.pausedWithMs = null;
      this.ends = Date.now() + left;
      if (!this.controller.signal.aborted) this.arm(left);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.user.removeEventListener('abort', this.onCancel);
  }
}

/**
 * Scans event-stream text for a line starting `error:` and records the first in `watch`. `line` is
 * the unfinished line so far, or null once it is known not to be an error line (the rest of it is
 * skipped, so a long content line costs nothing); returns the same for the text's last line.
 */
function noteErrorLines(line: string | null, text: string, watch: BodyWatch): string | null {
  let current = line;
  for (let from = 0; ; ) {
    const end = text.indexOf('\n', from);
    if (current !== null) {
      const lineEnd = end < 0 ? text.length : end;
      // Six characters tell whether this is an error line; only an error line is kept beyond them.
      const head = text.slice(from, Math.min(lineEnd, from + Math.max(0, 6 - current.length)));
      current += head;
      if (current.length >= 6 && !current.startsWith('error:')) current = null;
      else if (current.length >= 6)
        current += text.slice(
          from + head.length,
          Math.min(lineEnd, from + head.length + MAX_LINE_KEPT - current.length),
        );
    }
    if (end < 0) return current;
    if (current !== null && current.startsWith('error:') && watch.streamError === undefined)
      watch.streamError = current.slice('error:'.length).trim();
    current = '';
    from = end + 1;
  }
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts (a Cancel during a wait returns at once). */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The wait a response asks for (`retry-after-ms`, `retry-after` in seconds or as a date); undefined when it names none. */
export function requestedWaitMs(headers: { get(name: string): string | null } | undefined): number | undefined {
  const millis = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(millis) && millis >= 0) return millis;
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** What a guarded fetch saw: the body outgrew the cap; the event stream's `[DONE]` arrived; an `error:` line in the stream. */
export interface BodyWatch {
  tooLarge: boolean;
  sawDone: boolean;
  /**
   * The text after `error:` on an event-stream line. Older llama-server builds report a failure in
   * a stream as a line `error: {...}` (not an SSE field any client reads) followed by `[DONE]`, so
   * without this the stream would look complete and empty.
   */
  streamError?: string;
}

/** Longest part of one event-stream line kept while looking for `error:` (the JSON after it is short). */
const MAX_LINE_KEPT = 8192;

/**
 * A fetch whose response bodies stop at MAX_BODY_BYTES (an error, never a silent truncation) and
 * which notes the SSE `[DONE]` marker, so a stream can be told complete from cut off.
 */
export function guardedFetch(watch: BodyWatch, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const declared = Number(response.headers.get('content-length'));
    if (declared > MAX_BODY_BYTES) {
      watch.tooLarge = true;
      // The body is abandoned for the clearer error below; a failure to cancel it changes nothing.
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`the response exceeded ${megabytes(MAX_BODY_BYTES)}`);
    }
    if (!response.body) return response;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let bytes = 0;
    let tail = '';
    let line: string | null = '';
    const streaming = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        bytes += value.byteLength;
        if (bytes > MAX_BODY_BYTES) {
          watch.tooLarge = true;
          // Abandoned for the size error below; a failure to cancel the stream changes nothing.
          await reader.cancel().catch(() => undefined);
          return controller.error(new Error(`the response exceeded ${megabytes(MAX_BODY_BYTES)}`));
        }
        const text = decoder.decode(value, { stream: true });
        // Only the last few characters matter for `[DONE]`, which may straddle two chunks.
        tail = (tail + text).slice(-64);
        if (/(^|\n)data:\s*\[DONE\]/.test(tail)) watch.sawDone = true;
        if (streaming) line = noteErrorLines(line, text, watch);
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
