import { defaultNotifyApprovalDeps } from '../../lib/notifications/notification-deps';
import { notifyApproval } from '../../lib/notifications/notify-approval';
import { notifyApprovalMessageSchema } from '../../lib/queue/messages';
import { sqsWorker } from '../../lib/queue/sqs-worker';

const deps = defaultNotifyApprovalDeps();

export const handler = sqsWorker({
  queue: 'notifications',
  schema: notifyApprovalMessageSchema,
  handle: async (message, record) => {
    await notifyApproval(deps, message, Number(record.attributes?.ApproximateReceiveCount ?? 1));
  },
});
