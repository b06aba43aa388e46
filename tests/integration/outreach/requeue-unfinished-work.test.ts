import { acceptLikeRequest } from '../../../lib/outreach/accept-like';
import { planJob } from '../../../lib/outreach/plan-job';
import { requeueUnfinishedWork } from '../../../lib/outreach/requeue-unfinished-work';
import { validate } from '../../../lib/http/validate';
import { likeRequestSchema } from '../../../lib/schemas/like';
import { createTestQueue, createTestWorkspace, drainQueue, samplePostUrl, testDb, testSqs } from '../../helpers/factories';

const db = testDb();
const sqs = testSqs();

describe('requeueUnfinishedWork (local restarts lose the emulated queues)', () => {
  it('puts queued jobs and pending actions back on their queues, and nothing finished', async () => {
    const jobsQueueUrl = await createTestQueue(sqs, 'requeue-jobs');
    const actionsQueueUrl = await createTestQueue(sqs, 'requeue-actions');
    const ws = await createTestWorkspace(db, { accounts: 2 });
    const like = validate(likeRequestSchema, { url: samplePostUrl, groups: ['sales'], reactionType: 'like' });
    const transcriptsQueueUrl = await createTestQueue(sqs, 'requeue-transcripts');
    const deps = { db, sqs, jobsQueueUrl, actionsQueueUrl, transcriptsQueueUrl, retentionDays: 1, defaultPacingWindowSeconds: 0, approvalExpirySeconds: 3600 };
    const queued = (await acceptLikeRequest(deps, ws.workspaceId, like, new Date())).body as { jobId: string };
    const planned = (await acceptLikeRequest(deps, ws.workspaceId, like, new Date())).body as { jobId: string };
    await planJob(deps, { v: 1, workspaceId: ws.workspaceId, jobId: planned.jobId });
    await drainQueue(sqs, jobsQueueUrl);
    await drainQueue(sqs, actionsQueueUrl);

    const counts = await requeueUnfinishedWork(deps);
    const jobs = (await drainQueue(sqs, jobsQueueUrl)).map((m) => m.json);
    const actions = (await drainQueue(sqs, actionsQueueUrl)).map((m) => m.json as { jobId: string; accountId: string });

    expect(counts.jobs).toBeGreaterThanOrEqual(1);
    expect(jobs).toContainEqual({ v: 1, workspaceId: ws.workspaceId, jobId: queued.jobId });
    expect(jobs).not.toContainEqual(expect.objectContaining({ jobId: planned.jobId }));
    expect(actions.filter((a) => a.jobId === planned.jobId).map((a) => a.accountId).sort()).toEqual(ws.accounts.map((a) => a.accountId).sort());
  });
});
