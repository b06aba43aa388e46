import { acceptLikeRequest } from '../../../lib/outreach/accept/accept-like';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { requeueUnfinishedWork } from '../../../lib/outreach/jobs/requeue-unfinished-work';
import { validate } from '../../../lib/schemas/validate';
import { likeRequestSchema } from '../../../lib/schemas/like';
import { transcriptRequestSchema } from '../../../lib/schemas/transcript';
import { defaultS3 } from '../../../lib/store/s3-client';
import { acceptTranscript } from '../../../lib/transcripts/accept-transcript';
import { createTestQueue, createTestWorkspace, drainQueue, samplePostUrl, testDb, testSqs } from '../../helpers/factories';

const db = testDb();
const sqs = testSqs();

describe('requeueUnfinishedWork (local restarts lose the emulated queues)', () => {
  it('puts queued jobs and pending actions back on their queues, and nothing finished', async () => {
    const jobsQueueUrl = await createTestQueue(sqs, 'requeue-jobs');
    const actionsQueueUrl = await createTestQueue(sqs, 'requeue-actions');
    const transcriptsQueueUrl = await createTestQueue(sqs, 'requeue-transcripts');
    const ws = await createTestWorkspace(db, { accounts: 2 });
    const like = validate(likeRequestSchema, { url: samplePostUrl, groups: ['sales'], reactionType: 'like' });
    const deps = {
      db,
      sqs,
      jobsQueueUrl,
      actionsQueueUrl,
      transcriptsQueueUrl,
      retentionDays: 1,
      defaultPacingWindowSeconds: 0,
      approvalExpirySeconds: 3600,
    };
    const queued = await acceptLikeRequest(deps, ws.workspaceId, like, new Date());
    const planned = await acceptLikeRequest(deps, ws.workspaceId, like, new Date());
    await planJob(deps, { v: 1, workspaceId: ws.workspaceId, jobId: planned.jobId });
    await drainQueue(sqs, jobsQueueUrl);
    await drainQueue(sqs, actionsQueueUrl);

    const counts = await requeueUnfinishedWork(deps);
    const jobs = (await drainQueue(sqs, jobsQueueUrl)).map((m) => m.json);
    const actions = (await drainQueue(sqs, actionsQueueUrl)).map((m) => m.json as { jobId: string; accountId: string });

    expect(counts.jobs).toBeGreaterThanOrEqual(1);
    expect(jobs).toContainEqual({ v: 1, workspaceId: ws.workspaceId, jobId: queued.jobId });
    expect(jobs).not.toContainEqual(expect.objectContaining({ jobId: planned.jobId }));
    expect(
      actions
        .filter((a) => a.jobId === planned.jobId)
        .map((a) => a.accountId)
        .sort(),
    ).toEqual(ws.accounts.map((a) => a.accountId).sort());
  });

  it('puts queued transcripts back on their queue', async () => {
    const jobsQueueUrl = await createTestQueue(sqs, 'requeue-jobs');
    const actionsQueueUrl = await createTestQueue(sqs, 'requeue-actions');
    const transcriptsQueueUrl = await createTestQueue(sqs, 'requeue-transcripts');
    const ws = await createTestWorkspace(db, { accounts: 0, groups: {} });
    const request = validate(transcriptRequestSchema, {
      title: 'Call',
      call_id: `requeue-${Date.now()}`,
      call_start_time: '2026-11-20T15:00:00Z',
      url: 'https://calls.example.com/r/1',
      participants: ['sam@acme-sales.example'],
      transcript: ['Sam: Hello.'],
    });
    await acceptTranscript(
      { db, s3: defaultS3(), sqs, bucket: process.env.TRANSCRIPTS_BUCKET!, queueUrl: transcriptsQueueUrl },
      ws.workspaceId,
      request,
      new Date(),
    );
    const [queued] = await drainQueue(sqs, transcriptsQueueUrl);

    const counts = await requeueUnfinishedWork({ db, sqs, jobsQueueUrl, actionsQueueUrl, transcriptsQueueUrl });
    const transcripts = (await drainQueue(sqs, transcriptsQueueUrl)).map((m) => m.json);

    expect(counts.transcripts).toBeGreaterThanOrEqual(1);
    expect(transcripts).toContainEqual(queued!.json);
  });
});
