/**
 * Unipile's HTTP API as this service calls it: one request with the API key, and every failure a
 * {@link ProviderError} through Unipile's v1 error table (unipile-errors.ts). 429 (the network
 * throttling the account), 5xx, timeouts and network errors are retryable, with `retryAfterSeconds`
 * from `retry-after` when one is sent; other refusals are final, named by the table, by the step
 * for a 404 (`notFoundReason`), else by Unipile's slug. A POST that may have been applied (a
 * timeout, a reset, a 504) says so (`outcomeUnknown`). Messages carry Unipile's `detail`
 * (truncated) and never the API key. The calls themselves are unipile.ts's.
 */
import { ProviderError } from '../errors';
import type { Secret } from '../secrets';
import { meaningOf } from './unipile-errors';

/** Unipile's problem body; every field may be missing on a misbehaving answer. */
interface Problem {
  type?: unknown;
  title?: unknown;
  detail?: unknown;
}

/** What a call is for: names it in errors, and says what its 404 means. */
export type Step =
  | 'get_post'
  | 'react'
  | 'comment'
  | 'get_profile'
  | 'invite'
  | 'start_chat'
  | 'send_message'
  | 'list_relations'
  | 'create_link'
  | 'get_own_profile'
  | 'create_post';
const stepLabel: Record<Step, string> = {
  get_post: 'look up the post',
  react: 'add the reaction',
  comment: 'add the comment',
  get_profile: 'look up the profile',
  invite: 'send the invitation',
  start_chat: 'start the conversation',
  send_message: 'send the message',
  list_relations: 'list the relations',
  create_link: 'create the connect link',
  get_own_profile: "look up the login's own profile",
  create_post: 'publish the post',
};
/** What a 404 means at each step, when it does not name the account. */
const notFoundReason: Record<Step, string> = {
  get_post: 'post_not_found',
  react: 'post_not_found',
  comment: 'post_not_found',
  get_profile: 'profile_not_found',
  // Unipile's reference gives this 404 as "Account not found"; an unknown provider_id is a 422.
  invite: 'account_disconnected',
  start_chat: 'recipient_not_found',
  send_message: 'chat_not_found',
  list_relations: 'account_not_found',
  // Only a reconnect link names an account (`reconnect_account`).
  create_link: 'account_not_found',
  get_own_profile: 'account_not_found',
  // The only thing a create-post call names is the account.
  create_post: 'account_disconnected',
};
/** The steps that act for an account: a 404 naming the account there means Unipile no longer has its login. */
const actingSteps = new Set<Step>(['get_post', 'react', 'comment', 'get_profile', 'invite', 'start_chat', 'send_message', 'create_post']);
/** Reasons of the v1 table (unipile-errors.ts) that mean something else at one step. */
const stepReasons: Partial<Record<Step, Record<string, string>>> = {
  invite: { text_too_long: 'note_too_long', already_done: 'already_invited' },
};
const DETAIL_MAX = 300;

export interface UnipileTransportOptions {
  /** `api8.unipile.com:13851` (https is implied) or a full base URL such as `http://127.0.0.1:4010`. */
  dsn: string;
  /** The key, or how to read it when a call needs it (deployed: from SSM, lib/secrets.ts). */
  apiKey: string | Secret;
  /** Injected for tests; the Node global by default. */
  fetch?: typeof fetch;
  /** Per HTTP call, body included. Default 10 s. */
  timeoutMs?: number;
}

