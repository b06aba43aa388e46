import { createTestWorkspace, samplePostUrl, testDb } from '../helpers/factories';
import { stackLogMetricsFromNow, type EmfMetric } from '../helpers/emf';
import { api, eventually } from '../helpers/http-client';

/**
 * The metrics of a like as the functions write them, through the real local stack: EMF lines on
 * serverless offline's output, which the stack's log keeps, as a deployed function's log carries
 * them to CloudWatch (docs/observability.md). The job accepted, the request and each action ended,
 * named by their request and job ids (metadata of the lines), with the dimensions of the contract.
 */
const db = testDb();
const count = { namespace: 'OutreachApi', unit: 'Count', value: 1 };
const service = 'outreach-api';

describe('metrics, end to end', () => {
  it('writes the EMF lines of a like: its job accepted, its request (202), then each of its actions ended', async () => {
    const metrics = stackLogMetricsFromNow();
    const ws = await createTestWorkspace(db, { accounts: 2, groups: { sales: [0, 1] }, pacingWindowSeconds: 1 });

    const accepted = await api('POST', '/api/v1/social-selling/like', {
      apiKey: ws.apiKey,
      body: { url: samplePostUrl, groups: ['sales'], reactionType: 'like' },
    });
    const requestId = accepted.headers.get('x-request-id');
    const jobId = accepted.body.jobId as string;
    const named = (metric: EmfMetric) => metric.metadata.requestId === requestId || metric.metadata.jobId === jobId;
    const written = await eventually(
      async () => {
        const ofLike = metrics().filter(named);
        return ofLike.filter((metric) => metric.name === 'ActionsEnded').length === 2 ? ofLike : undefined;
      },
      undefined,
      "the EMF lines of the like's two actions ended",
    );

    expect(accepted.status).toBe(202);
    expect(written).toEqual([
      // The job is accepted before the request is answered.
      { ...count, name: 'JobsAccepted', dimensions: { service, type: 'like' }, metadata: { jobId } },
      {
        ...count,
        name: 'Requests',
        dimensions: { service, route: 'POST /api/v1/social-selling/like', status: '202' },
        metadata: { requestId },
      },
      { ...count, name: 'ActionsEnded', dimensions: { service, kind: 'like', result: 'succeeded' }, metadata: { jobId } },
      { ...count, name: 'ActionsEnded', dimensions: { service, kind: 'like', result: 'succeeded' }, metadata: { jobId } },
    ]);
    // The actions worker's invocations write their totals at their end, after the lines above (which
    // go out at once): a sandbox call per reaction at least.
    const providerCalls = await eventually(
      async () => {
        const values = metrics()
          .filter((metric) => metric.name === 'ProviderCalls')
          .flatMap((metric) => metric.value as number | number[]);
        return values.length >= 2 ? values : undefined;
      },
      undefined,
      'the ProviderCalls totals of the actions worker',
    );
    expect(providerCalls.length).toBeGreaterThanOrEqual(2);
    expect(metrics().filter((metric) => metric.namespace !== 'OutreachApi')).toEqual([]);
  });
});
