import { defineRoute } from '../../http/route';
import { accountListQuerySchema } from '../../schemas/account-list-query';
import { tag } from './parts';

export const listAccounts = defineRoute({
  name: 'listAccounts',
  method: 'GET',
  path: '/api/v1/accounts',
  auth: 'api-key',
  tag,
  summary: "The workspace's accounts",
  description:
    'A page at a time, oldest first, each account as `GET /api/v1/accounts/{accountId}` shows it; follow `links.next` (absent on the last page). Filter by `group` (a name of the workspace, case-insensitive: an unknown one is a 422, not an empty page) and `status`.',
  query: accountListQuerySchema,
  responses: {
    200: { description: 'A page of accounts.', json: 'AccountList' },
    422: { description: 'The workspace has no group of that name (`errors[].path` = `query.group`).', problems: ['unknown-groups'] },
  },
  deployment: {
    permissions: { table: ['Query'] },
    bundle: { bytes: 836608, zipBytes: 248832 },
  },
});
