import * as z from 'zod';
import { webhookEventTypes } from '../../webhooks/model/event-types';
import { webhookEventSchema } from './webhook-events';

const timestamp = z.iso.datetime();

/** An endpoint of the workspace, as the API shows it: never its secret, except in `webhookWithSecretSchema`. */
export const webhookViewSchema = z.strictObject({
  webhookId: z.string().describe('`wh_` and a ULID.'),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  description: z.string().optional(),
  status: z.enum(['enabled', 'disabled']),
  disabledAt: timestamp.optional(),
  disabledReason: z.enum(['failing', 'by_request']).optional(),
  failingSince: timestamp.optional().describe('Since when every attempt failed (cleared by a success).'),
  previousSecretValidUntil: timestamp
    .optional()
    .describe('After a rotation: until when the previous secret still signs, beside the new one.'),
  createdAt: timestamp,
  updatedAt: timestamp,
  links: z.strictObject({ self: z.string(), deliveries: z.string() }),
});

/** Right after creation and rotation: the endpoint with its signing secret, shown this once. */
export const webhookWithSecretSchema = webhookViewSchema.extend({
  secret: z
    .string()
    .regex(/^whsec_/)
    .describe('`whsec_` and base64: the Standard Webhooks signing secret. Shown only now: keep it.'),
});

export const webhookListSchema = z.strictObject({ items: z.array(webhookViewSchema) });

/** The 202 of `POST …/test`: the `ping` event on its way. */
export const webhookTestAcceptedSchema = z.strictObject({
  eventId: z.string(),
  deliveryId: z.string(),
  status: z.literal('pending'),
  links: z.strictObject({ deliveries: z.string() }),
});

/** A delivery of an event to an endpoint, with every attempt kept. */
export const webhookDeliverySchema = z.strictObject({
  deliveryId: z.string().describe('`dlv_` and a ULID.'),
  webhookId: z.string(),
  eventId: z.string(),
  eventType: z.enum([...webhookEventTypes, 'ping']),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attemptCount: z.number().int().nonnegative(),
  nextAttemptAt: timestamp.optional().describe('While pending.'),
  failureReason: z.string().optional().describe('`retries_exhausted`, `endpoint_disabled`, `endpoint_deleted`, …'),
  attempts: z.array(
    z.strictObject({
      at: timestamp,
      statusCode: z.number().int().optional(),
      latencyMs: z.number().nonnegative(),
      ok: z.boolean(),
      error: z.string().optional().describe('`timeout`, `http_status`, `blocked_address`, `redirect_not_followed`, …'),
      message: z.string().optional(),
      responseExcerpt: z.string().max(500).optional().describe('The first characters of the response body.'),
    }),
  ),
  event: webhookEventSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
  finishedAt: timestamp.optional(),
});

/** `GET …/deliveries`: a page, newest first. */
export const webhookDeliveryListSchema = z.strictObject({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.string().optional().describe('Absent on the last page.'),
  links: z.strictObject({ next: z.string().optional() }),
});
