/**
 * The stop of a set of polling loops (the queue poller, the scheduler): aborts them, waits for each
 * to end its current turn, then closes their clients. Safe to call more than once; every call gets
 * the same promise.
 */
export function stopLoops(
  controller: AbortController,
  loops: Array<Promise<unknown>>,
  clients: Array<{ destroy(): void }>,
): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      controller.abort();
      await Promise.allSettled(loops);
      for (const client of clients) client.destroy();
    })());
}
