import * as z from 'zod';
import { actionKinds } from '../action-kind';
import { analyserSchema, metricsSchema } from '../../transcripts/model/analysis';
import type { WebhookEventType } from '../../webhooks/model/event-types';
import { webhookEventTypes } from '../../webhooks/model/event-types';

/**
 * The `data` of every webhook event type: the customers' contract. The builders of lib/webhooks/
 * event-data.ts are typed by these schemas (a type-only import, so no bundle holds them), the
 * OpenAPI document publishes them, and the tests parse every event they see with them.
 */

const timestamp = z.iso.datetime();
const link = z.string().describe('Absolute when `PUBLIC_BASE_URL` is known, else a path.');

const jobType = z.enum(['like', 'comment', 'connect', 'dm', 'post']);

/** An account of the workspace, as an event names it. */
const eventAccount = z.strictObject({
  accountId: z.string(),
  name: z.string().optional(),
  profileUrl: z.string().optional(),
});

/** A person the network resolved: whom an action invited or messaged, or a lead. */
const eventPerson = z.strictObject({
  profileUrl: z.string(),
  name: z.string().optional(),
  email: z.string().optional().describe('Given with the connection request (leads only).'),
  providerId: z.string(),
  publicIdentifier: z.string(),
});

export const jobEventDataSchema = z.strictObject({
  jobId: z.string(),
  type: jobType,
  status: z.enum(['succeeded', 'partially_failed', 'failed', 'rejected', 'expired', 'cancelled']),
  counts: z.strictObject({
    total: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    rejected: z.number().int(),
    expired: z.number().int(),
    cancelled: z.number().int(),
  }),
  createdAt: timestamp,
  finishedAt: timestamp,
  failureReason: z.string().optional(),
  links: z.strictObject({ job: link }),
});

const approvalLinks = { approval: link, job: link };

export const approvalDecidedDataSchema = z.strictObject({
  approvalId: z.string(),
  jobId: z.string(),
  kind: z.enum(['comment', 'dm', 'post']),
  status: z.enum(['pending', 'approved', 'rejected', 'expired', 'cancelled']),
  sender: z.strictObject({ accountId: z.string(), name: z.string(), profileUrl: z.string() }),
  target: z.strictObject({ url: z.string(), name: z.string().optional() }).describe('The post to comment on, or the recipient.'),
  text: z.string().describe('Proposed, then as decided (possibly edited).'),
  validUntil: timestamp,
  decidedAt: timestamp.optional(),
  decidedVia: z.enum(['link', 'api', 'expiry']).optional(),
  links: z.strictObject(approvalLinks),
});

export const approvalRequestedDataSchema = approvalDecidedDataSchema.extend({
  links: z.strictObject({ ...approvalLinks, page: link.describe('The single-use approval link: a secret.') }),
});

const dmEventFields = { jobId: z.string(), account: eventAccount, person: eventPerson, links: z.strictObject({ job: link }) };

export const connectionAcceptedDataSchema = z.strictObject({
  ...dmEventFields,
  invitedAt: timestamp.optional(),
  connectedAt: timestamp,
  seenBy: z.enum(['webhook', 'watch']),
});

export const dmSentDataSchema = z.strictObject({
  ...dmEventFields,
  text: z.string(),
  connection: z.enum(['existing', 'accepted_invitation']),
  sentAt: timestamp,
});

/** A published post: what the job view and `post.published` say of it. */
export const publishedPostSchema = z.strictObject({
  url: z
    .string()
    .nullable()
    .describe("Where people read it; null when the network published it without saying where (it is on the author's profile)."),
  socialId: z.string().optional().describe('What reactions and comments name it by (`urn:li:activity:…`).'),
  postId: z.string().optional().describe("The provider's id of the post."),
});

/** What a post's `amplify` started once it was published: a like job, and a comment job with `amplify.comment`. */
export const amplificationSchema = z.strictObject({
  jobs: z.array(z.strictObject({ jobId: z.string(), type: z.enum(['like', 'comment']), links: z.strictObject({ job: link }) })),
  skipped: z
    .string()
    .optional()
    .describe(
      'Why nothing, or not everything, was started: the network did not say which post it published, a group is gone or has no active account, or every account is at its backlog limit.',
    ),
});

export const postPublishedDataSchema = z.strictObject({
  jobId: z.string(),
  account: eventAccount,
  post: publishedPostSchema,
  text: z.string().describe('As published (the author may have edited it when approving).'),
  publishedAt: timestamp,
  amplification: amplificationSchema.optional().describe('With `amplify` only.'),
  links: z.strictObject({ job: link }),
});

export const transcriptEventDataSchema = z.strictObject({
  callId: z.string(),
  title: z.string(),
  callStartTime: timestamp,
  status: z.enum(['queued', 'analysing', 'analysed', 'failed']),
  analyser: z.optional(analyserSchema),
  durationSeconds: z.optional(metricsSchema.shape.durationSeconds),
  durationSource: z.optional(metricsSchema.shape.durationSource),
  timedShare: z.optional(metricsSchema.shape.timedShare),
  words: z.optional(metricsSchema.shape.words),
  ideas: z.number().int().optional().describe('How many content ideas.'),
  failure: z.strictObject({ reason: z.string(), detail: z.string() }).optional(),
  links: z.strictObject({ transcript: link }),
});

