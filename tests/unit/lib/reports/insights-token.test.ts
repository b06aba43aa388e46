import { insightsLinkOf } from '../../../../lib/reports/insights-link';
import { signInsightsToken, verifyInsightsToken } from '../../../../lib/reports/insights-token';
import { signReportToken, verifyReportToken } from '../../../../lib/reports/report-token';

const secret = 'test-report-link-secret';
const now = new Date('2026-11-20T15:00:00.000Z');
const inThirtyDays = new Date('2026-12-20T15:00:00.000Z');
const grant = { workspaceId: 'acme', period: { from: '2026-11-01', to: '2026-11-30' }, expiresAt: inThirtyDays };

describe('insights link token', () => {
  it('names the workspace, the period and the expiry, and verifies until then', () => {
    const token = signInsightsToken(secret, grant);

    expect(token).toMatch(/^i1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyInsightsToken(secret, token, now)).toEqual({ ok: true, grant });
    expect(verifyInsightsToken(secret, token, inThirtyDays)).toEqual({ ok: false, reason: 'expired', expiresAt: inThirtyDays });
  });

  it('refuses a forged or altered token, and a report token signed with the same secret (and the other way round)', () => {
    const token = signInsightsToken(secret, grant);
    const [version, , signature] = token.split('.') as [string, string, string];
    const otherWorkspace = Buffer.from(JSON.stringify({ w: 'globex', f: '2026-11-01', t: '2026-11-30', e: 1_799_999_999 })).toString(
      'base64url',
    );
    const report = signReportToken(secret, { workspaceId: 'acme', callId: 'gong-7781', expiresAt: inThirtyDays });

    expect(verifyInsightsToken(secret, signInsightsToken('guessed', grant), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyInsightsToken(secret, `${version}.${otherWorkspace}.${signature}`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyInsightsToken(secret, `i1.${report.split('.')[1]!}.${report.split('.')[2]!}`, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(verifyReportToken(secret, `r1.${token.split('.')[1]!}.${signature}`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyInsightsToken('', token, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('is the link of GET /api/v1/insights: absolute when the public address is known, none without a secret', () => {
    const settings = { secret, publicBaseUrl: 'https://api.example.com', lifetimeSeconds: 30 * 86_400 };

    const link = insightsLinkOf(settings, 'acme', grant.period, now);

    expect(link).toMatch(/^https:\/\/api\.example\.com\/insights\/i1\.[\w-]+\.[\w-]{43}$/);
    const check = verifyInsightsToken(secret, link!.split('/insights/')[1]!, now);
    // Its lifetime after the next whole hour, as a report link's.
    expect(check).toEqual({ ok: true, grant: { ...grant, expiresAt: new Date('2026-12-20T15:00:00.000Z') } });
    expect(insightsLinkOf({ ...settings, secret: '' }, 'acme', grant.period, now)).toBeUndefined();
    expect(insightsLinkOf({ ...settings, publicBaseUrl: '' }, 'acme', grant.period, now)).toMatch(/^\/insights\/i1\./);
  });
});
