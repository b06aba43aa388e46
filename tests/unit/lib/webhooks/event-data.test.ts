import { webhookEventDataSchemas } from '../../../../lib/schemas/responses/webhook-events';
import type { Action, ActionTarget } from '../../../../lib/store/actions';
import type { Approval } from '../../../../lib/store/approvals';
import type { Job } from '../../../../lib/store/jobs';
import type { LeadIdentity } from '../../../../lib/store/leads';
import type { Transcript } from '../../../../lib/store/transcripts';
import type { WebhookEndpoint } from '../../../../lib/store/webhooks';
import {
  accountConnectionData,
  accountThrottledData,
  approvalEventData,
  approvalRequestedData,
  dmEventData,
  jobEventData,
  leadEventData,
  postPublishedData,
  transcriptEventData,
  webhookDisabledData,
} from '../../../../lib/webhooks/event-data';
import type { WebhookEventType } from '../../../../lib/webhooks/model/event-types';
import { webhookEventTypes } from '../../../../lib/webhooks/model/event-types';

/**
 * Each builder's data against its type's published schema, strictly (no field the contract does not
 * name), with the optional parts both present and absent. The compiler checks the shapes; this checks
 * what it cannot: formats (timestamps), and fields a spread brings in.
 */
const at = '2026-11-27T10:00:00.000Z';
const later = '2026-11-28T10:00:00.000Z';
const base = 'https://api.example.com';

const job = {
  workspaceId: 'ws',
  jobId: 'job_1',
  type: 'dm',
  request: { target: 'https://www.linkedin.com/in/jane', user: 'https://www.linkedin.com/in/sam', message: 'Hi', get_approved: false },
  status: 'running',
  total: 2,
  succeeded: 1,
  failed: 1,
  remaining: 0,
  createdAt: at,
  updatedAt: at,
  expiresAt: 1,
} satisfies Job;

const approval: Approval = {
  workspaceId: 'ws',
  approvalId: 'apr_1',
  token: 'secret-token',
  jobId: 'job_1',
  accountId: 'acc_1',
  kind: 'dm',
  status: 'approved',
  sender: { accountId: 'acc_1', name: 'Sam Seller', profileUrl: 'https://www.linkedin.com/in/sam' },
  target: { url: 'https://www.linkedin.com/in/jane', name: 'Jane' },
  text: 'Hello Jane',
  maxLength: 8000,
  createdAt: at,
  validUntil: later,
  decidedAt: at,
  decidedVia: 'link',
  notifications: [{ channel: 'email', purpose: 'request', status: 'sent', at }],
  expiresAt: 1,
};

const action: Action = {
  workspaceId: 'ws',
  jobId: 'job_1',
  accountId: 'acc_1',
  accountName: 'Sam Seller',
  status: 'succeeded',
  attempts: 1,
  notBefore: at,
  createdAt: at,
  updatedAt: at,
  expiresAt: 1,
};
const target: ActionTarget = { providerId: 'ACo1', publicIdentifier: 'jane', profileUrl: 'https://www.linkedin.com/in/jane' };
const lead: LeadIdentity = {
  workspaceId: 'ws',
  accountId: 'acc_1',
  providerAccountId: 'login_1',
  providerId: 'ACo1',
  publicIdentifier: 'jane',
  profileUrl: 'https://www.linkedin.com/in/jane',
  email: 'jane@example.com',
  jobId: 'job_1',
  jobType: 'connect',
};
const account = { accountId: 'acc_1', name: 'Sam Seller', profileUrl: 'https://www.linkedin.com/in/sam', providerAccountId: 'login_1' };
const transcript = {
  workspaceId: 'ws',
  callId: 'call-1',
  title: 'Discovery',
  callStartTime: at,
  url: 'https://calls.example.com/1',
  participants: [],
  format: 'plaintext',
  contentHash: 'x',
  objectKey: 'k',
  sizeBytes: 1,
  status: 'failed',
  attempts: 1,
  createdAt: at,
  updatedAt: at,
  failure: { reason: 'content_missing', detail: 'gone' },
} satisfies Transcript;
const endpoint = { workspaceId: 'ws', webhookId: 'wh_1', url: 'https://hooks.example.com/x' } as Pick<
  WebhookEndpoint,
  'workspaceId' | 'webhookId' | 'url'
