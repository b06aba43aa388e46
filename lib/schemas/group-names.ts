import * as z from '../zod';

export const MAX_GROUPS_PER_REQUEST = 50;

export const groupNameSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'must not be empty'),
  z.maxLength(100, 'must be at most 100 characters'),
  z.refine((name) => !/\p{Cc}/u.test(name), 'must not contain control characters'),
  // A lone UTF-16 surrogate is valid JSON but not valid Unicode: DynamoDB would refuse it as a key.
  z.refine((name) => !/\p{Cs}/u.test(name), 'must be valid Unicode text'),
);

/** A non-empty list of group names; repeats (case-insensitive) are dropped, first spelling kept. */
export const groupNamesSchema = z.pipe(
  z
    .array(groupNameSchema)
    .check(
      z.minLength(1, 'must name at least one group'),
      z.maxLength(MAX_GROUPS_PER_REQUEST, `must name at most ${MAX_GROUPS_PER_REQUEST} groups`),
    ),
  z.transform((names: string[]) => {
    const seen = new Set<string>();
    return names.filter((name) => {
      const key = name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }),
);
