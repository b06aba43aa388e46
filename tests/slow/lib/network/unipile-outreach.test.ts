import type { FakeRelation, FakeUnipile } from '../../../helpers/fake-unipile';
import { fakeProviderId, MISSING_CHAT_ID, MISSING_POST_ID, MISSING_PROFILE_ID, startFakeUnipile } from '../../../helpers/fake-unipile';
import { UnipileProvider } from '../../../../lib/network/unipile';
import { account, activityPost, comment, failureOf, postOf, ugcPost } from '../../../helpers/unipile-fixtures';

const janeId = 'ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E';

function relation(n: number): FakeRelation {
  return {
    member_id: `ACoAAR${n}`,
    public_identifier: `person-${n}`,
    public_profile_url: `https://www.linkedin.com/in/person-${n}/`,
    first_name: 'Person',
    last_name: String(n),
    headline: 'Somebody',
    created_at: Date.UTC(2025, 0, n),
  };
}

describe('UnipileProvider outreach against the fake Unipile server', () => {
  let fake: FakeUnipile;
  let provider: UnipileProvider;

  beforeEach(async () => {
    fake = await startFakeUnipile();
    provider = new UnipileProvider({ dsn: fake.url, apiKey: fake.apiKey });
  });

  afterEach(async () => {
    await fake.close();
  });

  describe('comment', () => {
    it('looks the post up, then comments with its social_id in the path', async () => {
      // Act
      const result = await provider.comment({ account, post: activityPost, text: 'Great point!' });

      // Assert
      expect(result).toEqual({
        provider: 'unipile',
        outcome: 'commented',
        details: { socialId: 'urn:li:activity:7332661864792854528' },
      });
      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /api/v1/posts/7332661864792854528',
        'POST /api/v1/posts/urn:li:activity:7332661864792854528/comments',
      ]);
      const [lookup, sent] = fake.requests;
      expect(lookup?.query).toEqual({ account_id: 'UnipileAcc_42' });
      expect(sent?.query).toEqual({});
      expect(sent?.headers['x-api-key']).toBe(fake.apiKey);
      expect(sent?.headers.accept).toBe('application/json');
      expect(sent?.headers['content-type']).toBe('application/json');
      expect(sent?.body).toEqual({ account_id: 'UnipileAcc_42', text: 'Great point!' });
    });

    it('replies to a comment: comment_id in the body, on the ugcPost social_id', async () => {
      // Prepare
      fake.setPost('urn:li:ugcPost:7336013677930006817', { object: 'Post', social_id: 'urn:li:ugcPost:7336013677930006817' });
      const reply = { ...ugcPost, commentId: '7335000001439513601' };

      // Act
      await provider.comment({ account, post: reply, text: 'Agreed.' });

      // Assert
      expect(fake.requests[1]?.path).toBe('/api/v1/posts/urn:li:ugcPost:7336013677930006817/comments');
      expect(fake.requests[1]?.body).toEqual({ account_id: 'UnipileAcc_42', text: 'Agreed.', comment_id: '7335000001439513601' });
    });

    it('replies to a comment parsed from a commentUrn URL', async () => {
      // Act
      await provider.comment({ account, post: comment, text: 'Thanks!' });

      // Assert
      expect(fake.requests[1]?.body).toMatchObject({ comment_id: '7335000001439513601' });
    });

    it('keeps the comment_id Unipile returns, when it returns one', async () => {
      // Prepare
      fake.respondNext({
        status: 201,
        body: { object: 'CommentSent', comment_id: '7340000000000000001' },
        match: 'POST /api/v1/posts/urn',
      });

      // Act
      const result = await provider.comment({ account, post: activityPost, text: 'Hi' });

      // Assert
      expect(result.details).toEqual({ socialId: 'urn:li:activity:7332661864792854528', commentId: '7340000000000000001' });
    });

    it('a missing post → post_not_found and no comment attempted', async () => {
      // Prepare
      const missing = postOf(`https://www.linkedin.com/feed/update/urn:li:activity:${MISSING_POST_ID}/`);

      // Act
      const error = await failureOf(provider.comment({ account, post: missing, text: 'Hi' }));

      // Assert
      expect(error).toMatchObject({ reason: 'post_not_found', retryable: false, status: 404 });
      expect(fake.requests).toHaveLength(1);
    });

    it('422 errors/comments_disabled → comments_disabled, not retryable', async () => {
      // Prepare
      fake.failNext({ status: 422, type: 'errors/comments_disabled', detail: 'Comments are off.', match: 'POST ' });

      // Act
      const error = await failureOf(provider.comment({ account, post: activityPost, text: 'Hi' }));

      // Assert
      expect(error).toMatchObject({ reason: 'comments_disabled', retryable: false, status: 422 });
      expect(error.message).toContain('add the comment');
    });

    it('429 on the comment → provider_rate_limited with retry-after; 502 → provider_unavailable; both retryable', async () => {
      // Prepare
      fake.failNext({ status: 429, type: 'errors/too_many_requests', retryAfter: 12, match: 'POST ' });
      fake.failNext({ status: 502, match: 'POST ' });

      // Act
      const limited = await failureOf(provider.comment({ account, post: activityPost, text: 'Hi' }));
      const down = await failureOf(provider.comment({ account, post: activityPost, text: 'Hi' }));

      // Assert
      expect(limited).toMatchObject({ reason: 'provider_rate_limited', retryable: true, status: 429, retryAfterSeconds: 12 });
      expect(down).toMatchObject({ reason: 'provider_unavailable', retryable: true, status: 502 });
    });
  });

  describe('resolveProfile', () => {
    it('GETs /users/{public_identifier} with account_id and reads provider_id, name and relation', async () => {
      // Prepare
      fake.setProfile('jane-doe', { provider_id: janeId, first_name: 'Jane', last_name: 'Doe' });

      // Act
      const profile = await provider.resolveProfile({ account, profileUrl: 'https://fr.linkedin.com/in/Jane-Doe/?trk=x' });

      // Assert
      expect(profile).toEqual({ providerId: janeId, publicIdentifier: 'jane-doe', name: 'Jane Doe', relation: 'not_connected' });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/api/v1/users/jane-doe', query: { account_id: 'UnipileAcc_42' } });
      expect(fake.requests[0]?.headers['x-api-key']).toBe(fake.apiKey);
      expect(fake.requests[0]?.headers['content-type']).toBeUndefined();
    });

    it.each([
      [{ network_distance: 'FIRST_DEGREE' }, 'connected'],
      [{ network_distance: 'OUT_OF_NETWORK', is_relationship: true }, 'connected'],
      [{ network_distance: 'SECOND_DEGREE', invitation: { type: 'SENT', status: 'PENDING' } }, 'invitation_pending'],
      [{ network_distance: 'SECOND_DEGREE', invitation: { type: 'SENT', status: 'WITHDRAWN' } }, 'not_connected'],
      [{ network_distance: 'THIRD_DEGREE', invitation: { type: 'RECEIVED', status: 'PENDING' } }, 'not_connected'],
      [{ network_distance: 'OUT_OF_NETWORK' }, 'not_connected'],
    ])('%j → %s', async (fields, relationState) => {
      // Prepare
      fake.setProfile('jane-doe', fields);

      // Act
      const profile = await provider.resolveProfile({ account, profileUrl: 'https://www.linkedin.com/in/jane-doe' });

      // Assert
      expect(profile.relation).toBe(relationState);
    });

    it('omits the name when Unipile gives none', async () => {
      // Prepare
      fake.setProfile('jane-doe', { first_name: null, last_name: null });

      // Act
      const profile = await provider.resolveProfile({ account, profileUrl: 'https://www.linkedin.com/in/jane-doe' });

      // Assert
      expect(profile).toEqual({ providerId: fakeProviderId('jane-doe'), publicIdentifier: 'jane-doe', relation: 'not_connected' });
    });

    it('404 → profile_not_found, not retryable', async () => {
      // Act
      const error = await failureOf(provider.resolveProfile({ account, profileUrl: `https://www.linkedin.com/in/${MISSING_PROFILE_ID}` }));

      // Assert
      expect(error).toMatchObject({ reason: 'profile_not_found', retryable: false, status: 404 });
    });

    it('a URL that is not a profile → invalid_profile_url without calling Unipile', async () => {
      // Act
      const error = await failureOf(provider.resolveProfile({ account, profileUrl: 'https://www.linkedin.com/company/acme' }));

      // Assert
      expect(error).toMatchObject({ reason: 'invalid_profile_url', retryable: false });
      expect(fake.requests).toHaveLength(0);
    });

    it('a profile without provider_id → provider_bad_response', async () => {
      // Prepare
      fake.setProfile('jane-doe', { provider_id: null });

      // Act
      const error = await failureOf(provider.resolveProfile({ account, profileUrl: 'https://www.linkedin.com/in/jane-doe' }));

      // Assert
      expect(error).toMatchObject({ reason: 'provider_bad_response', retryable: false });
    });

    it('429 errors/too_many_requests without retry-after → provider_rate_limited, retryable', async () => {
      // Prepare
      fake.failNext({ status: 429, type: 'errors/too_many_requests' });

      // Act
      const error = await failureOf(provider.resolveProfile({ account, profileUrl: 'https://www.linkedin.com/in/jane-doe' }));

      // Assert
      expect(error).toMatchObject({ reason: 'provider_rate_limited', retryable: true, retryAfterSeconds: undefined });
    });
  });

  describe('invite', () => {
    it('POSTs /users/invite with account_id, provider_id, message and user_email; returns the invitation id', async () => {
      // Act
      const result = await provider.invite({ account, providerId: janeId, message: 'Hello Jane', email: 'jane@example.com' });

      // Assert
      expect(result).toEqual({ provider: 'unipile', outcome: 'invited', details: { invitationId: expect.any(String) } });
      expect(fake.requests).toHaveLength(1);
      const [sent] = fake.requests;
      expect(sent).toMatchObject({ method: 'POST', path: '/api/v1/users/invite', query: {} });
      expect(sent?.headers['x-api-key']).toBe(fake.apiKey);
      expect(sent?.headers['content-type']).toBe('application/json');
      expect(sent?.body).toEqual({
        account_id: 'UnipileAcc_42',
        provider_id: janeId,
        message: 'Hello Jane',
        user_email: 'jane@example.com',
      });
    });

    it('sends no message nor user_email when there are none', async () => {
      // Act
      await provider.invite({ account, providerId: janeId });

      // Assert
      expect(fake.requests[0]?.body).toEqual({ account_id: 'UnipileAcc_42', provider_id: janeId });
    });

    it('the invited profile then resolves as invitation_pending; a second invitation → already_invited', async () => {
      // Prepare
      const profile = await provider.resolveProfile({ account, profileUrl: 'https://www.linkedin.com/in/jane-doe' });
      await provider.invite({ account, providerId: profile.providerId });

      // Act
      const again = await provider.resolveProfile({ account, profileUrl: 'https://www.linkedin.com/in/jane-doe' });
      const error = await failureOf(provider.invite({ account, providerId: profile.providerId }));

      // Assert
      expect(again.relation).toBe('invitation_pending');
      expect(error).toMatchObject({ reason: 'already_invited', retryable: false, status: 422 });
    });

    it('a note over 300 characters → 400 errors/too_many_characters → note_too_long', async () => {
      // Act
      const error = await failureOf(provider.invite({ account, providerId: janeId, message: 'x'.repeat(301) }));

      // Assert
      expect(error).toMatchObject({ reason: 'note_too_long', retryable: false, status: 400 });
    });

    it.each([
      ['errors/already_invited_recently', 'already_invited'],
      ['errors/cannot_resend_yet', 'cannot_resend_yet'],
      ['errors/already_connected', 'already_connected'],
      ['errors/limit_exceeded', 'limit_exceeded'],
      ['errors/cannot_invite_attendee', 'cannot_invite_attendee'],
      ['errors/user_unreachable', 'user_unreachable'],
    ])('422 %s → %s, not retryable', async (type, reason) => {
      // Prepare
      fake.failNext({ status: 422, type, detail: 'Refused by LinkedIn.' });

      // Act
      const error = await failureOf(provider.invite({ account, providerId: janeId }));

      // Assert
      expect(error).toMatchObject({ reason, retryable: false, status: 422 });
      expect(error.message).toContain('Refused by LinkedIn.');
    });

    it('a refusal that asks for the email → email_required', async () => {
      // Prepare
      fake.failNext({
        status: 422,
        type: 'errors/cannot_invite_attendee',
        detail: "This user's settings require their email address to send an invitation.",
      });
      fake.failNext({ status: 422, type: 'errors/email_required' });

      // Act
      const byDetail = await failureOf(provider.invite({ account, providerId: janeId }));
      const byType = await failureOf(provider.invite({ account, providerId: janeId }));

      // Assert
      expect(byDetail).toMatchObject({ reason: 'email_required', retryable: false });
      expect(byType).toMatchObject({ reason: 'email_required', retryable: false });
    });

    it('404 is "Account not found" (the reference\'s words): the login is gone, account_disconnected; 422 errors/invalid_recipient is the person', async () => {
      // Prepare: "Send an invitation" documents its 404 as "Account not found"; an unknown person is a 422.
      fake.failNext({ status: 404, type: 'errors/resource_not_found', title: 'Resource not found.', detail: 'Account not found' });
      fake.failNext({ status: 422, type: 'errors/invalid_recipient', detail: 'The recipient is not valid.' });

      // Act
      const gone = await failureOf(provider.invite({ account, providerId: janeId }));
      const nobody = await failureOf(provider.invite({ account, providerId: janeId }));

      // Assert
      expect(gone).toMatchObject({ reason: 'account_disconnected', retryable: false, status: 404 });
      expect(nobody).toMatchObject({ reason: 'invalid_recipient', retryable: false, status: 422 });
    });

    it('a 404 of a profile naming the account is the login gone; naming the user, the person', async () => {
      // Prepare: "Retrieve a profile" documents its 404 as "User not found".
      fake.failNext({ status: 404, type: 'errors/resource_not_found', detail: 'Account not found' });
      fake.failNext({ status: 404, type: 'errors/resource_not_found', detail: 'User not found' });

      // Act
      const gone = await failureOf(provider.resolveProfile({ account, profileUrl: 'https://www.linkedin.com/in/jane-doe' }));
      const nobody = await failureOf(provider.resolveProfile({ account, profileUrl: 'https://www.linkedin.com/in/jane-doe' }));

      // Assert
      expect(gone.reason).toBe('account_disconnected');
      expect(nobody.reason).toBe('profile_not_found');
    });

    it('429 with retry-after → provider_rate_limited, retryable; 500 → provider_unavailable, retryable', async () => {
      // Prepare
      fake.failNext({ status: 429, type: 'errors/too_many_requests', retryAfter: 30 });
      fake.failNext({ status: 500, type: 'errors/provider_error' });

      // Act
      const limited = await failureOf(provider.invite({ account, providerId: janeId }));
      const down = await failureOf(provider.invite({ account, providerId: janeId }));

      // Assert
      expect(limited).toMatchObject({ reason: 'provider_rate_limited', retryable: true, retryAfterSeconds: 30 });
      expect(down).toMatchObject({ reason: 'provider_unavailable', retryable: true, status: 500 });
    });

    it('no answer in time → provider_timeout, retryable', async () => {
      // Prepare
      const impatient = new UnipileProvider({ dsn: fake.url, apiKey: fake.apiKey, timeoutMs: 150 });
      fake.hang('POST /api/v1/users/invite');

      // Act
      const error = await failureOf(impatient.invite({ account, providerId: janeId }));

      // Assert
      expect(error).toMatchObject({ reason: 'provider_timeout', retryable: true });
    });
  });

  describe('sendMessage', () => {
    it('without chatId starts a chat: multipart account_id, one attendees_ids, text', async () => {
      // Act
      const result = await provider.sendMessage({ account, providerId: janeId, text: 'Hi Jane, thanks for connecting.' });

      // Assert
      expect(result).toEqual({
        provider: 'unipile',
        outcome: 'messaged',
        details: { chatId: expect.stringMatching(/^chat-/), messageId: expect.stringMatching(/^msg-/) },
      });
      expect(fake.requests).toHaveLength(1);
      const [sent] = fake.requests;
      expect(sent).toMatchObject({ method: 'POST', path: '/api/v1/chats', query: {} });
      expect(sent?.headers['x-api-key']).toBe(fake.apiKey);
      expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(sent?.fields).toEqual({
        account_id: ['UnipileAcc_42'],
        attendees_ids: [janeId],
        text: ['Hi Jane, thanks for connecting.'],
      });
    });

    it('with chatId posts in the existing chat: multipart text only', async () => {
      // Act
      const result = await provider.sendMessage({ account, providerId: janeId, chatId: 'chat-abc', text: 'Following up.' });

      // Assert
      expect(result).toEqual({
        provider: 'unipile',
        outcome: 'messaged',
        details: { chatId: 'chat-abc', messageId: expect.stringMatching(/^msg-/) },
      });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/api/v1/chats/chat-abc/messages', query: {} });
      expect(fake.requests[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(fake.requests[0]?.fields).toEqual({ text: ['Following up.'] });
    });

    it('keeps what Unipile documents when chat_id and message_id come back null', async () => {
      // Prepare
      fake.respondNext({ status: 201, body: { object: 'ChatStarted', chat_id: null, message_id: null } });

      // Act
      const result = await provider.sendMessage({ account, providerId: janeId, text: 'Hi' });

      // Assert
      expect(result).toEqual({ provider: 'unipile', outcome: 'messaged', details: {} });
    });

    it('422 errors/no_connection_with_recipient → not_connected, in a new or an existing chat', async () => {
      // Prepare
      fake.failNext({ status: 422, type: 'errors/no_connection_with_recipient', match: 'POST /api/v1/chats' });
      fake.failNext({ status: 422, type: 'errors/no_connection_with_recipient', match: 'POST /api/v1/chats/' });

      // Act
      const fresh = await failureOf(provider.sendMessage({ account, providerId: janeId, text: 'Hi' }));
      const existing = await failureOf(provider.sendMessage({ account, providerId: janeId, chatId: 'c1', text: 'Hi' }));

      // Assert
      expect(fresh).toMatchObject({ reason: 'not_connected', retryable: false, status: 422 });
      expect(fresh.message).toContain('start the conversation');
      expect(existing).toMatchObject({ reason: 'not_connected', retryable: false, status: 422 });
      expect(existing.message).toContain('send the message');
    });

    it('an unknown chat → chat_not_found, not retryable', async () => {
      // Act
      const error = await failureOf(provider.sendMessage({ account, providerId: janeId, chatId: MISSING_CHAT_ID, text: 'Hi' }));

      // Assert
      expect(error).toMatchObject({ reason: 'chat_not_found', retryable: false, status: 404 });
    });

    it('429 with retry-after and 503 are retryable', async () => {
      // Prepare
      fake.failNext({ status: 429, retryAfter: 4 });
      fake.failNext({ status: 503 });

      // Act
      const limited = await failureOf(provider.sendMessage({ account, providerId: janeId, text: 'Hi' }));
      const down = await failureOf(provider.sendMessage({ account, providerId: janeId, text: 'Hi' }));

      // Assert
      expect(limited).toMatchObject({ reason: 'provider_rate_limited', retryable: true, retryAfterSeconds: 4 });
      expect(down).toMatchObject({ reason: 'provider_unavailable', retryable: true, status: 503 });
    });

    it('no answer in time → provider_timeout, retryable', async () => {
      // Prepare
      const impatient = new UnipileProvider({ dsn: fake.url, apiKey: fake.apiKey, timeoutMs: 150 });
      fake.hang('POST /api/v1/chats');

      // Act
      const error = await failureOf(impatient.sendMessage({ account, providerId: janeId, text: 'Hi' }));

      // Assert
      expect(error).toMatchObject({ reason: 'provider_timeout', retryable: true });
    });
  });

  describe('publishPost', () => {
    it('POSTs /posts as multipart (account_id, text), then reads the post back for its social id and address', async () => {
      // Act
      const result = await provider.publishPost({ account, text: 'Seven buyers raised price.\nHere is why.' });

      // Assert
      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /api/v1/posts',
        `GET /api/v1/posts/${result.details?.postId}`,
      ]);
      const [created, lookup] = fake.requests;
      expect(created?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      // Multipart sends a value's line breaks as CRLF (the HTML form encoding), as the SDK's FormData does too.
      expect(created?.fields).toEqual({ account_id: ['UnipileAcc_42'], text: ['Seven buyers raised price.\r\nHere is why.'] });
      expect(lookup?.query).toEqual({ account_id: 'UnipileAcc_42' });
      const postId = result.details?.postId ?? '';
      expect(result).toEqual({
        provider: 'unipile',
        outcome: 'posted',
        details: {
          postId,
          socialId: `urn:li:activity:${postId}`,
          url: `https://www.linkedin.com/posts/fake-author_a-post-activity-${postId}-AbCd/`,
        },
      });
    });

    it('published with post_id null: done, its address unknown, nothing looked up', async () => {
      // Prepare
      fake.respondNext({ status: 201, body: { object: 'PostCreated', post_id: null } });

      // Act
      const result = await provider.publishPost({ account, text: 'Hi' });

      // Assert
      expect(result).toEqual({ provider: 'unipile', outcome: 'posted', details: { urlUnknown: 'true' } });
      expect(fake.requests).toHaveLength(1);
    });

    it('a look-up that fails after the post went out: done, its address unknown (never posted again)', async () => {
      // Prepare
      fake.failNext({ status: 503, type: 'errors/network_down', match: 'GET /api/v1/posts/' });

      // Act
      const result = await provider.publishPost({ account, text: 'Hi' });

      // Assert
      expect(result).toEqual({ provider: 'unipile', outcome: 'posted', details: { postId: expect.any(String), urlUnknown: 'true' } });
    });

    it.each([
      [401, 'errors/disconnected_account', { reason: 'account_disconnected', retryable: false }],
      [403, 'errors/account_restricted', { reason: 'account_restricted', retryable: false }],
      [500, 'errors/provider_error', { reason: 'provider_unavailable', retryable: true }],
      [503, 'errors/network_down', { reason: 'provider_unavailable', retryable: true }],
      [504, 'errors/request_timeout', { reason: 'provider_timeout', retryable: true, outcomeUnknown: true }],
    ])('%s %s on the post → %j', async (status, type, meaning) => {
      // Prepare
      fake.failNext({ status, type, match: 'POST /api/v1/posts' });

      // Act
      const error = await failureOf(provider.publishPost({ account, text: 'Hi' }));

      // Assert
      expect(error).toMatchObject({ ...meaning, status });
      expect(error.message).toContain('publish the post');
    });
  });

  describe('listRelations', () => {
    it('pages through the relations with limit and the returned cursor', async () => {
      // Prepare
      fake.setRelations([1, 2, 3, 4, 5].map(relation));

      // Act
      const first = await provider.listRelations({ account, limit: 2 });
      const second = await provider.listRelations({ account, limit: 2, cursor: first.cursor });
      const last = await provider.listRelations({ account, limit: 2, cursor: second.cursor });

      // Assert
      expect(first.relations).toEqual([
        {
          providerId: 'ACoAAR1',
          publicIdentifier: 'person-1',
          profileUrl: 'https://www.linkedin.com/in/person-1',
          createdAt: '2025-01-01T00:00:00.000Z',
        },
        {
          providerId: 'ACoAAR2',
          publicIdentifier: 'person-2',
          profileUrl: 'https://www.linkedin.com/in/person-2',
          createdAt: '2025-01-02T00:00:00.000Z',
        },
      ]);
      expect(first.cursor).toEqual(expect.any(String));
      expect(second.relations.map((r) => r.publicIdentifier)).toEqual(['person-3', 'person-4']);
      expect(last.relations.map((r) => r.publicIdentifier)).toEqual(['person-5']);
      expect(last).not.toHaveProperty('cursor');
      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill('GET /api/v1/users/relations'));
      expect(fake.requests[0]?.query).toEqual({ account_id: 'UnipileAcc_42', limit: '2' });
      expect(fake.requests[1]?.query).toEqual({ account_id: 'UnipileAcc_42', limit: '2', cursor: first.cursor });
      expect(fake.requests[0]?.headers['x-api-key']).toBe(fake.apiKey);
    });

    it('sends only account_id when neither limit nor cursor is given; an empty network is one empty page', async () => {
      // Act
      const page = await provider.listRelations({ account });

      // Assert
      expect(page).toEqual({ relations: [] });
      expect(fake.requests[0]?.query).toEqual({ account_id: 'UnipileAcc_42' });
    });

    it('normalises public_profile_url and omits createdAt when absent', async () => {
      // Prepare: an answer without created_at (which the SDK's schema requires): read, not refused.
      const relation = { member_id: 'ACoAAX', public_identifier: 'Jöhn-Doe', public_profile_url: 'https://linkedin.com/in/J%C3%B6hn-Doe/' };
      fake.respondNext({ status: 200, body: { object: 'UserRelationsList', items: [relation], cursor: null } });

      // Act
      const page = await provider.listRelations({ account });

      // Assert
      expect(page.relations).toEqual([
        { providerId: 'ACoAAX', publicIdentifier: 'Jöhn-Doe', profileUrl: 'https://www.linkedin.com/in/j%C3%B6hn-doe' },
      ]);
    });

    it('a relation without member_id → provider_bad_response, rather than a silently shorter list', async () => {
      // Prepare
      fake.respondNext({
        status: 200,
        body: { object: 'UserRelationsList', items: [{ object: 'UserRelation', public_identifier: 'x-y-z' }], cursor: null },
      });

      // Act
      const error = await failureOf(provider.listRelations({ account }));

      // Assert
      expect(error).toMatchObject({ reason: 'provider_bad_response', retryable: false });
    });

    it('an invalid cursor → 400 invalid_parameters, not retryable; 429 → retryable with retry-after', async () => {
      // Prepare
      fake.failNext({ status: 429, retryAfter: 60, match: 'GET /api/v1/users/relations' });

      // Act
      const limited = await failureOf(provider.listRelations({ account }));
      const invalid = await failureOf(provider.listRelations({ account, cursor: 'not-a-cursor' }));

      // Assert
      expect(limited).toMatchObject({ reason: 'provider_rate_limited', retryable: true, retryAfterSeconds: 60 });
      expect(invalid).toMatchObject({ reason: 'invalid_parameters', retryable: false, status: 400 });
    });
  });

  it('never puts the API key in an error message of the new calls', async () => {
    // Prepare
    const echo = { status: 422, type: 'errors/invalid_recipient', detail: `key ${fake.apiKey}` };
    const calls = [
      () => provider.comment({ account, post: activityPost, text: 'Hi' }),
      () => provider.resolveProfile({ account, profileUrl: 'https://www.linkedin.com/in/jane-doe' }),
      () => provider.invite({ account, providerId: janeId }),
      () => provider.sendMessage({ account, providerId: janeId, text: 'Hi' }),
      () => provider.listRelations({ account }),
    ];

    // Act
    const messages: string[] = [];
    for (const call of calls) {
      fake.failNext(echo);
      messages.push((await failureOf(call())).message);
    }

    // Assert
    expect(messages).toHaveLength(5);
    for (const message of messages) expect(message).not.toContain(fake.apiKey);
  });
});
