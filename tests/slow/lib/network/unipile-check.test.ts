import type { FakeUnipile } from '../../../helpers/fake-unipile';
import { startFakeUnipile } from '../../../helpers/fake-unipile';
import { checkUnipile, WEBHOOK_SOURCES, webhookName } from '../../../../lib/network/unipile-check';

/** The Unipile smoke check against the fake, set up right and in each way it can be wrong. */
describe('checkUnipile', () => {
  let fake: FakeUnipile;
  const publicBaseUrl = 'https://api.example.com';
  const secret = 'whsec-unipile-check-1';

  beforeEach(async () => {
    fake = await startFakeUnipile();
  });
  afterEach(() => fake.close());

  /** Registers a webhook as docs/unipile.md tells an operator to (its body, through the real route). */
  async function register(
    source: string,
    headers: Array<{ key: string; value: string }>,
    requestUrl = `${publicBaseUrl}/api/v1/webhooks/unipile`,
  ) {
    const response = await fetch(`${fake.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { 'X-API-KEY': fake.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ request_url: requestUrl, source, name: webhookName(source as (typeof WEBHOOK_SOURCES)[number]), headers }),
    });
    expect(response.status).toBe(201);
  }
  const goodHeaders = [
    { key: 'Content-Type', value: 'application/json' },
    { key: 'x-webhook-secret', value: secret },
  ];
  const check = (apiKey = fake.apiKey) => checkUnipile({ dsn: fake.url, apiKey, publicBaseUrl, webhookSecret: secret });

  it('says all is right when the key, the accounts and the three webhooks are', async () => {
    fake.registerLogin('acc-1', { publicIdentifier: 'sam-seller', name: 'Sam Seller' });
    for (const source of WEBHOOK_SOURCES) await register(source, goodHeaders);
    const before = fake.requests.length;

    const lines = await check();

    expect(lines.every((line) => line.ok)).toBe(true);
    expect(lines.map((line) => line.what)).toEqual([
      `the DSN answers and the API key is accepted (${fake.url}/api/v1)`,
      'account acc-1 (Sam Seller): OK',
      'account acc-1 reads its own profile (https://www.linkedin.com/in/sam-seller)',
      ...WEBHOOK_SOURCES.map((source) => `webhook ${source}: ${publicBaseUrl}/api/v1/webhooks/unipile`),
    ]);
    // Read-only: the check itself sends GETs only, the three the issue names.
    expect(fake.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/v1/accounts',
      'GET /api/v1/users/me',
      'GET /api/v1/webhooks',
    ]);
  });

  it('stops at a refused key, saying which variable to set', async () => {
    const lines = await check('not-the-key');

    expect(lines).toEqual([expect.objectContaining({ ok: false, fix: expect.stringContaining('UNIPILE_API_KEY') })]);
  });

  it('says which webhook is missing, which lacks its secret, and which calls elsewhere', async () => {
    fake.registerLogin('acc-1', { publicIdentifier: 'sam-seller', name: 'Sam Seller' });
    await register('users', [{ key: 'Content-Type', value: 'application/json' }]);
    await register('messaging', goodHeaders, 'https://old.example.com/api/v1/webhooks/unipile');

    const lines = await check();
    const of = (source: string) =>
      lines.find((line) => line.what.startsWith(`webhook ${source}`) || line.what.includes(`source ${source}`));

    expect(of('users')).toMatchObject({ ok: false, what: expect.stringContaining('no x-webhook-secret header') });
    expect(of('messaging')).toMatchObject({ ok: false, what: expect.stringContaining('https://old.example.com') });
    expect(of('account_status')).toMatchObject({
      ok: false,
      what: 'no webhook of source account_status',
      fix: expect.stringContaining('Register it'),
    });
  });

  it('warns, without failing, about a webhook without a JSON content type (the service reads it anyway)', async () => {
    fake.registerLogin('acc-1', { publicIdentifier: 'sam-seller', name: 'Sam Seller' });
    for (const source of WEBHOOK_SOURCES) await register(source, [{ key: 'x-webhook-secret', value: secret }]);

    const lines = await check();

    expect(lines.every((line) => line.ok)).toBe(true);
    expect(lines.filter((line) => line.fix)).toHaveLength(3);
  });

  it('names a disconnected account and no account at all', async () => {
    const none = await check();
    fake.registerLogin('acc-2', { publicIdentifier: 'dee-disconnected', name: 'Dee' });
    fake.disconnect('acc-2');
    const disconnected = await check();

    expect(none).toContainEqual(expect.objectContaining({ ok: false, what: 'no LinkedIn account is connected' }));
    expect(disconnected).toContainEqual(expect.objectContaining({ ok: false, what: 'account acc-2 (Dee): CREDENTIALS' }));
    expect(disconnected).toContainEqual(
      expect.objectContaining({
        ok: false,
        what: expect.stringContaining(
          'cannot read its own profile (account_disconnected: Unipile answered 401 errors/disconnected_account',
        ),
      }),
    );
  });
});
