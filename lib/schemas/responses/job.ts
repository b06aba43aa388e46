import * as z from 'zod';
import { amplificationSchema, publishedPostSchema } from './webhook-events';

const timestamp = z.iso.datetime();
const jobTypeSchema = z
  .enum(['like', 'comment', 'connect', 'dm', 'post'])
  .describe('The endpoint that made the job (`comment` for request-comment).');

/** The 202 of every outreach endpoint: the job, and where to follow it (also the `Location` header). */
export const jobAcceptedSchema = z.strictObject({
  jobId: z
    .string()
    .describe(
      '`job_` and 26 characters in the form of a ULID: time-ordered, or made from the Idempotency-Key for a request that sent one.',
    ),
  type: jobTypeSchema,
  status: z.literal('queued').describe('Accepted, not yet planned.'),
  accounts: z.number().int().nonnegative().describe('Accounts that will act: one action each.'),
  warnings: z.array(z.string()).optional().describe('How the request was read where that may surprise (e.g. a `commentor` not used).'),
  createdAt: timestamp,
  links: z.strictObject({ self: z.string().describe('`/api/v1/jobs/{jobId}`') }),
});

/** Why an action waits (lib/errors.ts' DeferredReason): account safety, or its account cannot act for now. */
export const deferredReasonSchema = z.enum([
  'pacing',
  'outside_working_hours',
  'daily_limit',
  'weekly_limit',
  'provider_limit',
  'provider_throttled',
  'account_restricted',
  'account_paused',
  'account_disconnected',
]);

const actionStatusSchema = z.enum([
  'pending',
  'running',
  'awaiting_approval',
  'awaiting_connection',
  'succeeded',
  'failed',
  'rejected',
  'expired',
  'cancelled',
]);

/** One account's part of a job, as `GET /api/v1/jobs/{jobId}` shows it. */
export const jobActionSchema = z.strictObject({
  accountId: z.string(),
  accountName: z.string().optional(),
  profileUrl: z.string().optional(),
  status: actionStatusSchema,
  attempts: z.number().int().nonnegative(),
  retriedAfter: z
    .string()
    .optional()
    .describe(
      "Why it took more than one attempt: the reason of the last attempt that failed and was retried (`provider_unavailable`, …), kept once it succeeds. A deferral (a send slot, working hours, a limit) is no attempt, and a DM's wait for an acceptance is told by `connection`.",
    ),
  text: z
    .string()
    .optional()
    .describe(
      "A comment's or message's text as approved: what it posts or sends, the approver's edit included (the job's `request` keeps what was asked). Absent until an approval decided it, and for actions that need none.",
    ),
  scheduledFor: timestamp.optional().describe('While pending or running: when it is expected to run.'),
  deferredReason: deferredReasonSchema
    .optional()
    .describe(
      "Why a pending action waits (account safety): its account's next free send slot (`pacing`: a gap after its previous network touch, whatever the job), the account's working hours, a limit, or a pause the network's own signal put on the account (`provider_limit`: its limit for that kind; `provider_throttled`; `account_restricted`); or its account cannot act for now (`account_paused` by the workspace, `account_disconnected`: its login must be reconnected); `scheduledFor` says until when it looks again.",
    ),
  approval: z
    .strictObject({
      approvalId: z.string(),
      url: z.string().describe('The single-use approval page.'),
      validUntil: timestamp,
      decision: z.enum(['approved', 'rejected', 'expired']).optional(),
    })
    .optional()
    .describe('The approval this action waits or waited for.'),
  connection: z
    .strictObject({
      target: z.string().optional(),
      invitedAt: timestamp
        .optional()
        .describe(
          'When the invitation was sent: by this DM, or by an earlier connect or DM of the workspace that this DM found still pending. Absent when it found an invitation pending that the workspace did not send.',
        ),
      waitsUntil: timestamp.optional(),
      acceptedAt: timestamp.optional(),
      seenBy: z.enum(['webhook', 'watch']).optional(),
    })
    .optional()
    .describe('DM: the invitation sent first, and its acceptance.'),
  startedAt: timestamp.optional(),
  finishedAt: timestamp.optional(),
  provider: z.string().optional().describe('`sandbox` or `unipile`.'),
  sandbox: z.boolean().optional().describe('True for results of the simulated network.'),
  result: z.string().optional().describe('What was done: `reacted`, `commented`, `invited`, `already_connected`, `messaged`, …'),
  details: z.record(z.string(), z.string()).optional().describe("The provider's ids of what was done."),
  reason: z
    .string()
    .optional()
    .describe(
      'Machine-readable reason of the failure the action ended with, or, while it waits for a retry, of the failed attempt. Absent once it succeeded.',
    ),
  error: z.string().optional().describe('Human-readable message of that failure.'),
});

