import * as z from 'zod';

export const MAX_GROUPS_PER_REQUEST = 50;

export const groupNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .refine((name) => !/\p{Cc}/u.test(name), 'must not contain control characters')
  // A lone UTF-16 surrogate is valid JSON but not valid Unicode: DynamoDB would refuse it as a key.
  .refine((name) => !/\p{Cs}/u.test(name), 'must be valid Unicode text');

/** A non-empty list of group names; repeats (case-insensitive) are dropped, first spelling kept. */
export const groupNamesSchema = z
  .array(groupNameSchema)
  .min(1, 'must name at least one group')
  .max(MAX_GROUPS_PER_REQUEST, `must name at most ${MAX_GROUPS_PER_REQUEST} groups`)
  .transform((names) => {
    const seen = new Set<string>();
    return names.filter((name) => {
      const key = name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
