import { randomBytes } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { HttpHandler } from '../../../lib/http/pipeline';
import { parsePostUrl } from '../../../lib/network/model/post-url';
import type { LikeJobRequest } from '../../../lib/schemas/job-request';
import { failJobOfUnreadableMessage } from '../../../lib/outreach/jobs/fail-unreadable-job';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { ENQUEUE_FAILED, submitJob } from '../../../lib/outreach/accept/submit-job';
import { NOT_QUEUED, sweepStaleQueuedJobs } from '../../../lib/outreach/jobs/sweep-stale-jobs';
import type { Db } from '../../../lib/store/client';
import { getJob, QUEUED_JOB_SHARDS } from '../../../lib/store/jobs';
import type { TestWorkspace } from '../../helpers/factories';
import {
  createTestQueue,
  createTestWorkspace,
  drainQueue,
  httpEvent,
  samplePostUrl,
  testDb,
  testSqs,
  workspaceItems,
} from '../../helpers/factories';
import { bodyOf, loadHandler } from '../http/load-handler';

/**
 * The jobs sweep against DynamoDB Local. Its index is global (every workspace's queued jobs), and
 * the test stack's own scheduler runs the deployed sweep every 2 s on the shared table: these
 * tests use a table of their own, shaped like the stack's, so neither sweep sees the other's jobs.
 */
const shared = testDb();
const db: Db = { client: shared.client, table: `sweep-test-${randomBytes(5).toString('hex')}` };
const sqs = testSqs();
const HOUR = 3600;
let actionsQueueUrl: string;
let jobsGet: HttpHandler;
let ws: TestWorkspace;

beforeAll(async () => {
  const dynamo = new DynamoDBClient({});
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: shared.table }));
  await dynamo.send(
    new CreateTableCommand({
      TableName: db.table,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: Table!.AttributeDefinitions,
      KeySchema: Table!.KeySchema,
      GlobalSecondaryIndexes: Table!.GlobalSecondaryIndexes!.map(({ IndexName, KeySchema, Projection }) => ({
        IndexName,
        KeySchema,
        Projection,
      })),
    }),
  );
  actionsQueueUrl = await createTestQueue(sqs, 'sweep-actions');
  jobsGet = await loadHandler(() => import('../../../functions/http/get-job'), { TABLE_NAME: db.table, RATE_LIMIT_PER_MINUTE: '0' });
  ws = await createTestWorkspace(db, { accounts: 2 });
});
afterAll(async () => {
  await new DynamoDBClient({}).send(new DeleteTableCommand({ TableName: db.table }));
});

/** An SQS whose SendMessage never answers: the function is cut off (timeout, crash) while it waits. */
function cutOffSqs(): { sqs: SQSClient; sending: Promise<void> } {
  let started!: () => void;
  const sending = new Promise<void>((resolve) => (started = resolve));
  return { sqs: { send: () => (started(), new Promise(() => undefined)) } as unknown as SQSClient, sending };
}

const failingSqs = {
  send: () => Promise.reject(Object.assign(new Error('SQS unavailable'), { name: 'ServiceUnavailable' })),
} as unknown as SQSClient;

const post = parsePostUrl(samplePostUrl)!;
const likeRequest: LikeJobRequest = { url: post.url, post, groups: ['sales'], reactionType: 'like' };
const submitInput = (createdAt: Date) => ({
  workspaceId: ws.workspaceId,
  type: 'like' as const,
  request: likeRequest,
  actors: { accountIds: ws.accounts.map((a) => a.accountId) },
  accountsField: 'groups',
  now: createdAt,
});

/** A job recorded `queued` whose request was cut off before its message was sent, created at `createdAt`. */
async function orphanedJob(createdAt: Date): Promise<string> {
  const { sqs: cutOff, sending } = cutOffSqs();
  void submitJob({ db, sqs: cutOff, jobsQueueUrl: 'unused', retentionDays: 1 }, submitInput(createdAt));
  await sending;
  const [job] = (await workspaceItems(db, ws.workspaceId, 'JOB#')).filter(
    (item) => item.createdAt === createdAt.toISOString() && !String(item.sk).includes('#ACTION#'),
  );
  return job!.jobId as string;
}

/** The test table through a client that runs each command through `around` (to interleave work, or inject a fault). */
function dbAround(around: (command: unknown, send: () => Promise<Record<string, unknown>>) => Promise<unknown>): Db {
  const client = { send: (command: unknown) => around(command, () => db.client.send(command as QueryCommand)) };
  return { table: db.table, client: client as unknown as DynamoDBDocumentClient };
}

