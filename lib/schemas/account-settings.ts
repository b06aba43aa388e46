import * as z from 'zod';
import { profileUrlSchema } from './profile-url';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An end of day may be 24:00 (working hours that run to midnight). */
const HHMM_END = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export const timezoneSchema = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA timezone such as Europe/Paris');

export const workingHoursSchema = z
  .object({
    start: z.string().regex(HHMM, 'must be HH:MM'),
    end: z.string().regex(HHMM_END, 'must be HH:MM (24:00 for midnight)'),
    days: z.array(z.number().int().min(1).max(7)).min(1).max(7),
  })
  .refine((hours) => hours.start < hours.end, { message: 'start must be before end', path: ['end'] });

const limit = z.number().int().min(0).max(1000);
export const dailyLimitsSchema = z.strictObject({
  reactions: limit.optional(),
  comments: limit.optional(),
  messages: limit.optional(),
  invitations: limit.optional(),
});

/** An account as an administrator describes it; defaults fill the rest. */
export const accountInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  profileUrl: profileUrlSchema,
  providerAccountId: z.string().trim().min(1).max(200),
  mode: z.enum(['autopilot', 'ask']).default('autopilot'),
  timezone: timezoneSchema.default('UTC'),
  // No default here: an account without hours of its own follows its workspace's, then the
  // service's default (see `effectiveLimits`).
  workingHours: workingHoursSchema.optional(),
  dailyLimits: dailyLimitsSchema.default({}),
  /** Invitations a week (ISO week, the account's zone); the workspace's, then the default, when absent. */
  weeklyInvitations: limit.optional(),
  status: z.enum(['active', 'paused']).default('active'),
});
export type AccountInput = z.input<typeof accountInputSchema>;

/** A domain the workspace's people have email addresses at (`acme.com`); its subdomains count too. */
export const emailDomainSchema = z
  .string()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name such as acme.com');

/** A workspace's settings as an administrator changes them (every field optional; see WorkspaceSettings). */
export const workspaceSettingsSchema = z.strictObject({
  pacingWindowSeconds: z.number().int().min(0).optional(),
  workingHours: workingHoursSchema.optional(),
  limits: z.strictObject({ daily: dailyLimitsSchema.optional(), weeklyInvitations: limit.optional() }).optional(),
  approvalExpirySeconds: z.number().int().min(1).optional(),
  connectionExpirySeconds: z.number().int().min(1).optional(),
  emailDomains: z.array(emailDomainSchema).max(50).optional(),
});

export const workspaceIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'must be 2-40 lowercase letters, digits or dashes, starting with a letter or digit');
