import { defaultNotificationSweepDeps } from '../../lib/notifications/notification-deps';
import { sweepDueNotifications } from '../../lib/notifications/sweep-notifications';
import { scheduledTask } from '../../lib/scheduled-task';

const deps = defaultNotificationSweepDeps();

export const handler = scheduledTask('notification sweep', () => sweepDueNotifications(deps));
