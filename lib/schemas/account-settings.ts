import { z } from 'zod';
import { normaliseProfileUrl } from '../network/profile-url';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

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
    end: z.string().regex(HHMM, 'must be HH:MM'),
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

export const profileUrlSchema = z.string().transform((value, ctx) => {
  const url = normaliseProfileUrl(value);
  if (!url) {
    ctx.addIssue({ code: 'custom', message: 'must be a profile URL of the form https://www.linkedin.com/in/<id>' });
    return z.NEVER;
  }
  return url;
});

/** An account as an administrator describes it; defaults fill the rest. */
export const accountInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  profileUrl: profileUrlSchema,
  providerAccountId: z.string().trim().min(1).max(200),
  mode: z.enum(['autopilot', 'ask']).default('autopilot'),
  timezone: timezoneSchema.default('UTC'),
  workingHours: workingHoursSchema.default({ start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] }),
  dailyLimits: dailyLimitsSchema.default({}),
  status: z.enum(['active', 'paused']).default('active'),
});
export type AccountInput = z.input<typeof accountInputSchema>;

export const workspaceIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'must be 2-40 lowercase letters, digits or dashes, starting with a letter or digit');
