import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { HttpHandler } from '../../../lib/http/pipeline';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { getAction } from '../../../lib/store/actions';
import { keys } from '../../../lib/store/keys';
import { listSandboxActions, putSandboxRule } from '../../../lib/store/sandbox';
import type { FaultProxy } from '../../helpers/fault-proxy';
import { startFaultProxy } from '../../helpers/fault-proxy';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestQueue, createTestWorkspace, drainQueue, httpEvent, samplePostUrl, testDb, testSqs } from '../../helpers/factories';
import { bodyOf, loadHandler } from '../http/load-handler';
import type { SqsHandler } from './worker-queue';
import { createQueueWithDlq, deliverOnce, loadWorker } from './worker-queue';

/**
 * The actions worker when DynamoDB's answer to one of its conditional writes is lost: the write
 * landed, the answer never came back (a timeout under load, a dropped connection), and the SDK sent
 * the same write again, which its own condition now refuses. The deployed workers run with their
 * real SDK clients pointed at a fault proxy in front of DynamoDB Local, over real queues (the actions
 * queue with its dead-letter queue); only the lost answer is made up. The action must never be left
 * running or waiting with no message to move it on, while its own message is deleted.
 */
const db = testDb();
const sqs = testSqs();
let dynamo: FaultProxy;
let jobsQueueUrl: string;
let actions: { queueUrl: string; dlqUrl: string };
let like: HttpHandler;
let jobsWorker: SqsHandler;
let actionsWorker: SqsHandler;

const endpointVariables = ['AWS_ENDPOINT_URL_DYNAMODB'];
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  dynamo = await startFaultProxy('dynamodb', process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  jobsQueueUrl = await createTestQueue(sqs, 'lost-answers-jobs');
  actions = await createQueueWithDlq(sqs, 'lost-answers-actions');
  const webhooksQueueUrl = await createTestQueue(sqs, 'lost-answers-webhooks');
  const env = {
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    JOBS_QUEUE_URL: jobsQueueUrl,
    ACTIONS_QUEUE_URL: actions.queueUrl,
    WEBHOOKS_QUEUE_URL: webhooksQueueUrl,
    RATE_LIMIT_PER_MINUTE: '0',
    ACTION_RETRY_BASE_SECONDS: '1',
    ACCOUNT_RECHECK_SECONDS: '1',
  };
  like = await loadHandler(() => import('../../../functions/http/like'), env);
  jobsWorker = await loadWorker('jobs', env);
  actionsWorker = await loadWorker('actions', env);
  // The SDK reads AWS_ENDPOINT_URL_* at a client's first call, not when it is built: the workers'
  // clients make theirs in the tests, so the variable points at the proxy for the whole file (the
  // test's own clients called DynamoDB Local above, and keep it).
  for (const name of endpointVariables) saved[name] = process.env[name];
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.url;
});
afterEach(async () => {
  dynamo.clear();
  await Promise.all([jobsQueueUrl, actions.queueUrl, actions.dlqUrl].map((url) => drainQueue(sqs, url, 0)));
});
afterAll(async () => {
  Object.assign(process.env, saved);
  await dynamo.close();
});

/** A like of the workspace's one account, accepted and planned: its action's message is on the actions queue. */
async function plannedLike(ws: TestWorkspace): Promise<string> {
  const accepted = await like(
    httpEvent({
      method: 'POST',
      path: '/api/v1/social-selling/like',
      headers: { 'api-key': ws.apiKey },
      body: { url: samplePostUrl, groups: ['sales'], reactionType: 'like' },
    }),
  );
  expect(accepted.statusCode).toBe(202);
  const { failed } = await deliverOnce(sqs, jobsQueueUrl, jobsWorker);
  expect(failed.size).toBe(0);
  return bodyOf(accepted).jobId as string;
}

/** Messages on the queue, those delayed included (a retry or a deferral is a delayed message). */
async function messagesOn(queueUrl: string): Promise<number> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
    }),
  );
  return Object.values(Attributes).reduce((sum, count) => sum + Number(count), 0);
}

/** Delivers the actions queue as Lambda would until the job ends; every record must succeed. */
async function runUntilFinal(workspaceId: string, jobId: string): Promise<Awaited<ReturnType<typeof getJobView>>> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { failed } = await deliverOnce(sqs, actions.queueUrl, actionsWorker, { waitSeconds: 2 });
    expect(failed.size).toBe(0);
    const view = await getJobView(db, workspaceId, jobId);
    if (view.status !== 'queued' && view.status !== 'running') return view;
  }
  throw new Error(`job ${jobId} did not end within 20 s`);
}

const reactionsOf = async (workspaceId: string) => (await listSandboxActions(db, workspaceId)).filter((a) => a.type === 'react');

