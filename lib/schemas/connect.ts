import * as z from '../zod';
import { emailSchema } from './email';
import { outreachTextSchema } from './outreach-text';
import { profileUrlSchema } from './profile-url';
import { distinctPeople } from './distinct-people';

/** Spec 2.4: `user` (an account of the workspace) invites `target` to connect, with an optional note and email. */
export const connectRequestSchema = z
  .strictObject({
    target: profileUrlSchema,
    user: profileUrlSchema,
    message: z.optional(outreachTextSchema('invitationNote')),
    email: z.optional(emailSchema),
  })
  .check(z.refine(...distinctPeople));

export type ConnectRequest = z.output<typeof connectRequestSchema>;
