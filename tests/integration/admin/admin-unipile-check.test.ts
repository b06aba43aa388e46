import type { FakeUnipile } from '../../helpers/fake-unipile';
import { startFakeUnipile } from '../../helpers/fake-unipile';
import { adminWith } from '../../helpers/admin-cli';

/** `npm run admin -- unipile check` as an operator runs it, against the fake Unipile: its output and exit code. */
describe('npm run admin -- unipile check', () => {
  let fake: FakeUnipile;
  beforeAll(async () => {
    fake = await startFakeUnipile();
    fake.registerLogin('acc-ops-1', { publicIdentifier: 'olga-ops', name: 'Olga Ops' });
  });
  afterAll(() => fake.close());

  const run = (env: Record<string, string>) =>
    adminWith(
      { env: { UNIPILE_DSN: fake.url, UNIPILE_API_KEY: fake.apiKey, PUBLIC_BASE_URL: 'https://api.example.com', ...env } },
      'unipile',
      'check',
    );

  it('prints what to fix and exits 1 while the webhooks are not registered', async () => {
    const result = await run({});

    expect(result.code).toBe(1);
    expect(result.stdout).toContain('ok  the DSN answers and the API key is accepted');
    expect(result.stdout).toContain('FIX no webhook of source users');
    expect(result.stdout).toContain('3 thing(s) to fix.');
  });

  it('exits 1 naming UNIPILE_API_KEY when the key is refused, and names a missing variable', async () => {
    const refused = await run({ UNIPILE_API_KEY: 'wrong-key' });
    const missing = await adminWith({ unset: ['UNIPILE_DSN'], env: { UNIPILE_API_KEY: 'x' } }, 'unipile', 'check');

    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('UNIPILE_API_KEY');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('UNIPILE_DSN');
  });
});
