import { defineRoute } from '../../http/route';
import { name, notFound, tag } from './parts';

export const deleteGroup = defineRoute({
  name: 'deleteGroup',
  method: 'DELETE',
  path: '/api/v1/groups/{name}',
  auth: 'api-key',
  tag,
  summary: 'Delete a group',
  description: 'Its accounts stay; jobs already accepted from it are not changed.',
  pathParameters: name,
  responses: { 204: { description: 'Deleted.' }, 404: notFound },
  deployment: {
    permissions: { table: ['DeleteItem'] },
    bundle: { bytes: 831488, zipBytes: 246784 },
  },
});
