import { groupAccountsAddSchema } from '../../schemas/group';
import { defineRoute, jsonBody } from '../../http/route';
import { name, notFound, tag, unknownAccounts } from './parts';

export const addGroupAccounts = defineRoute({
  name: 'addGroupAccounts',
  method: 'POST',
  path: '/api/v1/groups/{name}/accounts',
  auth: 'api-key',
  tag,
  summary: 'Add accounts to a group',
  description: '`{"accounts": [accountId, …]}`: an account already in it stays, once. Another workspace\'s account is unknown.',
  pathParameters: name,
  body: jsonBody(groupAccountsAddSchema),
  responses: { 200: { description: 'The group as it now is.', json: 'Group' }, 404: notFound, 422: unknownAccounts },
  deployment: {
    permissions: { table: ['BatchGetItem'] },
    bundle: { bytes: 834560, zipBytes: 248832 },
  },
});