describe('the actions worker, when the answer to a write of an action is lost and the SDK retries the write', () => {
  it('claim: the attempt knows the action is its own, runs it and ends it (never left running with its message deleted)', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const jobId = await plannedLike(ws);
    // The claim (pending → running, with this attempt's lease) lands; its answer is lost.
    dynamo.fail({ operation: 'UpdateItem', bodyIncludes: 'attempts = attempts + :one', fault: 'answer-lost', times: 1 });

    const { records, failed } = await deliverOnce(sqs, actions.queueUrl, actionsWorker);

    expect(dynamo.faulted('UpdateItem')).toBe(1);
    expect(records).toHaveLength(1);
    expect(failed.size).toBe(0);
    expect(await getJobView(db, ws.workspaceId, jobId)).toMatchObject({
      status: 'succeeded',
      actions: [{ status: 'succeeded', attempts: 1 }],
    });
    expect(await reactionsOf(ws.workspaceId)).toHaveLength(1);
    expect(await messagesOn(actions.queueUrl)).toBe(0);
    expect(await messagesOn(actions.dlqUrl)).toBe(0);
  });

  it('end: the job ends too when the transaction that ended the action landed and its answer was lost', async () => {
    // Unlike the single writes above, a transaction is idempotent: the SDK sends it again with the
    // same ClientRequestToken, and DynamoDB answers the second try as the first. Kept so, or this fails.
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const jobId = await plannedLike(ws);
    dynamo.fail({ operation: 'TransactWriteItems', bodyIncludes: 'finishedAt = :at', fault: 'answer-lost', times: 1 });

    const { failed } = await deliverOnce(sqs, actions.queueUrl, actionsWorker);

    expect(dynamo.faulted('TransactWriteItems')).toBe(1);
    expect(failed.size).toBe(0);
    expect(await getJobView(db, ws.workspaceId, jobId)).toMatchObject({
      status: 'succeeded',
      actions: [{ status: 'succeeded', attempts: 1 }],
    });
    expect(await reactionsOf(ws.workspaceId)).toHaveLength(1);
    expect(await messagesOn(actions.queueUrl)).toBe(0);
  });

  it("retry: the action put back to wait for its backoff gets its retry's message, and runs again", async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const jobId = await plannedLike(ws);
    await putSandboxRule(db, {
      ruleId: 'react-503-once',
      workspaceId: ws.workspaceId,
      match: { action: 'react' },
      failure: { status: 503, reason: 'provider_unavailable' },
      remaining: 1,
      createdAt: new Date().toISOString(),
    });
    // running → pending for the backoff lands; its answer is lost.
    dynamo.fail({ operation: 'UpdateItem', bodyIncludes: 'notBefore = :nb, reason = :reason', fault: 'answer-lost', times: 1 });

    const { failed } = await deliverOnce(sqs, actions.queueUrl, actionsWorker);

    expect(dynamo.faulted('UpdateItem')).toBe(1);
    expect(failed.size).toBe(0);
    const action = await getAction(db, { workspaceId: ws.workspaceId, jobId, accountId: ws.accounts[0]!.accountId });
    expect(action).toMatchObject({ status: 'pending', reason: 'provider_unavailable', attempts: 1 });
    // Its retry is on the queue, delayed by the backoff.
    expect(await messagesOn(actions.queueUrl)).toBe(1);
    const view = await runUntilFinal(ws.workspaceId, jobId);
    expect(view).toMatchObject({ status: 'succeeded', actions: [{ status: 'succeeded', attempts: 2 }] });
    expect(await reactionsOf(ws.workspaceId)).toHaveLength(1);
    expect(await messagesOn(actions.dlqUrl)).toBe(0);
  });

  it('deferral: the action put back to wait for its paused account gets the message that looks again', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const jobId = await plannedLike(ws);
    const account = ws.accounts[0]!;
    const setStatus = (status: 'active' | 'paused') =>
      db.client.send(
        new UpdateCommand({
          TableName: db.table,
          Key: keys.account(ws.workspaceId, account.accountId),
          UpdateExpression: 'SET #status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status },
        }),
      );
    await setStatus('paused');
    // running → pending until the account is looked at again (ACCOUNT_RECHECK_SECONDS) lands; its answer is lost.
    dynamo.fail({ operation: 'UpdateItem', bodyIncludes: 'attempts = attempts - :one', fault: 'answer-lost', times: 1 });

    const { failed } = await deliverOnce(sqs, actions.queueUrl, actionsWorker);

    expect(dynamo.faulted('UpdateItem')).toBe(1);
    expect(failed.size).toBe(0);
    const action = await getAction(db, { workspaceId: ws.workspaceId, jobId, accountId: account.accountId });
    expect(action).toMatchObject({ status: 'pending', deferredReason: 'account_paused', attempts: 0 });
    expect(await messagesOn(actions.queueUrl)).toBe(1);
    await setStatus('active');
    const view = await runUntilFinal(ws.workspaceId, jobId);
    expect(view).toMatchObject({ status: 'succeeded', actions: [{ status: 'succeeded', attempts: 1 }] });
    expect(await messagesOn(actions.dlqUrl)).toBe(0);
  });
});
