/**
 * A local-stack startup failure whose message already says what went wrong and how to fix it,
 * so `npm start` and the test setup print it as is, without a stack trace.
 */
export class LocalStackError extends Error {
  override name = 'LocalStackError';
}

/** Thrown by waits that were cut short because the startup is being abandoned. */
export class StartupAbortedError extends Error {
  override name = 'StartupAbortedError';
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new StartupAbortedError('local stack startup was abandoned');
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new StartupAbortedError('local stack startup was abandoned'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new StartupAbortedError('local stack startup was abandoned'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