const count = () => z.number().int().nonnegative();

/** What every view of a job says of it (`GET /api/v1/jobs/{jobId}` and the list). */
const jobFields = {
  jobId: z.string(),
  type: jobTypeSchema,
  request: z.record(z.string(), z.unknown()).describe('The request as it was validated (URLs normalised).'),
  warnings: z.array(z.string()).optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
  finishedAt: timestamp.optional(),
  cancelledAt: timestamp.optional().describe('When it was cancelled (`POST /api/v1/jobs/{jobId}/cancel`).'),
  failureReason: z
    .string()
    .optional()
    .describe(
      'Why the job failed as a whole: `unreadable_message` or `planning_failed` (its queue message could not be read, or planning failed on every delivery), `no_accounts_to_act` (its groups had no active account with room left when it was planned), `enqueue_failed` or `not_queued` (the request that created it did not complete; it was never started).',
    ),
};

/** The counts every view has: how many actions ended, and how. */
const endedCounts = {
  total: count(),
  succeeded: count(),
  failed: count(),
  rejected: count(),
  expired: count(),
  cancelled: count().describe('Stopped before they acted: the job was cancelled, or their account removed.'),
};

const storedJobStatus = z.enum(['queued', 'running', 'succeeded', 'partially_failed', 'failed', 'rejected', 'expired', 'cancelled']);

/** `GET /api/v1/jobs/{jobId}`: the job, its counts and each account's action. */
export const jobViewSchema = z.strictObject({
  ...jobFields,
  status: z
    .enum([...storedJobStatus.options, 'awaiting_approval', 'awaiting_connection'])
    .describe('`awaiting_*` while every unfinished action waits for that (told while one page holds all the actions).'),
  counts: z.strictObject({
    ...endedCounts,
    unfinished: count().describe('Actions not ended yet.'),
    pending: count().optional().describe('How the unfinished wait: told while one page holds all the actions (up to 100).'),
    running: count().optional(),
    awaitingApproval: count().optional(),
    awaitingConnection: count().optional(),
  }),
  nextRunAt: timestamp.optional().describe('When the next pending action is expected to run (while one page holds all the actions).'),
  post: z
    .strictObject({
      ...publishedPostSchema.shape,
      publishedAt: timestamp.optional(),
      amplification: amplificationSchema.optional().describe('With `amplify` only: the like (and comment) jobs it started.'),
    })
    .optional()
    .describe('A `post` job, once its post is published: where it is, and what its amplification started.'),
  actions: z
    .array(jobActionSchema)
    .describe(
      'A page of its actions, by account id: `limit` (100 when absent) at a time. Empty while the job is `queued`: its actions are made when it is planned (within seconds), and `counts.pending` already counts them.',
    ),
  nextCursor: z.string().optional().describe('Absent on the last page of actions.'),
  links: z.strictObject({ next: z.string().optional().describe('The next page of actions, while there is one.') }),
});

/** A job in `GET /api/v1/jobs`: its view without the per-account details (read from the job alone). */
export const jobSummarySchema = z.strictObject({
  ...jobFields,
  status: storedJobStatus,
  counts: z.strictObject({
    ...endedCounts,
    unfinished: count().describe('Actions not ended yet (pending, running or waiting): `GET /api/v1/jobs/{jobId}` says which.'),
  }),
  links: z.strictObject({ self: z.string().describe('`/api/v1/jobs/{jobId}`') }),
});

/** `GET /api/v1/jobs`: a page of the workspace's jobs, newest first. */
export const jobListSchema = z.strictObject({
  items: z.array(jobSummarySchema),
  nextCursor: z.string().optional().describe('Absent on the last page.'),
  links: z.strictObject({ next: z.string().optional().describe('The next page, while there is one.') }),
});
