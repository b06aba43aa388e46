import { jobLocation } from '../../http/links';
import type { HttpResult } from '../../http/response';
import { accepted } from '../../http/response';
import type { Job } from '../../store/jobs';

/** The 202 every outreach endpoint answers: the job, and where to follow it. */
export function acceptedJob(job: Job): HttpResult {
  const location = jobLocation(job.jobId);
  return accepted(
    {
      jobId: job.jobId,
      type: job.type,
      status: job.status,
      accounts: job.total,
      ...(job.warnings?.length ? { warnings: job.warnings } : {}),
      createdAt: job.createdAt,
      links: { self: location },
    },
    location,
  );
}
