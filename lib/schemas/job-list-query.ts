import * as z from '../zod';
import { cursorParamSchema, encodeCursorParts } from './page-cursor';
import { pageLimitSchema } from './page-limit';

/** The job types a list can be filtered by (`comment` is request-comment's). */
const jobTypes = ['like', 'comment', 'connect', 'dm', 'post'] as const;
const jobStatuses = ['queued', 'running', 'succeeded', 'partially_failed', 'failed', 'rejected', 'expired', 'cancelled'] as const;

/** Where a page of the list starts: the last job the previous page read. */
export interface JobCursor {
  createdAt: string;
  jobId: string;
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const JOB_ID = /^job_[0-9A-HJKMNP-TV-Z]{26}$/;

/** A cursor is opaque to callers: where the previous page ended. */
export function encodeJobCursor(cursor: JobCursor): string {
  return encodeCursorParts([cursor.createdAt, cursor.jobId]);
}

/** GET /api/v1/jobs's query string: filters, a page size, and the cursor of the previous page's `links.next`. */
export const jobListQuerySchema = z.object({
  status: z.optional(z.enum(jobStatuses)),
  type: z.optional(z.enum(jobTypes)),
  since: z.optional(
    z.pipe(
      z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time such as 2026-11-01T00:00:00Z' }),
      z.transform((value: string) => new Date(value)),
    ),
  ),
  limit: pageLimitSchema,
  cursor: cursorParamSchema(2, ([createdAt = '', jobId = '']) =>
    ISO_MS.test(createdAt) && JOB_ID.test(jobId) ? { createdAt, jobId } : undefined,
  ),
});
