import { validate } from '../../../lib/schemas/validate';
import { SandboxProvider } from '../../../lib/network/sandbox';
import { acceptCommentRequest } from '../../../lib/outreach/accept/accept-comment';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { runAction } from '../../../lib/outreach/run/run-action';
import { planJobMessageSchema, runActionMessageSchema } from '../../../lib/queue/messages';
import { LAST_DELIVERY } from '../../../lib/queue/sqs-worker';
import { commentRequestSchema } from '../../../lib/schemas/comment';
import { getAction } from '../../../lib/store/actions';
import { createDocumentClient } from '../../../lib/store/client';
import { failJob } from '../../../lib/store/job-ends';
import { queryPrefix } from '../../../lib/store/query-all';
import { listSandboxActions } from '../../../lib/store/sandbox';
import { createTestQueue, createTestWorkspace, drainQueue, samplePostUrl, testDb, testSqs } from '../../helpers/factories';
import { ProviderError } from '../../../lib/errors';

/** One comment action's attempts against real DynamoDB and SQS: outcomes that must not post twice, and a kind switched off. */
const db = testDb();
const sqs = testSqs();
let jobsQueueUrl: string;
let actionsQueueUrl: string;
beforeAll(async () => {
  jobsQueueUrl = await createTestQueue(sqs, 'comment-attempts-jobs');
  actionsQueueUrl = await createTestQueue(sqs, 'comment-attempts-actions');
});

async function plannedComment(workspaceId: string) {
  const request = validate(commentRequestSchema, { url: samplePostUrl, comment: 'Well said.', groups: ['sales'] });
  const accepted = await acceptCommentRequest({ db, sqs, jobsQueueUrl, retentionDays: 1 }, workspaceId, request, new Date());
  const [jobMessage] = await drainQueue(sqs, jobsQueueUrl);
  await planJob(
    { db, sqs, jobsQueueUrl, actionsQueueUrl, defaultPacingWindowSeconds: 0, approvalExpirySeconds: 3600 },
    planJobMessageSchema.parse(jobMessage?.json),
  );
  const [actionMessage] = await drainQueue(sqs, actionsQueueUrl);
  return { jobId: accepted.jobId, message: runActionMessageSchema.parse(actionMessage?.json) };
}

const quotaCount = async (workspaceId: string) =>
  (await queryPrefix(db, `WS#${workspaceId}`, 'QUOTA#')).reduce((sum, item) => sum + Number(item.count ?? 0), 0);

