import { defineRoute } from '../../http/route';

export const health = defineRoute({
  name: 'health',
  method: 'GET',
  path: '/health',
  auth: 'none',
  tag: 'Service',
  summary: 'Liveness',
  description: 'For uptime checks: no key, no dependency, nothing read.',
  responses: { 200: { description: 'Up.', json: 'Health' } },
  deployment: {
    permissions: {},
    bundle: { bytes: 187392, zipBytes: 57344 },
  },
});
