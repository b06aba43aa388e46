import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allowedMethods, routeKey, routes } from '../../../../lib/http/routes';
import { declaredHttpFunctions, declaredRoutes } from '../../../helpers/serverless-routes';

describe('routes', () => {
  it('lists exactly the routes serverless.yml declares', () => {
    expect(declaredRoutes().sort()).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort());
  });

  it("is answered, for each row, by the row's function of serverless.yml, whose handler names that row", () => {
    const functions = new Map(declaredHttpFunctions().map((fn) => [fn.name, fn]));
    const rows = routes.map((route) => {
      const fn = functions.get(route.function);
      const handlerFile = fn ? join(__dirname, '../../../..', `${fn.handler.replace(/\.handler$/, '')}.ts`) : undefined;
      const source = handlerFile ? readFileSync(handlerFile, 'utf8') : '';
      return { id: route.operationId, events: fn?.routes, namesItsRow: new RegExp(`\\brouteTable\\.${route.operationId}\\b`).test(source) };
    });

    expect(rows).toEqual(routes.map((route) => ({ id: route.operationId, events: [routeKey(route)], namesItsRow: true })));
  });

  it('tells the methods allowed on a path', () => {
    expect(allowedMethods('/api/v1/social-selling/like')).toEqual(['POST']);
    expect(allowedMethods('/api/v1/social-selling/like/')).toEqual(['POST']);
    expect(allowedMethods('/api/v1/jobs/job_123')).toEqual(['GET']);
  });

  it('knows no other path', () => {
    expect(allowedMethods('/api/v1/job')).toEqual([]);
    expect(allowedMethods('/api/v1/jobs/a/b/c')).toEqual([]);
    expect(allowedMethods('/api/v1/social-selling/like/x')).toEqual([]);
    expect(allowedMethods('/api/v2/social-selling/like')).toEqual([]);
  });
});
