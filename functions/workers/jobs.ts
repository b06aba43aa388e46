import { defaultPlanJobDeps } from '../../lib/outreach/default-deps';
import { failJobOfUnreadableMessage } from '../../lib/outreach/jobs/fail-unreadable-job';
import { planJobDelivery } from '../../lib/outreach/plan/plan-job';
import { planJobMessageSchema } from '../../lib/queue/messages';
import { sqsWorker } from '../../lib/queue/sqs-worker';

const deps = defaultPlanJobDeps();

export const handler = sqsWorker({
  queue: 'jobs',
  schema: planJobMessageSchema,
  handle: (message, record) => planJobDelivery(deps, message, Number(record.attributes.ApproximateReceiveCount || 1)),
  onPoison: (raw) => failJobOfUnreadableMessage(deps, raw),
});
