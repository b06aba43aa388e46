import * as z from '../zod';
import { pageLimitSchema } from './page-limit';

/** The job types a list can be filtered by (`comment` is request-comment's). */
const jobTypes = ['like', 'comment', 'connect', 'dm'] as const;
const jobStatuses = ['queued', 'running', 'succeeded', 'partially_failed', 'failed', 'rejected', 'expired', 'cancelled'] as const;

/** Where a page of the list starts: the last job the previous page read. */
export interface JobCursor {
  createdAt: string;
  jobId: string;
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const JOB_ID = /^job_[0-9A-HJKMNP-TV-Z]{26}$/;

/** A cursor is opaque to callers: base64url of where the previous page ended. */
export function encodeJobCursor(cursor: JobCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.jobId])).toString('base64url');
}

function decodeJobCursor(value: string): JobCursor | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(decoded) || decoded.length !== 2) return undefined;
    const [createdAt, jobId] = decoded as unknown[];
    if (typeof createdAt !== 'string' || !ISO_MS.test(createdAt)) return undefined;
    if (typeof jobId !== 'string' || !JOB_ID.test(jobId)) return undefined;
    return { createdAt, jobId };
  } catch {
    return undefined;
  }
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
  cursor: z.optional(
    z.pipe(
      z.string().check(z.maxLength(400, 'is not a cursor this API gave')),
      z.transform(
        (value: string, ctx) =>
          decodeJobCursor(value) ?? z.refuse(ctx, 'is not a cursor this API gave (use links.next of the previous page)'),
      ),
    ),
  ),
});