export class UnipileTransport {
  readonly baseUrl: string;
  /** The DSN as a URL without `/api/v1`: the hosted auth wizard's `api_url`. */
  readonly apiUrl: string;
  private readonly apiKey: Secret;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: UnipileTransportOptions) {
    this.baseUrl = baseUrlFromDsn(options.dsn);
    this.apiUrl = this.baseUrl.slice(0, -'/api/v1'.length);
    const { apiKey } = options;
    this.apiKey = typeof apiKey === 'string' ? async () => apiKey : apiKey;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** One call; the parsed JSON body of a 2xx answer, or a ProviderError. */
  /** `body`: JSON, or a FormData sent as multipart (fetch sets its content-type with the boundary). */
  async request(
    step: Step,
    method: 'GET' | 'POST',
    path: string,
    { query, body }: { query?: Record<string, string>; body?: unknown },
  ): Promise<unknown> {
    const url = `${this.baseUrl}${path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;
    const apiKey = await this.apiKey();
    const headers: Record<string, string> = { 'X-API-KEY': apiKey, accept: 'application/json' };
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

    let response: Response;
    let text: string;
    try {
      response = await this.fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        // A redirect would carry the API key elsewhere; Unipile's API does not redirect.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw this.transportError(step, method, error);
    }

    const json = parseJson(text);
    if (response.status >= 200 && response.status < 300) return json;
    throw this.httpError(step, method, response, isRecord(json) ? json : {}, apiKey);
  }

  /** A GET changes nothing, so only a POST cut off on the way can have been applied ("outcome unknown"). */
  private transportError(step: Step, method: 'GET' | 'POST', error: unknown): ProviderError {
    const mayHaveApplied = method === 'POST';
    // Duck-typed: the DOMException of AbortSignal.timeout may come from another realm (e.g. under jest).
    const name = isRecord(error) && typeof error.name === 'string' ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      // A timed-out call may have been applied. Reacting again is harmless; a retried comment or message
      // may be posted twice, and a retried invitation usually ends in `already_invited`.
      return new ProviderError('provider_timeout', `Unipile did not answer in time to ${stepLabel[step]}.`, true, {
        cause: error,
        outcomeUnknown: mayHaveApplied,
      });
    }
    // Refused or unresolved: the request never left. Anything else (a reset, a closed socket) may have
    // reached Unipile before the connection broke.
    const code = isRecord(error) && isRecord(error.cause) && typeof error.cause.code === 'string' ? error.cause.code : '';
    return new ProviderError('provider_unavailable', `Unipile could not be reached to ${stepLabel[step]}.`, true, {
      cause: error,
      outcomeUnknown: mayHaveApplied && !['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(code),
    });
  }

  private httpError(step: Step, method: 'GET' | 'POST', response: Response, problem: Problem, apiKey: string): ProviderError {
    const { status } = response;
    const type = typeof problem.type === 'string' ? problem.type : '';
    const what = `Unipile answered ${status}${type ? ` ${type}` : ''} to ${stepLabel[step]}`;
    const detail = this.detailOf(problem, apiKey);
    const message = detail ? `${what}: ${detail}` : `${what}.`;
    if (status < 400) return new ProviderError('provider_bad_response', message, false, { status });

    const words = `${textOf(problem.title)} ${textOf(problem.detail)}`;
    const notFound = actingSteps.has(step) && /\baccount\b/i.test(words) ? 'account_disconnected' : notFoundReason[step];
    const meaning = meaningOf(status, type, notFound);
    let reason = stepReasons[step]?.[meaning.reason] ?? meaning.reason;
    // No documented type says "this recipient requires their email": recognised by its words.
    if (step === 'invite' && !meaning.retryable && status !== 404 && /e-?mail/i.test(`${type} ${words}`)) reason = 'email_required';
    return new ProviderError(reason, message, meaning.retryable, {
      status,
      ...(meaning.retryable ? { retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')) } : {}),
      // A gateway timeout on a write may have been applied behind it, like a timeout of our own.
      outcomeUnknown: method === 'POST' && meaning.reason === 'provider_timeout',
    });
  }

  /** Unipile's explanation, shortened, with the API key masked should it ever be echoed back. */
  private detailOf(problem: Problem, apiKey: string): string {
    const raw = typeof problem.detail === 'string' && problem.detail ? problem.detail : problem.title;
    if (typeof raw !== 'string') return '';
    const safe = (apiKey ? raw.split(apiKey).join('[redacted]') : raw).trim();
    return safe.length > DETAIL_MAX ? `${safe.slice(0, DETAIL_MAX - 1)}…` : safe;
  }
}

/** `host[:port]` or a URL with a scheme → `<origin>/api/v1`. */
export function baseUrlFromDsn(dsn: string): string {
  const trimmed = dsn.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw new Error(`Invalid Unipile DSN "${trimmed}": expected host[:port] or an http(s) URL.`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
    throw new Error(`Invalid Unipile DSN "${trimmed}": expected host[:port] or an http(s) URL.`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path.endsWith('/api/v1') ? path : `${path}/api/v1`}`;
}

/** `retry-after` as seconds (RFC 9110: delay-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP date names its month (`Wed, 21 Oct 2015 07:28:00 GMT`); Date.parse alone would take `1.5` as a date.
  const at = /[a-z]{3}/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
