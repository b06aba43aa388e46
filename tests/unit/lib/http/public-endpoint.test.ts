import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { publicEndpoint } from '../../../../lib/http/pipeline';
import { logger } from '../../../../lib/log';

/**
 * A public endpoint (health, the reference) is not counted against any rate limit, so making it
 * reads no configuration and makes no DynamoDB client: this process's environment has neither a
 * table nor queues, on which lib/config.ts would throw.
 */
describe('publicEndpoint', () => {
  beforeAll(() => jest.spyOn(logger, 'info').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  it('is made and answers without the configuration, and without RateLimit headers', async () => {
    expect(process.env.TABLE_NAME).toBeUndefined();
    const handler = publicEndpoint({ route: 'GET /health', handle: async () => ({ status: 200, body: { status: 'ok' } }) });

    const result = await handler({ rawPath: '/health', headers: {}, requestContext: { requestId: 'req-1' } } as unknown as APIGatewayProxyEventV2);

    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '')).toEqual({ status: 'ok' });
    expect(Object.keys(result.headers ?? {}).filter((name) => name.startsWith('ratelimit-'))).toEqual([]);
  });
});
