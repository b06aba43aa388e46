import * as z from '../zod';
import { groupNamesSchema } from './group-names';
import { outreachTextSchema } from './outreach-text';
import { profileUrlSchema } from './profile-url';
import { reactionTypeSchema } from './reaction-type';

/**
 * Once the post is published, the accounts of `groups` react to it (a `like` job of its own), and
 * comment `comment` on it when given (a comment job of its own, asked of `ask` accounts first).
 */
export const amplifySchema = z.strictObject({
  groups: groupNamesSchema,
  reactionType: z._default(reactionTypeSchema, 'like'),
  comment: z.optional(outreachTextSchema('comment')),
});

/**
 * Issue 30, item 4: `user` (an account of the workspace) publishes `text`, approved first unless
 * `get_approved` is false, then the `amplify` groups react. `text` is required: a field naming a
 * transcript idea's draft (`draft_id`) can be added beside it later, `text` becoming optional then,
 * without breaking a caller.
 */
export const postRequestSchema = z.strictObject({
  user: profileUrlSchema,
  text: outreachTextSchema('post'),
  get_approved: z._default(z.boolean({ error: 'must be true or false' }), true),
  amplify: z.optional(amplifySchema),
});

export type PostRequest = z.output<typeof postRequestSchema>;
