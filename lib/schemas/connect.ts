import { z } from 'zod';
import { outreachTextSchema, textLimits } from './outreach-text';
import { profileUrlSchema } from './profile-url';
import { distinctPeople } from './distinct-people';

/** Spec 2.4: `user` (an account of the workspace) invites `target` to connect, with an optional note and email. */
export const connectRequestSchema = z
  .strictObject({
    target: profileUrlSchema,
    user: profileUrlSchema,
    message: outreachTextSchema(textLimits.invitationNote, "the network's limit for an invitation note").optional(),
    email: z.email('must be a valid email address').max(254, 'must be at most 254 characters').optional(),
  })
  .refine(...distinctPeople);

export type ConnectRequest = z.output<typeof connectRequestSchema>;
