import { runConnectionWatch } from '../../lib/outreach/watch/connection-watch';
import { defaultWatchDeps } from '../../lib/outreach/network-deps';
import { scheduledTask } from '../../lib/scheduled-task';

const deps = defaultWatchDeps();

export const handler = scheduledTask('connection watch', () => runConnectionWatch(deps));
