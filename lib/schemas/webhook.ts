import * as z from '../zod';
import { webhookEventTypes, type SubscribableEventType } from '../webhooks/model/event-types';
import { typeError } from './type-error';
import { MAX_WEBHOOK_URL_LENGTH } from './webhook-limits';

export const MAX_DESCRIPTION_LENGTH = 500;

const urlField = z
  .string(typeError('must be a string: the https URL to deliver to'))
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`),
  );

/** The events to subscribe to: known types, at least one; a type named twice counts once. */
const eventsField = z.pipe(
  z
    .array(
      z.enum(webhookEventTypes, { error: `must be one of ${webhookEventTypes.join(', ')}` }),
      typeError('must be an array of event types'),
    )
    .check(z.minLength(1, 'must name at least one event type'), z.maxLength(webhookEventTypes.length * 2, 'has too many entries')),
  z.transform((events: SubscribableEventType[]) => [...new Set(events)]),
);

const descriptionField = z
  .string(typeError('must be a string'))
  .check(z.trim(), z.maxLength(MAX_DESCRIPTION_LENGTH, `must be at most ${MAX_DESCRIPTION_LENGTH} characters`));

/** POST /api/v1/webhooks. The URL is checked further (https, where it resolves) by `createEndpoint`. */
export const createWebhookSchema = z.strictObject({
  url: urlField,
  events: eventsField,
  description: z.optional(descriptionField),
});
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;

/** PATCH /api/v1/webhooks/{id}: any of the fields; `enabled: true` re-enables a disabled endpoint. */
export const updateWebhookSchema = z
  .strictObject({
    url: z.optional(urlField),
    events: z.optional(eventsField),
    /** `""` or null removes it. */
    description: z.optional(z.nullable(descriptionField)),
    enabled: z.optional(z.boolean(typeError('must be true or false'))),
  })
  .check(
    z.refine((body) => Object.values(body).some((value) => value !== undefined), {
      message: 'must change at least one of url, events, description, enabled',
    }),
  );
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;