>;

const built: Record<WebhookEventType | 'ping', unknown[]> = {
  'job.succeeded': [jobEventData(job, 'succeeded', new Date(at), base)],
  'job.partially_failed': [jobEventData(job, 'partially_failed', new Date(at), base)],
  'job.failed': [jobEventData({ ...job, failureReason: 'planning_failed' }, 'failed', new Date(at), '')],
  'job.rejected': [jobEventData(job, 'rejected', new Date(at), base)],
  'job.expired': [jobEventData(job, 'expired', new Date(at), base)],
  'job.cancelled': [jobEventData(job, 'cancelled', new Date(at), base)],
  'approval.requested': [approvalRequestedData({ ...approval, status: 'pending', decidedAt: undefined, decidedVia: undefined }, base)],
  'approval.decided': [approvalEventData(approval, base)],
  'connection.accepted': [
    { ...dmEventData(action, target, base), invitedAt: at, connectedAt: at, seenBy: 'watch' },
    { ...dmEventData({ ...action, accountName: undefined }, { ...target, name: 'Jane' }, base), connectedAt: at, seenBy: 'webhook' },
  ],
  'dm.sent': [{ ...dmEventData(action, target, base), text: 'Hi', connection: 'existing', sentAt: at }],
  'post.published': [
    postPublishedData(
      action,
      {
        text: 'What buyers told us',
        details: {
          postId: 'p1',
          socialId: 'urn:li:activity:7368000000000000001',
          url: 'https://www.linkedin.com/posts/x',
          likeJobId: 'job_2',
          commentJobId: 'job_3',
        },
        amplified: true,
        at: new Date(at),
      },
      base,
    ),
    // Published without an address (Unipile's `post_id: null`), nothing amplified, links relative.
    postPublishedData(
      { ...action, accountName: undefined },
      { text: 'Hi', details: { urlUnknown: 'true' }, amplified: true, at: new Date(at) },
      '',
    ),
    postPublishedData(action, { text: 'Hi', details: undefined, amplified: false, at: new Date(at) }, base),
  ],
  'transcript.analysed': [],
  'transcript.failed': [transcriptEventData(transcript, base)],
  'lead.connected': [{ ...leadEventData(lead, base), connectedAt: at }],
  'lead.replied': [{ ...leadEventData({ ...lead, email: undefined }, base), message: { text: 'Sure', truncated: false, sentAt: at } }],
  'account.throttled': [
    accountThrottledData(account, 'all', {
      until: later,
      since: at,
      reason: 'provider_limit',
      signal: { reason: 'limit', message: 'Slow down' },
    }),
    accountThrottledData(account, 'invitation', {
      until: later,
      since: at,
      reason: 'provider_throttled',
      signal: { reason: 'x', message: 'y' },
    }),
  ],
  'account.connected': [accountConnectionData(account, { at, cause: 'connect_link' })],
  'account.disconnected': [accountConnectionData(account, { at, cause: 'provider_error', detail: 'login expired' })],
  'account.reconnected': [accountConnectionData(account, { at, cause: 'provider_status' })],
  'webhook.disabled': [webhookDisabledData(endpoint as WebhookEndpoint, at, new Date(later))],
  ping: [{ webhookId: 'wh_1', message: 'test' }],
};

describe("each webhook event's data", () => {
  it.each([...webhookEventTypes, 'ping' as const].filter((type) => built[type].length > 0))('%s: as its schema publishes it', (type) => {
    for (const data of built[type])
      expect(webhookEventDataSchemas[type].safeParse(data)).toEqual(expect.objectContaining({ success: true }));
  });

  it('keeps the approval link, a secret, to approval.requested', () => {
    expect(webhookEventDataSchemas['approval.decided'].safeParse(approvalRequestedData(approval, base)).success).toBe(false);
  });
});
