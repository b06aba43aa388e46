/** What the webhooks routes' definitions share: their words on a parameter or an answer. */
import type { ResponseSpec } from '../../http/route';

export const webhookId = { webhookId: { description: 'The endpoint (`wh_` and a ULID).', example: 'wh_01KA7W9Q3T5W0R6Y5XG8N2M4C1' } };
export const notFound = {
  description: "No such webhook in this workspace (another workspace's is a 404 too).",
  problems: ['not-found'],
} satisfies ResponseSpec;
export const disabled = {
  description: 'The webhook is disabled: enable it first (`PATCH` with `"enabled": true`).',
  problems: ['webhook-disabled'],
} satisfies ResponseSpec;
export const tag = 'Webhooks';
