import * as z from '../zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The `limit` query parameter of every list: a whole number from 1 to 100 (20 when absent). */
export const pageLimitSchema = z.optional(
  z
    .pipe(z.string().check(z.regex(/^\d+$/, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)), z.transform(Number))
    .check(z.refine((limit) => limit >= 1 && limit <= MAX_PAGE_SIZE, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)),
);
