import * as z from '../zod';
import { groupNamesSchema } from './group-names';
import { outreachTextSchema } from './outreach-text';
import { profileUrlSchema } from './profile-url';
import { reactionTypeSchema } from './reaction-type';
import { isCallId } from './transcript-limits';

/**
 * Once the post is published, the accounts of `groups` react to it (a `like` job of its own), and
 * comment `comment` on it when given (a comment job of its own, asked of `ask` accounts first).
 */
export const amplifySchema = z.strictObject({
  groups: groupNamesSchema,
  reactionType: z._default(reactionTypeSchema, 'like'),
  comment: z.optional(outreachTextSchema('comment')),
});

/** A transcript idea's post draft: the call and the idea (`idea-3`, as the transcript lists it). */
export const postDraftRefSchema = z.strictObject({
  call_id: z.string({ error: 'must be a string' }).check(z.refine(isCallId, "must be a call id of the workspace's transcripts")),
  idea_id: z.string({ error: 'must be a string' }).check(z.regex(/^idea-[1-9]\d{0,2}$/, 'must be an idea id such as idea-3')),
});

/**
 * `user` (an account of the workspace) publishes `text`, or the post draft of a transcript idea
 * (`draft`): one of the two. Approved first unless `get_approved` is false (the author may edit
 * it then), then the `amplify` groups react.
 */
export const postRequestSchema = z
  .strictObject({
    user: profileUrlSchema,
    text: z.optional(outreachTextSchema('post')),
    draft: z.optional(postDraftRefSchema),
    get_approved: z._default(z.boolean({ error: 'must be true or false' }), true),
    amplify: z.optional(amplifySchema),
  })
  .check(
    z.refine((request) => (request.text === undefined) !== (request.draft === undefined), {
      path: ['text'],
      message: "give text or draft (a transcript idea's post draft), one of them",
      // Checked even when other fields are bad, so that one answer names every problem.
      when: ({ value }) => typeof value === 'object' && value !== null,
    }),
  );

export type PostRequest = z.output<typeof postRequestSchema>;
