import type { LambdaHandler } from './invocation';
import { observedHandler } from './invocation';
import { logger } from './log';

/**
 * A scheduled function (an EventBridge rate): runs its task and logs what it did under the task's
 * name. Each invocation is observed (lib/invocation.ts), as the HTTP and SQS functions' are.
 */
export function scheduledTask(name: string, run: () => Promise<object>): LambdaHandler<unknown, void> {
  return observedHandler(async () => {
    const summary = await run();
    logger.info(name, { ...summary });
  });
}
