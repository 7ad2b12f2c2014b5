// What a server says about itself before a run asks it anything (for "Test Connection",
// `waypoint models test` and the start of a run): the models it lists, the model it actually
// answers with (llama-server ignores the requested name), the context it was started with where it
// tells (llama-server's /props; vLLM's `max_model_len` and OpenRouter's `context_length` in
// /v1/models; llama-server's training context in its /v1/models `meta`), and whether a one-token
// request goes through, with the same failure kinds and sentences as a run's requests.
import { ModelCallError } from './engine';
import type { Failure } from './failures';
import { normaliseBaseUrl, OpenAiCompatibleSource } from './openaiProvider';
import { redactSecrets } from './redact';
import type { ModelProfile } from './types';

export interface PreflightReport {
  /** The one-token request was answered. */
  ok: boolean;
  /** Model ids the server lists at /v1/models (empty when it lists none or refused). */
  listedModels: string[];
  /** The model the one-token reply names; null when there was no reply or it named none. */
  servedModel: string | null;
  /** Tokens of context one request may use, where the server tells it; null otherwise. */
  contextTokens: number | null;
  /** Where contextTokens came from. */
  contextFrom: 'props' | 'models' | null;
  /** llama-server's parallel slots (they share the context); null elsewhere. */
  slots: number | null;
  /** Why the one-token request failed (absent when ok). */
  failure?: Failure;
  message?: string;
}

/** The server's root: the base URL without its `/v1` (llama-server serves /props and /health there). */
function serverRoot(baseUrl: string): string {
  return normaliseBaseUrl(baseUrl).replace(/\/v\d+$/, '');
}

/** GET `url` as JSON, or null on any failure (these endpoints are optional; the one-token request says what is wrong). */
async function getJson(url: string, key: string | undefined, signal: AbortSignal): Promise<unknown> {
  try {
    const response = await fetch(url, { headers: key ? { authorization: `Bearer ${key}` } : {}, signal });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) {
      await response.body?.cancel();
      return null;
    }
    return await response.json();
  } catch {
    return null;
  }
}

const positive = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** Model ids and a context length from a /v1/models body: vLLM `max_model_len`, OpenRouter `context_length`, llama-server `meta.n_ctx_train`. */
function readModels(body: unknown): { ids: string[]; context: number | null } {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return { ids: [], context: null };
  const ids = data.map((entry) => (entry as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
  const first = (data[0] ?? {}) as { max_model_len?: unknown; context_length?: unknown; meta?: { n_ctx_train?: unknown } | null };
  return { ids, context: positive(first.max_model_len) ?? positive(first.context_length) ?? positive(first.meta?.n_ctx_train) };
}

/** Asks the server about itself and makes one request of one token (no retries, the profile's timeout). Never throws for a server's failure. */
export async function preflight(profile: ModelProfile, apiKeyFor: (profile: ModelProfile) => Promise<string | undefined>, signal: AbortSignal): Promise<PreflightReport> {
  const report: PreflightReport = { ok: false, listedModels: [], servedModel: null, contextTokens: null, contextFrom: null, slots: null };
  if (!profile.baseUrl || !profile.model) return { ...report, failure: { kind: 'configuration' }, message: 'the profile needs "baseUrl" and "model".' };
  const key = await apiKeyFor(profile);
  const [models, props] = await Promise.all([getJson(`${normaliseBaseUrl(profile.baseUrl)}/models`, key, signal), getJson(`${serverRoot(profile.baseUrl)}/props`, key, signal)]);
  const listed = readModels(models);
  report.listedModels = listed.ids;
  // /props says the context each request may use (-c, shared by the slots); /v1/models at best the model's own limit.
  const settings = (props as { default_generation_settings?: { n_ctx?: unknown }; total_slots?: unknown } | null) ?? null;
  const propsContext = positive(settings?.default_generation_settings?.n_ctx);
  if (propsContext !== null) Object.assign(report, { contextTokens: propsContext, contextFrom: 'props' });
  else if (listed.context !== null) Object.assign(report, { contextTokens: listed.context, contextFrom: 'models' });
  report.slots = positive(settings?.total_slots);
  try {
    const reply = await new OpenAiCompatibleSource(async () => key).reply([{ role: 'user', content: 'Say OK.' }], { ...profile, maxTokens: 1, retries: 0 }, null, signal);
    return { ...report, ok: true, servedModel: reply.servedModel ?? null };
  } catch (error) {
    if (!(error instanceof ModelCallError)) throw error;
    return { ...report, ...(error.failure ? { failure: error.failure } : {}), message: redactSecrets(error.message, [key]) };
  }
}
