/**
 * A real local HTTP server answering as Unipile's documented v1 API does, for the provider's tests.
 * It checks `X-API-KEY`, records every request, and fails or hangs on demand.
 *
 * Shapes follow developer.unipile.com and the official unipile-node-sdk, whose response schemas judge
 * every answer (tests/slow/lib/network/unipile-sdk-contract.test.ts): "Retrieve a post"
 * (GET /api/v1/posts/{post_id}?account_id=) answers a `Post` with its `social_id`; "Add a reaction"
 * (POST /api/v1/posts/reaction, JSON {account_id, post_id, reaction_type?, comment_id?}) answers
 * 201 {"object":"ReactionAdded"}. Errors are v1's only (lib/network/unipile-errors.ts):
 * `{status, type: "errors/<slug>", title, detail}`; a 429 is `errors/too_many_requests`. Which 401
 * Unipile gives a wrong API key is not documented: the fake answers two types of the v1 401 enum,
 * `errors/missing_credentials` ("Some credentials are necessary to perform the request.") without
 * one and `errors/invalid_credentials` ("The provided credentials are invalid.") for a wrong one.
 *
 * Webhooks it posts (account status, events, the hosted-auth report) carry no content type, as
 * Unipile's webhooks made through its API do (`postAsWebhook`). Accounts and webhooks: GET
 * /api/v1/accounts lists the registered logins (`AccountList`), POST /api/v1/webhooks registers one
 * ({request_url, source, headers?, …} → 201 {"object":"WebhookCreated", webhook_id}) and GET
 * /api/v1/webhooks lists them (`WebhookList`, with their `headers`).
 *
 * Outreach routes (shapes from unipile-node-sdk's typed responses, see lib/network/unipile.ts):
 * - POST /api/v1/posts/{social_id}/comments, JSON {account_id, text (1..1250), comment_id?} → 201 {"object":"CommentSent"}.
 * - GET /api/v1/users/{identifier}?account_id= → a LinkedIn `UserProfile` (`provider_id`, `public_identifier`,
 *   `first_name`, `last_name`, `network_distance`, `is_relationship`, `invitation?`); `setProfile` merges over a
 *   default second-degree profile; `MISSING_PROFILE_ID` answers 404. A profile invited through the fake shows
 *   `invitation: {type: 'SENT', status: 'PENDING'}`.
 * - POST /api/v1/users/invite, JSON {account_id, provider_id, message? (≤300, else 400 errors/too_many_characters),
 *   user_email?} → 200 {"object":"UserInvitationSent", invitation_id}; inviting the same provider_id again
 *   → 422 errors/already_invited_recently.
 * - POST /api/v1/chats, multipart {account_id, attendees_ids (repeated), text} → 201 {"object":"ChatStarted", chat_id,
 *   message_id}; POST /api/v1/chats/{chat_id}/messages, multipart {text} → 201 {"object":"MessageSent", message_id};
 *   `MISSING_CHAT_ID` answers 404. Multipart bodies are recorded as `fields`.
 * - POST /api/v1/posts, multipart {account_id, text (both non-empty), attachments?, mentions?, external_link?,
 *   as_organization?} → 201 {"object":"PostCreated", post_id} ("Create a post", operationId
 *   PostsController_createPost; the SDK's `users.resource.js` createPost and CreatePostResponseSchema). The post
 *   is kept: GET /api/v1/posts/{post_id} then answers it, with its text, a `social_id` `urn:li:activity:<id>` and
 *   a `share_url` of the /posts/ form. `respondNext({status: 201, body: {object: 'PostCreated', post_id: null}})`
 *   plays the post published without an id.
 * - GET /api/v1/users/relations?account_id=&limit=&cursor= → {"object":"UserRelationsList", items, cursor|null}
 *   over `setRelations(...)`, paged by an opaque cursor (default page size 10 here).
 *
 * Connecting logins ("Hosted auth wizard", developer.unipile.com/docs/hosted-auth; the SDK's
 * `createHostedAuthLink` and its `HostedAuthCreateLinkBody`/`HostedAuthReconnectLinkBody`):
 * - POST /api/v1/hosted/accounts/link, JSON {type: 'create', providers: '*' | [...], api_url, expiresOn,
 *   name?, notify_url?, success_redirect_url?, failure_redirect_url?} or {type: 'reconnect', reconnect_account, …}
 *   → 201 {"object":"HostedAuthUrl", url}; `url` is a page of the fake (GET /hosted/{token}, no API key, as a
 *   browser opens it). A past or unreadable `expiresOn` → 400.
 * - `completeHostedAuth(...)` plays the person finishing the wizard: it registers the login and posts
 *   {status: 'CREATION_SUCCESS' | 'RECONNECTED', account_id, name} to the link's `notify_url`.
 * - GET /api/v1/users/me?account_id= → the login's `AccountOwnerProfile` (for logins registered through
 *   `completeHostedAuth` or `registerLogin`; 404 for others).
 * - `disconnect(accountId)`: every call naming that `account_id` (query, JSON or multipart) answers
 *   401 errors/disconnected_account, "The account appears to be disconnected from the provider service."
 *   (the type Unipile's API reference lists under 401); a reconnect through `completeHostedAuth` clears it.
 * - `sendAccountStatus(...)` posts the account status webhook body {"AccountStatus": {account_id, account_type,
 *   message}} ("Account status updates", developer.unipile.com/docs/account-lifecycle).
 *
 * Add a route: append to `routes` below (method, path with `:params`, handler returning a reply).
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { WEBHOOK_SECRET_HEADER } from '../../lib/schemas/unipile-webhook';
import { accountStatusExample } from './unipile-webhook-examples';

/** One request as the fake received it. `path` is the raw path (not decoded), without the query. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body when the request said `content-type: application/json`. */
  body: unknown;
  /** Parts of a `multipart/form-data` body, every value as a list (files as their name). */
  fields?: Record<string, string[]>;
  rawBody: string;
}

