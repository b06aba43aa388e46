import type { FakeUnipile } from '../../../helpers/fake-unipile';
import { MISSING_POST_ID, startFakeUnipile } from '../../../helpers/fake-unipile';
import { UnipileProvider } from '../../../../lib/network/unipile';
import { parseRetryAfter } from '../../../../lib/network/unipile-transport';
import { account, activityPost, comment, failureOf, postOf, ugcPost } from '../../../helpers/unipile-fixtures';
import type { ReactInput } from '../../../../lib/network/network-actions';
import type { ProviderError } from '../../../../lib/errors';

/** Runs `react` and returns the ProviderError it threw. */
const reactError = (provider: UnipileProvider, input: ReactInput): Promise<ProviderError> => failureOf(provider.react(input));

describe('UnipileProvider against the fake Unipile server', () => {
  let fake: FakeUnipile;
  let provider: UnipileProvider;

  beforeEach(async () => {
    fake = await startFakeUnipile();
    provider = new UnipileProvider({ dsn: fake.url, apiKey: fake.apiKey });
  });

  afterEach(async () => {
    await fake.close();
  });

  describe('success', () => {
    it('reacts to an activity post: looks it up by numeric id, then reacts with its social_id', async () => {
      // Prepare
      const input: ReactInput = { account, post: activityPost, reactionType: 'celebrate' };

      // Act
      const result = await provider.react(input);

      // Assert
      expect(result).toEqual({
        provider: 'unipile',
        outcome: 'reacted',
        details: { socialId: 'urn:li:activity:7332661864792854528' },
      });
      expect(fake.requests).toHaveLength(2);
      const [lookup, reaction] = fake.requests;
      expect(lookup).toMatchObject({
        method: 'GET',
        path: '/api/v1/posts/7332661864792854528',
        query: { account_id: 'UnipileAcc_42' },
      });
      expect(lookup?.headers['x-api-key']).toBe(fake.apiKey);
      expect(lookup?.headers.accept).toBe('application/json');
      expect(reaction).toMatchObject({ method: 'POST', path: '/api/v1/posts/reaction', query: {} });
      expect(reaction?.headers['x-api-key']).toBe(fake.apiKey);
      expect(reaction?.headers['content-type']).toBe('application/json');
      expect(reaction?.body).toEqual({
        account_id: 'UnipileAcc_42',
        post_id: 'urn:li:activity:7332661864792854528',
        reaction_type: 'celebrate',
      });
    });

    it('looks a ugcPost up by its URN, as Unipile documents, and reacts with the social_id it answers', async () => {
      // Prepare
      fake.setPost('urn:li:ugcPost:7336013677930006817', {
        object: 'Post',
        provider: 'LINKEDIN',
        social_id: 'urn:li:ugcPost:7336013677930006817',
      });

      // Act
      const result = await provider.react({ account, post: ugcPost, reactionType: 'like' });

      // Assert
      expect(result.details).toEqual({ socialId: 'urn:li:ugcPost:7336013677930006817' });
      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /api/v1/posts/urn:li:ugcPost:7336013677930006817',
        'POST /api/v1/posts/reaction',
      ]);
      expect(fake.requests[0]?.query).toEqual({ account_id: 'UnipileAcc_42' });
      expect(fake.requests[1]?.body).toEqual({
        account_id: 'UnipileAcc_42',
        post_id: 'urn:li:ugcPost:7336013677930006817',
        reaction_type: 'like',
      });
    });

    it('reacts to a comment: the post social_id plus comment_id', async () => {
      // Prepare
      const input: ReactInput = { account, post: comment, reactionType: 'insightful' };

      // Act
      await provider.react(input);

      // Assert
      expect(fake.requests[0]?.path).toBe('/api/v1/posts/7332661864792854528');
      expect(fake.requests[1]?.body).toEqual({
        account_id: 'UnipileAcc_42',
        post_id: 'urn:li:activity:7332661864792854528',
        reaction_type: 'insightful',
        comment_id: '7335000001439513601',
      });
    });

    it('accepts a DSN without scheme (https implied) and a base URL with a trailing slash', async () => {
      // Prepare
      const seen: string[] = [];
      const recordingFetch: typeof fetch = async (input, init) => {
        seen.push(String(input));
        return globalThis.fetch(String(input).replace('https://api8.unipile.com:13851', fake.url), init);
      };
      const hostOnly = new UnipileProvider({ dsn: 'api8.unipile.com:13851', apiKey: fake.apiKey, fetch: recordingFetch });
      const withSlash = new UnipileProvider({ dsn: `${fake.url}/`, apiKey: fake.apiKey });

      // Act
      await hostOnly.react({ account, post: activityPost, reactionType: 'like' });
      await withSlash.react({ account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(seen).toEqual([
        'https://api8.unipile.com:13851/api/v1/posts/7332661864792854528?account_id=UnipileAcc_42',
        'https://api8.unipile.com:13851/api/v1/posts/reaction',
      ]);
      expect(fake.requests.map((r) => r.path)).toEqual([
        '/api/v1/posts/7332661864792854528',
        '/api/v1/posts/reaction',
        '/api/v1/posts/7332661864792854528',
        '/api/v1/posts/reaction',
      ]);
    });
  });

  describe('retryable failures', () => {
    it('429 with retry-after in seconds → provider_rate_limited, retryable, with the delay', async () => {
      // Prepare
      fake.failNext({ status: 429, type: 'errors/too_many_requests', retryAfter: 7, match: 'POST /api/v1/posts/reaction' });

      // Act
      const error = await reactError(provider, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'provider_rate_limited', retryable: true, status: 429, retryAfterSeconds: 7 });
    });

    it('429 with retry-after as an HTTP date → the seconds until then', async () => {
      // Prepare
      fake.failNext({ status: 429, retryAfter: new Date(Date.now() + 30_000).toUTCString() });

      // Act
      const error = await reactError(provider, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error.retryable).toBe(true);
      expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(28);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(31);
    });

    it('429 errors/too_many_requests without retry-after (v1 documents none) → provider_rate_limited', async () => {
      // Prepare: Unipile's v1 429, "The provider cannot accept any more requests at the moment".
      fake.failNext({
        status: 429,
        type: 'errors/too_many_requests',
        detail: 'The provider cannot accept any more requests at the moment.',
      });

      // Act
      const error = await reactError(provider, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'provider_rate_limited', retryable: true, retryAfterSeconds: undefined });
      expect(error.message).toContain('The provider cannot accept any more requests');
    });

    it('422 errors/action_already_performed on a reaction → reacted: the reaction is already there', async () => {
      // Prepare
      fake.failNext({ status: 422, type: 'errors/action_already_performed', match: 'POST /api/v1/posts/reaction' });

      // Act
      const result = await provider.react({ account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(result).toMatchObject({ outcome: 'reacted', details: { alreadyThere: 'true' } });
    });

    it('504 errors/request_timeout on a POST → provider_timeout, retryable, its outcome unknown', async () => {
      // Prepare
      fake.failNext({ status: 504, type: 'errors/request_timeout', match: 'POST /api/v1/posts/reaction' });

      // Act
      const error = await reactError(provider, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'provider_timeout', retryable: true, outcomeUnknown: true });
    });

    it('503 → provider_unavailable, retryable', async () => {
      // Prepare
      fake.failNext({ status: 503, type: 'errors/unexpected_error', detail: 'Down for maintenance.' });

      // Act
      const error = await reactError(provider, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'provider_unavailable', retryable: true, status: 503 });
      expect(error.message).toContain('Down for maintenance.');
    });

    it('no answer within timeoutMs → provider_timeout, retryable', async () => {
      // Prepare
      // Per request: long enough for the post lookup on a busy machine, short for a test.
      const impatient = new UnipileProvider({ dsn: fake.url, apiKey: fake.apiKey, timeoutMs: 1000 });
      fake.hang('POST /api/v1/posts/reaction');

      // Act
      const error = await reactError(impatient, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'provider_timeout', retryable: true });
      expect(fake.requests.map((r) => r.path)).toEqual(['/api/v1/posts/7332661864792854528', '/api/v1/posts/reaction']);
    });

    it('a timed-out lookup (GET) changed nothing; a timed-out POST may have been applied', async () => {
      // Prepare
      const impatient = new UnipileProvider({ dsn: fake.url, apiKey: fake.apiKey, timeoutMs: 300 });
      fake.hang('GET /api/v1/posts/7332661864792854528');

      // Act
      const lookup = await reactError(impatient, { account, post: activityPost, reactionType: 'like' });
      fake.hang('POST /api/v1/posts/reaction');
      const reaction = await reactError(new UnipileProvider({ dsn: fake.url, apiKey: fake.apiKey, timeoutMs: 1000 }), {
        account,
        post: activityPost,
        reactionType: 'like',
      });

      // Assert
      expect(lookup).toMatchObject({ reason: 'provider_timeout', retryable: true, outcomeUnknown: false });
      expect(reaction).toMatchObject({ reason: 'provider_timeout', retryable: true, outcomeUnknown: true });
    });

    it('nothing listening → provider_unavailable, retryable', async () => {
      // Prepare
      const deadUrl = fake.url;
      await fake.close();
      fake = await startFakeUnipile(); // for afterEach
      const orphan = new UnipileProvider({ dsn: deadUrl, apiKey: 'k', timeoutMs: 2000 });

      // Act
      const error = await reactError(orphan, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'provider_unavailable', retryable: true });
    });
  });

  describe('final failures', () => {
    it('404 on the post → post_not_found, not retryable, and no reaction is attempted', async () => {
      // Prepare
      const missing = postOf(`https://www.linkedin.com/feed/update/urn:li:activity:${MISSING_POST_ID}/`);

      // Act
      const error = await reactError(provider, { account, post: missing, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'post_not_found', retryable: false, status: 404 });
      expect(fake.requests).toHaveLength(1);
    });

    it('422 errors/comments_disabled → comments_disabled, not retryable, keeping the detail', async () => {
      // Prepare
      fake.failNext({
        status: 422,
        type: 'errors/comments_disabled',
        detail: 'The author disabled comments on this post.',
        match: 'POST ',
      });

      // Act
      const error = await reactError(provider, { account, post: comment, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'comments_disabled', retryable: false, status: 422 });
      expect(error.message).toContain('The author disabled comments on this post.');
    });

    it('a 4xx without a usable type → provider_rejected; a long detail is truncated', async () => {
      // Prepare
      fake.failNext({ status: 400, body: { status: 400, title: 'Bad', detail: 'x'.repeat(5000) } });

      // Act
      const error = await reactError(provider, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'provider_rejected', retryable: false });
      expect(error.message.length).toBeLessThan(420);
    });

    it('wrong API key → 401 → provider_auth_failed, not retryable', async () => {
      // Prepare
      const wrongKey = new UnipileProvider({ dsn: fake.url, apiKey: 'not-the-key' });

      // Act
      const error = await reactError(wrongKey, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'provider_auth_failed', retryable: false, status: 401 });
    });

    it('403 → provider_auth_failed, not retryable', async () => {
      // Prepare
      fake.failNext({ status: 403, type: 'errors/insufficient_permissions' });

      // Act
      const error = await reactError(provider, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'provider_auth_failed', retryable: false, status: 403 });
    });

    it.each([
      [403, 'errors/account_restricted'],
      [401, 'errors/checkpoint_error'],
    ])('%s %s → account_restricted (a signal about the account), not retryable', async (status, type) => {
      // Prepare
      fake.failNext({ status, type });

      // Act
      const error = await reactError(provider, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'account_restricted', retryable: false, status });
    });

    it('a post answered without social_id → provider_bad_response, not retryable, no reaction attempted', async () => {
      // Prepare
      fake.setPost('7332661864792854528', { object: 'Post', provider: 'LINKEDIN', id: '7332661864792854528' });

      // Act
      const error = await reactError(provider, { account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(error).toMatchObject({ reason: 'provider_bad_response', retryable: false });
      expect(fake.requests).toHaveLength(1);
    });
  });

  it('never puts the API key in an error message, even when Unipile echoes it', async () => {
    // Prepare
    const failures = [
      { status: 401, detail: `Key ${fake.apiKey} is revoked.` },
      { status: 422, type: 'errors/invalid_post', detail: `Echo: ${fake.apiKey}` },
      { status: 429, retryAfter: 3, detail: `${fake.apiKey}` },
      { status: 500, detail: `X-API-KEY: ${fake.apiKey}` },
    ];
    const messages: string[] = [];

    // Act
    for (const failure of failures) {
      fake.failNext(failure);
      const error = await reactError(provider, { account, post: activityPost, reactionType: 'like' });
      messages.push(error.message, String(error.stack));
    }
    fake.hang();
    const impatient = new UnipileProvider({ dsn: fake.url, apiKey: fake.apiKey, timeoutMs: 100 });
    messages.push((await reactError(impatient, { account, post: activityPost, reactionType: 'like' })).message);

    // Assert
    expect(messages.length).toBe(9);
    for (const message of messages) expect(message).not.toContain(fake.apiKey);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it.each([
    ['7', 7],
    [' 120 ', 120],
    ['0', 0],
    ['Wed, 01 Jan 2025 00:00:30 GMT', 30],
    ['Tue, 31 Dec 2024 23:59:00 GMT', 0],
  ])('reads %j as %d seconds', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });

  it.each([null, '', 'soon', '-5', '1.5'])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});

describe('UnipileProvider configuration', () => {
  it.each(['', 'ftp://api8.unipile.com', 'http://'])('refuses the DSN %j', (dsn) => {
    expect(() => new UnipileProvider({ dsn, apiKey: 'k' })).toThrow(/Invalid Unipile DSN/);
  });
});
