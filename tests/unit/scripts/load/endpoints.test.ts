import { existsSync } from 'node:fs';
import path from 'node:path';
import { routeEntry } from '../../../../deploy/functions';
import { allowedMethods } from '../../../../lib/http/route';
import type { EndpointContext } from '../../../../scripts/load/endpoints';
import { measuredEndpoints } from '../../../../scripts/load/endpoints';

const root = path.join(__dirname, '..', '..', '..', '..');

describe('the endpoints the throughput bench and npm run load measure', () => {
  it('each name a route whose handler exists, and a path that route serves', () => {
    const context = { webhookId: 'wh_01J0000000000000000000000' } as EndpointContext;
    for (const endpoint of measuredEndpoints) {
      expect(existsSync(path.join(root, routeEntry(endpoint.route)))).toBe(true);
      expect(allowedMethods([endpoint.route], endpoint.path(context))).toEqual([endpoint.route.method]);
    }
  });
});
