import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DeliverWebhookMessage } from '../queue/messages';
import { sendMessages } from '../queue/send';
import type { Db } from '../store/client';
import { listDueDeliveries, postponeDue } from '../store/webhook-deliveries';

export interface SweepDeps {
  db: Db;
  sqs: SQSClient;
  webhooksQueueUrl: string;
  /** A delivery due this long ago without a claim is sent again (its message may be lost). */
  graceSeconds?: number;
  /** When to look again at one sent now and still not claimed. */
  resendAfterSeconds?: number;
}

/**
 * The scheduled sweep: sends the deliveries that are due and were not claimed (their first send
 * after the change was lost, their wait was longer than SQS can delay, or their worker crashed
 * mid-attempt). The worker's claim makes a duplicate message harmless.
 */
export async function sweepDueDeliveries(deps: SweepDeps, now = new Date()): Promise<{ sent: number }> {
  const due = await listDueDeliveries(deps.db, new Date(now.getTime() - (deps.graceSeconds ?? 30) * 1000));
  if (due.length === 0) return { sent: 0 };
  await sendMessages(
    deps.sqs,
    'webhooks',
    deps.webhooksQueueUrl,
    due.map(({ workspaceId, webhookId, deliveryId }): { body: DeliverWebhookMessage } => ({
      body: { v: 1, workspaceId, webhookId, deliveryId },
    })),
  );
  const later = new Date(now.getTime() + (deps.resendAfterSeconds ?? 300) * 1000);
  for (const delivery of due) await postponeDue(deps.db, delivery, later);
  return { sent: due.length };
}
