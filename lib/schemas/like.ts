import * as z from '../zod';
import { groupNamesSchema } from './group-names';
import { postUrlSchema } from './post-url';
import { reactionTypeSchema } from './reaction-type';

/** Spec 2.1: like a post or comment from the accounts of the named groups. */
export const likeRequestSchema = z.strictObject({
  url: postUrlSchema,
  groups: groupNamesSchema,
  reactionType: reactionTypeSchema,
});

export type LikeRequest = z.output<typeof likeRequestSchema>;
