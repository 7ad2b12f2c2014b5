// Which model a server actually serves, asked before a run so that the cache and --resume key an
// answer by it. llama-server ignores the request's `model` (the README's profile says "default") and
// answers with whatever GGUF it loaded: after a restart with another file the URL and the name are
// unchanged, and only its model list (`GET /models`, one entry: the loaded file) tells. A server that
// lists several models routes by the requested name, so the name is the identity there.
import * as z from 'zod/mini';
import { parseJsonWith } from '../util/schema/parse';
import { isKeySet } from './apiKeyMessages';
import { normaliseBaseUrl } from './baseUrl';
import { ModelCallCancelled } from './engine';
import { rememberUrlSecrets, withoutUrlCredentials } from './redact';
import { abortableSleep, Deadline, guardedFetch } from './requestGuards';
import type { ModelProfile, ServerModelProbe } from './types';

const modelList = z.object({ data: z.array(z.object({ id: z.string() })) });

/** Longest pause between two looks at a server that is still loading its model. */
const LOADING_POLL_MAX_MS = 2000;

/**
 * Lists the models of `profile`'s server with `apiKey`. A server still loading its model (HTTP 503,
 * llama-server's "Loading model") is asked again until it answers or `profile.timeoutMs` runs out.
 * Never throws for the server's failures (the run that follows reports them); throws
 * ModelCallCancelled when `signal` aborts.
 */
export async function probeServerModel(
  profile: ModelProfile,
  apiKey: string | undefined,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<ServerModelProbe> {
  const unknown: ServerModelProbe = { serverModel: null, unlisted: null };
  if (profile.provider !== 'openai-compatible' || !profile.baseUrl) return unknown;
  rememberUrlSecrets(profile.baseUrl);
  const url = `${normaliseBaseUrl(profile.baseUrl)}/models`;
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(isKeySet(apiKey) ? { authorization: `Bearer ${apiKey.trim()}` } : {}),
  };
  const deadline = new Deadline(profile.timeoutMs, signal);
  try {
    let reconnected = false;
    for (let pause = 250; ; pause = Math.min(LOADING_POLL_MAX_MS, pause * 2)) {
      let status: number;
      let body: string;
      try {
        const response = await guardedFetch({ tooLarge: false, sawDone: false }, fetchImpl)(url, {
          method: 'GET',
          headers,
          signal: deadline.signal,
        });
        status = response.status;
        body = await response.text();
      } catch {
        if (deadline.cancelled) throw new ModelCallCancelled();
        // Once more at once: a kept-alive connection to the server as it was before a restart fails
        // the first request, and a restart is exactly when the served model changes.
        if (!reconnected && !deadline.timedOut) {
          reconnected = true;
          continue;
        }
        // Not reachable or out of time: the run's own requests say so, with the fix.
        return unknown;
      }
      if (status === 503) {
        if (deadline.remainingMs() <= pause) return unknown;
        await abortableSleep(pause, deadline.signal).catch(() => undefined);
        if (deadline.cancelled) throw new ModelCallCancelled();
        continue;
      }
      // A refused key is the run's to report; it fails the same way.
      if (status === 401 || status === 403) return unknown;
      if (status !== 200) return { serverModel: null, unlisted: `HTTP ${status}` };
      const listed = parseJsonWith(body, modelList);
      if (!listed.ok) return { serverModel: null, unlisted: 'not an OpenAI model list' };
      return { serverModel: listed.value.data.length === 1 ? listed.value.data[0].id : null, unlisted: null };
    }
  } finally {
    deadline.dispose();
  }
}

/** Why answers of `profile` are told apart by the requested name alone (the server answered without a model list); null when they are not. Hosts add their own advice. */
export function unlistedReason(profile: ModelProfile, probe: ServerModelProbe | null): string | null {
  if (!probe || probe.unlisted === null || !profile.baseUrl) return null;
  return `${withoutUrlCredentials(normaliseBaseUrl(profile.baseUrl))}/models gave no model list (${probe.unlisted}), so cached and resumed answers are told apart by the model name '${profile.model ?? '?'}' alone`;
}
