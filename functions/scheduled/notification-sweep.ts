import { logger } from '../../lib/log';
import { defaultNoticeSweepDeps } from '../../lib/notifications/notification-deps';
import { sweepDueNotices } from '../../lib/notifications/sweep-notices';

const deps = defaultNoticeSweepDeps();

export const handler = async (): Promise<void> => {
  logger.info('notification sweep', { ...(await sweepDueNotices(deps)) });
};
