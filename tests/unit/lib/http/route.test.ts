import { allowedMethods, pathParameterNames } from '../../../../lib/http/route';
import { allRoutes } from '../../../../lib/routes/all-routes';

describe('allowedMethods', () => {
  it('tells the methods the routes answer on a path', () => {
    expect(allowedMethods(allRoutes, '/api/v1/social-selling/like')).toEqual(['POST']);
    expect(allowedMethods(allRoutes, '/api/v1/social-selling/like/')).toEqual(['POST']);
    expect(allowedMethods(allRoutes, '/api/v1/jobs/job_123')).toEqual(['GET']);
    expect(allowedMethods(allRoutes, '/api/v1/webhooks/wh_1').sort()).toEqual(['DELETE', 'GET', 'PATCH']);
  });

  it('knows no other path', () => {
    expect(allowedMethods(allRoutes, '/api/v1/job')).toEqual([]);
    expect(allowedMethods(allRoutes, '/api/v1/jobs/a/b/c')).toEqual([]);
    expect(allowedMethods(allRoutes, '/api/v1/social-selling/like/x')).toEqual([]);
    expect(allowedMethods(allRoutes, '/api/v2/social-selling/like')).toEqual([]);
  });
});

describe('pathParameterNames', () => {
  it("names a path's parameters in order, and none of a path without", () => {
    expect(pathParameterNames('/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/resend')).toEqual(['webhookId', 'deliveryId']);
    expect(pathParameterNames('/api/v1/jobs')).toEqual([]);
  });
});
