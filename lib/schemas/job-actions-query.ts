import * as z from '../zod';
import { isAccountIdShape } from './account-id';
import { cursorParamSchema, encodeCursorParts } from './page-cursor';
import { pageLimitSchema } from './page-limit';

/** A job's actions shown at once unless `limit` says fewer: a job of up to 100 accounts fits one page. */
export const DEFAULT_ACTIONS_PAGE_SIZE = 100;

/** A cursor is opaque to callers: the account of the last action the previous page showed. */
export function encodeActionCursor(accountId: string): string {
  return encodeCursorParts([accountId]);
}

/** GET /api/v1/jobs/{jobId}'s query string: how many of its actions, from the previous page's `links.next`. */
export const jobActionsQuerySchema = z.object({
  limit: pageLimitSchema,
  cursor: cursorParamSchema(1, ([accountId = '']) => (isAccountIdShape(accountId) ? accountId : undefined)),
});