const leadEventFields = {
  lead: eventPerson,
  account: eventAccount,
  jobId: z.string(),
  jobType,
  links: z.strictObject({ job: link }),
};

export const leadConnectedDataSchema = z.strictObject({ ...leadEventFields, connectedAt: timestamp });

export const leadRepliedDataSchema = z.strictObject({
  ...leadEventFields,
  message: z.strictObject({
    id: z.string().optional(),
    chatId: z.string().optional(),
    text: z.string().describe('At most 4,000 characters; the rest is on the network.'),
    truncated: z.boolean(),
    sentAt: timestamp,
  }),
});

export const accountThrottledDataSchema = z.strictObject({
  account: z.strictObject({ accountId: z.string(), name: z.string(), profileUrl: z.string() }),
  kind: z.enum(actionKinds).optional().describe('The kind of touch paused; absent when the whole account waits.'),
  reason: z.enum(['provider_limit', 'provider_throttled', 'account_restricted']),
  since: timestamp,
  until: timestamp,
  signal: z.strictObject({ reason: z.string(), message: z.string() }).describe("The network's own words."),
});

export const accountConnectionDataSchema = z.strictObject({
  account: z.strictObject({ accountId: z.string(), name: z.string(), profileUrl: z.string() }),
  providerAccountId: z.string(),
  at: timestamp,
  cause: z.enum(['connect_link', 'provider_status', 'provider_error']).optional(),
  detail: z.string().optional(),
});

export const webhookDisabledDataSchema = z.strictObject({
  webhookId: z.string(),
  url: z.string(),
  failingSince: timestamp,
  disabledAt: timestamp,
  reason: z.literal('failing'),
});

export const pingDataSchema = z.strictObject({ webhookId: z.string(), message: z.string() });

/** Each event type's data, by type. */
export const webhookEventDataSchemas = {
  'job.succeeded': jobEventDataSchema,
  'job.partially_failed': jobEventDataSchema,
  'job.failed': jobEventDataSchema,
  'job.rejected': jobEventDataSchema,
  'job.expired': jobEventDataSchema,
  'job.cancelled': jobEventDataSchema,
  'approval.requested': approvalRequestedDataSchema,
  'approval.decided': approvalDecidedDataSchema,
  'connection.accepted': connectionAcceptedDataSchema,
  'dm.sent': dmSentDataSchema,
  'post.published': postPublishedDataSchema,
  'transcript.analysed': transcriptEventDataSchema,
  'transcript.failed': transcriptEventDataSchema,
  'lead.connected': leadConnectedDataSchema,
  'lead.replied': leadRepliedDataSchema,
  'account.throttled': accountThrottledDataSchema,
  'account.connected': accountConnectionDataSchema,
  'account.disconnected': accountConnectionDataSchema,
  'account.reconnected': accountConnectionDataSchema,
  'webhook.disabled': webhookDisabledDataSchema,
  ping: pingDataSchema,
} as const satisfies Record<WebhookEventType, z.ZodType>;

/** The `data` of an event of type `T`, as its builder must make it. */
export type WebhookEventData<T extends WebhookEventType = WebhookEventType> = z.input<(typeof webhookEventDataSchemas)[T]>;

/**
 * An event of type `T` (of any type by default), as it is stored with its deliveries and sent: its
 * `data` is its type's, so checking `type` tells which data it is.
 */
export type WebhookEvent<T extends WebhookEventType = WebhookEventType> = {
  [K in T]: {
    /** `evt_…`; also the `webhook-id` header, the same on every retry and re-send: receivers deduplicate by it. */
    id: string;
    type: K;
    /** When it happened, ISO 8601. */
    timestamp: string;
    workspaceId: string;
    data: WebhookEventData<K>;
  };
}[T];

/** The data schemas by the name the OpenAPI document publishes them under. */
export const webhookEventDataComponents = {
  JobEventData: jobEventDataSchema,
  ApprovalRequestedEventData: approvalRequestedDataSchema,
  ApprovalDecidedEventData: approvalDecidedDataSchema,
  ConnectionAcceptedEventData: connectionAcceptedDataSchema,
  DmSentEventData: dmSentDataSchema,
  PostPublishedEventData: postPublishedDataSchema,
  TranscriptEventData: transcriptEventDataSchema,
  LeadConnectedEventData: leadConnectedDataSchema,
  LeadRepliedEventData: leadRepliedDataSchema,
  AccountThrottledEventData: accountThrottledDataSchema,
  AccountConnectionEventData: accountConnectionDataSchema,
  WebhookDisabledEventData: webhookDisabledDataSchema,
  PingEventData: pingDataSchema,
};

/** One event type's envelope, its `type` fixed. */
function eventOf<T extends WebhookEventType>(type: T) {
  return z.strictObject({
    id: z.string().describe('`evt_…`; also the `webhook-id` header, the same on every retry: deduplicate by it.'),
    type: z.literal(type),
    timestamp,
    workspaceId: z.string(),
    data: webhookEventDataSchemas[type],
  });
}

/** What a receiver gets as the body of a delivery: one member per event type, told apart by `type`. */
export const webhookEventSchema = z.discriminatedUnion('type', [eventOf('ping'), ...webhookEventTypes.map(eventOf)]);
