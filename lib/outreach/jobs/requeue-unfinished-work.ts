import type { SQSClient } from '@aws-sdk/client-sqs';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { AnalyseTranscriptMessage, PlanJobMessage, RunActionMessage } from '../../queue/messages';
import type { OutgoingMessage } from '../../queue/send';
import { sendMessages } from '../../queue/send';
import { toAction } from '../../store/actions';
import type { Db } from '../../store/client';
import type { Job } from '../../store/jobs';
import { toJob } from '../../store/jobs';
import { finishJobIfDone } from './finish-job';
import { isUnfinishedTranscript, toTranscript } from '../../store/transcripts';

export interface RequeueDeps {
  db: Db;
  sqs: SQSClient;
  jobsQueueUrl: string;
  actionsQueueUrl: string;
  transcriptsQueueUrl: string;
}

/**
 * Puts every unfinished job and action back on its queue. For the local stack only: its SQS
 * emulator keeps messages in memory, so a restart loses them while DynamoDB keeps the jobs. A
 * duplicate of a message that survived is harmless (consumers are idempotent). Scans the table:
 * fine for a local one, not for production, where SQS itself is durable.
 */
export async function requeueUnfinishedWork(
  deps: RequeueDeps,
  now = new Date(),
): Promise<{ jobs: number; actions: number; transcripts: number }> {
  const jobs: OutgoingMessage<'jobs'>[] = [];
  const actions: OutgoingMessage<'actions'>[] = [];
  const transcripts: OutgoingMessage<'transcripts'>[] = [];
  const running: Job[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.client.send(
      new ScanCommand({
        TableName: deps.db.table,
        FilterExpression:
          '(begins_with(sk, :job) OR begins_with(sk, :transcript)) AND #status IN (:queued, :running, :pending, :analysing)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':job': 'JOB#',
          ':transcript': 'TRANSCRIPT#',
          ':queued': 'queued',
          ':running': 'running',
          ':pending': 'pending',
          ':analysing': 'analysing',
        },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (isUnfinishedTranscript(item)) {
        // The emulated S3 is in memory too: a transcript whose content is gone ends `failed` (content_missing).
        const { workspaceId, callId, objectKey, contentHash } = toTranscript(item);
        transcripts.push({ body: { v: 1, workspaceId, callId, objectKey, contentHash } satisfies AnalyseTranscriptMessage });
      } else if (String(item.sk).includes('#ACTION#')) {
        const action = toAction(item);
        const body: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
        // A running action's lease must run out before anyone may take it again.
        const readyAt = action.status === 'running' ? (action.leaseUntil ?? 0) + 1000 : Date.parse(action.notBefore);
        actions.push({ body, delaySeconds: Math.max(0, (readyAt - now.getTime()) / 1000) });
      } else {
        const job = toJob(item);
        if (job.status === 'queued') jobs.push({ body: { v: 1, workspaceId: job.workspaceId, jobId: job.jobId } satisfies PlanJobMessage });
        else running.push(job);
      }
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);

  await sendMessages(deps.sqs, 'jobs', deps.jobsQueueUrl, jobs);
  await sendMessages(deps.sqs, 'actions', deps.actionsQueueUrl, actions);
  await sendMessages(deps.sqs, 'transcripts', deps.transcriptsQueueUrl, transcripts);
  // A job whose last action ended just before the stop may have missed its own ending.
  for (const job of running) await finishJobIfDone(deps, job.workspaceId, job.jobId, now);
  return { jobs: jobs.length, actions: actions.length, transcripts: transcripts.length };
}
