/**
 * The real network provider, through Unipile's LinkedIn API (v1). Every endpoint, field and error
 * this file relies on, and where each was checked, is in docs/unipile.md: read it before changing a
 * call here.
 */
import type {
  ActingAccount,
  CommentInput,
  ConnectLinkInput,
  InviteInput,
  ListRelationsInput,
  MessageInput,
  OwnProfile,
  ReactInput,
  Relation,
  RelationsPage,
  RelationState,
  ResolvedProfile,
  ResolveProfileInput,
} from './network-actions';
import type { NetworkProvider, ProviderResult } from './provider';
import type { PostRef } from './model/post-url';
import { normaliseProfileUrl, normalisePublicId, profilePublicId, profileUrlOf } from './model/profile-url';
import { ProviderError } from '../errors';
import { meaningOf } from './unipile-errors';
import type { Secret } from '../secrets';

export interface UnipileProviderOptions {
  /** `api8.unipile.com:13851` (https is implied) or a full base URL such as `http://127.0.0.1:4010`. */
  dsn: string;
  /** The key, or how to read it when a call needs it (deployed: from SSM, lib/secrets.ts). */
  apiKey: string | Secret;
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

type Step =
  | 'get_post'
  | 'react'
  | 'comment'
  | 'get_profile'
  | 'invite'
  | 'start_chat'
  | 'send_message'
  | 'list_relations'
  | 'create_link'
  | 'get_own_profile';
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
};
/** The steps that act for an account: a 404 naming the account there means Unipile no longer has its login. */
const actingSteps = new Set<Step>(['get_post', 'react', 'comment', 'get_profile', 'invite', 'start_chat', 'send_message']);
/** Reasons of the v1 table (unipile-errors.ts) that mean something else at one step. */
const stepReasons: Partial<Record<Step, Record<string, string>>> = {
  invite: { text_too_long: 'note_too_long', already_done: 'already_invited' },
};
const DETAIL_MAX = 300;

/**
 * {@link NetworkProvider} backed by Unipile. Each call maps every failure to a {@link ProviderError}
 * through Unipile's v1 error table (unipile-errors.ts): 429 (the network throttling the account),
 * 5xx, timeouts and network errors are retryable, with `retryAfterSeconds` from `retry-after` when
 * one is sent; other refusals are final, named by the table, by the step for a 404
 * (`notFoundReason`), else by Unipile's slug. A POST that may have been applied (a timeout, a
 * reset, a 504) says so (`outcomeUnknown`). Messages carry Unipile's `detail` (truncated) and never
 * the API key.
 */