/** A failure to answer instead of the route's normal reply. */
export interface FakeFailure {
  status: number;
  /** Unipile's v1 error type, e.g. `errors/limit_exceeded`, `errors/too_many_requests`. */
  type?: string;
  title?: string;
  detail?: string;
  /** `retry-after` header: seconds, or an HTTP date string. */
  retryAfter?: number | string;
  /** Replaces the whole JSON body (e.g. to send something malformed). */
  body?: unknown;
  /** Only requests whose `"METHOD /path"` starts with this; any request when absent. */
  match?: string;
}

/** What `GET /api/v1/posts/{id}` answers for one post id (as written in the URL, decoded). */
export type FakePost = Record<string, unknown> | 'not_found';

/** Fields merged over the default profile answered for a public identifier, or `'not_found'` (404). */
export type FakeProfile = Record<string, unknown> | 'not_found';

/** One relation as Unipile lists it (`UserRelation`); the fake adds `object`. */
export interface FakeRelation {
  member_id: string;
  public_identifier: string;
  public_profile_url: string;
  first_name?: string;
  last_name?: string;
  headline?: string;
  created_at?: number;
  member_urn?: string;
  connection_urn?: string;
}

/** A connected login, as the fake's GET /api/v1/users/me describes it. */
export interface FakeLogin {
  publicIdentifier: string;
  /** Display name, split at its first space into `first_name` and `last_name`. */
  name: string;
}

/** How the person finishes a hosted auth wizard: the login it connects. */
export interface FakeHostedAuthCompletion extends FakeLogin {
  /** Unipile's `account_id` of the login; a reconnect link's `reconnect_account` by default (required for create). */
  accountId?: string;
  /**
   * The login answers no call for this long after the report ("Account can take few seconds to be
   * able to perform requests", developer.unipile.com/docs/account-lifecycle). What Unipile answers
   * meanwhile is not documented: the fake answers v1's 503 `errors/no_client_session`, "No client
   * session is currently running."
   */
  readyAfterMs?: number;
}

/** One link POST /api/v1/hosted/accounts/link created, with the body it was created with. */
export interface FakeHostedLink {
  url: string;
  body: Record<string, unknown>;
  /** Made before the last `restartDaily()`: it no longer opens, whatever its `expiresOn`. */
  restarted?: boolean;
}

export interface FakeUnipile {
  /** Base URL to give the provider as its DSN, e.g. `http://127.0.0.1:40123`. */
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** Queues one failure: the next matching request gets it (failures are used in order). */
  failNext(failure: FakeFailure): void;
  /** The next matching request never gets an answer (until close): for timeouts. */
  hang(match?: string): void;
  /**
   * The next matching request is carried out (a comment posted, an invitation sent), but its answer
   * comes `delayMs` later: a timeout after the fact, the case where a blind retry would post twice.
   */
  answerLate(match: string, delayMs: number): void;
  /** Queues one answer of any status and body instead of the route's (same queue and matching as failNext). */
  respondNext(reply: FakeFailure): void;
  /** Overrides the post answered for one id; `'not_found'` makes it answer 404. */
  setPost(postId: string, post: FakePost): void;
  /** Fields of the profile answered for one public identifier (merged over the default), or `'not_found'`. */
  setProfile(publicIdentifier: string, profile: FakeProfile): void;
  /** The account's relations, in the order pages list them. */
  setRelations(relations: FakeRelation[]): void;
  /** The hosted auth links created so far, oldest first. */
  readonly hostedLinks: FakeHostedLink[];
  /**
   * Plays the person finishing the wizard of a link (its URL, or the `name` it was created with: the
   * newest such link): registers the login, connected, and posts Unipile's notification to the link's
   * `notify_url` over real HTTP. Resolves with the notify URL's response; rejects for an unknown or
   * expired link, or one without `notify_url`.
   */
  completeHostedAuth(linkUrlOrName: string, login: FakeHostedAuthCompletion): Promise<Response>;
  /** Registers a connected login directly (what a finished wizard does), for GET /api/v1/users/me. */
  registerLogin(accountId: string, login: FakeLogin): void;
  /**
   * Unipile's daily restart: "All links expire upon daily restart, regardless of their stated
   * expiration date" ("Hosted auth wizard", developer.unipile.com/docs/hosted-auth). Every hosted
   * link made so far stops opening. What Unipile shows for such a link is not documented: the fake's
   * page answers v1's 401 `errors/expired_link`, "This link has expired. Please return to the
   * application and generate a new one."
   */
  restartDaily(): void;
  /** From now on, every call naming this `account_id` answers 401 errors/disconnected_account (`false` undoes it). */
  disconnect(accountId: string, disconnected?: boolean): void;
  /**
   * Posts Unipile's account status webhook body for a login to `webhookUrl`, with the shared secret in
   * the `x-webhook-secret` header (as the webhook is registered with it) and no content type, as
   * Unipile sends it. Resolves with the response.
   */
  sendAccountStatus(webhookUrl: string, secretHeaderValue: string, accountId: string, message: string): Promise<Response>;
  close(): Promise<void>;
}

