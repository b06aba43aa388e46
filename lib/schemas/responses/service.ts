import * as z from 'zod';

/** `GET /health`. */
export const healthSchema = z.strictObject({ status: z.literal('ok') });

/** The answer to the provider's webhook calls: 200 for every authentic call, so it does not retry what was handled. */
export const unipileWebhookAckSchema = z.strictObject({
  received: z.literal(true),
  handled: z.boolean().describe('False for events and calls this service does not act on.'),
  resumed: z.number().int().nonnegative().optional().describe('`new_relation`: DMs that were waiting for this acceptance.'),
  leads: z.number().int().nonnegative().optional().describe('Leads reported (`lead.connected`, `lead.replied`).'),
  accounts: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('An account status: accounts marked disconnected or connected again (`account.disconnected`, `account.reconnected`).'),
});

/** `GET /api/v1/openapi.json`: an OpenAPI 3.1 document (its own schema is the OpenAPI specification's). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
});
