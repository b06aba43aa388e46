import { z } from 'zod';

/** The six reactions of the professional network, exactly as the spec and Unipile name them. */
export const reactionTypes = ['like', 'celebrate', 'support', 'love', 'insightful', 'funny'] as const;
export const reactionTypeSchema = z.enum(reactionTypes, {
  error: (issue) => (issue.input === undefined ? 'is required' : `must be one of: ${reactionTypes.join(', ')}`),
});
export type ReactionType = z.infer<typeof reactionTypeSchema>;
