import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../log';
import type { NotifyApprovalMessage } from '../queue/messages';
import { sendMessages } from '../queue/send';

/**
 * Queues the request notification of an approval just made. Its notification is already stored: should this
 * send fail, the notification sweep queues it within a minute or so, so a failure here is logged,
 * not thrown (the plan that made the approval is done).
 */
export async function announceNotification(
  sqs: SQSClient,
  queueUrl: string,
  approval: { workspaceId: string; approvalId: string },
): Promise<void> {
  const body: NotifyApprovalMessage = { v: 1, workspaceId: approval.workspaceId, approvalId: approval.approvalId, purpose: 'request' };
  await sendMessages(sqs, 'notifications', queueUrl, [{ body }]).catch((error: unknown) =>
    logger.warn('could not queue an approval notification; the sweep will', { approvalId: approval.approvalId, error: error as Error }),
  );
}
