import * as z from '../zod';
import { typeError } from './type-error';

/** The six reactions of the professional network, exactly as the spec and Unipile name them. */
export const reactionTypes = ['like', 'celebrate', 'support', 'love', 'insightful', 'funny'] as const;
export const reactionTypeSchema = z.enum(reactionTypes, typeError(`must be one of: ${reactionTypes.join(', ')}`));
export type ReactionType = z.infer<typeof reactionTypeSchema>;