export class UnipileProvider implements NetworkProvider {
  readonly name = 'unipile' as const;
  private readonly baseUrl: string;
  /** The DSN as a URL without `/api/v1`: the hosted auth wizard's `api_url`. */
  private readonly apiUrl: string;
  private readonly apiKey: Secret;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: UnipileProviderOptions) {
    this.baseUrl = baseUrlFromDsn(options.dsn);
    this.apiUrl = this.baseUrl.slice(0, -'/api/v1'.length);
    const { apiKey } = options;
    this.apiKey = typeof apiKey === 'string' ? async () => apiKey : apiKey;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async react({ account, post, reactionType }: ReactInput): Promise<ProviderResult> {
    const socialId = await this.socialIdOf(account, post);
    try {
      await this.request('react', 'POST', '/posts/reaction', {
        body: {
          account_id: account.providerAccountId,
          post_id: socialId,
          reaction_type: reactionType,
          ...(post.commentId !== undefined ? { comment_id: post.commentId } : {}),
        },
      });
    } catch (error) {
      // `errors/action_already_performed`: the reaction is there (a retry after a lost answer): done.
      if (!(error instanceof ProviderError) || error.reason !== 'already_done') throw error;
      return { provider: 'unipile', outcome: 'reacted', details: { socialId, alreadyThere: 'true' } };
    }
    return { provider: 'unipile', outcome: 'reacted', details: { socialId } };
  }

  /** Comments on a post, or replies to the comment of `post.commentId`. */
  async comment({ account, post, text }: CommentInput): Promise<ProviderResult> {
    const socialId = await this.socialIdOf(account, post);
    const answer = await this.request('comment', 'POST', `/posts/${pathSegment(socialId)}/comments`, {
      body: {
        account_id: account.providerAccountId,
        text,
        ...(post.commentId !== undefined ? { comment_id: post.commentId } : {}),
      },
    });
    const commentId = stringField(answer, 'comment_id');
    return {
      provider: 'unipile',
      outcome: 'commented',
      details: { socialId, ...(commentId !== undefined ? { commentId } : {}) },
    };
  }

  /** The person behind a profile URL, with the acting account's relation to them. */
  async resolveProfile({ account, profileUrl }: ResolveProfileInput): Promise<ResolvedProfile> {
    const normalised = normaliseProfileUrl(profileUrl);
    if (normalised === undefined) {
      throw new ProviderError('invalid_profile_url', 'Not a profile URL of the network (/in/<id>).', false);
    }
    const wanted = profilePublicId(normalised);
    const found = await this.request('get_profile', 'GET', `/users/${pathSegment(wanted)}`, {
      query: { account_id: account.providerAccountId },
    });
    const providerId = stringField(found, 'provider_id');
    if (providerId === undefined) {
      throw new ProviderError('provider_bad_response', `Unipile returned profile ${wanted} without a provider_id.`, false);
    }
    const name = [stringField(found, 'first_name'), stringField(found, 'last_name')]
      .filter((part) => part !== undefined)
      .join(' ')
      .trim();
    return {
      providerId,
      publicIdentifier: stringField(found, 'public_identifier') ?? wanted,
      ...(name ? { name } : {}),
      relation: relationOf(found),
    };
  }

  /** Sends an invitation to connect, with an optional note. */
  async invite({ account, providerId, message, email }: InviteInput): Promise<ProviderResult> {
    const answer = await this.request('invite', 'POST', '/users/invite', {
      body: {
        account_id: account.providerAccountId,
        provider_id: providerId,
        ...(message !== undefined && message !== '' ? { message } : {}),
        ...(email !== undefined && email !== '' ? { user_email: email } : {}),
      },
    });
    // The invitation is sent even if the answer lacks its id: failing here would invite twice on retry.
    const invitationId = stringField(answer, 'invitation_id');
    return {
      provider: 'unipile',
      outcome: 'invited',
      details: invitationId !== undefined ? { invitationId } : {},
    };
  }

  /** Sends a direct message: in `chatId` when given, else in a new conversation with the person. */
  async sendMessage({ account, providerId, chatId, text }: MessageInput): Promise<ProviderResult> {
    const form = new FormData();
    if (chatId !== undefined && chatId !== '') {
      form.append('text', text);
      const answer = await this.request('send_message', 'POST', `/chats/${pathSegment(chatId)}/messages`, { body: form });
      const messageId = stringField(answer, 'message_id');
      return {
        provider: 'unipile',
        outcome: 'messaged',
        details: { chatId, ...(messageId !== undefined ? { messageId } : {}) },
      };
    }
    form.append('account_id', account.providerAccountId);
    form.append('attendees_ids', providerId);
    form.append('text', text);
    const answer = await this.request('start_chat', 'POST', '/chats', { body: form });
    const newChatId = stringField(answer, 'chat_id');
    const messageId = stringField(answer, 'message_id');
    return {
      provider: 'unipile',
      outcome: 'messaged',
      details: {
        ...(newChatId !== undefined ? { chatId: newChatId } : {}),
        ...(messageId !== undefined ? { messageId } : {}),
      },
    };
  }

  /** One page of the acting account's first-degree connections. */
  async listRelations({ account, cursor, limit }: ListRelationsInput): Promise<RelationsPage> {
    const query: Record<string, string> = { account_id: account.providerAccountId };
    if (limit !== undefined && Number.isInteger(limit) && limit > 0) query.limit = String(limit);
    if (cursor !== undefined && cursor !== '') query.cursor = cursor;
    const page = await this.request('list_relations', 'GET', '/users/relations', { query });
    const items = isRecord(page) ? page.items : undefined;
    if (!Array.isArray(items)) {
      throw new ProviderError('provider_bad_response', 'Unipile returned relations without items.', false);
    }
    const relations = items.map(relationFrom);
    const next = stringField(page, 'cursor');
    return { relations, ...(next !== undefined ? { cursor: next } : {}) };
  }

  /**
   * A link to Unipile's hosted auth wizard, where the owner of a LinkedIn login connects it (`create`)
   * or connects it again (`reconnect`). Body as "Hosted auth wizard" (developer.unipile.com/docs/hosted-auth)
   * and the SDK's `createHostedAuthLink` write it; Unipile answers `{object: "HostedAuthURL", url}` and,
   * once the login is connected, posts `{status, account_id, name}` to `notify_url`.
   */
  async createConnectLink(input: ConnectLinkInput): Promise<{ url: string }> {
    const reconnecting = input.type === 'reconnect';
    if (reconnecting && !input.reconnectProviderAccountId) {
      throw new ProviderError('invalid_connect_link', 'A reconnect link needs the login to reconnect (reconnectProviderAccountId).', false);
    }
    const answer = await this.request('create_link', 'POST', '/hosted/accounts/link', {
      body: {
        type: input.type,
        // The SDK's reconnect body has no `providers`: the login's own provider is implied.
        ...(reconnecting ? { reconnect_account: input.reconnectProviderAccountId } : { providers: ['LINKEDIN'] }),
        api_url: this.apiUrl,
        // "YYYY-MM-DDTHH:MM:SS.sssZ", as toISOString writes it.
        expiresOn: input.expiresAt.toISOString(),
        notify_url: input.notifyUrl,
        name: input.reference,
        ...(input.successRedirectUrl ? { success_redirect_url: input.successRedirectUrl } : {}),
        ...(input.failureRedirectUrl ? { failure_redirect_url: input.failureRedirectUrl } : {}),
      },
    });
    const url = stringField(answer, 'url');
    if (url === undefined || !/^https?:\/\//i.test(url)) {
      throw new ProviderError('provider_bad_response', 'Unipile returned a hosted auth link without a URL.', false);
    }
    return { url };
  }

  /**
   * The profile of the connected login itself: GET /api/v1/users/me?account_id= (the SDK's
   * `getOwnProfile`), a LinkedIn `AccountOwnerProfile` with `public_identifier`, `public_profile_url`,
   * `first_name` and `last_name`.
   */
  async getOwnProfile(providerAccountId: string): Promise<OwnProfile> {
    const found = await this.request('get_own_profile', 'GET', '/users/me', { query: { account_id: providerAccountId } });
    const publicId = normalisePublicId(stringField(found, 'public_identifier') ?? '');
    const profileUrl =
      publicId !== undefined ? profileUrlOf(publicId) : normaliseProfileUrl(stringField(found, 'public_profile_url') ?? '');
    if (profileUrl === undefined) {
      throw new ProviderError('provider_bad_response', "Unipile returned the login's profile without a public identifier.", false);
    }
    const name = [stringField(found, 'first_name'), stringField(found, 'last_name')]
      .filter((part) => part !== undefined)
      .join(' ')
      .trim();
    // LinkedIn always has a name; should it be missing, the profile's id still tells the owner which login it is.
    return { profileUrl, name: name || profilePublicId(profileUrl) };
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
  /** `body`: JSON, or a FormData sent as multipart (fetch sets its content-type with the boundary). */
  private async request(
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

/** Escapes a path segment, keeping `:` as Unipile's examples write URNs (`/posts/urn:li:ugcPost:1`). */
function pathSegment(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
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

/** Connected, invitation sent and pending, or neither; see the class comment for the fields read. */
function relationOf(profile: unknown): RelationState {
  if (!isRecord(profile)) return 'not_connected';
  if (profile.network_distance === 'FIRST_DEGREE' || profile.is_relationship === true) return 'connected';
  const invitation = profile.invitation;
  if (isRecord(invitation) && invitation.type === 'SENT' && invitation.status === 'PENDING') return 'invitation_pending';
  return 'not_connected';
}

/** One `UserRelation` item; an item without ids fails loudly rather than silently shrinking the list. */
function relationFrom(item: unknown): Relation {
  const providerId = stringField(item, 'member_id');
  const publicIdentifier = stringField(item, 'public_identifier');
  if (providerId === undefined || publicIdentifier === undefined) {
    throw new ProviderError('provider_bad_response', 'Unipile returned a relation without member_id or public_identifier.', false);
  }
  const profileUrl =
    normaliseProfileUrl(stringField(item, 'public_profile_url') ?? '') ??
    profileUrlOf(normalisePublicId(publicIdentifier) ?? publicIdentifier);
  const createdAt = isRecord(item) ? isoDate(item.created_at) : undefined;
  return { providerId, publicIdentifier, profileUrl, ...(createdAt !== undefined ? { createdAt } : {}) };
}

/** Epoch milliseconds (as the SDK types `created_at`) or a date string → ISO 8601; undefined otherwise. */
function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (value === '') return undefined;
  const date = new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A non-empty string field of a JSON object; undefined for anything else (null included). */
function stringField(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return typeof field === 'string' && field !== '' ? field : undefined;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
