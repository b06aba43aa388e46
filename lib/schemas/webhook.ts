import * as z from 'zod';
import { MAX_WEBHOOK_URL_LENGTH } from '../webhooks/address-policy';
import { webhookEventTypes } from '../webhooks/event-types';
import { typeError } from './type-error';

export const MAX_DESCRIPTION_LENGTH = 500;

const urlField = z
  .string(typeError('must be a string: the https URL to deliver to'))
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);

/** The events to subscribe to: known types, at least one; a type named twice counts once. */
const eventsField = z
  .array(z.enum(webhookEventTypes, { error: `must be one of ${webhookEventTypes.join(', ')}` }), typeError('must be an array of event types'))
  .min(1, 'must name at least one event type')
  .max(webhookEventTypes.length * 2, 'has too many entries')
  .transform((events) => [...new Set(events)]);

const descriptionField = z
  .string(typeError('must be a string'))
  .trim()
  .max(MAX_DESCRIPTION_LENGTH, `must be at most ${MAX_DESCRIPTION_LENGTH} characters`);

/** POST /api/v1/webhooks. The URL is checked further (https, where it resolves) by `createEndpoint`. */
export const createWebhookSchema = z.strictObject({
  url: urlField,
  events: eventsField,
  description: descriptionField.optional(),
});
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;

/** PATCH /api/v1/webhooks/{id}: any of the fields; `enabled: true` re-enables a disabled endpoint. */
export const updateWebhookSchema = z
  .strictObject({
    url: urlField.optional(),
    events: eventsField.optional(),
    /** `""` or null removes it. */
    description: descriptionField.nullable().optional(),
    enabled: z.boolean(typeError('must be true or false')).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'must change at least one of url, events, description, enabled',
  });
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;
