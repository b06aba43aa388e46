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
  PublishedPostDetails,
  PublishPostInput,
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
import type { UnipileTransportOptions } from './unipile-transport';
import { isRecord, UnipileTransport } from './unipile-transport';

/** Where Unipile is and how to call it (the transport's options). */
export type UnipileProviderOptions = UnipileTransportOptions;

/**
 * {@link NetworkProvider} backed by Unipile: each of its calls, through the transport
 * (unipile-transport.ts), which makes every failure a {@link ProviderError}.
 */
export class UnipileProvider implements NetworkProvider {
  readonly name = 'unipile' as const;
  private readonly transport: UnipileTransport;

  constructor(options: UnipileProviderOptions) {
    this.transport = new UnipileTransport(options);
  }

  /** One call; the parsed JSON body of a 2xx answer, or a ProviderError (unipile-transport.ts). */
  private request(...args: Parameters<UnipileTransport['request']>): Promise<unknown> {
    return this.transport.request(...args);
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

  /**
   * Publishes a post: `POST /api/v1/posts`, multipart with `account_id` and `text` (Unipile API
   * reference "Create a post", operationId PostsController_createPost; unipile-node-sdk 1.9.3
   * `users.resource.js` createPost builds the same FormData). Unipile answers 201
   * `{object: "PostCreated", post_id: string | null}` (the SDK's CreatePostResponseSchema). Its
   * address and social id are then read back with `GET /api/v1/posts/{post_id}?account_id=`
   * (`share_url`, `social_id`: the SDK's UserPostApiResponseSchema). The post is out once the
   * first call answered: a `post_id` of null, or a look-up that fails, leaves its address unknown
   * (`urlUnknown`), never a failure that would post it again.
   */
  async publishPost({ account, text }: PublishPostInput): Promise<ProviderResult> {
    const form = new FormData();
    form.append('account_id', account.providerAccountId);
    form.append('text', text);
    const answer = await this.request('create_post', 'POST', '/posts', { body: form });
    const postId = stringField(answer, 'post_id');
    const published = (details: PublishedPostDetails): ProviderResult => ({
      provider: 'unipile',
      outcome: 'posted',
      details: { ...details },
    });
    if (postId === undefined) return published({ urlUnknown: 'true' });
    let found: unknown;
    try {
      found = await this.request('get_post', 'GET', `/posts/${pathSegment(postId)}`, { query: { account_id: account.providerAccountId } });
    } catch {
      return published({ postId, urlUnknown: 'true' });
    }
    const socialId = stringField(found, 'social_id');
    const url = stringField(found, 'share_url');
    return published({
      postId,
      ...(socialId !== undefined ? { socialId } : {}),
      ...(url !== undefined ? { url } : { urlUnknown: 'true' }),
    });
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
        api_url: this.transport.apiUrl,
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
}

/** Escapes a path segment, keeping `:` as Unipile's examples write URNs (`/posts/urn:li:ugcPost:1`). */
function pathSegment(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
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
