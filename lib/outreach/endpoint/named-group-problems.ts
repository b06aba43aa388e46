import type { FieldError } from '../../errors';
import { UnprocessableError } from '../../errors';
import { checkGroupsToActFrom } from '../../groups/group-directory';
import { groupNamesSchema } from '../../schemas/group-names';
import type { Db } from '../../store/client';

/**
 * For a like, comment or post request that breaks its schema: the named groups (`groups`, a post's
 * `amplify.groups`) the workspace cannot act from (unknown, or without an active account), as the
 * 422 would name them once the rest is fixed. Nothing for a list that is not valid (its own errors
 * say so) or absent.
 */
export async function namedGroupProblems(db: Db, body: unknown, workspaceId: string): Promise<FieldError[]> {
  const request = body as { groups?: unknown; amplify?: { groups?: unknown } | null } | null;
  const named: Array<[field: string, value: unknown]> = [
    ['groups', request?.groups],
    ['amplify.groups', request?.amplify?.groups],
  ];
  const problems: FieldError[] = [];
  for (const [field, value] of named) {
    const groups = groupNamesSchema.safeParse(value);
    if (!groups.success || !workspaceId) continue;
    try {
      await checkGroupsToActFrom(db, workspaceId, groups.data, field);
    } catch (error) {
      if (!(error instanceof UnprocessableError)) throw error;
      problems.push(...error.errors);
    }
  }
  return problems;
}