/** A post id the fake always answers 404 for. */
export const MISSING_POST_ID = '7000000000000000404';
/** A public identifier the fake always answers 404 for. */
export const MISSING_PROFILE_ID = 'nobody-404';
/** A chat id the fake always answers 404 for. */
export const MISSING_CHAT_ID = 'chat-missing-404';
/** The provider id the fake's default profile has for a public identifier. */
export function fakeProviderId(publicIdentifier: string): string {
  return `ACoAAF${Buffer.from(publicIdentifier).toString('base64url')}`;
}

const COMMENT_MAX = 1250;
const NOTE_MAX = 300;
const RELATIONS_PAGE = 10;

const reactionTypes = ['like', 'celebrate', 'support', 'love', 'insightful', 'funny'];

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface FakeState {
  posts: Map<string, FakePost>;
  profiles: Map<string, FakeProfile>;
  /** provider_id → invitation_id of invitations sent through the fake. */
  invitations: Map<string, string>;
  relations: FakeRelation[];
  /** Hosted auth links by the token of their URL. */
  links: Map<string, FakeHostedLink>;
  /** account_id → the connected login. */
  logins: Map<string, FakeLogin>;
  /** account_ids whose calls answer 401 errors/disconnected_account. */
  disconnected: Set<string>;
  /** account_id → until when (epoch ms) its calls answer 503 errors/no_client_session: a login just connected. */
  notReadyUntil: Map<string, number>;
  /** Webhooks registered with POST /api/v1/webhooks, oldest first. */
  webhooks: Array<FakeWebhookBody & { id: string }>;
  /** The fake's own base URL (known once it listens): hosted auth links point to it. */
  baseUrl: string;
  seq: number;
}

interface RouteContext {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  fields: Record<string, string[]> | undefined;
  state: FakeState;
}

interface Route {
  method: string;
  path: string;
  handle(ctx: RouteContext): Reply;
}

