/**
 * A real local HTTP/2 server answering as Amazon Bedrock Runtime's Converse API does, for the LLM
 * analyser's tests: point a real `BedrockRuntimeClient` at `url` (its `endpoint` option, or
 * AWS_ENDPOINT_URL_BEDROCK_RUNTIME) with any credentials. HTTP/2 because the client always sends
 * with the SDK's HTTP/2 handler (cleartext h2 to an `http:` endpoint); HTTP/1.1 would not reach it.
 *
 * Shapes follow the Converse API reference and the SDK's types: `POST /model/{modelId}/converse`,
 * JSON `{messages: [{role, content: [{text}]}], system?: [{text}], inferenceConfig?}`, answered
 * 200 `{output: {message: {role: 'assistant', content: [{text}]}}, stopReason, usage, metrics}`.
 * Errors are JSON `{message}` with the error's name in the `x-amzn-errortype` header (e.g.
 * ThrottlingException 429, ValidationException 400, ModelTimeoutException 408,
 * ServiceUnavailableException 503, AccessDeniedException 403). A request without messages gets
 * 400 ValidationException, as Bedrock does.
 *
 * Answers are scripted in a queue, used in order; with none left, requests get a 500 naming the
 * missing script, so a test never passes on an answer it did not choose.
 */
import type { Http2ServerResponse, Http2Session, IncomingHttpHeaders } from 'node:http2';
import { createServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

/** The parts of a Converse request body the tests read. */
export interface ConverseBody {
  messages?: Array<{ role: string; content: Array<{ text?: string }> }>;
  system?: Array<{ text?: string }>;
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  [key: string]: unknown;
}

/** One Converse request as the fake received it. */
export interface RecordedConverse {
  /** Decoded from the path, e.g. `anthropic.claude-3-5-haiku-20241022-v1:0`. */
  modelId: string;
  headers: IncomingHttpHeaders;
  body: ConverseBody;
  /** The user messages' texts, joined: where the transcript is. */
  userText: string;
  /** The system prompt's texts, joined. */
  systemText: string;
}

/** What the fake answers to one request. */
export type ScriptedAnswer =
  { text: string; stopReason?: string; status?: undefined } | { status: number; errorType: string; message?: string } | { stall: true };

/** An answer, or a function of the request returning one. */
export type Script = ScriptedAnswer | ((request: RecordedConverse) => ScriptedAnswer);

export interface FakeBedrock {
  /** Base URL for the client's endpoint, e.g. `http://127.0.0.1:40123`. */
  url: string;
  requests: RecordedConverse[];
  /** Queues answers, used in order by the next requests. */
  script(...answers: Script[]): void;
  /** Queues an answer whose text is the given one (the model's raw output). */
  answerText(text: string, stopReason?: string): void;
  /** Queues an answer whose text is `{"ideas": [...]}`. */
  answerIdeas(ideas: unknown[]): void;
  /** Queues an error answer, e.g. `answerError(429, 'ThrottlingException')`. */
  answerError(status: number, errorType: string, message?: string): void;
  /** The next request never gets an answer (until the client gives up or the fake stops): for timeouts. */
  stall(): void;
  /**
   * Answers every request `when` picks with `script`, before the queue and without taking from it:
   * for a second kind of request (the post drafts' prompt) while the queue answers the first.
   */
  answerAlways(when: (request: RecordedConverse) => boolean, script: Script): void;
  /** Forgets queued and standing answers, and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const defaultMessages: Record<string, string> = {
  ThrottlingException: 'Too many requests, please wait before trying again.',
  ValidationException: 'The provided request is not valid.',
  ModelTimeoutException: 'Model has timed out in processing the request. Try your request again.',
  ServiceUnavailableException: 'The service is temporarily unavailable.',
  AccessDeniedException: "You don't have access to the model with the specified model ID.",
  InternalServerException: 'An internal server error occurred. Retry your request.',
};

let requestCounter = 0;

function sendJson(response: Http2ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  requestCounter += 1;
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    'x-amzn-requestid': `fake-bedrock-${requestCounter}`,
    ...headers,
  });
  response.end(payload);
}

function sendError(response: Http2ServerResponse, status: number, errorType: string, message?: string): void {
  sendJson(response, status, { message: message ?? defaultMessages[errorType] ?? errorType }, { 'x-amzn-errortype': errorType });
}

const textsOf = (blocks: Array<{ text?: string }> | undefined) =>
  (blocks ?? []).flatMap((block) => (typeof block.text === 'string' ? [block.text] : [])).join('\n');

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeBedrock(): Promise<FakeBedrock> {
  const queue: Script[] = [];
  const standing: Array<{ when: (request: RecordedConverse) => boolean; script: Script }> = [];
  const requests: RecordedConverse[] = [];

  const sessions = new Set<Http2Session>();
  const server = createServer((request, response) => {
    void (async () => {
      const raw = await text(request);
      const match = /^\/model\/([^/]+)\/converse$/.exec((request.url ?? '').split('?')[0] ?? '');
      if (request.method !== 'POST' || !match) {
        sendJson(
          response,
          404,
          { message: `fake-bedrock: no route for ${request.method} ${request.url}` },
          { 'x-amzn-errortype': 'UnknownOperationException' },
        );
        return;
      }
      let body: ConverseBody;
      try {
        body = JSON.parse(raw) as ConverseBody;
      } catch {
        sendError(response, 400, 'ValidationException', 'The request body is not JSON.');
        return;
      }
      const recorded: RecordedConverse = {
        modelId: decodeURIComponent(match[1]!),
        headers: request.headers,
        body,
        userText: textsOf((body.messages ?? []).filter((message) => message.role === 'user').flatMap((message) => message.content ?? [])),
        systemText: textsOf(body.system),
      };
      requests.push(recorded);
      if (!Array.isArray(body.messages) || body.messages.length === 0) {
        sendError(response, 400, 'ValidationException', 'A conversation must start with a user message.');
        return;
      }

      const next = standing.find(({ when }) => when(recorded))?.script ?? queue.shift();
      if (!next) {
        sendError(response, 500, 'InternalServerException', 'fake-bedrock: no answer scripted for this request');
        return;
      }
      const answer = typeof next === 'function' ? next(recorded) : next;
      if ('stall' in answer) return; // held open; close() or the client's abort ends it
      if (answer.status !== undefined) {
        sendError(response, answer.status, answer.errorType, answer.message);
        return;
      }
      const outputTokens = Math.ceil(answer.text.length / 4);
      const inputTokens = Math.ceil((recorded.userText.length + recorded.systemText.length) / 4);
      sendJson(response, 200, {
        output: { message: { role: 'assistant', content: [{ text: answer.text }] } },
        stopReason: answer.stopReason ?? 'end_turn',
        usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
        metrics: { latencyMs: 42 },
      });
    })().catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, 'InternalServerException', `fake-bedrock: ${String(error)}`);
    });
  });

  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...answers) => queue.push(...answers),
    answerText: (text, stopReason) => queue.push({ text, ...(stopReason ? { stopReason } : {}) }),
    answerIdeas: (ideas) => queue.push({ text: JSON.stringify({ ideas }) }),
    answerError: (status, errorType, message) => queue.push({ status, errorType, ...(message ? { message } : {}) }),
    stall: () => queue.push({ stall: true }),
    answerAlways: (when, script) => standing.push({ when, script }),
    reset: () => {
      queue.length = 0;
      standing.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Stalled answers and the clients' pooled sessions would hold close() open.
        for (const session of sessions) session.destroy();
      }),
  };
}

/** Stops a fake started by `startFakeBedrock` (same as `fake.close()`). */
export function stopFakeBedrock(fake: FakeBedrock): Promise<void> {
  return fake.close();
}
