import { defineRoute } from '../../http/route';
import { accountId, notFound, tag } from './parts';

export const getAccountUsage = defineRoute({
  name: 'getAccountUsage',
  method: 'GET',
  path: '/api/v1/accounts/{accountId}/usage',
  auth: 'api-key',
  tag,
  summary: "An account's use of its limits, and when it may act next",
  description:
    "Per kind of touch (reactions, comments, messages, invitations, profile visits, posts): today's count and limit in the account's own day (its timezone), and the earliest it may make one (`nextAt`) with what it waits for. Invitations also count against the week twice: its ISO week (Monday to Sunday) and any seven days in a row. `nextActionAt` is the earliest of all; `waitingActions`, its actions not ended. Counts may lag a touch by a moment.",
  pathParameters: accountId,
  responses: { 200: { description: 'The usage.', json: 'AccountUsage' }, 404: notFound },
  deployment: {
    permissions: { table: ['BatchGetItem', 'Query'] },
    bundle: { bytes: 836608, zipBytes: 249856 },
  },
});
