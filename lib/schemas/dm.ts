import * as z from '../zod';
import { distinctPeople } from './distinct-people';
import { outreachTextSchema } from './outreach-text';
import { profileUrlSchema } from './profile-url';

/**
 * Spec 2.3: `user` (an account of the workspace) messages `target`; connects first when they are
 * not connected, and asks `user` for approval first with `get_approved`.
 */
export const dmRequestSchema = z
  .strictObject({
    target: profileUrlSchema,
    user: profileUrlSchema,
    message: outreachTextSchema('message'),
    get_approved: z._default(z.boolean({ error: 'must be true or false' }), false),
  })
  .check(z.refine(...distinctPeople));

export type DmRequest = z.output<typeof dmRequestSchema>;
