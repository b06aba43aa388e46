import { defaultPlanJobDeps } from '../../lib/outreach/default-deps';
import { stopCancelledJobActions } from '../../lib/outreach/jobs/cancel-job';
import { failJobOfUnreadableMessage } from '../../lib/outreach/jobs/fail-unreadable-job';
import { planJobDelivery } from '../../lib/outreach/plan/plan-job-delivery';
import { planJobMessageSchema } from '../../lib/queue/messages';
import { sqsWorker } from '../../lib/queue/sqs-worker';

const deps = defaultPlanJobDeps();

export const handler = sqsWorker({
  queue: 'jobs',
  schema: planJobMessageSchema,
  handle: (message, record) =>
    message.stopAfter === undefined
      ? planJobDelivery(deps, message, Number(record.attributes.ApproximateReceiveCount || 1))
      : stopCancelledJobActions(deps, message),
  onPoison: (raw) => failJobOfUnreadableMessage(deps, raw),
  // A part of a big job keeps many calls in flight (five message batches, or 25 approvals): ten
  // parts at once would wait on the SDK's 50 sockets and time out. One after another, a batch of
  // ten parts takes a few seconds of the 30 s timeout (docs/benchmarks.md, fan-out).
  inParallel: false,
});
