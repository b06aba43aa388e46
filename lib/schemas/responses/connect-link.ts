import * as z from 'zod';

/** `POST /api/v1/accounts/connect-link`: the link a person opens to connect a network account. */
export const connectLinkSchema = z.strictObject({
  url: z
    .string()
    .describe(
      "The link, single use, to give the account's owner: this service's connect page, which opens Unipile's hosted page (made afresh each time it is opened) or shows the sandbox's form. A secret: anyone holding it can connect an account to the workspace until it expires.",
    ),
  expiresAt: z.iso.datetime().describe('After it, the link connects nothing.'),
});

/** `POST /connect/{state}/notify`: the answer to the provider's report of a hosted connection. */
export const connectNotifyAckSchema = z.strictObject({
  received: z.literal(true),
  handled: z.boolean().describe('False for a status this service does not act on (the link stays usable).'),
  accountId: z.string().optional().describe('The account connected, or reconnected.'),
});
