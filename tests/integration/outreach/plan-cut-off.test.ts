import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { acceptLikeRequest } from '../../../lib/outreach/accept/accept-like';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { runAction } from '../../../lib/outreach/run/run-action';
import type { PlanJobMessage } from '../../../lib/queue/messages';
import { planJobMessageSchema, runActionMessageSchema } from '../../../lib/queue/messages';
import type { Db } from '../../../lib/store/client';
import { getJob } from '../../../lib/store/jobs';
import type { FaultProxy } from '../../helpers/fault-proxy';
import { startFaultProxy } from '../../helpers/fault-proxy';
import { createTestWorkspace, drainQueue, testDb, testSqs } from '../../helpers/factories';
import { likeFlow } from '../../helpers/like-flow';

/**
 * A job's plan cut off between counting its part planned and marking the job planned: the delivery
 * dies there (its last write fails), or the count's answer is lost and the SDK's second try is
 * refused. The planner runs with a real SDK client pointed at a fault proxy in front of DynamoDB
 * Local; only the fault is made up. The job must still run and end, never stay queued.
 */
const db = testDb();
const sqs = testSqs();
const flow = likeFlow(db, sqs);
let dynamo: FaultProxy;
let proxied: Db;

beforeAll(async () => {
  dynamo = await startFaultProxy('dynamodb', process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  proxied = {
    client: DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.url, maxAttempts: 3 }), {
      marshallOptions: { removeUndefinedValues: true },
    }),
    table: db.table,
  };
});
afterEach(() => dynamo.clear());
afterAll(() => dynamo.close());

/** A like of two accounts, accepted: its plan message. */
async function acceptedLike(): Promise<{ workspaceId: string; jobId: string; message: PlanJobMessage }> {
  const ws = await createTestWorkspace(db, { accounts: 2 });
  const job = await acceptLikeRequest(flow.submitDeps(), ws.workspaceId, flow.like(['sales']), new Date());
  const [message] = await drainQueue(sqs, flow.queues.jobs);
  return { workspaceId: ws.workspaceId, jobId: job.jobId, message: planJobMessageSchema.parse(message?.json) };
}

/** Runs the action messages on the queue; the job as it then is. */
async function runActions(workspaceId: string, jobId: string) {
  for (const message of await drainQueue(sqs, flow.queues.actions))
    await runAction(flow.runDeps(), runActionMessageSchema.parse(message.json));
  return getJobView(db, workspaceId, jobId);
}

describe('a plan cut off after its part was counted', () => {
  it('the delivery died before it marked the job planned: the redelivery marks it, and the job runs and ends', async () => {
    const { workspaceId, jobId, message } = await acceptedLike();
    dynamo.fail({ operation: 'UpdateItem', bodyIncludes: 'plannedAt = :at', fault: 'unavailable' });

    await expect(planJob({ ...flow.planDeps(), db: proxied }, message)).rejects.toMatchObject({ name: 'InternalServerError' });
    dynamo.clear();
    expect(await getJob(db, workspaceId, jobId)).toMatchObject({ status: 'queued', plannedParts: new Set([0]) });

    await planJob(flow.planDeps(), message);

    expect(await getJob(db, workspaceId, jobId)).toMatchObject({ status: 'running' });
    expect(await runActions(workspaceId, jobId)).toMatchObject({ status: 'succeeded', counts: { succeeded: 2 } });
  });

  it("the count's answer was lost and the SDK's second try refused: the same delivery goes on and marks the job planned", async () => {
    const { workspaceId, jobId, message } = await acceptedLike();
    dynamo.fail({ operation: 'UpdateItem', bodyIncludes: 'ADD plannedParts', fault: 'answer-lost', times: 1 });

    await planJob({ ...flow.planDeps(), db: proxied }, message);

    expect(dynamo.faulted('UpdateItem')).toBe(1);
    expect(await getJob(db, workspaceId, jobId)).toMatchObject({ status: 'running' });
    expect(await runActions(workspaceId, jobId)).toMatchObject({ status: 'succeeded', counts: { succeeded: 2 } });
  });

  it('its actions all ended before the redelivery: the job is marked planned and ends then', async () => {
    const { workspaceId, jobId, message } = await acceptedLike();
    dynamo.fail({ operation: 'UpdateItem', bodyIncludes: 'plannedAt = :at', fault: 'unavailable' });
    await expect(planJob({ ...flow.planDeps(), db: proxied }, message)).rejects.toMatchObject({ name: 'InternalServerError' });
    dynamo.clear();
    // The actions' messages went out before the count: they run, and end, while the job is still queued.
    expect(await runActions(workspaceId, jobId)).toMatchObject({ status: 'queued', counts: { succeeded: 2 } });

    await planJob(flow.planDeps(), message);

    expect(await getJobView(db, workspaceId, jobId)).toMatchObject({ status: 'succeeded', counts: { succeeded: 2 } });
  });
});
