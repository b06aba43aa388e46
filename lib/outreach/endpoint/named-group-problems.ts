import type { FieldError } from '../../errors';
import { UnprocessableError } from '../../errors';
import { checkGroupsToActFrom } from '../../groups/group-directory';
import { groupNamesSchema } from '../../schemas/group-names';
import type { Db } from '../../store/client';

/**
 * For a like or comment request that breaks its schema: the named groups the workspace cannot act
 * from (unknown, or without an active account), as the 422 would name them once the rest is fixed.
 * Nothing when `groups` itself is not valid (its own errors say so) or absent.
 */
export async function namedGroupProblems(db: Db, body: unknown, workspaceId: string): Promise<FieldError[]> {
  const groups = groupNamesSchema.safeParse((body as { groups?: unknown } | null)?.groups);
  if (!groups.success || !workspaceId) return [];
  try {
    await checkGroupsToActFrom(db, workspaceId, groups.data);
    return [];
  } catch (error) {
    if (error instanceof UnprocessableError) return error.errors;
    throw error;
  }
}
