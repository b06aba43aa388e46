import { MAX_ACCOUNTS_PER_REQUEST, MAX_GROUP_ACCOUNTS, groupPutSchema } from '../../schemas/group';
import { defineRoute, jsonBody } from '../../http/route';
import { name, tag, unknownAccounts } from './parts';

export const putGroup = defineRoute({
  name: 'putGroup',
  method: 'PUT',
  path: '/api/v1/groups/{name}',
  auth: 'api-key',
  tag,
  summary: 'Create a group, or replace its accounts',
  description: `\`{"accounts": [accountId, …]}\`: all its accounts, at most ${MAX_ACCOUNTS_PER_REQUEST.toLocaleString('en-US')} in one request (an empty list empties it; an id named twice counts once). An existing group keeps its name as first written and its creation time. Jobs already accepted from it are not changed. A group holds up to ${MAX_GROUP_ACCOUNTS.toLocaleString('en-US')} accounts: build a bigger one with \`POST /api/v1/groups/{name}/accounts\`, a thousand at a time.`,
  pathParameters: name,
  body: jsonBody(groupPutSchema),
  responses: {
    200: { description: 'Replaced: the group as it now is.', json: 'Group' },
    201: { description: 'Created.', json: 'Group', headers: ['Location'] },
    400: {
      description: 'The name of the path breaks the rules of names (`errors[].path` = `path.name`).',
      problems: ['validation-failed'],
    },
    422: unknownAccounts,
  },
  deployment: {
    permissions: { table: ['BatchGetItem', 'PutItem'] },
    bundle: { bytes: 834560, zipBytes: 248832 },
  },
});
