import type { HttpResult } from '../../http/response';
import type { Job } from '../../store/jobs';
import { jobLocation } from '../../http/links';

/** The 202 every outreach endpoint answers: the job, and where to follow it. */
export function acceptedJob(job: Job): HttpResult {
  const location = jobLocation(job.jobId);
  return {
    status: 202,
    headers: { location },
    body: {
      jobId: job.jobId,
      type: job.type,
      status: job.status,
      accounts: job.total,
      ...(job.warnings?.length ? { warnings: job.warnings } : {}),
      createdAt: job.createdAt,
      links: { self: location },
    },
  };
}
