import { defineRoute } from '../../http/route';
import { accountId, notFound, tag } from './parts';

export const getAccount = defineRoute({
  name: 'getAccount',
  method: 'GET',
  path: '/api/v1/accounts/{accountId}',
  auth: 'api-key',
  tag,
  summary: 'An account: its settings, the limits that apply to it, its groups and its connection',
  description:
    "`limits` and `workingHours` are the values that apply, each with its `source`: the account's own setting, else its workspace's, else the service's default. `status` is `disconnected` while its login must be reconnected, else `paused` or `active`.",
  pathParameters: accountId,
  responses: { 200: { description: 'The account.', json: 'Account' }, 404: notFound },
  deployment: {
    permissions: { table: ['Query'] },
    bundle: { bytes: 831488, zipBytes: 247808 },
  },
});
