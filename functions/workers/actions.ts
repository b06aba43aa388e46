import { defaultRunActionDeps } from '../../lib/outreach/network-deps';
import { failJobOfUnreadableMessage } from '../../lib/outreach/jobs/fail-unreadable-job';
import { runAction } from '../../lib/outreach/run/run-action';
import { runActionMessageSchema } from '../../lib/queue/messages';
import { sqsWorker } from '../../lib/queue/sqs-worker';

const deps = defaultRunActionDeps();

export const handler = sqsWorker({
  queue: 'actions',
  schema: runActionMessageSchema,
  handle: (message, record) => runAction(deps, message, Number(record.attributes.ApproximateReceiveCount || 1)),
  onPoison: (raw) => failJobOfUnreadableMessage(deps, raw),
});
