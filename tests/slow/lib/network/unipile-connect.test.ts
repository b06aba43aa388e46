import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import type { FakeUnipile } from '../../../helpers/fake-unipile';
import { startFakeUnipile } from '../../../helpers/fake-unipile';
import { UnipileProvider } from '../../../../lib/network/unipile';
import type { ConnectLinkInput } from '../../../../lib/network/network-actions';
import { account, activityPost, failureOf } from '../../../helpers/unipile-fixtures';

/** A real HTTP endpoint standing for this service's callback and webhook: records what it is posted. */
interface Receiver {
  url: string;
  received: { path: string; headers: IncomingHttpHeaders; body: unknown }[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const server = createServer((req, res) => {
    void buffer(req).then((raw) => {
      received.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw.toString('utf8') || 'null') as unknown });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

const expiresAt = new Date(Date.now() + 30 * 60_000);

describe('UnipileProvider connect links and own profile against the fake Unipile server', () => {
  let fake: FakeUnipile;
  let provider: UnipileProvider;
  let receiver: Receiver;
  let link: ConnectLinkInput;

  beforeEach(async () => {
    fake = await startFakeUnipile();
    provider = new UnipileProvider({ dsn: fake.url, apiKey: fake.apiKey });
    receiver = await startReceiver();
    link = {
      type: 'create',
      notifyUrl: `${receiver.url}/connect/callback?state=signed.state-1`,
      reference: 'conn_01J0000000000000000000000',
      expiresAt,
      successRedirectUrl: 'https://app.example.com/connected',
      failureRedirectUrl: 'https://app.example.com/connect-failed',
    };
  });

  afterEach(async () => {
    await fake.close();
    await receiver.close();
  });

  describe('createConnectLink', () => {
    it('asks for a LinkedIn-only create link with the documented fields, and answers its URL', async () => {
      // Act
      const result = await provider.createConnectLink(link);

      // Assert
      expect(fake.requests).toHaveLength(1);
      const [sent] = fake.requests;
      expect(sent).toMatchObject({ method: 'POST', path: '/api/v1/hosted/accounts/link', query: {} });
      expect(sent?.headers['x-api-key']).toBe(fake.apiKey);
      expect(sent?.headers['content-type']).toBe('application/json');
      expect(sent?.body).toEqual({
        type: 'create',
        providers: ['LINKEDIN'],
        api_url: fake.url,
        expiresOn: expiresAt.toISOString(),
        notify_url: `${receiver.url}/connect/callback?state=signed.state-1`,
        name: 'conn_01J0000000000000000000000',
        success_redirect_url: 'https://app.example.com/connected',
        failure_redirect_url: 'https://app.example.com/connect-failed',
      });
      expect(result).toEqual({ url: fake.hostedLinks[0]?.url });
      expect(result.url.startsWith(`${fake.url}/hosted/`)).toBe(true);
      expect((await fetch(result.url)).status).toBe(200);
    });

    it('writes expiresOn as YYYY-MM-DDTHH:MM:SS.sssZ and leaves out redirect URLs not given', async () => {
      // Prepare
      const { successRedirectUrl: _s, failureRedirectUrl: _f, ...withoutRedirects } = link;

      // Act
      await provider.createConnectLink({ ...withoutRedirects, expiresAt: new Date('2099-03-04T05:06:07Z') });

      // Assert
      const body = fake.requests[0]?.body as Record<string, unknown>;
      expect(body.expiresOn).toBe('2099-03-04T05:06:07.000Z');
      expect(Object.keys(body).sort()).toEqual(['api_url', 'expiresOn', 'name', 'notify_url', 'providers', 'type']);
    });

    it('asks for a reconnect link naming the login, without providers (the SDK reconnect body has none)', async () => {
      // Act
      await provider.createConnectLink({ ...link, type: 'reconnect', reconnectProviderAccountId: 'UnipileAcc_42' });

      // Assert
      expect(fake.requests[0]?.body).toEqual({
        type: 'reconnect',
        reconnect_account: 'UnipileAcc_42',
        api_url: fake.url,
        expiresOn: expiresAt.toISOString(),
        notify_url: `${receiver.url}/connect/callback?state=signed.state-1`,
        name: 'conn_01J0000000000000000000000',
        success_redirect_url: 'https://app.example.com/connected',
        failure_redirect_url: 'https://app.example.com/connect-failed',
      });
    });

    it('refuses a reconnect link without the login to reconnect, asking Unipile nothing', async () => {
      // Act
      const error = await failureOf(provider.createConnectLink({ ...link, type: 'reconnect' }));

      // Assert
      expect(error).toMatchObject({ reason: 'invalid_connect_link', retryable: false });
      expect(fake.requests).toHaveLength(0);
    });

    it('gives the DSN as api_url: https implied for host:port, without /api/v1', async () => {
      // Prepare
      const seen: { url: string; body: unknown }[] = [];
      const recordingFetch: typeof fetch = async (input, init) => {
        seen.push({ url: String(input), body: JSON.parse(String(init?.body)) as unknown });
        return globalThis.fetch(String(input).replace('https://api8.unipile.com:13851', fake.url), init);
      };
      const hostOnly = new UnipileProvider({ dsn: 'api8.unipile.com:13851', apiKey: fake.apiKey, fetch: recordingFetch });
      const withPath = new UnipileProvider({ dsn: `${fake.url}/api/v1/`, apiKey: fake.apiKey });

      // Act
      await hostOnly.createConnectLink(link);
      await withPath.createConnectLink(link);

      // Assert
      expect(seen[0]?.url).toBe('https://api8.unipile.com:13851/api/v1/hosted/accounts/link');
      expect(seen[0]?.body).toMatchObject({ api_url: 'https://api8.unipile.com:13851' });
      expect(fake.requests[1]?.body).toMatchObject({ api_url: fake.url });
    });

    it('an answer without a URL → provider_bad_response, not retryable', async () => {
      // Prepare
      fake.respondNext({ status: 201, body: { object: 'HostedAuthURL' } });

      // Act
      const error = await failureOf(provider.createConnectLink(link));

      // Assert
      expect(error).toMatchObject({ reason: 'provider_bad_response', retryable: false });
    });

    it('a refused link (past expiry) → Unipile slug, not retryable; a wrong key → provider_auth_failed', async () => {
      // Prepare
      const wrongKey = new UnipileProvider({ dsn: fake.url, apiKey: 'not-the-key' });

      // Act
      const past = await failureOf(provider.createConnectLink({ ...link, expiresAt: new Date(Date.now() - 1000) }));
      const unauthorised = await failureOf(wrongKey.createConnectLink(link));

      // Assert
      expect(past).toMatchObject({ reason: 'invalid_parameters', retryable: false, status: 400 });
      expect(unauthorised).toMatchObject({ reason: 'provider_auth_failed', retryable: false, status: 401 });
    });
  });

  describe('a person finishing the wizard (the fake playing Unipile)', () => {
    it('posts {status: CREATION_SUCCESS, account_id, name} to notify_url, and the login then has its own profile', async () => {
      // Prepare
      const { url } = await provider.createConnectLink(link);

      // Act
      const response = await fake.completeHostedAuth(url, { accountId: 'NewAcc_7', publicIdentifier: 'Sam-Seller', name: 'Sam Seller' });
      const profile = await provider.getOwnProfile('NewAcc_7');

      // Assert
      expect(response.status).toBe(200);
      expect(receiver.received).toEqual([
        {
          path: '/connect/callback?state=signed.state-1',
          headers: expect.any(Object) as IncomingHttpHeaders,
          body: { status: 'CREATION_SUCCESS', account_id: 'NewAcc_7', name: 'conn_01J0000000000000000000000' },
        },
      ]);
      // Its content type is not documented: the fake sends none, the harder case for the service.
      expect(receiver.received[0]?.headers['content-type']).toBeUndefined();
      expect(receiver.received[0]?.headers['x-webhook-secret']).toBeUndefined();
      expect(profile).toEqual({ profileUrl: 'https://www.linkedin.com/in/sam-seller', name: 'Sam Seller' });
    });

    it('a reconnect link, found by its name, posts RECONNECTED for its login and makes it work again', async () => {
      // Prepare
      fake.registerLogin('UnipileAcc_42', { publicIdentifier: 'sam-seller', name: 'Sam Seller' });
      fake.disconnect('UnipileAcc_42');
      await provider.createConnectLink({ ...link, type: 'reconnect', reconnectProviderAccountId: 'UnipileAcc_42' });
      const before = await failureOf(provider.getOwnProfile('UnipileAcc_42'));

      // Act
      await fake.completeHostedAuth(link.reference, { publicIdentifier: 'sam-seller', name: 'Sam Seller' });
      const after = await provider.getOwnProfile('UnipileAcc_42');

      // Assert
      expect(before.reason).toBe('account_disconnected');
      expect(receiver.received.map((r) => r.body)).toEqual([
        { status: 'RECONNECTED', account_id: 'UnipileAcc_42', name: 'conn_01J0000000000000000000000' },
      ]);
      expect(after.name).toBe('Sam Seller');
    });
  });

  describe('getOwnProfile', () => {
    it('reads GET /api/v1/users/me for the login: normalised profile URL and name', async () => {
      // Prepare
      fake.registerLogin('UnipileAcc_42', { publicIdentifier: 'Jane-Doe', name: 'Jane Van Doe' });

      // Act
      const profile = await provider.getOwnProfile('UnipileAcc_42');

      // Assert
      expect(profile).toEqual({ profileUrl: 'https://www.linkedin.com/in/jane-doe', name: 'Jane Van Doe' });
      expect(fake.requests.map((r) => ({ method: r.method, path: r.path, query: r.query }))).toEqual([
        { method: 'GET', path: '/api/v1/users/me', query: { account_id: 'UnipileAcc_42' } },
      ]);
      expect(fake.requests[0]?.headers['x-api-key']).toBe(fake.apiKey);
    });

    it('takes public_profile_url when public_identifier is missing, and the id as name when there is none', async () => {
      // Prepare
      fake.respondNext({
        status: 200,
        body: { object: 'AccountOwnerProfile', provider: 'LINKEDIN', public_profile_url: 'https://fr.linkedin.com/in/Jane-Doe/' },
      });

      // Act
      const profile = await provider.getOwnProfile('UnipileAcc_42');

      // Assert
      expect(profile).toEqual({ profileUrl: 'https://www.linkedin.com/in/jane-doe', name: 'jane-doe' });
    });

    it('a profile without any public identifier → provider_bad_response', async () => {
      // Prepare
      fake.respondNext({ status: 200, body: { object: 'AccountOwnerProfile', first_name: 'Jane', last_name: 'Doe' } });

      // Act
      const error = await failureOf(provider.getOwnProfile('UnipileAcc_42'));

      // Assert
      expect(error).toMatchObject({ reason: 'provider_bad_response', retryable: false });
    });

    it('an unknown login → 404 → account_not_found', async () => {
      // Act
      const error = await failureOf(provider.getOwnProfile('NobodyAcc'));

      // Assert
      expect(error).toMatchObject({ reason: 'account_not_found', retryable: false, status: 404 });
    });
  });

  describe('a disconnected login', () => {
    it('every call for it answers 401 errors/disconnected_account → account_disconnected, not retryable', async () => {
      // Prepare
      fake.registerLogin(account.providerAccountId, { publicIdentifier: 'sam-seller', name: 'Sam Seller' });
      fake.disconnect(account.providerAccountId);

      // Act
      const errors = [
        await failureOf(provider.react({ account, post: activityPost, reactionType: 'like' })),
        await failureOf(provider.invite({ account, providerId: 'ACoAAB-jane' })),
        await failureOf(provider.sendMessage({ account, providerId: 'ACoAAB-jane', text: 'Hello' })),
        await failureOf(provider.getOwnProfile(account.providerAccountId)),
      ];

      // Assert
      for (const error of errors) {
        expect(error).toMatchObject({ reason: 'account_disconnected', retryable: false, status: 401 });
        expect(error.message).toContain('The account appears to be disconnected from the provider service.');
      }
    });

    it('only that login: another one still acts', async () => {
      // Prepare
      fake.disconnect('SomeOtherAcc');

      // Act
      const result = await provider.react({ account, post: activityPost, reactionType: 'like' });

      // Assert
      expect(result.outcome).toBe('reacted');
    });

    it.each([
      [401, 'errors/expired_credentials'],
      [422, 'errors/disconnected_account'],
    ])('%s %s → account_disconnected too', async (status, type) => {
      // Prepare
      fake.failNext({ status, type });

      // Act
      const error = await failureOf(provider.react({ account, post: activityPost, reactionType: 'like' }));

      // Assert
      expect(error).toMatchObject({ reason: 'account_disconnected', retryable: false, status });
    });

    it.each(['errors/invalid_credentials', 'errors/missing_credentials', 'errors/disconnected_feature'])(
      '401 %s stays provider_auth_failed (our key, or one feature, not the login)',
      async (type) => {
        // Prepare
        fake.failNext({ status: 401, type });

        // Act
        const error = await failureOf(provider.react({ account, post: activityPost, reactionType: 'like' }));

        // Assert
        expect(error).toMatchObject({ reason: 'provider_auth_failed', retryable: false, status: 401 });
      },
    );
  });

  describe('the account status webhook (the fake playing Unipile)', () => {
    it('posts {"AccountStatus": {account_id, account_type, message}} with the shared secret header', async () => {
      // Act
      const response = await fake.sendAccountStatus(`${receiver.url}/api/v1/webhooks/unipile`, 's3cret', 'UnipileAcc_42', 'CREDENTIALS');

      // Assert
      expect(response.status).toBe(200);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]?.path).toBe('/api/v1/webhooks/unipile');
      expect(receiver.received[0]?.headers['x-webhook-secret']).toBe('s3cret');
      // A webhook made through the API carries no JSON content type ("Webhook Content-Type", docs/webhooks-2).
      expect(receiver.received[0]?.headers['content-type']).toBeUndefined();
      expect(receiver.received[0]?.body).toEqual({
        AccountStatus: { account_id: 'UnipileAcc_42', account_type: 'LINKEDIN', message: 'CREDENTIALS' },
      });
    });
  });
});
