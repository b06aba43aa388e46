import * as z from '../zod';
import { shownNameChecks } from './display-name';
import { profileUrlSchema } from './profile-url';
import { emailSchema } from './email';
import { slackWebhookUrlSchema } from './slack-webhook-url';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An end of day may be 24:00 (working hours that run to midnight). */
const HHMM_END = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** A whole number (classic zod's `z.number().int()`). */
const int = () => z.number().check(z.int());

export const timezoneSchema = z.string().check(
  z.refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA timezone such as Europe/Paris'),
);

export const workingHoursSchema = z
  .strictObject({
    start: z.string().check(z.regex(HHMM, 'must be HH:MM')),
    end: z.string().check(z.regex(HHMM_END, 'must be HH:MM (24:00 for midnight)')),
    days: z.array(int().check(z.gte(1), z.lte(7))).check(z.minLength(1), z.maxLength(7)),
  })
  .check(z.refine((hours) => hours.start < hours.end, { message: 'start must be before end', path: ['end'] }));

const limit = int().check(z.gte(0), z.lte(1000));
export const dailyLimitsSchema = z.strictObject({
  reactions: z.optional(limit),
  comments: z.optional(limit),
  messages: z.optional(limit),
  invitations: z.optional(limit),
  visits: z.optional(limit),
  posts: z.optional(limit),
});

/** Seconds between two touches of an account: at least `minSeconds`, plus up to `jitterSeconds` at random (a day at most each). */
const gapSchema = z.strictObject({
  minSeconds: int().check(z.gte(0), z.lte(86_400)),
  jitterSeconds: int().check(z.gte(0), z.lte(86_400)),
});
export const spacingSchema = z.strictObject({
  reactions: z.optional(gapSchema),
  comments: z.optional(gapSchema),
  messages: z.optional(gapSchema),
  invitations: z.optional(gapSchema),
  visits: z.optional(gapSchema),
  posts: z.optional(gapSchema),
});

/** A day's invitations may not exceed the week's: the weekly limit would never let them all go. */
const DAILY_OVER_WEEKLY = 'must not exceed the weekly invitation limit';
const dailyWithinWeekly = (daily: { invitations?: number } | undefined, weekly: number | undefined) =>
  daily?.invitations === undefined || weekly === undefined || daily.invitations <= weekly;

/** An account as an administrator describes it; defaults fill the rest. */
export const accountInputSchema = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200), ...shownNameChecks()),
    profileUrl: profileUrlSchema,
    providerAccountId: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    mode: z._default(z.enum(['autopilot', 'ask']), 'autopilot'),
    timezone: z._default(timezoneSchema, 'UTC'),
    // No default here: an account without hours of its own follows its workspace's, then the
    // service's default (see `effectiveLimits`).
    workingHours: z.optional(workingHoursSchema),
    dailyLimits: z._default(dailyLimitsSchema, {}),
    /** Invitations a week (ISO week, the account's zone); the workspace's, then the default, when absent. */
    weeklyInvitations: z.optional(limit),
    /** Gaps between its network touches, per kind; the workspace's, then the default, when absent. */
    spacing: z.optional(spacingSchema),
    status: z._default(z.enum(['active', 'paused']), 'active'),
    /** Where its approval requests are mailed. */
    ownerEmail: z.optional(
      z.pipe(
        emailSchema,
        z.transform((email: string) => email.toLowerCase()),
      ),
    ),
  })
  .check(
    z.refine((account) => dailyWithinWeekly(account.dailyLimits, account.weeklyInvitations), {
      message: DAILY_OVER_WEEKLY,
      path: ['dailyLimits', 'invitations'],
    }),
  );
export type AccountInput = z.input<typeof accountInputSchema>;

/** A domain the workspace's people have email addresses at (`acme.com`); its subdomains count too. */
export const emailDomainSchema = z
  .string()
  .check(
    z.toLowerCase(),
    z.regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name such as acme.com'),
  );

/** A workspace's settings as an administrator changes them (every field optional; see WorkspaceSettings). */
export const workspaceSettingsSchema = z.strictObject({
  pacingWindowSeconds: z.optional(int().check(z.gte(0))),
  workingHours: z.optional(workingHoursSchema),
  limits: z.optional(
    z.strictObject({ daily: z.optional(dailyLimitsSchema), weeklyInvitations: z.optional(limit) }).check(
      z.refine((limits) => dailyWithinWeekly(limits.daily, limits.weeklyInvitations), {
        message: DAILY_OVER_WEEKLY,
        path: ['daily', 'invitations'],
      }),
    ),
  ),
  spacing: z.optional(spacingSchema),
  approvalExpirySeconds: z.optional(int().check(z.gte(1))),
  connectionExpirySeconds: z.optional(int().check(z.gte(1))),
  emailDomains: z.optional(z.array(emailDomainSchema).check(z.maxLength(50))),
  slackWebhookUrl: z.optional(slackWebhookUrlSchema),
});

export const workspaceIdSchema = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'must be 2-40 lowercase letters, digits or dashes, starting with a letter or digit'));

/** A workspace's name, shown in mails and on pages. */
export const workspaceNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'must not be blank'), z.maxLength(200, 'must be at most 200 characters'), ...shownNameChecks());
