import type { Context } from 'aws-lambda';

/**
 * The metrics as CloudWatch reads them: the EMF lines lib/metrics.ts writes to stdout, with the
 * names, units and dimensions that serverless.yml's dashboard and alarms use (the metrics contract,
 * docs/observability.md), and the totals written once, at the end of each invocation
 * (lib/invocation.ts), whatever the handler did.
 */
type Metrics = typeof import('../../../lib/metrics');
type Invocation = typeof import('../../../lib/invocation');
type Log = typeof import('../../../lib/log');

interface EmfLine {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}

const env = { POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_METRICS_NAMESPACE: 'OutreachApi', POWERTOOLS_SERVICE_NAME: 'outreach-api' };
const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
let metrics: Metrics;
let invocation: Invocation;
let log: Log;
let printed: string[];

beforeEach(async () => {
  Object.assign(process.env, env);
  // Fresh modules, so that the Metrics instances are made with metrics on (tests/helpers/unit-env.ts turns them off).
  await jest.isolateModulesAsync(async () => {
    metrics = await import('../../../lib/metrics');
    invocation = await import('../../../lib/invocation');
    log = await import('../../../lib/log');
  });
  printed = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const jsonLines = () =>
  printed.flatMap((chunk) =>
    chunk
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line)),
  );
const emfLines = (): EmfLine[] => jsonLines().filter((line): line is EmfLine => '_aws' in line);

/** Each metric of the lines: its name, unit, value and dimensions (names and values). */
function metricsOf(lines: EmfLine[]) {
  return lines.flatMap((line) =>
    line._aws.CloudWatchMetrics.flatMap((directive) =>
      directive.Metrics.map((metric) => ({
        namespace: directive.Namespace,
        name: metric.Name,
        unit: metric.Unit,
        value: line[metric.Name],
        dimensions: Object.fromEntries(directive.Dimensions.flat().map((dimension) => [dimension, line[dimension]])),
      })),
    ),
  );
}

describe('lib/metrics.ts', () => {
  it('writes each metric with dimensions of its own at once, on a line of its own, with the service dimension', () => {
    metrics.countRequest('POST /api/v1/social-selling/like', 202);
    metrics.countJobAccepted('like');
    metrics.countActionEnded('like', 'succeeded');
    metrics.countDeferral('outside_working_hours');
    metrics.countWebhookDelivery('retried');

    expect(emfLines()).toHaveLength(5);
    expect(metricsOf(emfLines())).toEqual([
      {
        namespace: 'OutreachApi',
        name: 'Requests',
        unit: 'Count',
        value: 1,
        dimensions: { service: 'outreach-api', route: 'POST /api/v1/social-selling/like', status: '202' },
      },
      { namespace: 'OutreachApi', name: 'JobsAccepted', unit: 'Count', value: 1, dimensions: { service: 'outreach-api', type: 'like' } },
      {
        namespace: 'OutreachApi',
        name: 'ActionsEnded',
        unit: 'Count',
        value: 1,
        dimensions: { service: 'outreach-api', kind: 'like', result: 'succeeded' },
      },
      {
        namespace: 'OutreachApi',
        name: 'Deferrals',
        unit: 'Count',
        value: 1,
        dimensions: { service: 'outreach-api', reason: 'outside_working_hours' },
      },
      {
        namespace: 'OutreachApi',
        name: 'WebhookDeliveries',
        unit: 'Count',
        value: 1,
        dimensions: { service: 'outreach-api', outcome: 'retried' },
      },
    ]);
  });

  it('stores the totals (service only) until the flush, which writes them on one line, and nothing when there are none', () => {
    metrics.countProviderCall();
    metrics.countProviderCall('rate_limited');
    metrics.recordTranscriptAnalysis(12.5, 2313);

    // Only the failure's ProviderErrors, which has a dimension of its own, is out before the flush.
    expect(metricsOf(emfLines()).map((metric) => [metric.name, metric.dimensions])).toEqual([
      ['ProviderErrors', { service: 'outreach-api', type: 'rate_limited' }],
    ]);
    metrics.flushMetrics();
    metrics.flushMetrics();

    expect(emfLines()).toHaveLength(2);
    expect(metricsOf(emfLines().slice(1))).toEqual([
      { namespace: 'OutreachApi', name: 'ProviderCalls', unit: 'Count', value: [1, 1], dimensions: { service: 'outreach-api' } },
      { namespace: 'OutreachApi', name: 'ProviderFailures', unit: 'Count', value: 1, dimensions: { service: 'outreach-api' } },
      {
        namespace: 'OutreachApi',
        name: 'TranscriptAnalysisDuration',
        unit: 'Milliseconds',
        value: 12.5,
        dimensions: { service: 'outreach-api' },
      },
      { namespace: 'OutreachApi', name: 'TranscriptWords', unit: 'Count', value: 2313, dimensions: { service: 'outreach-api' } },
    ]);
    // No "no metrics to publish" warning from the empty second flush either.
    expect(jsonLines().filter((line) => !('_aws' in line))).toEqual([]);
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
    const handler = invocation.observedHandler(async (event: { n: number }) => {
      metrics.countProviderCall();
      log.logger.info('working');
      expect(emfLines()).toEqual([]);
      return event.n + 1;
    });

    await expect(handler({ n: 1 }, context)).resolves.toBe(2);

    expect(metricsOf(emfLines()).map((metric) => metric.name)).toEqual(['ProviderCalls']);
    const [line] = jsonLines().filter((candidate) => candidate.message === 'working');
    expect(line).toMatchObject({
      function_name: 'outreach-api-prod-like',
      function_request_id: 'c6af9ac6-7b61-11e6-9a41-93e812345678',
      function_arn: context.invokedFunctionArn,
    });
    expect(typeof line.cold_start).toBe('boolean');
  });

  it('writes them when the handler throws too, and passes the error on', async () => {
    const handler = invocation.observedHandler(async () => {
      metrics.countProviderCall('provider_unavailable');
      throw new Error('boom');
    });

    await expect(handler(undefined, context)).rejects.toThrow('boom');

    expect(metricsOf(emfLines()).map((metric) => metric.name)).toEqual(['ProviderErrors', 'ProviderCalls', 'ProviderFailures']);
  });

  it('runs without a Lambda context (a test or a bench calling the handler)', async () => {
    const handler = invocation.observedHandler(async () => 'done');

    await expect(handler(undefined)).resolves.toBe('done');
  });
});
