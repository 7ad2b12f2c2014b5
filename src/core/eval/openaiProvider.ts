// Any OpenAI-compatible chat endpoint (OpenAI, Azure-style gateways, vLLM, Ollama, LM Studio,
// llama.cpp) through the `openai` package. Errors become one readable sentence that never
// contains the key; cancellation aborts the HTTP request.
import OpenAI from 'openai';
import type { ReplySource } from './engine';
import type { ChatMessage, ModelProfile, ModelReply } from './types';

export class ModelCallError extends Error {}

/** Accepts base URLs with or without a trailing `/` or `/v1`, as servers document them either way. */
export function normaliseBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  if (/\/v\d+$/.test(trimmed) || /\/openai(\/|$)/.test(trimmed)) return trimmed;
  return `${trimmed}/v1`;
}

function describe(error: unknown, profile: ModelProfile): string {
  const where = `${profile.model ?? '?'} at ${profile.baseUrl ?? '?'}`;
  if (error instanceof OpenAI.APIUserAbortError) return 'cancelled';
  if (error instanceof OpenAI.APIConnectionTimeoutError) return `${where} did not answer within ${profile.timeoutMs / 1000} s.`;
  if (error instanceof OpenAI.APIConnectionError) return `cannot reach ${profile.baseUrl ?? '?'} (${error.message}).`;
  if (error instanceof OpenAI.APIError) {
    if (error.status === 401 || error.status === 403) return `${where} refused the API key (HTTP ${error.status}). Set it with "Waypoint: Set API Key…".`;
    if (error.status === 404) return `${where} was not found (HTTP 404): check the base URL and the model name.`;
    if (error.status === 429) return `${where} is rate limiting (HTTP 429) after ${profile.retries} retries.`;
    return `${where} answered HTTP ${error.status ?? '?'}: ${error.message}`;
  }
  return `${where} failed: ${error instanceof Error ? error.message : String(error)}`;
}

export class OpenAiCompatibleSource implements ReplySource {
  constructor(private readonly apiKeyFor: (profile: ModelProfile) => Promise<string | undefined>) {}

  async reply(messages: readonly ChatMessage[], profile: ModelProfile, _question: unknown, signal: AbortSignal): Promise<ModelReply> {
    if (!profile.baseUrl || !profile.model) throw new ModelCallError(`model profile '${profile.id}' needs "baseUrl" and "model".`);
    // Local servers (Ollama, llama.cpp) take any key; the client library insists on one.
    const apiKey = (await this.apiKeyFor(profile)) ?? 'no-key';
    const client = new OpenAI({ apiKey, baseURL: normaliseBaseUrl(profile.baseUrl), timeout: profile.timeoutMs, maxRetries: profile.retries });
    const started = Date.now();
    const request = { model: profile.model, messages: messages.map((message) => ({ role: message.role, content: message.content })), temperature: profile.temperature, max_tokens: profile.maxTokens };
    try {
      if (profile.stream) {
        const stream = await client.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } }, { signal });
        let text = '';
        let usage: { prompt_tokens: number; completion_tokens: number } | null = null;
        for await (const chunk of stream) {
          text += chunk.choices?.[0]?.delta?.content ?? '';
          if (chunk.usage) usage = chunk.usage;
        }
        return { text, promptTokens: usage?.prompt_tokens ?? null, completionTokens: usage?.completion_tokens ?? null, latencyMs: Date.now() - started, cached: false };
      }
      const completion: unknown = await client.chat.completions.create(request, { signal });
      // A web page or proxy answer comes back as a string (the client only parses JSON bodies).
      if (typeof completion !== 'object' || completion === null || !Array.isArray((completion as { choices?: unknown }).choices)) {
        const preview = String(completion).replace(/\s+/g, ' ').slice(0, 60);
        throw new ModelCallError(`${profile.model} at ${profile.baseUrl} answered with something that is not JSON chat completion ("${preview}"): check that the base URL is the API root (often ending in /v1).`);
      }
      const { choices, usage } = completion as { choices: Array<{ message?: { content?: unknown } }>; usage?: { prompt_tokens?: number; completion_tokens?: number } };
      const text = choices[0]?.message?.content;
      if (typeof text !== 'string') throw new ModelCallError(`${profile.model} returned no message content.`);
      return { text, promptTokens: usage?.prompt_tokens ?? null, completionTokens: usage?.completion_tokens ?? null, latencyMs: Date.now() - started, cached: false };
    } catch (error) {
      if (error instanceof ModelCallError) throw error;
      throw new ModelCallError(describe(error, profile));
    }
  }
}
