import { defineRoute } from '../../http/route';
import { name, notFound, tag } from './parts';

export const removeGroupAccount = defineRoute({
  name: 'removeGroupAccount',
  method: 'DELETE',
  path: '/api/v1/groups/{name}/accounts/{accountId}',
  auth: 'api-key',
  tag,
  summary: 'Take an account out of a group',
  description:
    'The account stays in the workspace and its other groups. An account that is not in the group is not an error (204 again): the group is as asked, so a retried request succeeds.',
  pathParameters: { ...name, accountId: { description: 'The account (`acc_` and a ULID).', example: 'acc_01KA7W9Q3T5W0R6Y5XG8N2M4C1' } },
  responses: { 204: { description: 'It is not in the group.' }, 404: notFound },
  deployment: {
    permissions: {},
    bundle: { bytes: 832512, zipBytes: 248832 },
  },
});