const routes: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/posts/reaction',
    handle({ body }) {
      const problem = invalidReaction(body);
      if (problem) return error(400, 'errors/invalid_parameters', 'Invalid parameters', problem);
      return { status: 201, body: { object: 'ReactionAdded' } };
    },
  },
  {
    method: 'GET',
    path: '/api/v1/posts/:post_id',
    handle({ params, query, state }) {
      if (!query.account_id) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'account_id is required.');
      const postId = params.post_id ?? '';
      const post = state.posts.get(postId) ?? (postId === MISSING_POST_ID ? 'not_found' : defaultPost(postId));
      if (post === 'not_found') {
        return error(404, 'errors/resource_not_found', 'Resource not found.', `Post ${postId} could not be found.`);
      }
      return { status: 200, body: post };
    },
  },
  {
    method: 'POST',
    path: '/api/v1/posts/:social_id/comments',
    handle({ params, body, state }) {
      const problem = invalidComment(body);
      if (problem) return error(400, 'errors/invalid_parameters', 'Invalid parameters', problem);
      const socialId = params.social_id ?? '';
      if (socialId.endsWith(`:${MISSING_POST_ID}`) || socialId === MISSING_POST_ID) {
        return error(404, 'errors/resource_not_found', 'Resource not found.', `Post ${socialId} could not be found.`);
      }
      state.seq += 1;
      return { status: 201, body: { object: 'CommentSent' } };
    },
  },
  {
    method: 'POST',
    path: '/api/v1/hosted/accounts/link',
    handle({ body, state }) {
      const problem = invalidHostedLink(body);
      if (problem) return error(400, 'errors/invalid_parameters', 'Invalid parameters', problem);
      const token = randomBytes(12).toString('base64url');
      const link: FakeHostedLink = { url: `${state.baseUrl}/hosted/${token}`, body: body as Record<string, unknown> };
      state.links.set(token, link);
      // `HostedAuthUrl`, as the SDK's HostedAuthLinkResponseSchema has it (the guide's example writes `HostedAuthURL`).
      return { status: 201, body: { object: 'HostedAuthUrl', url: link.url } };
    },
  },
  {
    method: 'GET',
    path: '/api/v1/accounts',
    handle({ state }) {
      const items = [...state.logins].map(([accountId, login]) => linkedinAccount(accountId, login, state.disconnected.has(accountId)));
      return { status: 200, body: { object: 'AccountList', items, cursor: null } };
    },
  },
  {
    method: 'POST',
    path: '/api/v1/webhooks',
    handle({ body, state }) {
      const problem = invalidWebhook(body);
      if (problem) return error(400, 'errors/invalid_parameters', 'Invalid parameters', problem);
      state.seq += 1;
      const webhook = { ...(body as FakeWebhookBody), id: `wh-${state.seq}` };
      state.webhooks.push(webhook);
      return { status: 201, body: { object: 'WebhookCreated', webhook_id: webhook.id } };
    },
  },
  {
    method: 'GET',
    path: '/api/v1/webhooks',
    handle({ state }) {
      return { status: 200, body: { object: 'WebhookList', items: state.webhooks.map(webhookItem), cursor: null } };
    },
  },
  // Before /users/:identifier, which would otherwise take `me` for an identifier.
  {
    method: 'GET',
    path: '/api/v1/users/me',
    handle({ query, state }) {
      if (!query.account_id) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'account_id is required.');
      const login = state.logins.get(query.account_id);
      if (!login) return error(404, 'errors/resource_not_found', 'Resource not found.', `Account ${query.account_id} could not be found.`);
      return { status: 200, body: ownerProfile(query.account_id, login) };
    },
  },
  // Before /users/:identifier, which would otherwise take `relations` for an identifier.
  {
    method: 'GET',
    path: '/api/v1/users/relations',
    handle({ query, state }) {
      if (!query.account_id) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'account_id is required.');
      let start = 0;
      let limit = RELATIONS_PAGE;
      if (query.limit !== undefined) {
        limit = Number(query.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
          return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'limit must be an integer from 1 to 1000.');
        }
      }
      if (query.cursor !== undefined) {
        const decoded = decodeCursor(query.cursor);
        if (!decoded) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'cursor is not valid.');
        ({ start } = decoded);
        if (query.limit === undefined) ({ limit } = decoded);
      }
      const items = state.relations.slice(start, start + limit).map(relationItem);
      const next = start + limit < state.relations.length ? encodeCursor({ start: start + limit, limit }) : null;
      return { status: 200, body: { object: 'UserRelationsList', items, cursor: next } };
    },
  },
  {
    method: 'GET',
    path: '/api/v1/users/:identifier',
    handle({ params, query, state }) {
      if (!query.account_id) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'account_id is required.');
      const identifier = params.identifier ?? '';
      const override = state.profiles.get(identifier);
      if (override === 'not_found' || identifier === MISSING_PROFILE_ID) {
        return error(404, 'errors/resource_not_found', 'Resource not found.', `User ${identifier} could not be found.`);
      }
      const profile = { ...defaultProfile(identifier), ...override };
      const invited = typeof profile.provider_id === 'string' && state.invitations.has(profile.provider_id);
      if (invited && profile.invitation === undefined) profile.invitation = { type: 'SENT', status: 'PENDING' };
      return { status: 200, body: profile };
    },
  },
  {
    method: 'POST',
    path: '/api/v1/users/invite',
    handle({ body, state }) {
      const problem = invalidInvite(body);
      if (problem) return error(problem.status, problem.type, 'Invalid parameters', problem.detail);
      const providerId = (body as { provider_id: string }).provider_id;
      if (state.invitations.has(providerId)) {
        return error(422, 'errors/already_invited_recently', 'Already invited recently', 'An invitation was already sent to this user.');
      }
      state.seq += 1;
      const invitationId = `7${String(state.seq).padStart(18, '0')}`;
      state.invitations.set(providerId, invitationId);
      return { status: 200, body: { object: 'UserInvitationSent', invitation_id: invitationId } };
    },
  },
  {
    method: 'POST',
    path: '/api/v1/posts',
    handle({ fields, state }) {
      if (!fields) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'A multipart/form-data body is required.');
      if (!fields.account_id?.[0]) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'account_id is required.');
      if (!fields.text?.[0]) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'text is required.');
      state.seq += 1;
      const postId = `73${String(state.seq).padStart(17, '0')}`;
      state.posts.set(postId, {
        ...defaultPost(postId),
        text: fields.text[0],
        date: 'now',
        share_url: `https://www.linkedin.com/posts/fake-author_a-post-activity-${postId}-AbCd/`,
        reaction_counter: 0,
        comment_counter: 0,
        repost_counter: 0,
        impressions_counter: 0,
      });
      return { status: 201, body: { object: 'PostCreated', post_id: postId } };
    },
  },
  {
    method: 'POST',
    path: '/api/v1/chats',
    handle({ fields, state }) {
      if (!fields) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'A multipart/form-data body is required.');
      if (!fields.account_id?.[0]) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'account_id is required.');
      if (!fields.attendees_ids?.length || fields.attendees_ids.some((id) => !id)) {
        return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'attendees_ids needs at least one id.');
      }
      if (!fields.text?.[0]) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'text is required.');
      state.seq += 1;
      return { status: 201, body: { object: 'ChatStarted', chat_id: `chat-${state.seq}`, message_id: `msg-${state.seq}` } };
    },
  },
  {
    method: 'POST',
    path: '/api/v1/chats/:chat_id/messages',
    handle({ params, fields, state }) {
      if (!fields) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'A multipart/form-data body is required.');
      if (params.chat_id === MISSING_CHAT_ID) {
        return error(404, 'errors/resource_not_found', 'Resource not found.', `Chat ${params.chat_id} could not be found.`);
      }
      if (!fields.text?.[0]) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'text is required.');
      state.seq += 1;
      return { status: 201, body: { object: 'MessageSent', message_id: `msg-${state.seq}` } };
    },
  },
];

