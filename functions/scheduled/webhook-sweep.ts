import { scheduledTask } from '../../lib/scheduled-task';
import { sweepDueDeliveries } from '../../lib/webhooks/sweep-deliveries';
import { defaultSweepDeps } from '../../lib/webhooks/webhook-deps';

const deps = defaultSweepDeps();

export const handler = scheduledTask('webhook sweep', () => sweepDueDeliveries(deps));
