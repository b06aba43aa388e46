/**
 * The events a workspace's webhook endpoints can subscribe to. Their `data` shapes are documented
 * in docs/webhooks.md (section "Events"); `ping` is sent by `POST /webhooks/{id}/test` only and
 * cannot be subscribed to.
 */
export const webhookEventTypes = [
  'job.succeeded',
  'job.partially_failed',
  'job.failed',
  'job.rejected',
  'job.expired',
  'job.cancelled',
  'approval.requested',
  'approval.decided',
  'connection.accepted',
  'dm.sent',
  'post.published',
  'transcript.analysed',
  'transcript.failed',
  'lead.connected',
  'lead.replied',
  'account.throttled',
  'account.connected',
  'account.disconnected',
  'account.reconnected',
  'webhook.disabled',
] as const;

export type SubscribableEventType = (typeof webhookEventTypes)[number];
export type WebhookEventType = SubscribableEventType | 'ping';
