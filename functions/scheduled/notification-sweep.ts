import { defaultNoticeSweepDeps } from '../../lib/notifications/notification-deps';
import { sweepDueNotices } from '../../lib/notifications/sweep-notices';
import { scheduledTask } from '../../lib/scheduled-task';

const deps = defaultNoticeSweepDeps();

export const handler = scheduledTask('notification sweep', () => sweepDueNotices(deps));
