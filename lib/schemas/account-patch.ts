import * as z from '../zod';
import { dailyLimitsSchema, timezoneSchema, workingHoursSchema } from './account-settings';
import { emailSchema } from './email';
import { typeError } from './type-error';

/** A daily or weekly limit, by the rule of the account settings (a whole number from 0 to 1,000); null goes back to the workspace's. */
const limitOrNull = z.optional(z.nullable(dailyLimitsSchema.shape.reactions.def.innerType));

/**
 * An IANA zone name (`Europe/Paris`, `UTC`): a zone the runtime knows, written as a name. Offsets
 * such as `+01:00`, which some runtimes take as zones, are refused: working hours must follow the
 * place's daylight-saving changes.
 */
export const ianaTimezoneSchema = z.pipe(
  z
    .string(typeError('must be a string: an IANA timezone such as Europe/Paris'))
    .check(z.regex(/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/, 'must be an IANA timezone such as Europe/Paris')),
  timezoneSchema,
);

/** An account's own daily limits to change, per kind: a number sets it, null goes back to the workspace's; kinds not named stay. */
export const dailyLimitsPatchSchema = z.strictObject({
  reactions: limitOrNull,
  comments: limitOrNull,
  messages: limitOrNull,
  invitations: limitOrNull,
  visits: limitOrNull,
  posts: limitOrNull,
});

/** The account's own limits to change; `null` (for all, `daily`, or one value) goes back to the workspace's values. */
export const accountLimitsPatchSchema = z.strictObject({
  daily: z.optional(z.nullable(dailyLimitsPatchSchema)),
  weeklyInvitations: limitOrNull,
});

const fields = ['mode', 'timezone', 'workingHours', 'limits', 'paused', 'ownerEmail'] as const;

/**
 * PATCH /api/v1/accounts/{accountId}: any of the fields, at least one. `workingHours: null` and
 * `limits` values of null go back to the workspace's (then the service's default); `paused: true`
 * stops the account acting (its actions wait), `false` resumes it. `ownerEmail` is where its
 * approval requests are mailed; null stops the mails.
 */
export const accountPatchSchema = z
  .strictObject({
    mode: z.optional(z.enum(['autopilot', 'ask'], { error: 'must be autopilot or ask' })),
    timezone: z.optional(ianaTimezoneSchema),
    workingHours: z.optional(z.nullable(workingHoursSchema)),
    limits: z.optional(z.nullable(accountLimitsPatchSchema)),
    paused: z.optional(z.boolean(typeError('must be true or false'))),
    /** Where approval requests for the account go by email; null stops them. */
    ownerEmail: z.optional(z.nullable(emailSchema)),
  })
  .check(
    z.refine((body) => fields.some((field) => body[field] !== undefined), {
      message: `must change at least one of ${fields.join(', ')}`,
    }),
  );
export type AccountPatch = z.output<typeof accountPatchSchema>;
