import { logger } from '../../lib/log';
import { runConnectionWatch } from '../../lib/outreach/watch/connection-watch';
import { defaultWatchDeps } from '../../lib/outreach/default-deps';

const deps = defaultWatchDeps();

export const handler = async (): Promise<void> => {
  logger.info('connection watch', { ...(await runConnectionWatch(deps)) });
};
