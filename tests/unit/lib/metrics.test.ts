import type { Context } from 'aws-lambda';
import { emfMetrics, withMetricsOn } from '../../helpers/emf';

/**
 * The metrics as CloudWatch reads them: the EMF lines lib/metrics.ts writes to stdout, with the
 * names, units and dimensions that serverless.yml's dashboard and alarms use (the metrics contract,
 * docs/observability.md), and the totals written once, at the end of each invocation
 * (lib/invocation.ts), whatever the handler did.
 */
let lib: {
  metrics: typeof import('../../../lib/metrics');
  invocation: typeof import('../../../lib/invocation');
  log: typeof import('../../../lib/log');
};
let printed: () => string;
let stop: () => void;

beforeEach(async () => {
  ({
    modules: lib,
    printed,
    stop,
  } = await withMetricsOn(async () => ({
    metrics: await import('../../../lib/metrics'),
    invocation: await import('../../../lib/invocation'),
    log: await import('../../../lib/log'),
  })));
});
afterEach(() => stop());

const metrics = () => emfMetrics(printed());
const emfLineCount = () =>
  printed()
    .split('\n')
    .filter((line) => line.startsWith('{"_aws":')).length;
const otherJsonLines = () =>
  printed()
    .split('\n')
    .filter((line) => line.startsWith('{') && !line.startsWith('{"_aws":'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('lib/metrics.ts', () => {
  it('writes each metric with dimensions of its own at once, on a line of its own, with the service dimension', () => {
    lib.metrics.countRequest('POST /api/v1/social-selling/like', 202, 'req_1');
    lib.metrics.countJobAccepted('like', 'job_1');
    lib.metrics.countActionEnded('like', 'succeeded', 'job_1');
    lib.metrics.countDeferral('outside_working_hours', 'job_2');
    lib.metrics.countWebhookDelivery('retried');

    expect(emfLineCount()).toBe(5);
    const service = 'outreach-api';
    const count = { namespace: 'OutreachApi', unit: 'Count', value: 1 };
    expect(metrics()).toEqual([
      {
        ...count,
        name: 'Requests',
        dimensions: { service, route: 'POST /api/v1/social-selling/like', status: '202' },
        metadata: { requestId: 'req_1' },
      },
      { ...count, name: 'JobsAccepted', dimensions: { service, type: 'like' }, metadata: { jobId: 'job_1' } },
      { ...count, name: 'ActionsEnded', dimensions: { service, kind: 'like', result: 'succeeded' }, metadata: { jobId: 'job_1' } },
      { ...count, name: 'Deferrals', dimensions: { service, reason: 'outside_working_hours' }, metadata: { jobId: 'job_2' } },
      { ...count, name: 'WebhookDeliveries', dimensions: { service, outcome: 'retried' }, metadata: {} },
    ]);
  });

  it('stores the totals (service only) until the flush, which writes them on one line, and nothing when there are none', () => {
    lib.metrics.countProviderCall();
    lib.metrics.countProviderCall('rate_limited');
    lib.metrics.recordTranscriptAnalysis(12.5, 2313);

    // Only the failure's ProviderErrors, which has a dimension of its own, is out before the flush.
    expect(metrics().map((metric) => [metric.name, metric.dimensions])).toEqual([
      ['ProviderErrors', { service: 'outreach-api', type: 'rate_limited' }],
    ]);
    lib.metrics.flushMetrics();
    lib.metrics.flushMetrics();

    expect(emfLineCount()).toBe(2);
    const total = { namespace: 'OutreachApi', dimensions: { service: 'outreach-api' }, metadata: {} };
    expect(metrics().slice(1)).toEqual([
      { ...total, name: 'ProviderCalls', unit: 'Count', value: [1, 1] },
      { ...total, name: 'ProviderFailures', unit: 'Count', value: 1 },
      { ...total, name: 'TranscriptAnalysisDuration', unit: 'Milliseconds', value: 12.5 },
      { ...total, name: 'TranscriptWords', unit: 'Count', value: 2313 },
    ]);
    // Nor a "no metrics to publish" warning from the empty second flush.
    expect(otherJsonLines()).toEqual([]);
  });
});

describe('observedHandler (lib/invocation.ts)', () => {
  const context = {
    functionName: 'outreach-api-prod-like',
    awsRequestId: 'c6af9ac6-7b61-11e6-9a41-93e812345678',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:outreach-api-prod-like',
    memoryLimitInMB: '512',
    functionVersion: '$LATEST',
  } as Context;

  it("writes the invocation's totals at its end, and puts the Lambda context on its log lines", async () => {
    const handler = lib.invocation.observedHandler(async (event: { n: number }) => {
      lib.metrics.countProviderCall();
      lib.log.logger.info('working');
      expect(metrics()).toEqual([]);
      return event.n + 1;
    });

    await expect(handler({ n: 1 }, context)).resolves.toBe(2);

    expect(metrics().map((metric) => metric.name)).toEqual(['ProviderCalls']);
    const [line] = otherJsonLines().filter((candidate) => candidate.message === 'working');
    expect(line).toMatchObject({
      function_name: 'outreach-api-prod-like',
      function_request_id: 'c6af9ac6-7b61-11e6-9a41-93e812345678',
      function_arn: context.invokedFunctionArn,
    });
    expect(typeof line!.cold_start).toBe('boolean');
  });

  it('writes them when the handler throws too, and passes the error on', async () => {
    const handler = lib.invocation.observedHandler(async () => {
      lib.metrics.countProviderCall('provider_unavailable');
      throw new Error('boom');
    });

    await expect(handler(undefined, context)).rejects.toThrow('boom');

    expect(metrics().map((metric) => metric.name)).toEqual(['ProviderErrors', 'ProviderCalls', 'ProviderFailures']);
  });

  it('runs without a Lambda context (a test or a bench calling the handler)', async () => {
    const handler = lib.invocation.observedHandler(async () => 'done');

    await expect(handler(undefined)).resolves.toBe('done');
  });
});
