/**
 * Account safety over a simulated month (`npm run bench -- safety`): jobs arrive at random times
 * (nights and weekends included) for three accounts in three timezones, across the DST changes of
 * March, and each action goes through the real safety gate, quota counters and send schedule on
 * DynamoDB Local, at simulated times: a deferral puts it back at the time it names, as the actions
 * worker does. Printed per account: the most touches of each kind in one local day, ISO week and
 * seven days in a row against the limits, the smallest gap between two touches against the least
 * allowed, the most touches in any 10 minutes, the touches outside working hours, and actions lost.
 * Targets: 0 over a limit, 0 below the gap, 0 outside hours, 0 lost. No network is called: what is
 * measured is when the gate lets a touch through.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { SafetyGate } from '../lib/outreach/safety/safety-gate';
import type { EffectiveLimits } from '../lib/outreach/safety/safety-defaults';
import { effectiveLimits } from '../lib/outreach/safety/safety-defaults';
import { localDay, localIsoWeek, nextWorkingTime, previousLocalDays } from '../lib/outreach/safety/working-hours';
import type { ActionKind } from '../lib/schemas/action-kind';
import type { Account } from '../lib/store/accounts';
import type { Db } from '../lib/store/client';
import { findFreePorts } from '../scripts/local-stack/ports';
import { startLocalStack } from '../scripts/local-stack/stack';
import { targetDb } from '../scripts/target-db';
import type { BenchResult } from './bench-result';
import { seededRandom } from './seeded-random';
import { Deferral } from '../lib/errors';

const JOBS = 5000;
const MONTH_START = Date.parse('2025-03-01T00:00:00Z');
const MONTH_MS = 31 * 86_400_000;
/** After the last arrival, the simulation runs on this long, so the month's backlog can drain. */
const DRAIN_MS = 45 * 86_400_000;
const TEN_MINUTES = 600_000;

/** A job's action: the write it makes, and the visit before it (connect, DM). */
const JOB_KINDS: Array<{ write: ActionKind; visit: boolean; weight: number }> = [
  { write: 'reaction', visit: false, weight: 45 },
  { write: 'comment', visit: false, weight: 15 },
  { write: 'invitation', visit: true, weight: 20 },
  { write: 'message', visit: true, weight: 20 },
];

interface SimAction {
  arrivedAt: number;
  write: ActionKind;
  visit: boolean;
  runAt: number;
  slotAt?: number;
  done?: number;
}

interface Touch {
  at: number;
  kind: ActionKind;
}

interface AccountFigures {
  account: Account;
  limits: EffectiveLimits;
  touches: Touch[];
  actions: SimAction[];
  attempts: number;
}

/** Runs one account's month: its actions in the order of their next time, each attempt at that time. */
async function simulateAccount(db: Db, account: Account, actions: SimAction[], random: () => number): Promise<AccountFigures> {
  const limits = effectiveLimits(account, undefined);
  const touches: Touch[] = [];
  const waiting = [...actions];
  let attempts = 0;
  const end = MONTH_START + MONTH_MS + DRAIN_MS;
  for (;;) {
    let next: SimAction | undefined;
    for (const action of waiting) if (!next || action.runAt < next.runAt) next = action;
    if (!next || next.runAt > end) break;
    const now = new Date(next.runAt);
    const gate = new SafetyGate(db, account, undefined, now, {
      random,
      ...(next.slotAt !== undefined ? { reservedSlot: new Date(next.slotAt) } : {}),
    });
    attempts++;
    try {
      if (next.visit) {
        await gate.pass('visit', next.write);
        // The visit happened, whatever becomes of the write after it.
        touches.push({ at: now.getTime(), kind: 'visit' });
      }
      await gate.pass(next.write);
      touches.push({ at: now.getTime(), kind: next.write });
      next.done = now.getTime();
      waiting.splice(waiting.indexOf(next), 1);
    } catch (error) {
      if (!(error instanceof Deferral)) throw error;
      next.runAt = error.until.getTime();
      next.slotAt = error.slot?.getTime();
    }
  }
  return { account, limits, touches, actions, attempts };
}

