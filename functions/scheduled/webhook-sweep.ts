import { logger } from '../../lib/log';
import { sweepDueDeliveries } from '../../lib/webhooks/sweep-deliveries';
import { defaultSweepDeps } from '../../lib/webhooks/webhook-deps';

const deps = defaultSweepDeps();

export const handler = async (): Promise<void> => {
  logger.info('webhook sweep', { ...(await sweepDueDeliveries(deps)) });
};
