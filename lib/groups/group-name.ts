import * as z from '../zod';
import { NotFoundError, ValidationError } from '../errors';
import { groupNameSchema } from '../schemas/group-names';
import { toFieldErrors } from '../schemas/validate';

export const groupNotFound = (name: string) => new NotFoundError(`No group ${JSON.stringify(name.slice(0, 100))} in this workspace.`);

/**
 * The group name of a path (`/api/v1/groups/{name}`), trimmed, by the rules of names in requests
 * (1–100 characters, matched case-insensitively). API Gateway's HTTP API and serverless offline
 * both hand the parameter over percent-decoded already (`Sales%20EMEA` arrives as `Sales EMEA`), so
 * it is not decoded again: a name holding `%` stays as written.
 *
 * A name that breaks the rules names no group: a 404 where the group is read (`use: 'read'`); a
 * 400 naming `path.name` where a PUT would create it (`use: 'create'`).
 */
export function groupNameFromPath(raw: string | undefined, use: 'read' | 'create'): string {
  const parsed = z.safeParse(groupNameSchema, raw ?? '');
  if (parsed.success) return parsed.data;
  if (use === 'read') throw groupNotFound(raw ?? '');
  throw new ValidationError(
    toFieldErrors(parsed.error.issues, raw).map((error) => ({ ...error, path: error.path ? `path.name.${error.path}` : 'path.name' })),
    'The group name of the path is not valid; see `errors`.',
  );
}
