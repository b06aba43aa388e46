import { defineRoute } from '../../http/route';
import { accountId, notFound, tag } from './parts';

export const deleteAccount = defineRoute({
  name: 'deleteAccount',
  method: 'DELETE',
  path: '/api/v1/accounts/{accountId}',
  auth: 'api-key',
  tag,
  summary: 'Remove an account from the workspace',
  description:
    "It leaves every group and is deleted. Its actions still waiting in the workspace's running jobs (deferred, awaiting an approval or an acceptance) end `cancelled` with `reason` `account_removed`, and a job with nothing left ends; an action being performed at that moment finishes, and those performed stay. Jobs older than the retention (90 days) are gone already. A job still `queued` gets no action for it: one planned meanwhile ends `cancelled` (`account_removed`) when its turn comes.",
  pathParameters: accountId,
  responses: { 204: { description: 'Removed.' }, 404: notFound },
  deployment: {
    permissions: {
      table: ['BatchGetItem', 'PutItem', 'DeleteItem', 'Query', 'ConditionCheckItem'],
      queries: ['gsi2'],
      sendsTo: ['webhooks'],
    },
    bundle: { bytes: 883712, zipBytes: 262144 },
  },
});
