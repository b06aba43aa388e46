import * as z from '../zod';
import { isAccountIdShape } from './account-id';
import { groupNameSchema } from './group-names';
import { pageLimitSchema } from './page-limit';

/** An account's status as the API shows it: `disconnected` while its login does not work, else as the workspace set it. */
export const accountStatuses = ['active', 'paused', 'disconnected'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

/** A cursor is opaque to callers: base64url of the last account of the previous page. */
export function encodeAccountCursor(accountId: string): string {
  return Buffer.from(JSON.stringify([accountId])).toString('base64url');
}

function decodeAccountCursor(value: string): string | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(decoded) || decoded.length !== 1) return undefined;
    const [accountId] = decoded as unknown[];
    return typeof accountId === 'string' && isAccountIdShape(accountId) ? accountId : undefined;
  } catch {
    return undefined;
  }
}

/** GET /api/v1/accounts's query string: filters, a page size, and the cursor of the previous page's `links.next`. */
export const accountListQuerySchema = z.object({
  group: z.optional(groupNameSchema),
  status: z.optional(z.enum(accountStatuses, { error: `must be one of ${accountStatuses.join(', ')}` })),
  limit: pageLimitSchema,
  cursor: z.optional(
    z.pipe(
      z.string().check(z.maxLength(400, 'is not a cursor this API gave')),
      z.transform(
        (value: string, ctx) =>
          decodeAccountCursor(value) ?? z.refuse(ctx, 'is not a cursor this API gave (use links.next of the previous page)'),
      ),
    ),
  ),
});
export type AccountListQuery = z.output<typeof accountListQuerySchema>;
