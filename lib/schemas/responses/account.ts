import * as z from 'zod';
import { deferredReasonSchema } from './job';

const timestamp = z.iso.datetime();
const source = z
  .enum(['account', 'workspace', 'default'])
  .describe("Where the value comes from: the account's own setting, its workspace's, or the service's default.");
const sourcedLimit = z.strictObject({ value: z.number().int().nonnegative(), source });
const kinds = ['reactions', 'comments', 'messages', 'invitations', 'visits', 'posts'] as const;

/** An account as `GET /api/v1/accounts/{accountId}` shows it. */
export const accountViewSchema = z.strictObject({
  accountId: z.string().describe('`acc_` and a ULID.'),
  name: z.string(),
  profileUrl: z.string().describe('Its profile on the network, normalised.'),
  status: z
    .enum(['active', 'paused', 'disconnected'])
    .describe(
      '`disconnected` while the provider says its login does not work (reconnect it), else `paused` when the workspace paused it, else `active`.',
    ),
  paused: z.boolean().describe('Whether the workspace paused it (`PATCH` `paused`); kept while it is disconnected.'),
  mode: z.enum(['autopilot', 'ask']).describe('`ask`: a person approves its comments before they go.'),
  timezone: z.string().describe('IANA zone of its day, its week and its working hours.'),
  workingHours: z
    .strictObject({
      start: z.string().describe('`HH:MM`, its own time.'),
      end: z.string().describe('`HH:MM` (`24:00` for midnight).'),
      days: z.array(z.number().int().min(1).max(7)).describe('ISO weekdays, 1 = Monday.'),
      source,
    })
    .describe('The hours it acts in, as they apply to it.'),
  limits: z
    .strictObject({
      daily: z.strictObject(
        Object.fromEntries(kinds.map((kind) => [kind, sourcedLimit])) as Record<(typeof kinds)[number], typeof sourcedLimit>,
      ),
      weeklyInvitations: sourcedLimit.describe('Invitations in its ISO week, and in any seven days in a row.'),
    })
    .describe('The limits that apply to it, each with where it comes from; 0 = it does not make that kind of touch.'),
  groups: z.array(z.string()).describe('The groups it is in.'),
  ownerEmail: z.string().nullable().describe("Where its approval requests are mailed (the account's owner); null when nobody is mailed."),
  provider: z.enum(['sandbox', 'unipile']).nullable().describe('Which provider its login is connected through; null when not recorded.'),
  connectedAt: timestamp.nullable().describe('When its login was (re)connected through a connect link; null when not recorded.'),
  disconnectedAt: timestamp.optional().describe('While it is `disconnected`: since when.'),
  createdAt: timestamp,
  links: z.strictObject({ self: z.string(), usage: z.string().describe('`/api/v1/accounts/{accountId}/usage`') }),
});

/** `GET /api/v1/accounts`: a page of accounts. */
export const accountListSchema = z.strictObject({
  items: z.array(accountViewSchema),
  nextCursor: z.string().optional().describe('Absent on the last page.'),
  links: z.strictObject({ next: z.string().optional().describe('The next page, while there is one.') }),
});

const wait = z
  .enum([...deferredReasonSchema.options, 'kind_disabled'])
  .describe(
    'What it waits for: its next free send slot (`pacing`), its working hours, a limit, a pause the network put on it, the workspace pausing it, its login to be reconnected, or nothing ever (`kind_disabled`: its limit is 0).',
  );
const kindUsage = z.strictObject({
  usedToday: z.number().int().nonnegative().describe("Touches of this kind in the account's day (its timezone)."),
  dailyLimit: z.number().int().nonnegative(),
  nextAt: timestamp
    .nullable()
    .describe('The earliest it may make one: now when it may; null when it cannot (paused, disconnected, limit 0).'),
  waitsFor: wait.optional().describe('Why `nextAt` is not now.'),
});

/** `GET /api/v1/accounts/{accountId}/usage`. */
export const accountUsageSchema = z.strictObject({
  accountId: z.string(),
  status: z.enum(['active', 'paused', 'disconnected']),
  timezone: z.string(),
  day: z.string().describe("The account's day, `YYYY-MM-DD` in its timezone: the day the daily counts are of."),
  week: z.string().describe("The account's ISO week, `YYYY-Www`: the week `usedThisWeek` is of."),
  kinds: z.strictObject(Object.fromEntries(kinds.map((kind) => [kind, kindUsage])) as Record<(typeof kinds)[number], typeof kindUsage>),
  weeklyInvitations: z
    .strictObject({
      usedThisWeek: z.number().int().nonnegative().describe('Invitations in its ISO week (Monday to Sunday, its timezone).'),
      usedLastSevenDays: z.number().int().nonnegative().describe('Invitations in the seven days ending today (its days).'),
      limit: z.number().int().nonnegative().describe('Neither count may pass it.'),
    })
    .describe('Invitations are limited by the week twice: its ISO week, and any seven days in a row.'),
  nextActionAt: timestamp.nullable().describe('The earliest `nextAt` of its kinds; null when it cannot act at all.'),
  waitingActions: z
    .number()
    .int()
    .nonnegative()
    .describe('Its actions not ended: pending, deferred, or awaiting an approval or an acceptance.'),
  links: z.strictObject({ account: z.string() }),
});