/** What POST /api/v1/webhooks takes (the SDK's `WebhookCreateBodySchema`, and the `users` source of "Detecting accepted invitations"). */
interface FakeWebhookBody {
  request_url: string;
  source: string;
  name?: string;
  format?: 'json' | 'form';
  enabled?: boolean;
  account_ids?: string[];
  events?: string[];
  headers?: Array<{ key: string; value: string }>;
}

/**
 * The sources Unipile's webhooks have: the SDK's `WebhookCreateBodySchema` (messaging, email,
 * email_tracking, account_status) and `users` ("Detecting accepted invitations").
 */
const webhookSources = ['messaging', 'users', 'account_status', 'email', 'email_tracking'];

function invalidWebhook(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return 'A JSON body is required.';
  const { request_url, source, headers, format } = body as Record<string, unknown>;
  if (!isHttpUrl(request_url)) return 'request_url must be an http(s) URL.';
  if (typeof source !== 'string' || !webhookSources.includes(source)) return `source must be one of ${webhookSources.join(', ')}.`;
  if (format !== undefined && format !== 'json' && format !== 'form') return "format must be 'json' or 'form'.";
  const headerList = headers ?? [];
  const validHeader = (h: unknown) =>
    typeof h === 'object' &&
    h !== null &&
    typeof (h as Record<string, unknown>).key === 'string' &&
    typeof (h as Record<string, unknown>).value === 'string';
  if (!Array.isArray(headerList) || !headerList.every(validHeader)) return 'headers must be a list of {key, value}.';
  return undefined;
}

/**
 * One item of GET /api/v1/webhooks, as the SDK's `WebhookListResponseSchema` has it (`type: AUTO`,
 * `request_url`, `format`, `headers`, `enabled`, `name`, …). Like Unipile's, it does not say the
 * source the webhook was created with: neither that schema nor the API reference lists one.
 */
function webhookItem(webhook: FakeWebhookBody & { id: string }): Record<string, unknown> {
  return {
    object: 'Webhook',
    id: webhook.id,
    type: 'AUTO',
    request_url: webhook.request_url,
    ...(webhook.name !== undefined ? { name: webhook.name } : {}),
    format: webhook.format ?? 'json',
    enabled: webhook.enabled ?? true,
    account_ids: (webhook.account_ids ?? []).map((id) => ({ id, type: 'LINKEDIN' })),
    headers: webhook.headers ?? [],
    data: [],
    ...(webhook.events !== undefined ? { events: webhook.events } : {}),
  };
}

/** A LinkedIn item of GET /api/v1/accounts (the SDK's `AccounListApiResponseSchema`, its `Linkedin` variant). */
function linkedinAccount(accountId: string, login: FakeLogin, disconnected: boolean): Record<string, unknown> {
  return {
    object: 'Account',
    type: 'LINKEDIN',
    id: accountId,
    name: login.name,
    created_at: '2026-11-01T09:00:00.000Z',
    connection_params: { im: { id: fakeProviderId(login.publicIdentifier), username: login.name, premiumContractId: null } },
    groups: [],
    // "Account status updates": a login whose credentials expired reports CREDENTIALS.
    sources: [{ id: `${accountId}_MESSAGING`, status: disconnected ? 'CREDENTIALS' : 'OK' }],
  };
}

/** The SDK's LinkedIn `AccountOwnerProfile` (GET /users/me; src/users/account-owner-profile.ts), every required field. */
function ownerProfile(accountId: string, login: FakeLogin): Record<string, unknown> {
  const [firstName = '', ...rest] = login.name.split(' ');
  const providerId = fakeProviderId(login.publicIdentifier);
  return {
    object: 'AccountOwnerProfile',
    provider: 'LINKEDIN',
    provider_id: providerId,
    entity_urn: `urn:li:fsd_profile:${providerId}`,
    object_urn: `urn:li:member:${accountId}`,
    public_identifier: login.publicIdentifier,
    public_profile_url: `https://www.linkedin.com/in/${login.publicIdentifier}`,
    first_name: firstName,
    last_name: rest.join(' '),
    email: `${login.publicIdentifier}@example.com`,
    profile_picture_url: null,
    premium: false,
    open_profile: false,
    recruiter: null,
    sales_navigator: null,
  };
}

const hostedProviders = ['LINKEDIN', 'WHATSAPP', 'INSTAGRAM', 'MESSENGER', 'TELEGRAM', 'GOOGLE', 'OUTLOOK', 'MAIL', 'TWITTER'];

/**
 * A `UserRelation` as the SDK's `UserRelationsListApiResponseSchema` requires it
 * (src/users/user-relations-list.types.ts): names, headline and urns default when a test leaves them out.
 */
