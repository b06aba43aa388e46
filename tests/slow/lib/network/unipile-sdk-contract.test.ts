import { UnipileClient } from 'unipile-node-sdk';
import type { FakeUnipile, RecordedRequest } from '../../../helpers/fake-unipile';
import { fakeProviderId, startFakeUnipile } from '../../../helpers/fake-unipile';
import { UnipileProvider } from '../../../../lib/network/unipile';
import { checkUnipile, webhookName } from '../../../../lib/network/unipile-check';
import { account, comment, postOf, ugcPost } from '../../../helpers/unipile-fixtures';

/**
 * Unipile's official Node SDK (unipile-node-sdk) as the judge of the fake and of the provider:
 * - every answer the fake gives validates against the SDK's own response schemas (its client with
 *   `validateRequestPayload` on, at level `error`, calling the fake);
 * - for every call the provider makes, the request it sends (method, path, query, headers that
 *   matter, body fields and their encoding) equals the request the SDK sends for the same inputs,
 *   both recorded by the fake side by side.
 * Inputs the SDK's types do not have (`comment_id` on a reaction or a comment) go through its
 * documented `extra_params`, which it merges into the body as the provider does.
 */

/** What a request says, whichever client sent it: what Unipile's API reads. */
function contractOf(request: RecordedRequest) {
  const contentType = String(request.headers['content-type'] ?? '');
  const encoding = contentType.startsWith('multipart/form-data') ? 'multipart' : contentType.includes('application/json') ? 'json' : 'none';
  const fields = request.fields ? Object.fromEntries(Object.entries(request.fields).sort(([a], [b]) => a.localeCompare(b))) : undefined;
  return {
    method: request.method,
    path: request.path,
    query: request.query,
    apiKey: request.headers['x-api-key'],
    accept: request.headers.accept,
    encoding,
    ...(encoding === 'json' ? { body: request.body } : {}),
    ...(fields ? { fields } : {}),
    ...(encoding === 'none' ? { rawBody: request.rawBody } : {}),
  };
}

