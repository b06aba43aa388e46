import { defineRoute } from '../../http/route';
import { name, notFound, tag } from './parts';

export const getGroup = defineRoute({
  name: 'getGroup',
  method: 'GET',
  path: '/api/v1/groups/{name}',
  auth: 'api-key',
  tag,
  summary: 'A group and its accounts',
  description: 'The name matches case-insensitively (`Sales` is `sales`).',
  pathParameters: name,
  responses: { 200: { description: 'The group.', json: 'Group' }, 404: notFound },
  deployment: {
    permissions: {},
    bundle: { bytes: 831488, zipBytes: 246784 },
  },
});