const rawJob = async (jobId: string) =>
  (
    await db.client.send(
      new GetCommand({ TableName: db.table, Key: { pk: `WS#${ws.workspaceId}`, sk: `JOB#${jobId}` }, ConsistentRead: true }),
    )
  ).Item!;
const planDeps = () => ({ db, sqs, jobsQueueUrl: 'unused', actionsQueueUrl, defaultPacingWindowSeconds: 0, approvalExpirySeconds: HOUR });
const hoursAgo = (hours: number, now = new Date()) => new Date(now.getTime() - hours * HOUR * 1000);
const sweep = (now = new Date(), perShard?: number) => sweepStaleQueuedJobs({ db, staleAfterSeconds: HOUR, perShard }, now);

/** Sweeps until nothing stale is left, so each test starts with an empty queued index past the threshold. */
async function sweepAll(): Promise<void> {
  while ((await sweep()).examined > 0);
}
beforeEach(sweepAll);

describe('jobs sweep: queued jobs whose request never queued them', () => {
  it('fails a job left queued with no message past the threshold, visibly in GET job', async () => {
    const jobId = await orphanedJob(hoursAgo(2));
    expect(await drainQueue(sqs, actionsQueueUrl, 0)).toEqual([]);

    expect(await sweep()).toEqual({ examined: 1, failed: 1 });

    const result = await jobsGet(
      httpEvent({ method: 'GET', path: `/api/v1/jobs/${jobId}`, headers: { 'api-key': ws.apiKey }, pathParameters: { jobId } }),
    );
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ jobId, status: 'failed', failureReason: NOT_QUEUED, actions: [] });
    expect(bodyOf(result).finishedAt).toEqual(expect.any(String));
    // A late plan message (a duplicate the SDK sent after all) starts nothing.
    await planJob(planDeps(), { v: 1, workspaceId: ws.workspaceId, jobId });
    expect(await drainQueue(sqs, actionsQueueUrl, 0)).toEqual([]);
    expect(await getJob(db, ws.workspaceId, jobId)).toMatchObject({ status: 'failed', failureReason: NOT_QUEUED });
    expect((await workspaceItems(db, ws.workspaceId, `JOB#${jobId}#ACTION#`)).length).toBe(0);
  });

  it('leaves a queued job younger than the threshold alone', async () => {
    const jobId = await orphanedJob(new Date(Date.now() - 50 * 60 * 1000));

    expect(await sweep()).toEqual({ examined: 0, failed: 0 });
    expect(await rawJob(jobId)).toMatchObject({ status: 'queued', gsi1pk: expect.stringMatching(/^QUEUED_JOBS#\d$/) });
    // Once it is older than the threshold, the next run takes it.
    expect(await sweep(new Date(Date.now() + 11 * 60 * 1000))).toEqual({ examined: 1, failed: 1 });
  });

  it('does not fail a job a planner took after the sweep read it: its failure is refused, the plan goes on', async () => {
    const jobId = await orphanedJob(hoursAgo(2));
    let taken!: () => void;
    let sweepDone!: () => void;
    const tookIt = new Promise<void>((resolve) => (taken = resolve));
    const sweepFinished = new Promise<void>((resolve) => (sweepDone = resolve));
    // The planner takes the job, then waits before its first action (written with its account's backlog count) until the sweep has finished.
    const pausedPlanner = dbAround(async (command, send) => {
      if (command instanceof TransactWriteCommand) {
        taken();
        await sweepFinished;
      }
      return send();
    });
    let planning: Promise<void> | undefined;
    // The sweep has read the job from the index when the planner takes it.
    const sweepDb = dbAround(async (command, send) => {
      const answer = (await send()) as { Items?: Array<Record<string, unknown>> };
      if (command instanceof QueryCommand && answer.Items?.some((item) => item.jobId === jobId)) {
        planning = planJob({ ...planDeps(), db: pausedPlanner }, { v: 1, workspaceId: ws.workspaceId, jobId });
        await tookIt;
      }
      return answer;
    });

    const result = await sweepStaleQueuedJobs({ db: sweepDb, staleAfterSeconds: HOUR });
    sweepDone();
    await planning;

    expect(result).toEqual({ examined: 1, failed: 0 });
    expect(await getJob(db, ws.workspaceId, jobId)).toMatchObject({ status: 'running' });
    expect(await drainQueue(sqs, actionsQueueUrl, 0)).toHaveLength(2);
  });

  it('never both fails and plans a job when the sweep and a planner race', async () => {
    const jobIds = await Promise.all(Array.from({ length: 8 }, (_, i) => orphanedJob(hoursAgo(2 + i / 100))));

    await Promise.all([sweep(), ...jobIds.map((jobId) => planJob(planDeps(), { v: 1, workspaceId: ws.workspaceId, jobId }))]);

    const messages = (await drainQueue(sqs, actionsQueueUrl, 0)).map((m) => (m.json as { jobId: string }).jobId);
    for (const jobId of jobIds) {
      const job = await getJob(db, ws.workspaceId, jobId);
      const actions = await workspaceItems(db, ws.workspaceId, `JOB#${jobId}#ACTION#`);
      const sent = messages.filter((id) => id === jobId).length;
      if (job!.status === 'failed')
        expect({ reason: job!.failureReason, actions: actions.length, sent }).toEqual({ reason: NOT_QUEUED, actions: 0, sent: 0 });
      else expect({ status: job!.status, actions: actions.length, sent }).toEqual({ status: 'running', actions: 2, sent: 2 });
    }
  });

  it('reads a bounded page per run: at most one page per shard, the rest on later runs', async () => {
    const jobIds = await Promise.all(Array.from({ length: 20 }, (_, i) => orphanedJob(hoursAgo(3 + i / 100))));

    const runs: Array<{ examined: number; failed: number }> = [];
    for (let run = await sweep(new Date(), 1); run.examined > 0; run = await sweep(new Date(), 1)) runs.push(run);

    expect(runs.length).toBeGreaterThanOrEqual(Math.ceil(jobIds.length / QUEUED_JOB_SHARDS));
    for (const run of runs) expect(run.examined).toBeLessThanOrEqual(QUEUED_JOB_SHARDS);
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(jobIds.length);
    for (const jobId of jobIds)
      expect(await getJob(db, ws.workspaceId, jobId)).toMatchObject({ status: 'failed', failureReason: NOT_QUEUED });
  });
});

describe('the queued index entry', () => {
  const hasEntry = async (jobId: string) => (await rawJob(jobId)).gsi1pk !== undefined;

  it('is written with a queued job, on one of the shards', async () => {
    const jobId = await orphanedJob(new Date());

    expect(await rawJob(jobId)).toMatchObject({
      gsi1pk: expect.stringMatching(new RegExp(`^QUEUED_JOBS#[0-${QUEUED_JOB_SHARDS - 1}]$`)),
      gsi1sk: expect.stringContaining(jobId),
    });
  });

  it('goes when a planner takes the job, and stays gone once it is running', async () => {
    const jobId = await orphanedJob(new Date());

    await planJob(planDeps(), { v: 1, workspaceId: ws.workspaceId, jobId });

    expect(await rawJob(jobId)).toMatchObject({ status: 'running' });
    expect(await hasEntry(jobId)).toBe(false);
    await drainQueue(sqs, actionsQueueUrl, 0);
  });

  it('goes when the job message is unreadable and the job ends failed', async () => {
    const jobId = await orphanedJob(new Date());

    await failJobOfUnreadableMessage({ db }, { v: 99, workspaceId: ws.workspaceId, jobId });

    expect(await rawJob(jobId)).toMatchObject({ status: 'failed', failureReason: 'unreadable_message' });
    expect(await hasEntry(jobId)).toBe(false);
  });

  it('goes when the enqueue fails and the job ends failed (enqueue_failed) because it could not be removed', async () => {
    const refusingDeletes = dbAround((command, send) =>
      command instanceof DeleteCommand ? Promise.reject(Object.assign(new Error('throttled'), { name: 'ThrottlingException' })) : send(),
    );
    const createdAt = new Date();

    await expect(
      submitJob({ db: refusingDeletes, sqs: failingSqs, jobsQueueUrl: 'unused', retentionDays: 1 }, submitInput(createdAt)),
    ).rejects.toThrow(/could not be queued/);

    const [job] = (await workspaceItems(db, ws.workspaceId, 'JOB#')).filter((item) => item.createdAt === createdAt.toISOString());
    expect(job).toMatchObject({ status: 'failed', failureReason: ENQUEUE_FAILED });
    expect(job!.gsi1pk).toBeUndefined();
  });

  it('goes with the job when the enqueue fails and the job is removed', async () => {
    const createdAt = new Date(Date.now() - 1000);

    await expect(submitJob({ db, sqs: failingSqs, jobsQueueUrl: 'unused', retentionDays: 1 }, submitInput(createdAt))).rejects.toThrow(
      /could not be queued/,
    );

    expect((await workspaceItems(db, ws.workspaceId, 'JOB#')).filter((item) => item.createdAt === createdAt.toISOString())).toEqual([]);
  });

  it('goes when the sweep fails the job', async () => {
    const jobId = await orphanedJob(hoursAgo(2));

    await sweep();

    expect(await hasEntry(jobId)).toBe(false);
  });
});
