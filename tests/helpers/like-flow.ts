import type { SQSClient } from '@aws-sdk/client-sqs';
import { validate } from '../../lib/schemas/validate';
import { acceptLikeRequest } from '../../lib/outreach/accept/accept-like';
import { planJob } from '../../lib/outreach/plan/plan-job';
import type { RunActionDeps } from '../../lib/outreach/run/run-action-deps';
import type { RunActionMessage } from '../../lib/queue/messages';
import { planJobMessageSchema, runActionMessageSchema } from '../../lib/queue/messages';
import type { ReactionType } from '../../lib/schemas/reaction-type';
import { likeRequestSchema } from '../../lib/schemas/like';
import { SandboxProvider } from '../../lib/network/sandbox';
import type { Db } from '../../lib/store/client';
import { createTestQueue, drainQueue, samplePostUrl } from './factories';
import { acceptedJob } from '../../lib/outreach/endpoint/accepted-job';

/**
 * A like job's way through the real use cases and queues, for tests of the workers' code: a jobs
 * and an actions queue of the file's own (made before its tests), the deps of each step, and a like
 * accepted and planned from the jobs queue as the jobs worker would.
 */
export function likeFlow(db: Db, sqs: SQSClient) {
  const queues = { jobs: '', actions: '' };
  beforeAll(async () => {
    queues.jobs = await createTestQueue(sqs, 'jobs');
    queues.actions = await createTestQueue(sqs, 'actions');
  });

  const submitDeps = () => ({ db, sqs, jobsQueueUrl: queues.jobs, retentionDays: 1 });
  const planDeps = () => ({
    db,
    sqs,
    jobsQueueUrl: queues.jobs,
    actionsQueueUrl: queues.actions,
    defaultPacingWindowSeconds: 0,
    approvalExpirySeconds: 3600,
  });
  const runDeps = (overrides: Partial<RunActionDeps> = {}): RunActionDeps => ({
    db,
    sqs,
    actionsQueueUrl: queues.actions,
    provider: new SandboxProvider(db),
    maxAttempts: 3,
    connectionExpirySeconds: 3600,
    ...overrides,
  });
  const like = (groups: string[], options: { url?: string; reactionType?: ReactionType } = {}) =>
    validate(likeRequestSchema, { url: options.url ?? samplePostUrl, groups, reactionType: options.reactionType ?? 'insightful' });

  /** Accepts a like, plans it from the real jobs queue, and returns the action messages it enqueued. */
  async function acceptAndPlan(workspaceId: string, groups: string[], options: { url?: string; reactionType?: ReactionType } = {}) {
    const response = acceptedJob(await acceptLikeRequest(submitDeps(), workspaceId, like(groups, options), new Date()));
    const [jobMessage] = await drainQueue(sqs, queues.jobs);
    await planJob(planDeps(), planJobMessageSchema.parse(jobMessage?.json));
    const actionMessages: RunActionMessage[] = (await drainQueue(sqs, queues.actions)).map((m) => runActionMessageSchema.parse(m.json));
    return { jobId: (response.body as { jobId: string }).jobId, response, actionMessages };
  }

  return { queues, submitDeps, planDeps, runDeps, like, acceptAndPlan };
}
