import { ConverseCommand, type BedrockRuntimeClient, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { LlmIdeasError } from '../../errors';

/** One request to an LLM through Bedrock's Converse API, whose answer is to be JSON. */
export interface JsonQuestion {
  modelId: string;
  timeoutMs: number;
  system: string;
  user: string;
  maxTokens: number;
}

/** The answer's JSON, and the response it came in (for its usage and stop reason). */
export interface JsonAnswer {
  json: unknown;
  response: ConverseCommandOutput;
  /** ` (the answer was cut at the token limit)` when it was, for messages. */
  cut: string;
}

/** The JSON of an answer, bare, in a ```json fence, or after some prose; undefined when none parses. */
function extractJson(text: string): unknown {
  const candidates = [text.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fenced?.[1]) candidates.push(fenced[1].trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      /* the next form */
    }
  }
  return undefined;
}

function answerText(response: ConverseCommandOutput): string {
  const content = response.output?.message?.content ?? [];
  return content.flatMap((block) => (typeof block.text === 'string' ? [block.text] : [])).join('');
}

function toLlmIdeasError(error: unknown, timedOut: boolean, timeoutMs: number): LlmIdeasError {
  if (timedOut) return new LlmIdeasError('timeout', `Bedrock did not answer within ${timeoutMs} ms.`, { cause: error });
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'ThrottlingException') {
    return new LlmIdeasError('throttled', `Bedrock throttled the request: ${message}`, { serviceError: name, cause: error });
  }
  if (name === 'ModelTimeoutException') {
    return new LlmIdeasError('timeout', `The model timed out: ${message}`, { serviceError: name, cause: error });
  }
  return new LlmIdeasError('model_error', `Bedrock failed (${name}): ${message}`, { serviceError: name, cause: error });
}

/**
 * Asks the model once (temperature 0) and reads its answer as JSON.
 *
 * @throws LlmIdeasError `timeout` (after `timeoutMs`, or the model's own), `throttled`,
 *   `model_error` (any other failure of the call, `serviceError` naming it) or `invalid_output`
 *   (no JSON in the answer).
 */
export async function askForJson(client: BedrockRuntimeClient, question: JsonQuestion): Promise<JsonAnswer> {
  const command = new ConverseCommand({
    modelId: question.modelId,
    system: [{ text: question.system }],
    messages: [{ role: 'user', content: [{ text: question.user }] }],
    inferenceConfig: { maxTokens: question.maxTokens, temperature: 0 },
  });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), question.timeoutMs);
  let response: ConverseCommandOutput;
  try {
    response = await client.send(command, { abortSignal: controller.signal });
  } catch (error) {
    throw toLlmIdeasError(error, controller.signal.aborted, question.timeoutMs);
  } finally {
    clearTimeout(timer);
  }
  const json = extractJson(answerText(response));
  const cut = response.stopReason === 'max_tokens' ? ' (the answer was cut at the token limit)' : '';
  if (json === undefined) {
    throw new LlmIdeasError('invalid_output', `The model's answer is not JSON${cut}; stop reason ${response.stopReason ?? 'none'}.`);
  }
  return { json, response, cut };
}
