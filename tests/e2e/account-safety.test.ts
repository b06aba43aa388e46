import { startOfNextLocalDay } from '../../lib/outreach/safety/working-hours';
import { listSandboxActions } from '../../lib/store/sandbox';
import { createTestWorkspace, noSpacing, testDb } from '../helpers/factories';
import { api, BACKGROUND_WORK_TIMEOUT_MS, eventually } from '../helpers/http-client';
import type { JobBody } from '../helpers/jobs';
import { finalJobStatuses, jobInStatus } from '../helpers/jobs';

/** Account safety over real HTTP: work over a daily limit, or outside working hours, waits; it is never dropped. */
const db = testDb();
const parisClock = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', ...options });
const parisDate = (instant: Date) => parisClock({ year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
const parisTime = (instant: Date) =>
  parisClock({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(instant);
const postUrl = (n: number) => `https://www.linkedin.com/feed/update/urn:li:activity:73000000000000002${String(n).padStart(2, '0')}/`;

describe('account safety, end to end', () => {
  it('defers a comment over the daily limit to the next working day, and the job says when', async () => {
    const ws = await createTestWorkspace(db, { accounts: [{ dailyLimits: { comments: 1 }, timezone: 'Europe/Paris' }] });
    const body = (n: number) => ({ url: postUrl(n), comment: `Comment ${n}`, groups: ['sales'] });

    const first = await api('POST', '/api/v1/social-selling/request-comment', { apiKey: ws.apiKey, body: body(1) });
    await jobInStatus(ws.apiKey, first.headers.get('location')!, finalJobStatuses);
    const sentAt = new Date();
    const second = await api('POST', '/api/v1/social-selling/request-comment', { apiKey: ws.apiKey, body: body(2) });
    const deferred = await waitForDeferral(ws.apiKey, second.headers.get('location')!);

    const action = deferred.actions[0]!;
    expect(action).toMatchObject({ status: 'pending', deferredReason: 'daily_limit', attempts: 0 });
    // Tomorrow, Paris time (the account's zone), at the opening of its working hours (all day here: midnight).
    const runAt = new Date(action.scheduledFor as string);
    expect(runAt).toEqual(startOfNextLocalDay(new Date(), 'Europe/Paris'));
    // The same, told by the platform's own time zone data rather than the code under test: midnight
    // on a Paris clock, after the request, and the first one (a minute before, it was still the day the request was sent).
    expect(parisTime(runAt)).toBe('00:00:00');
    expect(runAt.getTime()).toBeGreaterThan(sentAt.getTime());
    expect(parisDate(new Date(runAt.getTime() - 60_000))).toBe(parisDate(sentAt));
    expect(deferred.nextRunAt).toBe(action.scheduledFor);
  });

  it('defers work outside the account working hours to their next opening', async () => {
    const today = ((new Date().getUTCDay() + 6) % 7) + 1;
    const otherDays = [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== today);
    const ws = await createTestWorkspace(db, {
      accounts: [{ timezone: 'UTC', workingHours: { start: '00:00', end: '24:00', days: otherDays } }],
    });

    const accepted = await api('POST', '/api/v1/social-selling/like', {
      apiKey: ws.apiKey,
      body: { url: postUrl(3), groups: ['sales'], reactionType: 'like' },
    });
    const job = await waitForDeferral(ws.apiKey, accepted.headers.get('location')!);

    const runAt = new Date(job.actions[0]!.scheduledFor as string);
    expect(job.actions[0]).toMatchObject({ status: 'pending', deferredReason: 'outside_working_hours' });
    expect(runAt.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(runAt.getUTCDay()).toBe((today + 1) % 7); // tomorrow (JS counts Sunday as 0)
  });

  it("spaces one account's touches across jobs: like jobs sent at once react a gap apart, waiting for their slots", async () => {
    const gap = 3;
    const ws = await createTestWorkspace(db, {
      accounts: 1,
      settings: { spacing: { ...noSpacing, reactions: { minSeconds: gap, jitterSeconds: 0 } } },
    });
    const like = (n: number) =>
      api('POST', '/api/v1/social-selling/like', {
        apiKey: ws.apiKey,
        body: { url: postUrl(10 + n), groups: ['sales'], reactionType: 'like' },
      });

    const locations = (await Promise.all([1, 2, 3].map(like))).map((accepted) => accepted.headers.get('location')!);
    const waiting = await eventually(
      async () => {
        const jobs = await Promise.all(locations.map((location) => api('GET', location, { apiKey: ws.apiKey })));
        return jobs.find((job) => (job.body.actions as Array<Record<string, unknown>> | undefined)?.[0]?.deferredReason === 'pacing')
          ?.body as JobBody | undefined;
      },
      undefined,
      'an action waiting for its slot',
    );
    const done = await Promise.all(locations.map((location) => jobInStatus(ws.apiKey, location, finalJobStatuses)));

    expect(waiting.actions[0]).toMatchObject({ status: 'pending', scheduledFor: expect.any(String) });
    expect(done.map((job) => job.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // The network saw them at least the gap apart (the sandbox records when each call came).
    const times = (await listSandboxActions(db, ws.workspaceId)).map((action) => Date.parse(action.at)).sort((a, b) => a - b);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(gap * 1000 - 1000);
  });
});

async function waitForDeferral(apiKey: string, location: string) {
  return eventually(
    async () => {
      const job = await api('GET', location, { apiKey });
      const actions = job.body.actions as Array<Record<string, unknown>> | undefined;
      return actions?.[0]?.deferredReason ? (job.body as JobBody) : undefined;
    },
    BACKGROUND_WORK_TIMEOUT_MS,
    'the action to be deferred',
  );
}
