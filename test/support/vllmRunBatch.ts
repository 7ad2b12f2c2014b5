// A stand-in for `vllm run-batch -i requests.jsonl -o output.jsonl --model M` (vLLM's
// vllm/entrypoints/openai/run_batch.py): it reads the OpenAI Batch API request file line by line
// and writes one output line per request, in input order, in vLLM's shape — pydantic's compact
// JSON of `{"id":"vllm-<uuid>","custom_id","response":{"status_code","request_id":"vllm-batch-<uuid>",
// "body":<chat.completion>},"error":null}`. Its failures are vLLM's too: a `model` the run does not
// serve (HTTP 404 NotFoundError in an error response, every row alike), a prompt plus completion
// limit past the model's context (HTTP 400 BadRequestError), a URL other than the chat endpoint
// (a plain error string). The reasoning parser's output goes to `reasoning_content` (older vLLM)
// or `reasoning`. The model and tokenizer are stand-ins (`answer`, 3 characters a token).
import { randomUUID } from 'node:crypto';

export interface RunBatchOptions {
  /** The model the run serves (`--model`, or `--served-model-name`): requests naming another fail. */
  servedModel: string;
  /** The model's context (`--max-model-len`), in tokens. */
  maxModelLen?: number;
  answer: (messages: ReadonlyArray<{ role: string; content: string }>) => string;
  reasoning?: (messages: ReadonlyArray<{ role: string; content: string }>) => string;
  /** Where the reasoning parser puts the thought. */
  reasoningField?: 'reasoning_content' | 'reasoning';
}

interface ChatBody {
  model?: string;
  messages?: Array<{ role: string; content: string }>;
  max_tokens?: number;
  max_completion_tokens?: number;
}

const tokens = (text: string) => Math.ceil(text.length / 3);

/** vLLM's ErrorResponse as run_batch writes it into `error` (the response's status_code is its code). */
function errorResponse(message: string, type: string, code: number): Record<string, unknown> {
  return { error: { message, type, param: null, code } };
}

function output(customId: string, statusCode: number, body: unknown, error: unknown): string {
  return JSON.stringify({
    id: `vllm-${randomUUID().replace(/-/g, '')}`,
    custom_id: customId,
    response: { status_code: statusCode, request_id: `vllm-batch-${randomUUID().replace(/-/g, '')}`, body },
    error,
  });
}

/** The output file's text for an input file's text, as `vllm run-batch` writes it. */
export function vllmRunBatch(input: string, options: RunBatchOptions): string {
  const lines: string[] = [];
  for (const line of input.split('\n')) {
    if (line.trim() === '') continue;
    const request = JSON.parse(line) as { custom_id: string; method: string; url: string; body: ChatBody };
    if (request.url !== '/v1/chat/completions') {
      lines.push(
        output(
          request.custom_id,
          400,
          null,
          `URL ${request.url} was used. Supported endpoints: /v1/chat/completions, /v1/embeddings, /score, /rerank.`,
        ),
      );
      continue;
    }
    const { body } = request;
    if (body.model !== options.servedModel) {
      lines.push(
        output(
          request.custom_id,
          404,
          null,
          errorResponse(`The model \`${body.model}\` does not exist.`, 'NotFoundError', 404),
        ),
      );
      continue;
    }
    const messages = body.messages ?? [];
    const prompt = messages.reduce((sum, message) => sum + 4 + tokens(message.content), 0);
    const limit = body.max_completion_tokens ?? body.max_tokens ?? 16;
    const context = options.maxModelLen ?? 32_768;
    if (prompt + limit > context) {
      lines.push(
        output(
          request.custom_id,
          400,
          null,
          errorResponse(
            `'max_tokens' or 'max_completion_tokens' is too large: ${limit}. This model's maximum context length is ${context} tokens and your request has ${prompt} input tokens (${limit} > ${context} - ${prompt}).`,
            'BadRequestError',
            400,
          ),
        ),
      );
      continue;
    }
    const fullThought = options.reasoning?.(messages) ?? '';
    const fullText = options.answer(messages);
    const cut = tokens(fullThought) + tokens(fullText) > limit;
    // The thought comes first and counts against the limit; cut inside it, the reply has no content (null).
    const thought = fullThought.slice(0, limit * 3);
    const text = cut ? fullText.slice(0, Math.max(0, (limit - tokens(thought)) * 3)) : fullText;
    const content = text === '' && thought !== '' ? null : text;
    const message = {
      role: 'assistant',
      content,
      refusal: null,
      annotations: null,
      audio: null,
      function_call: null,
      tool_calls: [],
      [options.reasoningField ?? 'reasoning_content']: thought === '' ? null : thought,
    };
    const completionTokens = Math.min(tokens(fullThought) + tokens(fullText), limit);
    const chat = {
      id: `chatcmpl-${randomUUID().replace(/-/g, '')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: options.servedModel,
      choices: [{ index: 0, message, logprobs: null, finish_reason: cut ? 'length' : 'stop', stop_reason: null }],
      service_tier: null,
      system_fingerprint: null,
      usage: {
        prompt_tokens: prompt,
        total_tokens: prompt + completionTokens,
        completion_tokens: completionTokens,
        prompt_tokens_details: null,
      },
      prompt_logprobs: null,
      kv_transfer_params: null,
    };
    lines.push(output(request.custom_id, 200, chat, null));
  }
  return lines.map((line) => `${line}\n`).join('');
}
