/** What the accounts routes' definitions share: their words on a parameter or an answer. */
import type { ResponseSpec } from '../../http/route';

export const tag = 'Accounts';
export const accountId = { accountId: { description: 'The account (`acc_` and a ULID).', example: 'acc_01KA7W9Q3T5W0R6Y5XG8N2M4C1' } };
export const notFound = {
  description: "No such account in this workspace (another workspace's is a 404 too).",
  problems: ['not-found'],
} satisfies ResponseSpec;
