import type { CallTheme } from '../../../lib/insights/model/theme';
import { getInsights } from '../../../lib/insights/insights-view';
import { countCallThemesItems, keepThemeQuotes } from '../../../lib/store/insights';
import { transactWrite } from '../../../lib/store/transact';
import { createTestWorkspace, testDb } from '../../helpers/factories';

/**
 * Themes across calls against the emulated table: counted as calls are analysed (the writes the
 * transcripts worker adds to its transaction), read back for a period and the one before.
 */
const db = testDb();
const now = new Date('2026-11-27T12:00:00Z');

const price = (quote: string, score: number): CallTheme => ({ kind: 'objection', key: 'price', label: 'Price and budget', quote, score });
const frost: CallTheme = {
  kind: 'competitor',
  key: 'product:frostlink',
  label: 'FrostLink',
  quote: 'FrostLink quoted us less.',
  score: 0.7,
};

async function analysed(workspaceId: string, callId: string, day: string, themes: CallTheme[]): Promise<void> {
  await transactWrite(db, countCallThemesItems(db, workspaceId, day, themes));
  await keepThemeQuotes(db, workspaceId, { callId, title: `Call ${callId}`, day }, themes);
}

describe('insights', () => {
  it("counts each call's themes in its period, against the period before, with the best quotes linking to their calls", async () => {
    const { workspaceId } = await createTestWorkspace(db, { accounts: 0 });
    // The previous week: one call of four raised price.
    await analysed(workspaceId, 'old-1', '2026-11-10', [price('Too expensive.', 0.5)]);
    for (const callId of ['old-2', 'old-3', 'old-4']) await analysed(workspaceId, callId, '2026-11-12', []);
    // This week: two calls of three raised price, one named FrostLink.
    await analysed(workspaceId, 'new-1', '2026-11-20', [price('The price per seat is more than we pay today.', 0.9), frost]);
    await analysed(workspaceId, 'new-2', '2026-11-21', [price('We have no budget until April.', 0.6)]);
    await analysed(workspaceId, 'new-3', '2026-11-21', []);

    const insights = await getInsights(db, workspaceId, { from: '2026-11-15', to: '2026-11-21' }, now);

    expect(insights).toMatchObject({
      from: '2026-11-15',
      to: '2026-11-21',
      calls: 3,
      previous: { from: '2026-11-08', to: '2026-11-14', calls: 4 },
    });
    expect(insights.themes.objection).toEqual([
      {
        key: 'price',
        label: 'Price and budget',
        calls: 2,
        share: 0.667,
        previousCalls: 1,
        trend: 'up',
        quotes: [
          {
            quote: 'The price per seat is more than we pay today.',
            callId: 'new-1',
            title: 'Call new-1',
            day: '2026-11-20',
            links: { transcript: '/api/v1/transcript/new-1' },
          },
          expect.objectContaining({ quote: 'We have no budget until April.', callId: 'new-2' }),
        ],
      },
    ]);
    expect(insights.themes.competitor).toEqual([
      expect.objectContaining({ key: 'product:frostlink', calls: 1, previousCalls: 0, trend: 'new' }),
    ]);
    expect(insights.themes.customer_question).toEqual([]);
  });

  it("keeps a day's theme to a few quotes, the best of each slot, whatever its calls", async () => {
    const { workspaceId } = await createTestWorkspace(db, { accounts: 0 });
    for (let n = 0; n < 12; n++) await analysed(workspaceId, `busy-${n}`, '2026-11-20', [price(`Quote number ${n}.`, n / 20)]);

    const insights = await getInsights(db, workspaceId, { from: '2026-11-20', to: '2026-11-20' }, now);

    const [theme] = insights.themes.objection;
    expect(theme).toMatchObject({ calls: 12 });
    expect(theme!.quotes.length).toBeLessThanOrEqual(3);
    expect(theme!.quotes[0]!.quote).toBe('Quote number 11.');
  });

  it('shows the same words once, from the best of the calls that said them', async () => {
    const { workspaceId } = await createTestWorkspace(db, { accounts: 0 });
    await analysed(workspaceId, 'again-1', '2026-11-19', [price('It is  too expensive for us.', 0.8)]);
    await analysed(workspaceId, 'again-2', '2026-11-20', [price('It is too expensive for us.', 0.9)]);
    await analysed(workspaceId, 'other', '2026-11-20', [price('No budget this year.', 0.5)]);

    const insights = await getInsights(db, workspaceId, { from: '2026-11-19', to: '2026-11-20' }, now);

    expect(insights.themes.objection[0]).toMatchObject({ calls: 3 });
    expect(insights.themes.objection[0]!.quotes.map((quote) => [quote.callId, quote.quote])).toEqual([
      ['again-2', 'It is too expensive for us.'],
      ['other', 'No budget this year.'],
    ]);
  });

  it("shows a workspace none of another's themes", async () => {
    const ours = await createTestWorkspace(db, { accounts: 0 });
    const theirs = await createTestWorkspace(db, { accounts: 0 });
    await analysed(ours.workspaceId, 'ours-1', '2026-11-20', [price('Too expensive.', 0.5)]);

    const seen = await getInsights(db, theirs.workspaceId, { from: '2026-11-20', to: '2026-11-20' }, now);

    expect(seen.calls).toBe(0);
    expect(seen.themes.objection).toEqual([]);
  });
});
