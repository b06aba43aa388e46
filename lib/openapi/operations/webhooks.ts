import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookTestAcceptedSchema,
  webhookViewSchema,
  webhookWithSecretSchema,
} from '../../schemas/responses/webhook';
import { routeTable } from '../../http/routes';
import { deliveryListQuerySchema } from '../../schemas/delivery-list-query';
import { createWebhookSchema, updateWebhookSchema } from '../../schemas/webhook';
import type { OperationSpec, ResponseSpec } from './operation';
import { jsonBody } from './operation';

const webhookId = { webhookId: { description: 'The endpoint (`wh_` and a ULID).', example: 'wh_01KA7W9Q3T5W0R6Y5XG8N2M4C1' } };
const notFound: ResponseSpec = {
  description: "No such webhook in this workspace (another workspace's is a 404 too).",
  problems: ['not-found'],
};
const disabled: ResponseSpec = {
  description: 'The webhook is disabled: enable it first (`PATCH` with `"enabled": true`).',
  problems: ['webhook-disabled'],
};
const tag = 'Webhooks';

export const webhookOperations: OperationSpec[] = [
  {
    ...routeTable.createWebhook,
    tag,
    summary: 'Register an endpoint to receive signed events',
    description:
      'The URL must be https with a host that resolves only to public addresses. The answer holds the signing `secret` (Standard Webhooks), shown this once. At most 20 endpoints a workspace.',
    body: jsonBody(createWebhookSchema),
    responses: {
      201: { description: 'Created: the endpoint and its secret.', json: webhookWithSecretSchema, headers: ['Location'] },
      400: {
        description: 'The URL is not https, holds credentials, or resolves to a private or reserved address (`errors[].path` = `url`).',
        problems: ['validation-failed'],
      },
      409: { description: 'The workspace has 20 webhooks already.', problems: ['webhook-limit-reached'] },
    },
  },
  {
    ...routeTable.listWebhooks,
    tag,
    summary: "The workspace's endpoints (never their secrets)",
    description: 'Oldest first.',
    responses: { 200: { description: 'The endpoints.', json: webhookListSchema } },
  },
  {
    ...routeTable.getWebhook,
    tag,
    summary: 'An endpoint',
    description: 'Its status, and why and since when it is disabled or failing.',
    pathParameters: webhookId,
    responses: { 200: { description: 'The endpoint.', json: webhookViewSchema }, 404: notFound },
  },
  {
    ...routeTable.updateWebhook,
    tag,
    summary: "Change an endpoint's URL, events or description; enable or disable it",
    description: '`enabled: true` re-enables a disabled endpoint and forgets its failures.',
    pathParameters: webhookId,
    body: jsonBody(updateWebhookSchema),
    responses: {
      200: { description: 'The endpoint as it now is.', json: webhookViewSchema },
      400: { description: 'A new URL is refused like at creation.', problems: ['validation-failed'] },
      404: notFound,
    },
  },
  {
    ...routeTable.deleteWebhook,
    tag,
    summary: 'Delete an endpoint',
    description: 'Its pending deliveries end `failed` (`endpoint_deleted`) when their turn comes.',
    pathParameters: webhookId,
    responses: { 204: { description: 'Deleted.' }, 404: notFound },
  },
  {
    ...routeTable.rotateWebhookSecret,
    tag,
    summary: 'A new signing secret, shown once',
    description: 'The previous secret keeps signing for 24 hours beside the new one (two signatures), so receivers can switch.',
    pathParameters: webhookId,
    responses: {
      200: { description: 'The endpoint with its new secret.', json: webhookWithSecretSchema },
      404: notFound,
    },
  },
  {
    ...routeTable.testWebhook,
    tag,
    summary: 'Send a `ping` event to this endpoint',
    description: 'Delivered like any other event; see its deliveries.',
    pathParameters: webhookId,
    responses: {
      202: {
        description: 'The ping is on its way; its delivery is listed at `Location`.',
        json: webhookTestAcceptedSchema,
        headers: ['Location'],
      },
      404: notFound,
      409: disabled,
    },
  },
  {
    ...routeTable.listWebhookDeliveries,
    tag,
    summary: 'Recent deliveries to an endpoint, newest first',
    description: 'Kept 30 days: the event, its status, and each attempt (status code, latency, error, the start of the response).',
    pathParameters: webhookId,
    query: deliveryListQuerySchema,
    responses: { 200: { description: 'A page of deliveries.', json: webhookDeliveryListSchema }, 404: notFound },
  },
  {
    ...routeTable.resendWebhookDelivery,
    tag,
    summary: 'Send a failed delivery again',
    description: 'Same event, same `webhook-id`, a new round of retries.',
    pathParameters: {
      ...webhookId,
      deliveryId: { description: 'The delivery (`dlv_` and a ULID).', example: 'dlv_01KA7W9Q3T5W0R6Y5XG8N2M4C1' },
    },
    responses: {
      202: { description: 'Sending again: the delivery.', json: webhookDeliverySchema },
      404: { description: 'No such webhook or delivery in this workspace.', problems: ['not-found'] },
      409: {
        description: 'The delivery has not failed (only a failed one can be re-sent), or the webhook is disabled.',
        problems: ['delivery-not-failed', 'webhook-disabled'],
      },
    },
  },
];
