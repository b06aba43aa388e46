/**
 * The real network provider, through Unipile's LinkedIn API (v1).
 *
 * Checked against Unipile's own material (not guessed):
 * - developer.unipile.com/docs/posts-and-comments: LinkedIn has several ids for one post; every action
 *   must use the post's `social_id`, obtained from "Retrieve a post" (`GET /api/v1/posts/{post_id}?account_id=`)
 *   called with the numeric id for an `activity` URL, and with `urn:li:ugcPost:<id>` / `urn:li:share:<id>`
 *   for `ugcPost` / `share` URLs. Their examples put the URN in the path as is (colons not escaped), so we
 *   do the same; any other reserved character would be escaped.
 * - unipile-node-sdk (src/resources/users.resource.ts, src/request-sender.ts): headers `X-API-KEY` and
 *   `accept: application/json`; `getPost` = GET `posts/{post_id}` with `account_id` in the query;
 *   `sendPostReaction` = POST `posts/reaction`, JSON body `{account_id, post_id, reaction_type}` where
 *   reaction_type is like|celebrate|support|love|insightful|funny; success `{"object": "ReactionAdded"}`.
 *   `comment_id` (react to a comment of the post) is not in the SDK's type; we take it from Unipile's
 *   "Add a reaction to a post" reference as quoted by a third-party mirror (withone.ai), not first-hand.
 * - developer.unipile.com error responses: RFC 7807-like body `{type, status, title, detail}` with
 *   `type` = `<thrower>/<slug>`; rate-limit reference: a 429 `api/too_many_requests` carries `retry-after`
 *   (seconds), a 429 `provider/too_many_requests` (LinkedIn throttling) may not.
 */
import type { ActingAccount, NetworkProvider, ProviderResult, ReactInput } from './provider';
import { ProviderError } from './provider';
import type { PostRef } from './post-url';

export interface UnipileProviderOptions {
  /** `api8.unipile.com:13851` (https is implied) or a full base URL such as `http://127.0.0.1:4010`. */
  dsn: string;
  apiKey: string;
  /** Injected for tests; the Node global by default. */
  fetch?: typeof fetch;
  /** Per HTTP call, body included. Default 10 s. */
  timeoutMs?: number;
}

/** Unipile's problem body; every field may be missing on a misbehaving answer. */
interface Problem {
  type?: unknown;
  title?: unknown;
  detail?: unknown;
}

type Step = 'get_post' | 'react';
const stepLabel: Record<Step, string> = { get_post: 'look up the post', react: 'add the reaction' };
const DETAIL_MAX = 300;

/**
 * {@link NetworkProvider} backed by Unipile. Each call maps every failure to a {@link ProviderError}:
 * 429, 5xx, timeouts and network errors are retryable (with `retryAfterSeconds` from `retry-after`);
 * 401/403, 404 and other 4xx are final, with Unipile's error type as the reason. Messages carry
 * Unipile's `detail` (truncated) and never the API key.
 */