function relationItem(relation: FakeRelation): Record<string, unknown> {
  return {
    object: 'UserRelation',
    first_name: 'Fake',
    last_name: 'Relation',
    headline: 'A relation of the fake Unipile server.',
    member_urn: `urn:li:member:${relation.member_id}`,
    connection_urn: `urn:li:fsd_connection:${relation.member_id}`,
    created_at: Date.parse('2026-11-01T00:00:00.000Z'),
    ...relation,
  };
}

/** The SDK's link bodies: `expiresOn` as `YYYY-MM-DDTHH:MM:SS.sssZ`, URLs http(s), `providers` only to create. */
function invalidHostedLink(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return 'A JSON body is required.';
  const fields = body as Record<string, unknown>;
  const { type, providers, reconnect_account, api_url, expiresOn, name } = fields;
  if (type !== 'create' && type !== 'reconnect') return "type must be 'create' or 'reconnect'.";
  if (type === 'create') {
    const known =
      providers === '*' ||
      (Array.isArray(providers) && providers.length > 0 && providers.every((p) => hostedProviders.includes(p as string)));
    if (!known) return `providers must be '*' or a list of ${hostedProviders.join(', ')}.`;
  }
  if (type === 'reconnect' && (typeof reconnect_account !== 'string' || !reconnect_account))
    return 'reconnect_account is required to reconnect.';
  if (!isHttpUrl(api_url)) return 'api_url must be the http(s) URL of your Unipile server.';
  if (
    typeof expiresOn !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(expiresOn) ||
    Number.isNaN(Date.parse(expiresOn))
  ) {
    return 'expiresOn must be a UTC date-time YYYY-MM-DDTHH:MM:SS.sssZ.';
  }
  if (Date.parse(expiresOn) <= Date.now()) return 'expiresOn must be in the future.';
  if (name !== undefined && (typeof name !== 'string' || !name)) return 'name must be a non-empty string.';
  for (const key of ['notify_url', 'success_redirect_url', 'failure_redirect_url']) {
    if (fields[key] !== undefined && !isHttpUrl(fields[key])) return `${key} must be an http(s) URL.`;
  }
  return undefined;
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The `account_id` a request acts for, wherever it carries it. */
function accountIdOf(query: Record<string, string>, body: unknown, fields: Record<string, string[]> | undefined): string | undefined {
  if (query.account_id) return query.account_id;
  if (typeof body === 'object' && body !== null && typeof (body as Record<string, unknown>).account_id === 'string') {
    return (body as { account_id: string }).account_id;
  }
  return fields?.account_id?.[0];
}

/** A LinkedIn `UserProfile` trimmed to what matters here: second degree, no invitation. */
function defaultProfile(identifier: string): Record<string, unknown> {
  return {
    object: 'UserProfile',
    provider: 'LINKEDIN',
    provider_id: fakeProviderId(identifier),
    public_identifier: identifier,
    first_name: 'Fake',
    last_name: 'Person',
    headline: 'A profile of the fake Unipile server.',
    websites: [],
    network_distance: 'SECOND_DEGREE',
    is_relationship: false,
    public_profile_url: `https://www.linkedin.com/in/${identifier}`,
  };
}

function invalidComment(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return 'A JSON body is required.';
  const { account_id, text, comment_id } = body as Record<string, unknown>;
  if (typeof account_id !== 'string' || !account_id) return 'account_id must be a non-empty string.';
  if (typeof text !== 'string' || !text || text.length > COMMENT_MAX) return `text must have 1 to ${COMMENT_MAX} characters.`;
  if (comment_id !== undefined && (typeof comment_id !== 'string' || !comment_id)) return 'comment_id must be a non-empty string.';
  return undefined;
}

function invalidInvite(body: unknown): { status: number; type: string; detail: string } | undefined {
  const invalid = (detail: string) => ({ status: 400, type: 'errors/invalid_parameters', detail });
  if (typeof body !== 'object' || body === null) return invalid('A JSON body is required.');
  const { account_id, provider_id, message, user_email } = body as Record<string, unknown>;
  if (typeof account_id !== 'string' || !account_id) return invalid('account_id must be a non-empty string.');
  if (typeof provider_id !== 'string' || !provider_id) return invalid('provider_id must be a non-empty string.');
  if (message !== undefined && typeof message !== 'string') return invalid('message must be a string.');
  if (typeof message === 'string' && message.length > NOTE_MAX) {
    return { status: 400, type: 'errors/too_many_characters', detail: `The message exceeds ${NOTE_MAX} characters.` };
  }
  if (user_email !== undefined && (typeof user_email !== 'string' || !user_email.includes('@'))) {
    return invalid('user_email must be an email address.');
  }
  return undefined;
}

function encodeCursor(cursor: { start: number; limit: number }): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(cursor: string): { start: number; limit: number } | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { start, limit } = parsed as Record<string, unknown>;
    if (!Number.isInteger(start) || !Number.isInteger(limit)) return undefined;
    return { start: start as number, limit: limit as number };
  } catch {
    return undefined;
  }
}

/** Parses a multipart/form-data body with the platform's own parser (undici's Response.formData). */
async function parseMultipart(contentType: string, raw: Buffer): Promise<Record<string, string[]> | undefined> {
  try {
    const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    const fields: Record<string, string[]> = {};
    for (const [name, value] of form.entries()) {
      (fields[name] ??= []).push(typeof value === 'string' ? value : value.name);
    }
    return fields;
  } catch {
    return undefined;
  }
}

