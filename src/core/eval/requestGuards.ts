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

/** The caller's signal and the call's deadline as one signal; tells which of the two fired. */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly ends: number;
  private expired = false;
  private readonly onCancel = () => this.controller.abort(this.user.reason);

  constructor(
    timeoutMs: number,
    private readonly user: AbortSignal,
  ) {
    this.ends = Date.now() + timeoutMs;
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new Error('deadline'));
    }, timeoutMs);
    if (user.aborted) this.onCancel();
    else user.addEventListener('abort', this.onCancel, { once: true });
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
    return Math.max(0, this.ends - Date.now());
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.user.removeEventListener('abort', this.onCancel);
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

/** Exponential backoff for a retry without Retry-After: 0.5 s, 1 s, 2 s, … at most 8 s. */
export function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 8000);
}

/** What a guarded fetch saw: the body outgrew the cap; the event stream's `[DONE]` arrived. */
export interface BodyWatch {
  tooLarge: boolean;
  sawDone: boolean;
}

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
        // Only the last few characters matter for `[DONE]`, which may straddle two chunks.
        tail = (tail + decoder.decode(value, { stream: true })).slice(-64);
        if (/(^|\n)data:\s*\[DONE\]/.test(tail)) watch.sawDone = true;
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
