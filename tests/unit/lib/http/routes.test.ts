import { allowedMethods, routes } from '../../../../lib/http/routes';
import { declaredRoutes } from '../../../helpers/serverless-routes';

describe('routes', () => {
  it('lists exactly the routes serverless.yml declares', () => {
    expect(declaredRoutes().sort()).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('tells the methods allowed on a path', () => {
    expect(allowedMethods('/api/v1/social-selling/like')).toEqual(['POST']);
    expect(allowedMethods('/api/v1/social-selling/like/')).toEqual(['POST']);
    expect(allowedMethods('/api/v1/jobs/job_123')).toEqual(['GET']);
  });

  it('knows no other path', () => {
    expect(allowedMethods('/api/v1/jobs')).toEqual([]);
    expect(allowedMethods('/api/v1/jobs/a/b')).toEqual([]);
    expect(allowedMethods('/api/v2/social-selling/like')).toEqual([]);
  });
});
