import * as z from '../zod';
import { groupNamesSchema } from './group-names';
import { outreachTextSchema } from './outreach-text';
import { postUrlSchema } from './post-url';
import { profileUrlSchema } from './profile-url';

/**
 * Spec 2.2: ask group accounts, or one person, to leave a drafted comment on a post or comment.
 * At least one of `groups` and `commentor`; with both, the group accounts act and the commentor
 * is not used (the job says so).
 */
export const commentRequestSchema = z
  .strictObject({
    url: postUrlSchema,
    comment: outreachTextSchema('comment'),
    groups: z.optional(groupNamesSchema),
    commentor: z.optional(profileUrlSchema),
  })
  .check(
    z.refine((request) => request.groups !== undefined || request.commentor !== undefined, {
      path: ['groups'],
      message: 'groups or commentor is required (at least one of them)',
      // Checked even when other fields are bad, so that one answer names every problem.
      when: ({ value }) => typeof value === 'object' && value !== null,
    }),
  );

export type CommentRequest = z.output<typeof commentRequestSchema>;
