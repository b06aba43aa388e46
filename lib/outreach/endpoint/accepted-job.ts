import { jobLocation } from '../../http/links';
import { accepted } from '../../http/http-result';
import type { Job } from '../../store/jobs';

/**
 * The 202 every outreach endpoint answers: the job as accepted, and where to follow it. A retry
 * answered with the job its first attempt made (lib/outreach/accept/submit-job.ts) gets what that
 * attempt would have answered: `queued`, whatever the job did since (its link tells).
 */
export function acceptedJob(job: Job) {
  const location = jobLocation(job.jobId);
  return accepted(
    {
      jobId: job.jobId,
      type: job.type,
      status: 'queued' as const,
      accounts: job.total,
      ...(job.warnings?.length ? { warnings: job.warnings } : {}),
      createdAt: job.createdAt,
      links: { self: location },
    },
    location,
  );
}
