import { z } from 'zod';
import { outreachTextSchema } from './outreach-text';
import { profileUrlSchema } from './profile-url';
import { distinctPeople } from './distinct-people';

/** Spec 2.4: `user` (an account of the workspace) invites `target` to connect, with an optional note and email. */
export const connectRequestSchema = z
  .strictObject({
    target: profileUrlSchema,
    user: profileUrlSchema,
    message: outreachTextSchema('invitationNote').optional(),
    email: z.email('must be a valid email address').max(254, 'must be at most 254 characters').optional(),
  })
  .refine(...distinctPeople);

export type ConnectRequest = z.output<typeof connectRequestSchema>;