/** The largest number of items sharing one key. */
function mostByKey<T>(items: T[], keyOf: (item: T) => string): number {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

/** The most items in any seven local days in a row. */
function mostInSevenDays(times: number[], timezone: string): number {
  const perDay = new Map<string, number>();
  for (const at of times) perDay.set(localDay(new Date(at), timezone), (perDay.get(localDay(new Date(at), timezone)) ?? 0) + 1);
  let most = 0;
  for (const day of perDay.keys()) {
    const window = [day, ...previousLocalDays(day, 6)];
    most = Math.max(
      most,
      window.reduce((sum, d) => sum + (perDay.get(d) ?? 0), 0),
    );
  }
  return most;
}

function figuresOf({ account, limits, touches, actions, attempts }: AccountFigures) {
  const tz = limits.timezone;
  const kinds: ActionKind[] = ['reaction', 'comment', 'invitation', 'message', 'visit'];
  const overLimit: string[] = [];
  const dayLines: string[] = [];
  for (const kind of kinds) {
    const ofKind = touches.filter((touch) => touch.kind === kind);
    const day = mostByKey(ofKind, (touch) => localDay(new Date(touch.at), tz));
    dayLines.push(`${kind} ${day}/${limits.daily[kind]}`);
    if (day > limits.daily[kind]) overLimit.push(`${kind} a day`);
  }
  const invitations = touches.filter((touch) => touch.kind === 'invitation').map((touch) => touch.at);
  const isoWeek = mostByKey(invitations, (at) => localIsoWeek(new Date(at), tz));
  const rollingWeek = mostInSevenDays(invitations, tz);
  if (isoWeek > limits.weeklyInvitations) overLimit.push('invitations an ISO week');
  if (rollingWeek > limits.weeklyInvitations) overLimit.push('invitations 7 days in a row');

  // Touches of one slot (a visit and its write) share their time: gaps are between slots.
  const slots = [...new Map(touches.map((touch) => [touch.at, touch])).values()].sort((a, b) => a.at - b.at);
  let smallestGap = Infinity;
  let belowGap = 0;
  for (let i = 1; i < slots.length; i++) {
    const gap = slots[i]!.at - slots[i - 1]!.at;
    smallestGap = Math.min(smallestGap, gap);
    if (gap < limits.spacing[slots[i]!.kind].minSeconds * 1000) belowGap++;
  }
  let mostInTenMinutes = 0;
  for (let i = 0, j = 0; i < slots.length; i++) {
    while (slots[i]!.at - slots[j]!.at >= TEN_MINUTES) j++;
    mostInTenMinutes = Math.max(mostInTenMinutes, i - j + 1);
  }
  const outsideHours = touches.filter(
    (touch) => nextWorkingTime(new Date(touch.at), tz, limits.workingHours).getTime() !== touch.at,
  ).length;
  const done = actions.filter((action) => action.done !== undefined).length;
  const lost = actions.length - done;
  const leastGap = Math.min(...(['reaction', 'comment', 'invitation', 'message'] as const).map((kind) => limits.spacing[kind].minSeconds));
  return {
    lines: [
      `${account.name} (${tz}): ${actions.length} actions, ${done} done, ${lost} lost, ${attempts} attempts, ${touches.length} touches`,
      `  most in one local day: ${dayLines.join(', ')}`,
      `  invitations: most in one ISO week ${isoWeek}/${limits.weeklyInvitations}, in any 7 days ${rollingWeek}/${limits.weeklyInvitations}`,
      `  smallest gap between two touches ${(smallestGap / 1000).toFixed(0)} s (least allowed ${leastGap} s; ${belowGap} below their kind's), most in any 10 minutes ${mostInTenMinutes}`,
      `  outside working hours: ${outsideHours} of ${touches.length}`,
    ],
    overLimit,
    belowGap,
    outsideHours,
    lost,
  };
}

export async function run(): Promise<BenchResult> {
  const [dynamoPort, fauxqsPort, sesPort] = await findFreePorts(3);
  const stack = await startLocalStack({ dynamoPort, fauxqsPort, sesPort, withApi: false });
  try {
    const { db } = targetDb({ ...stack.env, STAGE: 'local' });
    const run = randomBytes(4).toString('hex');
    const account = (name: string, timezone: string): Account => ({
      workspaceId: `bench-safety-${run}`,
      accountId: `acc_${name.toLowerCase()}`,
      name,
      profileUrl: `https://www.linkedin.com/in/bench-${name.toLowerCase()}`,
      providerAccountId: `bench-${name}`,
      mode: 'autopilot',
      timezone,
      dailyLimits: {},
      status: 'active',
      createdAt: new Date(MONTH_START).toISOString(),
    });
    const accounts = [account('Paris', 'Europe/Paris'), account('NewYork', 'America/New_York'), account('Kolkata', 'Asia/Kolkata')];
    const random = seededRandom(20250301);
    const perAccount = new Map<Account, SimAction[]>(accounts.map((a) => [a, []]));
    const totalWeight = JOB_KINDS.reduce((sum, kind) => sum + kind.weight, 0);
    for (let i = 0; i < JOBS; i++) {
      const arrivedAt = MONTH_START + Math.floor(random() * MONTH_MS);
      let pick = random() * totalWeight;
      const kind = JOB_KINDS.find((candidate) => (pick -= candidate.weight) < 0) ?? JOB_KINDS[0]!;
      perAccount
        .get(accounts[Math.floor(random() * accounts.length)]!)!
        .push({ arrivedAt, runAt: arrivedAt, write: kind.write, visit: kind.visit });
    }

    const started = Date.now();
    const simulated = await Promise.all(accounts.map((a, index) => simulateAccount(db, a, perAccount.get(a)!, seededRandom(index + 1))));
    const figures = simulated.map(figuresOf);
    const overLimit = figures.flatMap((f) => f.overLimit);
    const belowGap = figures.reduce((sum, f) => sum + f.belowGap, 0);
    const outside = figures.reduce((sum, f) => sum + f.outsideHours, 0);
    const lost = figures.reduce((sum, f) => sum + f.lost, 0);
    return {
      name: 'account safety over a simulated month',
      lines: [
        `${JOBS} jobs at random times in March 2025 (DST: New York on the 9th, Paris on the 30th), 3 accounts, default limits, spacing and hours (Mon-Fri 09:00-18:00 local); simulated in ${((Date.now() - started) / 1000).toFixed(0)} s on ${os.cpus().length} cores`,
        ...figures.flatMap((f) => f.lines),
      ],
      targets: [
        {
          name: `0 over a limit (${overLimit.length}${overLimit.length ? `: ${overLimit.join(', ')}` : ''})`,
          pass: overLimit.length === 0,
        },
        { name: `0 touches closer than their kind's gap (${belowGap})`, pass: belowGap === 0 },
        { name: `0 touches outside working hours (${outside})`, pass: outside === 0 },
        { name: `0 actions lost (${lost})`, pass: lost === 0 },
      ],
    };
  } finally {
    await stack.stop();
  }
}
