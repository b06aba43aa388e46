/** Jest global teardown of the integration project: stops the local stack of the global setup. */
import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__LOCAL_STACK__;
  if (!running) return;
  globalThis.__LOCAL_STACK__ = undefined;
  process.removeListener('SIGINT', running.onSignal);
  process.removeListener('SIGTERM', running.onSignal);
  await running.stack.stop();
  rmSync(running.envFile, { force: true });
}
