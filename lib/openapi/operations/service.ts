import { healthSchema, openApiDocumentSchema, unipileWebhookAckSchema } from '../../schemas/responses/service';
import { routeTable } from '../../http/routes';
import { unipileWebhookSchema } from '../../schemas/unipile-webhook';
import type { OperationSpec } from './operation';
import { jsonBodyOfAnyType } from './operation';

export const serviceOperations: OperationSpec[] = [
  {
    ...routeTable.receiveUnipileWebhook,
    tag: 'Provider',
    summary: "The network provider's webhook (Unipile): accepted invitations and replies",
    description:
      'For Unipile, not for API callers: register it for the sources `users` (`new_relation`), `messaging` (`message_received`) and `account_status` (a login disconnected or working again: its accounts are marked so), with the header `x-webhook-secret`. 200 for every authentic call, handled or not, so the provider does not retry what was handled.',
    body: jsonBodyOfAnyType(unipileWebhookSchema),
    responses: {
      200: { description: 'Received.', json: unipileWebhookAckSchema },
      401: {
        description: 'No `x-webhook-secret` header equal to the configured secret (or none is configured).',
        problems: ['unauthorized'],
      },
    },
  },
  {
    ...routeTable.health,
    tag: 'Service',
    summary: 'Liveness',
    description: 'For uptime checks: no key, no dependency, nothing read.',
    responses: { 200: { description: 'Up.', json: healthSchema } },
  },
  {
    ...routeTable.openApiDocument,
    tag: 'Service',
    summary: 'This document (OpenAPI 3.1)',
    description:
      'Generated from the schemas that validate the requests. Public and cacheable; `If-None-Match` with its `ETag` answers 304.',
    responses: {
      200: { description: 'The OpenAPI document.', json: openApiDocumentSchema, headers: ['ETag', 'Cache-Control'] },
      304: { description: 'Not modified (`If-None-Match` matched the `ETag`).', headers: ['ETag', 'Cache-Control'] },
    },
  },
  {
    ...routeTable.docsPage,
    tag: 'Service',
    summary: 'This reference, as a page for a browser',
    description:
      'Every operation with its parameters, body and responses, and every schema. Self-contained: no script, nothing loaded from elsewhere.',
    page: true,
    responses: {
      200: { description: 'The reference.', html: true, headers: ['ETag', 'Cache-Control', 'Content-Security-Policy'] },
      304: { description: 'Not modified (`If-None-Match` matched the `ETag`).', headers: ['ETag', 'Cache-Control'] },
    },
  },
];
