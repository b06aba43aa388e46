import { defineRoute } from '../../http/route';
import { tag } from './parts';

export const listGroups = defineRoute({
  name: 'listGroups',
  method: 'GET',
  path: '/api/v1/groups',
  auth: 'api-key',
  tag,
  summary: "The workspace's groups",
  description: 'Every group, by name, with its accounts.',
  responses: { 200: { description: 'The groups.', json: 'GroupList' } },
  deployment: {
    permissions: { table: ['Query'] },
    bundle: { bytes: 831488, zipBytes: 247808 },
  },
});
