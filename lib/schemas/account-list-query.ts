import * as z from '../zod';
import { isAccountIdShape } from './account-id';
import { groupNameSchema } from './group-names';
import { cursorParamSchema, encodeCursorParts } from './page-cursor';
import { pageLimitSchema } from './page-limit';

/** An account's status as the API shows it: `disconnected` while its login does not work, else as the workspace set it. */
export const accountStatuses = ['active', 'paused', 'disconnected'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

/** A cursor is opaque to callers: the last account of the previous page. */
export function encodeAccountCursor(accountId: string): string {
  return encodeCursorParts([accountId]);
}

/** GET /api/v1/accounts's query string: filters, a page size, and the cursor of the previous page's `links.next`. */
export const accountListQuerySchema = z.object({
  group: z.optional(groupNameSchema),
  status: z.optional(z.enum(accountStatuses, { error: `must be one of ${accountStatuses.join(', ')}` })),
  limit: pageLimitSchema,
  cursor: cursorParamSchema(1, ([accountId]) => (accountId !== undefined && isAccountIdShape(accountId) ? accountId : undefined)),
});
export type AccountListQuery = z.output<typeof accountListQuerySchema>;