export class UnipileProvider implements NetworkProvider {
  readonly name = 'unipile' as const;
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: UnipileProviderOptions) {
    this.baseUrl = baseUrlFromDsn(options.dsn);
    this.apiKey = options.apiKey;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async react({ account, post, reactionType }: ReactInput): Promise<ProviderResult> {
    const socialId = await this.socialIdOf(account, post);
    await this.request('react', 'POST', '/posts/reaction', {
      body: {
        account_id: account.providerAccountId,
        post_id: socialId,
        reaction_type: reactionType,
        ...(post.commentId !== undefined ? { comment_id: post.commentId } : {}),
      },
    });
    return { provider: 'unipile', outcome: 'reacted', details: { socialId } };
  }

  /** The post's `social_id`, the only id Unipile's actions reliably accept for LinkedIn. */
  private async socialIdOf(account: ActingAccount, post: PostRef): Promise<string> {
    const postId = post.kind === 'activity' ? post.id : post.urn;
    const found = await this.request('get_post', 'GET', `/posts/${pathSegment(postId)}`, {
      query: { account_id: account.providerAccountId },
    });
    const socialId = isRecord(found) ? found.social_id : undefined;
    if (typeof socialId !== 'string' || socialId === '') {
      throw new ProviderError('provider_bad_response', `Unipile returned post ${postId} without a social_id.`, false);
    }
    return socialId;
  }

  /** One call; the parsed JSON body of a 2xx answer, or a ProviderError. */
  private async request(
    step: Step,
    method: 'GET' | 'POST',
    path: string,
    { query, body }: { query?: Record<string, string>; body?: unknown },
  ): Promise<unknown> {
    const url = `${this.baseUrl}${path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;
    const headers: Record<string, string> = { 'X-API-KEY': this.apiKey, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    let text: string;
    try {
      response = await this.fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        // A redirect would carry the API key elsewhere; Unipile's API does not redirect.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw this.transportError(step, error);
    }

    const json = parseJson(text);
    if (response.status >= 200 && response.status < 300) return json;
    throw this.httpError(step, response, isRecord(json) ? json : {});
  }

  private transportError(step: Step, error: unknown): ProviderError {
    // Duck-typed: the DOMException of AbortSignal.timeout may come from another realm (e.g. under jest).
    const name = isRecord(error) && typeof error.name === 'string' ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      // A timed-out reaction may have been applied; reacting again is harmless (same reaction).
      return new ProviderError('provider_timeout', `Unipile did not answer in time to ${stepLabel[step]}.`, true, {
        cause: error,
      });
    }
    return new ProviderError('provider_unavailable', `Unipile could not be reached to ${stepLabel[step]}.`, true, {
      cause: error,
    });
  }

  private httpError(step: Step, response: Response, problem: Problem): ProviderError {
    const { status } = response;
    const type = typeof problem.type === 'string' ? problem.type : '';
    const what = `Unipile answered ${status}${type ? ` ${type}` : ''} to ${stepLabel[step]}`;
    const detail = this.detailOf(problem);
    const message = detail ? `${what}: ${detail}` : `${what}.`;

    if (status === 429) {
      const reason = type === 'provider/too_many_requests' ? 'provider_rate_limited' : 'rate_limited';
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
      return new ProviderError(reason, message, true, { status, retryAfterSeconds });
    }
    if (status >= 500) return new ProviderError('provider_unavailable', message, true, { status });
    if (status === 408) return new ProviderError('provider_timeout', message, true, { status });
    if (status === 401 || status === 403) return new ProviderError('provider_auth_failed', message, false, { status });
    if (status === 404) return new ProviderError('post_not_found', message, false, { status });
    if (status >= 400) return new ProviderError(slugOf(type) ?? 'provider_rejected', message, false, { status });
    return new ProviderError('provider_bad_response', message, false, { status });
  }

  /** Unipile's explanation, shortened, with the API key masked should it ever be echoed back. */
  private detailOf(problem: Problem): string {
    const raw = typeof problem.detail === 'string' && problem.detail ? problem.detail : problem.title;
    if (typeof raw !== 'string') return '';
    const safe = (this.apiKey ? raw.split(this.apiKey).join('[redacted]') : raw).trim();
    return safe.length > DETAIL_MAX ? `${safe.slice(0, DETAIL_MAX - 1)}…` : safe;
  }
}

/** `host[:port]` or a URL with a scheme → `<origin>/api/v1`. */
function baseUrlFromDsn(dsn: string): string {
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

/** Escapes a path segment, keeping `:` as Unipile's examples write URNs (`/posts/urn:li:ugcPost:1`). */
function pathSegment(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
}

/** `errors/comments_disabled` → `comments_disabled`; undefined when there is nothing usable. */
function slugOf(type: string): string | undefined {
  const slug = (type.split('/').pop() ?? '').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return slug || undefined;
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

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
