import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DependencyUnavailableError, TooManyRequestsError, UnauthorizedError } from '../../../../lib/errors';
import type { AccessLayer } from '../../../../lib/http/pipeline';
import { requestPipeline } from '../../../../lib/http/pipeline';
import { logger } from '../../../../lib/log';

/**
 * The pipeline behind an access layer (a fake one here; the api key's is tested through the stack):
 * the workspace is known as soon as the caller is identified, so a request refused while it is
 * counted (429, or 503 from the counter) is still logged with its workspace.
 */
const event = {
  rawPath: '/api/v1/jobs/job_1',
  headers: { 'api-key': 'wsk_test' },
  requestContext: { requestId: 'req-1' },
} as unknown as APIGatewayProxyEventV2;
const rateHeaders = { 'ratelimit-limit': '2', 'ratelimit-remaining': '0', 'ratelimit-reset': '30' };

function access(overrides: Partial<AccessLayer> = {}): AccessLayer {
  return {
    identify: jest.fn(async () => 'ws_1'),
    count: jest.fn(async () => rateHeaders),
    perform: jest.fn((_workspaceId, _request, handle) => handle()),
    ...overrides,
  };
}

/** The fields of the one `request` line the pipeline logged. */
function requestLine(info: jest.SpyInstance): Record<string, unknown> {
  const lines = info.mock.calls.filter(([message]) => message === 'request');
  expect(lines).toHaveLength(1);
  return lines[0]![1] as Record<string, unknown>;
}

describe('requestPipeline behind an access layer', () => {
  let info: jest.SpyInstance;
  beforeEach(() => {
    info = jest.spyOn(logger, 'info').mockImplementation(() => undefined);
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('logs a 429 with the workspace it was counted against, and answers it with the rate headers', async () => {
    const handle = jest.fn(async () => ({ status: 200, body: {} }));
    const layer = access({ count: jest.fn(async () => Promise.reject(new TooManyRequestsError(2, 30, rateHeaders))) });

    const result = await requestPipeline({ route: { method: 'GET', path: '/api/v1/jobs/{jobId}' }, handle }, layer)(event);

    expect(result.statusCode).toBe(429);
    expect(result.headers).toMatchObject({ ...rateHeaders, 'retry-after': '30' });
    expect(requestLine(info)).toMatchObject({ route: 'GET /api/v1/jobs/{jobId}', status: 429, workspaceId: 'ws_1' });
    expect(layer.count).toHaveBeenCalledWith('ws_1', expect.any(Date));
    expect(handle).not.toHaveBeenCalled();
    expect(layer.perform).not.toHaveBeenCalled();
  });

  it('logs a 503 of the rate counter with its workspace', async () => {
    const layer = access({ count: jest.fn(async () => Promise.reject(new DependencyUnavailableError('The counter is unavailable.'))) });

    const result = await requestPipeline(
      { route: { method: 'GET', path: '/api/v1/jobs/{jobId}' }, handle: async () => ({ status: 200, body: {} }) },
      layer,
    )(event);

    expect(result.statusCode).toBe(503);
    expect(requestLine(info)).toMatchObject({ status: 503, workspaceId: 'ws_1' });
  });

  it('logs a 401 with no workspace, and counts nothing', async () => {
    const layer = access({ identify: jest.fn(async () => Promise.reject(new UnauthorizedError())) });

    const result = await requestPipeline(
      { route: { method: 'GET', path: '/api/v1/jobs/{jobId}' }, handle: async () => ({ status: 200, body: {} }) },
      layer,
    )(event);

    expect(result.statusCode).toBe(401);
    expect(requestLine(info)).not.toHaveProperty('workspaceId');
    expect(layer.count).not.toHaveBeenCalled();
  });

  it('runs the use case through the access layer with the workspace, and answers with the rate headers', async () => {
    const handle = jest.fn(async ({ workspaceId }: { workspaceId: string }) => ({ status: 200, body: { workspaceId } }));
    const layer = access();

    const result = await requestPipeline({ route: { method: 'GET', path: '/api/v1/jobs/{jobId}' }, handle }, layer)(event);

    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '')).toEqual({ workspaceId: 'ws_1' });
    expect(result.headers).toMatchObject(rateHeaders);
    expect(layer.perform).toHaveBeenCalledWith(
      'ws_1',
      { body: undefined, pathParameters: expect.any(Object), headers: { 'api-key': 'wsk_test' }, now: expect.any(Date) },
      expect.any(Function),
    );
    expect(requestLine(info)).toMatchObject({ status: 200, workspaceId: 'ws_1' });
  });
});