describe('a comment action', () => {
  it('is not retried when the provider may have posted it (timeout): it fails outcome_unknown and keeps its quota unit', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const { jobId, message } = await plannedComment(ws.workspaceId);
    const provider = Object.assign(new SandboxProvider(db), {
      comment: () =>
        Promise.reject(
          new ProviderError('provider_timeout', 'Unipile did not answer in time to add the comment.', true, { outcomeUnknown: true }),
        ),
    });

    await runAction({ db, sqs, actionsQueueUrl, provider, maxAttempts: 5, connectionExpirySeconds: 60 }, message);

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view).toMatchObject({ status: 'failed', actions: [{ status: 'failed', reason: 'outcome_unknown', attempts: 1 }] });
    expect(view.actions[0]!.error).toMatch(/never posted twice/);
    expect(await drainQueue(sqs, actionsQueueUrl, 0)).toHaveLength(0);
    expect(await quotaCount(ws.workspaceId)).toBe(1);
  });

  it('is retried, its quota unit given back, when the provider surely did not post it (503)', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const { jobId, message } = await plannedComment(ws.workspaceId);
    const provider = Object.assign(new SandboxProvider(db), {
      comment: () => Promise.reject(new ProviderError('provider_unavailable', 'Unipile answered 503.', true, { status: 503 })),
    });

    await runAction(
      { db, sqs, actionsQueueUrl, provider, maxAttempts: 5, connectionExpirySeconds: 60, retryDelaySeconds: () => 0 },
      message,
    );

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view.actions[0]).toMatchObject({ status: 'pending', reason: 'provider_unavailable', attempts: 1 });
    expect(await drainQueue(sqs, actionsQueueUrl)).toHaveLength(1);
    expect(await quotaCount(ws.workspaceId)).toBe(0);
  });

  it('is not posted again when the post was made but could not be recorded: the action stays held, not released for a retry, then ends outcome_unknown', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const { jobId, message } = await plannedComment(ws.workspaceId);
    // The comment is posted (the sandbox records it); then DynamoDB refuses the transaction that records it.
    const client = createDocumentClient();
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (/^TransactWrite/.test(context.commandName ?? ''))
          throw Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ThrottlingException', $metadata: {} });
        return next(args);
      },
      { step: 'initialize' },
    );
    const failingRecording = { client, table: db.table };
    const deps = {
      db: failingRecording,
      sqs,
      actionsQueueUrl,
      provider: new SandboxProvider(db),
      maxAttempts: 5,
      connectionExpirySeconds: 60,
      retryDelaySeconds: () => 0,
    };

    await expect(runAction(deps, message)).rejects.toMatchObject({ name: 'ThrottlingException' });
    // The queue redelivers the message at once: it finds the action still held and posts nothing.
    await runAction({ ...deps, db }, message);

    expect(await getAction(db, message)).toMatchObject({ status: 'running', attempts: 1 });
    expect((await listSandboxActions(db, ws.workspaceId)).filter((action) => action.type === 'comment')).toHaveLength(1);

    // When the lease has run out, the delivery that takes the action over ends it without posting again.
    const held = await getAction(db, message);
    await runAction({ ...deps, db }, message, 2, new Date(held!.leaseUntil! + 1000));

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view).toMatchObject({ status: 'failed', actions: [{ status: 'failed', reason: 'outcome_unknown', attempts: 2 }] });
    expect(view.actions[0]!.error).toMatch(/never posted twice/);
    expect((await listSandboxActions(db, ws.workspaceId)).filter((action) => action.type === 'comment')).toHaveLength(1);
  });

  it('ends failed outcome_unknown, posted once, when the post was made but could not be recorded on the last delivery (no delivery would take it over)', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const { jobId, message } = await plannedComment(ws.workspaceId);
    // The comment is posted; DynamoDB then refuses the one transaction that records it, and only that one.
    const client = createDocumentClient();
    let refused = 0;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (/^TransactWrite/.test(context.commandName ?? '') && refused++ === 0)
          throw Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ThrottlingException', $metadata: {} });
        return next(args);
      },
      { step: 'initialize' },
    );
    const deps = {
      db: { client, table: db.table },
      sqs,
      actionsQueueUrl,
      provider: new SandboxProvider(db),
      maxAttempts: 5,
      connectionExpirySeconds: 60,
    };

    await runAction(deps, message, LAST_DELIVERY);

    expect(refused).toBeGreaterThanOrEqual(2);
    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view).toMatchObject({ status: 'failed', actions: [{ status: 'failed', reason: 'outcome_unknown', attempts: 1 }] });
    expect(view.actions[0]!.error).toMatch(/never made twice/);
    expect((await listSandboxActions(db, ws.workspaceId)).filter((action) => action.type === 'comment')).toHaveLength(1);
  });

  it('goes to the DLQ (its record fails) on the last delivery when its retry was scheduled but its message could not be sent: never dropped', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const { jobId, message } = await plannedComment(ws.workspaceId);
    const provider = Object.assign(new SandboxProvider(db), {
      comment: () => Promise.reject(new ProviderError('provider_unavailable', 'Unipile answered 503.', true, { status: 503 })),
    });
    // The retry is written (the action released, pending), then SQS refuses its message.
    const failingSqs = testSqs();
    failingSqs.middlewareStack.add(
      () => async () => {
        throw Object.assign(new Error('SQS is unavailable'), { name: 'ServiceUnavailable', $metadata: {} });
      },
      { step: 'initialize' },
    );
    const deps = {
      db,
      sqs: failingSqs,
      actionsQueueUrl,
      provider,
      maxAttempts: 5,
      connectionExpirySeconds: 60,
      retryDelaySeconds: () => 0,
    };

    await expect(runAction(deps, message, LAST_DELIVERY)).rejects.toMatchObject({ name: 'ServiceUnavailable' });

    expect((await getJobView(db, ws.workspaceId, jobId)).actions[0]).toMatchObject({
      status: 'pending',
      reason: 'provider_unavailable',
      attempts: 1,
    });
  });

  it('ends its job when it ends before the planner marks the job planned (its message ran at once)', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const request = validate(commentRequestSchema, { url: samplePostUrl, comment: 'Quick one.', groups: ['sales'] });
    const accepted = await acceptCommentRequest({ db, sqs, jobsQueueUrl, retentionDays: 1 }, ws.workspaceId, request, new Date());
    const [jobMessage] = await drainQueue(sqs, jobsQueueUrl);
    const actionDeps = { db, sqs, actionsQueueUrl, provider: new SandboxProvider(db), maxAttempts: 5, connectionExpirySeconds: 60 };
    // The actions worker takes the action's message as soon as it is sent, and ends the action before the planner goes on.
    const racingSqs = testSqs();
    racingSqs.middlewareStack.add(
      (next) => async (args) => {
        const sent = await next(args);
        const entries = (args.input as { Entries?: Array<{ MessageBody?: string }> }).Entries ?? [];
        const bodies = entries.map((entry) => entry.MessageBody ?? '');
        const single = (args.input as { MessageBody?: string }).MessageBody;
        for (const body of single ? [single] : bodies) await runAction(actionDeps, runActionMessageSchema.parse(JSON.parse(body)));
        return sent;
      },
      { step: 'initialize' },
    );

    await planJob(
      { db, sqs: racingSqs, jobsQueueUrl, actionsQueueUrl, defaultPacingWindowSeconds: 0, approvalExpirySeconds: 3600 },
      planJobMessageSchema.parse(jobMessage?.json),
    );
    // The action's message, already run above, is not left for the next test.
    expect(await drainQueue(sqs, actionsQueueUrl)).toHaveLength(1);

    const view = await getJobView(db, ws.workspaceId, accepted.jobId);
    expect(view).toMatchObject({ status: 'succeeded', actions: [{ status: 'succeeded' }] });
  });

  it('is not posted when its job has ended as a whole meanwhile: it ends failed job_ended', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const { jobId, message } = await plannedComment(ws.workspaceId);
    expect(await failJob(db, ws.workspaceId, jobId, 'planning_failed', new Date())).toBe(true);

    await runAction({ db, sqs, actionsQueueUrl, provider: new SandboxProvider(db), maxAttempts: 5, connectionExpirySeconds: 60 }, message);

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view).toMatchObject({
      status: 'failed',
      failureReason: 'planning_failed',
      actions: [{ status: 'failed', reason: 'job_ended' }],
    });
    expect(view.actions[0]!.error).toContain('planning_failed');
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(0);
  });

  it('fails limit_is_zero, instead of waiting forever, when the account makes no comments (limit 0)', async () => {
    const ws = await createTestWorkspace(db, { accounts: [{ dailyLimits: { comments: 0 } }] });
    const { jobId, message } = await plannedComment(ws.workspaceId);

    await runAction({ db, sqs, actionsQueueUrl, provider: new SandboxProvider(db), maxAttempts: 5, connectionExpirySeconds: 60 }, message);

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view.actions[0]).toMatchObject({ status: 'failed', reason: 'limit_is_zero' });
  });
});