/**
 * Unipile's `Post` (GET /api/v1/posts/{id}), every field the SDK's `UserPostApiResponseSchema`
 * requires (unipile-node-sdk, src/users/post.types.ts); `social_id` is the URN actions need.
 */
function defaultPost(postId: string): Record<string, unknown> {
  const socialId = /^\d+$/.test(postId) ? `urn:li:activity:${postId}` : postId;
  return {
    object: 'Post',
    provider: 'LINKEDIN',
    id: socialId.split(':').pop(),
    social_id: socialId,
    share_url: `https://www.linkedin.com/feed/update/${socialId}/`,
    text: 'A post of the fake Unipile server.',
    date: '2d',
    parsed_datetime: '2026-11-20T09:00:00.000Z',
    reaction_counter: 12,
    comment_counter: 3,
    repost_counter: 1,
    impressions_counter: 480,
    author: { public_identifier: 'fake-author', name: 'Fake Author', is_company: false },
    permissions: { can_react: true, can_share: true, can_post_comments: true },
    is_repost: false,
    attachments: [],
  };
}

function invalidReaction(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return 'A JSON body is required.';
  const { account_id, post_id, reaction_type, comment_id } = body as Record<string, unknown>;
  if (typeof account_id !== 'string' || !account_id) return 'account_id must be a non-empty string.';
  if (typeof post_id !== 'string' || !post_id) return 'post_id must be a non-empty string.';
  if (reaction_type !== undefined && !reactionTypes.includes(reaction_type as string)) {
    return `reaction_type must be one of ${reactionTypes.join(', ')}.`;
  }
  if (comment_id !== undefined && (typeof comment_id !== 'string' || !comment_id)) return 'comment_id must be a non-empty string.';
  return undefined;
}

function error(status: number, type: string, title: string, detail: string): Reply {
  return { status, body: { status, type, title, detail } };
}

function matchPath(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = got[i] ?? '';
    if (part.startsWith(':')) {
      if (!actual) return undefined;
      params[part.slice(1)] = decodeURIComponent(actual);
    } else if (part !== actual) return undefined;
  }
  return params;
}

function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
}

