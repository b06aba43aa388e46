import { api, BACKGROUND_WORK_TIMEOUT_MS, eventually } from './http-client';

export type JobBody = Record<string, unknown> & {
  status: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read as JSON by the tests
  actions: Array<Record<string, any>>;
  counts: Record<string, number>;
};

/** GET the job until its status is one of `statuses` (over HTTP, as a caller polls it). */
export function jobInStatus(
  apiKey: string,
  location: string,
  statuses: string[],
  timeoutMs = BACKGROUND_WORK_TIMEOUT_MS,
): Promise<JobBody> {
  return eventually(
    async () => {
      const job = await api('GET', location, { apiKey });
      return statuses.includes(job.body.status as string) ? (job.body as JobBody) : undefined;
    },
    timeoutMs,
    `job ${location} to be ${statuses.join(' or ')}`,
  );
}

/** Statuses a job ends in. */
export const finalJobStatuses = ['succeeded', 'partially_failed', 'failed', 'rejected', 'expired', 'cancelled'];
