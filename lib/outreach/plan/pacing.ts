import { createHash } from 'node:crypto';

/**
 * When an action of a job runs, in milliseconds after planning: spread uniformly over the pacing
 * window so a group does not fire all at once. Derived from the job and account ids, so a
 * redelivered job message plans the same schedule.
 */
export function pacingOffsetMs(jobId: string, accountId: string, windowSeconds: number): number {
  if (windowSeconds <= 0) return 0;
  const hash = createHash('sha256').update(`${jobId}:${accountId}`).digest();
  return Math.floor((hash.readUInt32BE(0) / 0x1_0000_0000) * windowSeconds * 1000);
}