/** Starts a fake on 127.0.0.1 with a random port. Close it in `afterAll`/`afterEach`. */
export async function startFakeUnipile(options: { apiKey?: string } = {}): Promise<FakeUnipile> {
  const apiKey = options.apiKey ?? 'fake-unipile-key-3f9c2a7e';
  const requests: RecordedRequest[] = [];
  const failures: FakeFailure[] = [];
  const hangs: { match?: string }[] = [];
  const slows: { match?: string; delayMs: number }[] = [];
  const state: FakeState = {
    posts: new Map(),
    profiles: new Map(),
    invitations: new Map(),
    relations: [],
    links: new Map(),
    logins: new Map(),
    disconnected: new Set(),
    notReadyUntil: new Map(),
    webhooks: [],
    baseUrl: '',
    seq: 0,
  };

  const takeFirst = <T>(queue: T[], matches: (item: T) => boolean): T | undefined => {
    const index = queue.findIndex(matches);
    return index === -1 ? undefined : queue.splice(index, 1)[0];
  };

  const server = createServer((req, res) => {
    void (async () => {
      const rawBytes = await buffer(req);
      const rawBody = rawBytes.toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const query = Object.fromEntries(url.searchParams);
      const contentType = req.headers['content-type'] ?? '';
      const isJson = contentType.includes('application/json');
      let body: unknown;
      try {
        body = isJson && rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      const fields = contentType.startsWith('multipart/form-data') ? await parseMultipart(contentType, rawBytes) : undefined;
      requests.push({ method, path: url.pathname, query, headers: req.headers, body, ...(fields ? { fields } : {}), rawBody });

      const line = `${method} ${url.pathname}`;
      const starts = (match: string | undefined) => match === undefined || line.startsWith(match);

      // The wizard's page: what a browser opens, so without the API key.
      const hosted = /^\/hosted\/([^/]+)$/.exec(url.pathname);
      if (method === 'GET' && hosted) {
        const link = state.links.get(hosted[1] ?? '');
        if (!link) return send(res, error(404, 'errors/resource_not_found', 'Not found', 'No such hosted auth link.'));
        if (link.restarted) {
          return send(
            res,
            error(
              401,
              'errors/expired_link',
              'Expired link',
              'This link has expired. Please return to the application and generate a new one.',
            ),
          );
        }
        return send(res, { status: 200, body: { object: 'FakeHostedAuthPage', type: link.body.type, expiresOn: link.body.expiresOn } });
      }

      if (req.headers['x-api-key'] === undefined) {
        return send(res, error(401, 'errors/missing_credentials', 'Missing credentials', 'The X-API-KEY header is missing.'));
      }
      if (req.headers['x-api-key'] !== apiKey) {
        return send(res, error(401, 'errors/invalid_credentials', 'Invalid credentials', 'The given API key is not valid.'));
      }
      if (takeFirst(hangs, (h) => starts(h.match))) return; // never answers; close() drops the socket
      const failure = takeFirst(failures, (f) => starts(f.match));
      if (failure) {
        const headers: Record<string, string> = failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) };
        const problem = failure.body ?? {
          status: failure.status,
          type: failure.type ?? defaultType(failure.status),
          title: failure.title ?? 'Fake failure',
          detail: failure.detail ?? `The fake Unipile server was told to answer ${failure.status}.`,
        };
        return send(res, { status: failure.status, body: problem, headers });
      }
      const actingAccount = accountIdOf(query, body, fields);
      if (actingAccount !== undefined && state.disconnected.has(actingAccount)) {
        return send(
          res,
          error(
            401,
            'errors/disconnected_account',
            'Disconnected account',
            'The account appears to be disconnected from the provider service.',
          ),
        );
      }

      if (actingAccount !== undefined && (state.notReadyUntil.get(actingAccount) ?? 0) > Date.now()) {
        return send(res, error(503, 'errors/no_client_session', 'No client session', 'No client session is currently running.'));
      }

      for (const route of routes) {
        if (route.method !== method) continue;
        const params = matchPath(route.path, url.pathname);
        if (!params) continue;
        const reply = route.handle({ params, query, body, fields, state });
        const slow = takeFirst(slows, (entry) => starts(entry.match));
        if (slow) return void setTimeout(() => send(res, reply), slow.delayMs);
        return send(res, reply);
      }
      send(res, error(404, 'errors/resource_not_found', 'Not found', `fake-unipile has no route for ${line}.`));
    })().catch((cause: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 500, type: 'errors/unexpected_error', title: 'Fake crashed', detail: String(cause) }));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}`;

  const findLink = (linkUrlOrName: string): FakeHostedLink | undefined => {
    const links = [...state.links.values()].reverse();
    return links.find((link) => link.url === linkUrlOrName) ?? links.find((link) => link.body.name === linkUrlOrName);
  };

  return {
    url: state.baseUrl,
    apiKey,
    requests,
    failNext: (failure) => void failures.push(failure),
    hang: (match) => void hangs.push({ match }),
    answerLate: (match, delayMs) => void slows.push({ match, delayMs }),
    respondNext: (reply) => void failures.push(reply),
    setPost: (postId, post) => void state.posts.set(postId, post),
    setProfile: (publicIdentifier, profile) => void state.profiles.set(publicIdentifier, profile),
    setRelations: (relations) => void state.relations.splice(0, state.relations.length, ...relations),
    get hostedLinks() {
      return [...state.links.values()];
    },
    async completeHostedAuth(linkUrlOrName, { accountId, readyAfterMs, ...login }) {
      const link = findLink(linkUrlOrName);
      if (!link) throw new Error(`fake-unipile: no hosted auth link ${linkUrlOrName}`);
      const { type, reconnect_account, notify_url, name, expiresOn } = link.body;
      if (Date.parse(String(expiresOn)) <= Date.now() || link.restarted) {
        throw new Error(`fake-unipile: the hosted auth link ${linkUrlOrName} has expired`);
      }
      const id = accountId ?? (type === 'reconnect' ? String(reconnect_account) : undefined);
      if (!id) throw new Error('fake-unipile: a create link needs the accountId of the login it connects');
      if (typeof notify_url !== 'string') throw new Error(`fake-unipile: the hosted auth link ${linkUrlOrName} has no notify_url`);
      state.logins.set(id, login);
      state.disconnected.delete(id);
      if (readyAfterMs !== undefined) state.notReadyUntil.set(id, Date.now() + readyAfterMs);
      // As the documentation shows it: the status, the login and the link's `name`, nothing else (no secret header).
      return postAsWebhook(
        notify_url,
        {},
        {
          status: type === 'reconnect' ? 'RECONNECTED' : 'CREATION_SUCCESS',
          account_id: id,
          ...(name !== undefined ? { name } : {}),
        },
      );
    },
    registerLogin: (accountId, login) => void state.logins.set(accountId, login),
    restartDaily: () => {
      for (const link of state.links.values()) link.restarted = true;
    },
    disconnect: (accountId, disconnected = true) =>
      void (disconnected ? state.disconnected.add(accountId) : state.disconnected.delete(accountId)),
    sendAccountStatus: (webhookUrl, secretHeaderValue, accountId, message) =>
      postAsWebhook(webhookUrl, { [WEBHOOK_SECRET_HEADER]: secretHeaderValue }, accountStatusExample(accountId, message)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/**
 * Posts a body as Unipile posts to a webhook made through its API: JSON with no content type
 * ("Webhook Content-Type", developer.unipile.com/docs/webhooks-2: only the headers the webhook was
 * created with). The notify_url report's content type is not documented: sent the same way.
 */
export function postAsWebhook(url: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  // A string body would make fetch add `content-type: text/plain`; bytes add none.
  return fetch(url, {
    method: 'POST',
    headers,
    body: new TextEncoder().encode(JSON.stringify(body)),
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
}

function defaultType(status: number): string {
  if (status === 429) return 'errors/too_many_requests';
  if (status >= 500) return 'errors/unexpected_error';
  return 'errors/invalid_parameters';
}
