import { insightsPageHeaders, renderInsightsPage } from '../../../../lib/reports/insights-page';
import type { Insights } from '../../../../lib/insights/insights-view';

const hostile = `"><script>alert(1)</script><img src=x onerror=alert(2)> & 'q'`;

function insightsOf(overrides: Partial<Insights> = {}): Insights {
  return {
    from: '2026-11-01',
    to: '2026-11-30',
    calls: 40,
    previous: { from: '2026-10-02', to: '2026-10-31', calls: 35 },
    themes: {
      objection: [
        {
          key: 'price',
          label: 'Price and budget',
          calls: 7,
          share: 0.175,
          previousCalls: 3,
          trend: 'up',
          quotes: [
            {
              quote: 'That is twice what we pay.',
              callId: 'gong-1',
              title: 'Discovery with Globex',
              day: '2026-11-20',
              links: { transcript: '/api/v1/transcript/gong-1' },
            },
          ],
        },
      ],
      customer_question: [],
      pain_point: [],
      competitor: [{ key: 'product:chorus', label: 'Chorus', calls: 3, share: 0.075, previousCalls: 0, trend: 'new', quotes: [] }],
    },
    ...overrides,
  };
}

const expiresAt = new Date('2026-12-20T15:00:00Z');

describe('the insights page', () => {
  it("shows the period, its calls, each kind's themes with their share, trend and quotes linking to the call's report", () => {
    const html = renderInsightsPage({
      insights: insightsOf(),
      reportLink: (callId) => `/reports/token-of-${callId}`,
      linkExpiresAt: expiresAt,
    });

    expect(html).toContain(
      '<h1>What buyers raised, <time datetime="2026-11-01">1 Nov 2026</time> to <time datetime="2026-11-30">30 Nov 2026</time></h1>',
    );
    expect(html).toContain('<dd id="calls">40</dd>');
    expect(html).toContain('<a href="#objection">Objections (1)</a>');
    expect(html).toContain('<span class="trend up">up</span>');
    expect(html).toContain('<strong>18%</strong> · 7 calls of 40');
    expect(html).toContain('3 calls of 35 (9%) in the previous period.');
    expect(html).toContain('<span class="trend new">new</span>');
    expect(html).toContain('None in the previous period.');
    expect(html).toContain('<blockquote>That is twice what we pay.</blockquote>');
    expect(html).toContain('<a href="/reports/token-of-gong-1">the call’s report</a>');
    expect(html).toContain('No customer question was asked in this period.');
    expect(html).not.toContain('id="no-calls"');
  });

  it('says when no call of the period was analysed, and links to no report while links are not configured', () => {
    const empty = insightsOf({ calls: 0, themes: { objection: [], customer_question: [], pain_point: [], competitor: [] } });

    expect(renderInsightsPage({ insights: empty, reportLink: () => undefined, linkExpiresAt: expiresAt })).toContain('id="no-calls"');
    const html = renderInsightsPage({ insights: insightsOf(), reportLink: () => undefined, linkExpiresAt: expiresAt });
    expect(html).not.toContain('/reports/');
    expect(html).toContain('Discovery with Globex');
  });

  it('escapes every text it shows: labels, quotes and titles', () => {
    const insights = insightsOf();
    const theme = insights.themes.objection[0]!;
    insights.themes.objection = [{ ...theme, label: hostile, quotes: [{ ...theme.quotes[0]!, quote: hostile, title: hostile }] }];

    const html = renderInsightsPage({ insights, reportLink: () => `javascript:alert(3)`, linkExpiresAt: expiresAt });

    expect(html).not.toMatch(/<script>|<img|javascript:|href="\/\//);
    const elsewhere = renderInsightsPage({ insights, reportLink: () => '//evil.example/x', linkExpiresAt: expiresAt });
    expect(elsewhere).not.toContain('href="//evil');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('is sent with a policy that allows its one stylesheet and nothing else', () => {
    const policy = insightsPageHeaders['content-security-policy']!;

    expect(policy).toMatch(
      /^default-src 'none'; style-src 'sha256-[\w+/=]+'; img-src 'none'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'$/,
    );
    expect(insightsPageHeaders).toMatchObject({ 'referrer-policy': 'no-referrer', 'cache-control': 'no-store', 'x-frame-options': 'DENY' });
  });
});
