import * as z from '../zod';

/** A non-empty string. */
const id = () => z.string().check(z.minLength(1));

/**
 * `jobs` queue: plan one accepted job into its actions; with `part`, plan that part of a big job's
 * accounts (lib/store/job-plans.ts); with `stopAfter`, stop a cancelled job's actions after that
 * account's (lib/outreach/jobs/cancel-job.ts).
 */
export const planJobMessageSchema = z.object({
  v: z.literal(1),
  workspaceId: id(),
  jobId: id(),
  part: z.optional(z.number().check(z.int(), z.minimum(0))),
  stopAfter: z.optional(id()),
});
export type PlanJobMessage = z.infer<typeof planJobMessageSchema>;

/** `actions` queue: run (or re-check) one account's action of a job. */
export const runActionMessageSchema = z.object({
  v: z.literal(1),
  workspaceId: id(),
  jobId: id(),
  accountId: id(),
});
export type RunActionMessage = z.infer<typeof runActionMessageSchema>;

/**
 * `transcripts` queue: analyse one stored transcript. A claim check: the content is in S3 under
 * `objectKey`, never in the message, and is analysed only if its SHA-256 is `contentHash`.
 */
export const analyseTranscriptMessageSchema = z.object({
  v: z.literal(1),
  workspaceId: id(),
  callId: id(),
  objectKey: id(),
  contentHash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});
export type AnalyseTranscriptMessage = z.infer<typeof analyseTranscriptMessageSchema>;

/** `notifications` queue: tell an approval's person that it waits for them (`request`) or will soon expire (`reminder`). */
export const notifyApprovalMessageSchema = z.object({
  v: z.literal(1),
  workspaceId: id(),
  approvalId: id(),
  purpose: z.enum(['request', 'reminder']),
});
export type NotifyApprovalMessage = z.infer<typeof notifyApprovalMessageSchema>;

/** `webhooks` queue: make the next attempt of one delivery of an event to one endpoint. */
export const deliverWebhookMessageSchema = z.object({
  v: z.literal(1),
  workspaceId: id(),
  webhookId: id(),
  deliveryId: id(),
});
export type DeliverWebhookMessage = z.infer<typeof deliverWebhookMessageSchema>;

/** What each work queue carries: the one kind of message its consumer reads. A producer is typed by it (lib/queue/send.ts). */
export interface QueueMessages {
  jobs: PlanJobMessage;
  actions: RunActionMessage;
  transcripts: AnalyseTranscriptMessage;
  notifications: NotifyApprovalMessage;
  webhooks: DeliverWebhookMessage;
}

/** A work queue, by its name. */
export type QueueName = keyof QueueMessages;