describe('the official SDK judges the fake Unipile and the provider', () => {
  let fake: FakeUnipile;
  let provider: UnipileProvider;
  let sdk: UnipileClient;
  const jane = fakeProviderId('jane-doe');
  const expiresAt = new Date(Date.now() + 30 * 60_000);

  beforeEach(async () => {
    fake = await startFakeUnipile();
    provider = new UnipileProvider({ dsn: fake.url, apiKey: fake.apiKey });
    sdk = new UnipileClient(fake.url, fake.apiKey, { validateRequestPayload: true, validateRequestPayloadLevel: 'error' });
    fake.registerLogin(account.providerAccountId, { publicIdentifier: 'sam-seller', name: 'Sam Seller' });
    fake.setRelations([
      { member_id: 'ACoAAB1', public_identifier: 'bob-buyer', public_profile_url: 'https://www.linkedin.com/in/bob-buyer' },
      { member_id: 'ACoAAB2', public_identifier: 'ann-buyer', public_profile_url: 'https://www.linkedin.com/in/ann-buyer' },
    ]);
  });

  afterEach(async () => {
    await fake.close();
  });

  /** Runs the provider's call, then the SDK's (whose answers it validates), and returns both recorded requests. */
  async function sideBySide(ours: () => Promise<unknown>, theirs: () => Promise<unknown>) {
    const before = fake.requests.length;
    await ours();
    const middle = fake.requests.length;
    await theirs();
    return { ours: fake.requests.slice(before, middle).map(contractOf), theirs: fake.requests.slice(middle).map(contractOf) };
  }

  it.each([
    ['an activity post', postOf('https://www.linkedin.com/feed/update/urn:li:activity:7332661864792854528/')],
    ['a ugcPost', ugcPost],
  ])('a reaction to %s: GET posts/{id}, then POST posts/reaction as JSON', async (_what, post) => {
    const postId = post.kind === 'activity' ? post.id : post.urn;
    const sent = await sideBySide(
      () => provider.react({ account, post, reactionType: 'celebrate' }),
      async () => {
        const found = (await sdk.users.getPost({ account_id: account.providerAccountId, post_id: postId })) as { social_id: string };
        await sdk.users.sendPostReaction({ account_id: account.providerAccountId, post_id: found.social_id, reaction_type: 'celebrate' });
      },
    );

    expect(sent.ours).toHaveLength(2);
    expect(sent.ours).toEqual(sent.theirs);
  });

  it('a reaction to a comment: comment_id in the JSON body (the SDK: through extra_params)', async () => {
    const sent = await sideBySide(
      () => provider.react({ account, post: comment, reactionType: 'like' }),
      async () => {
        const found = (await sdk.users.getPost({ account_id: account.providerAccountId, post_id: '7332661864792854528' })) as {
          social_id: string;
        };
        await sdk.users.sendPostReaction(
          { account_id: account.providerAccountId, post_id: found.social_id, reaction_type: 'like' },
          { extra_params: { comment_id: comment.commentId ?? '' } },
        );
      },
    );

    expect(sent.ours[1]?.body).toMatchObject({ comment_id: comment.commentId });
    expect(sent.ours).toEqual(sent.theirs);
  });

  it.each([
    ['a post', postOf('https://www.linkedin.com/feed/update/urn:li:activity:7332661864792854528/'), {}],
    ['a comment (a reply)', comment, { extra_params: { comment_id: comment.commentId ?? '' } }],
  ])('a comment on %s: POST posts/{social_id}/comments as JSON', async (_what, post, options) => {
    const sent = await sideBySide(
      () => provider.comment({ account, post, text: 'Well said, and thanks for the numbers.' }),
      async () => {
        const found = (await sdk.users.getPost({ account_id: account.providerAccountId, post_id: '7332661864792854528' })) as {
          social_id: string;
        };
        await sdk.users.sendPostComment(
          { account_id: account.providerAccountId, post_id: found.social_id, text: 'Well said, and thanks for the numbers.' },
          options,
        );
      },
    );

    expect(sent.ours).toHaveLength(2);
    expect(sent.ours).toEqual(sent.theirs);
  });

  it('a post: POST posts as multipart (account_id, text), then GET posts/{post_id}?account_id= for its address', async () => {
    const text = 'Seven buyers raised price this month.\nHere is what they said.';
    const sent = await sideBySide(
      () => provider.publishPost({ account, text }),
      async () => {
        // The SDK's CreatePostResponseSchema (1.9.3) types `object` only; the API reference adds `post_id`, which the fake sends.
        const created = (await sdk.users.createPost({ account_id: account.providerAccountId, text })) as unknown as { post_id: string };
        await sdk.users.getPost({ account_id: account.providerAccountId, post_id: created.post_id });
      },
    );

    expect(sent.ours.map((request) => [request.method, request.encoding])).toEqual([
      ['POST', 'multipart'],
      ['GET', 'none'],
    ]);
    // Each published a post of its own: the ids differ, nothing else.
    expect(sent.ours[0]).toEqual(sent.theirs[0]);
    expect({ ...sent.ours[1], path: '' }).toEqual({ ...sent.theirs[1], path: '' });
  });

  it('a profile: GET users/{identifier}?account_id=', async () => {
    const sent = await sideBySide(
      () => provider.resolveProfile({ account, profileUrl: 'https://www.linkedin.com/in/jane-doe/' }),
      () => sdk.users.getProfile({ account_id: account.providerAccountId, identifier: 'jane-doe' }),
    );

    expect(sent.ours).toEqual(sent.theirs);
  });

  it.each([
    ['with a note and an email', { message: 'Enjoyed your talk at SaaStr.', email: 'jane@example.com' }],
    ['bare', {}],
  ])('an invitation %s: POST users/invite as JSON', async (_what, extra: { message?: string; email?: string }) => {
    const sent = await sideBySide(
      () => provider.invite({ account, providerId: jane, ...extra }),
      // The fake answers a second invitation of the same person 422: the SDK invites someone else, compared below by body.
      () =>
        sdk.users.sendInvitation({
          account_id: account.providerAccountId,
          provider_id: fakeProviderId('jane-doe-2'),
          ...(extra.message !== undefined ? { message: extra.message } : {}),
          ...(extra.email !== undefined ? { user_email: extra.email } : {}),
        }),
    );

    const [ours] = sent.ours;
    const [theirs] = sent.theirs;
    expect(ours).toEqual({ ...theirs, body: { ...(theirs?.body as object), provider_id: jane } });
  });

  it('a message in a new chat: POST chats as multipart (account_id, attendees_ids, text)', async () => {
    const sent = await sideBySide(
      () => provider.sendMessage({ account, providerId: jane, text: 'Hello Jane, thanks for connecting.' }),
      () =>
        sdk.messaging.startNewChat({
          account_id: account.providerAccountId,
          attendees_ids: [jane],
          text: 'Hello Jane, thanks for connecting.',
        }),
    );

    expect(sent.ours[0]?.encoding).toBe('multipart');
    expect(sent.ours).toEqual(sent.theirs);
  });

  it('a message in an existing chat: POST chats/{chat_id}/messages as multipart (text)', async () => {
    const sent = await sideBySide(
      () => provider.sendMessage({ account, providerId: jane, chatId: 'chat-42', text: 'A follow-up.' }),
      () => sdk.messaging.sendMessage({ chat_id: 'chat-42', text: 'A follow-up.' }),
    );

    expect(sent.ours).toEqual(sent.theirs);
  });

  it('relations, a page then the next: GET users/relations?account_id=&limit=&cursor=', async () => {
    const first = await provider.listRelations({ account, limit: 1 });
    const sent = await sideBySide(
      () => provider.listRelations({ account, limit: 1, cursor: first.cursor }),
      () => sdk.users.getAllRelations({ account_id: account.providerAccountId, limit: 1, cursor: first.cursor }),
    );

    expect(sent.ours[0]?.query).toMatchObject({ cursor: first.cursor, limit: '1' });
    expect(sent.ours).toEqual(sent.theirs);
  });

  it('own profile: GET users/me?account_id=', async () => {
    const sent = await sideBySide(
      () => provider.getOwnProfile(account.providerAccountId),
      () => sdk.users.getOwnProfile(account.providerAccountId),
    );

    expect(sent.ours).toEqual(sent.theirs);
  });

  it.each(['create', 'reconnect'] as const)('a hosted auth link to %s: POST hosted/accounts/link as JSON', async (type) => {
    const notifyUrl = 'https://api.example.com/connect/signed.state-1/notify';
    const common = {
      api_url: fake.url,
      expiresOn: expiresAt.toISOString(),
      notify_url: notifyUrl,
      name: 'cl_0123456789abcdef',
      success_redirect_url: 'https://app.example.com/connected',
    };
    const sent = await sideBySide(
      () =>
        provider.createConnectLink({
          type,
          ...(type === 'reconnect' ? { reconnectProviderAccountId: account.providerAccountId } : {}),
          notifyUrl,
          reference: 'cl_0123456789abcdef',
          expiresAt,
          successRedirectUrl: 'https://app.example.com/connected',
        }),
      () =>
        sdk.account.createHostedAuthLink(
          type === 'create'
            ? { type, providers: ['LINKEDIN'], ...common }
            : { type, reconnect_account: account.providerAccountId, ...common },
        ),
    );

    expect(sent.ours).toEqual(sent.theirs);
  });

  it('the setup check lists accounts and webhooks as the SDK does, and the answers validate', async () => {
    // Registered as docs/unipile.md tells an operator to.
    await fetch(`${fake.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { 'X-API-KEY': fake.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        request_url: 'https://api.example.com/api/v1/webhooks/unipile',
        source: 'users',
        name: webhookName('users'),
        headers: [{ key: 'Content-Type', value: 'application/json' }],
      }),
    });
    const lists = (requests: ReturnType<typeof contractOf>[]) =>
      requests.filter((request) => request.path === '/api/v1/accounts' || request.path === '/api/v1/webhooks');

    const sent = await sideBySide(
      () => checkUnipile({ dsn: fake.url, apiKey: fake.apiKey }),
      async () => {
        await expect(sdk.account.getAll()).resolves.toMatchObject({ object: 'AccountList' });
        await expect(sdk.webhook.getAll()).resolves.toMatchObject({ object: 'WebhookList', items: [expect.any(Object)] });
      },
    );

    expect(lists(sent.ours)).toHaveLength(2);
    expect(lists(sent.ours)).toEqual(sent.theirs);
  });
});
