import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { publicEndpoint } from '../../../../lib/http/pipeline';
import { logger } from '../../../../lib/log';

/**
 * A public endpoint (health, the reference) is not counted against any rate limit, so its bundle
 * holds none of the api key's access layer: lib/http/pipeline.ts loads and answers without the
 * configuration (lib/config.ts throws in a process without a table or queues), the DynamoDB client,
 * nor the api-key layer. Each of them is mocked by a factory that throws: jest runs a factory when
 * the module is first required, so the pipeline importing one of them, even indirectly, fails here.
 */
// Inline factories: jest hoists these calls above the imports, before any constant of this file exists.
jest.mock('../../../../lib/config', () => {
  throw new Error('lib/config was loaded by the public pipeline');
});
jest.mock('../../../../lib/store/client', () => {
  throw new Error('lib/store/client was loaded by the public pipeline');
});
jest.mock('../../../../lib/http/endpoint', () => {
  throw new Error('lib/http/endpoint was loaded by the public pipeline');
});
jest.mock('../../../../lib/auth/authenticate', () => {
  throw new Error('lib/auth/authenticate was loaded by the public pipeline');
});
jest.mock('../../../../lib/http/rate-limit', () => {
  throw new Error('lib/http/rate-limit was loaded by the public pipeline');
});
jest.mock('../../../../lib/http/idempotency', () => {
  throw new Error('lib/http/idempotency was loaded by the public pipeline');
});

describe('publicEndpoint', () => {
  beforeAll(() => jest.spyOn(logger, 'info').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  it('is made and answers without the configuration, DynamoDB or the api-key layer, and without RateLimit headers', async () => {
    expect(process.env.TABLE_NAME).toBeUndefined();
    const handler = publicEndpoint({
      route: { method: 'GET', path: '/health' },
      handle: async () => ({ status: 200, body: { status: 'ok' } }),
    });

    const result = await handler({
      rawPath: '/health',
      headers: {},
      requestContext: { requestId: 'req-1' },
    } as unknown as APIGatewayProxyEventV2);

    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '')).toEqual({ status: 'ok' });
    expect(Object.keys(result.headers ?? {}).filter((name) => name.startsWith('ratelimit-'))).toEqual([]);
  });
});
