import * as z from '../zod';
import { shownNameChecks } from './display-name';

export const MAX_GROUPS_PER_REQUEST = 50;

export const groupNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(100, 'must be at most 100 characters'), ...shownNameChecks());

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
