import { connectLinkRequestSchema } from '../../schemas/connect-link';
import { defineRoute, jsonBody } from '../../http/route';

export const createConnectLink = defineRoute({
  name: 'createConnectLink',
  method: 'POST',
  path: '/api/v1/accounts/connect-link',
  auth: 'api-key',
  tag: 'Accounts',
  summary: 'A link that connects a network account to the workspace',
  description:
    "Give the link to the account's owner, who opens it and connects their login: the link is this service's connect page (`/connect/{state}`), which sends them on to Unipile's hosted page, asked for at that moment, or shows the sandbox's form. Once connected, the account exists (named after the profile, or `name`) and `account.connected` is sent. With `reconnectAccountId`, the link connects that account's own login again instead (`account.reconnected` if it was disconnected). Single use; valid `CONNECT_LINK_EXPIRY_SECONDS` (an hour by default).",
  body: jsonBody(connectLinkRequestSchema),
  responses: {
    201: { description: 'The link (also in `Location`).', json: 'ConnectLink', headers: ['Location'] },
    400: {
      description: 'A field breaks its rule: `successRedirectUrl` not https (http to localhost in local mode only), a blank `name`, …',
      problems: ['validation-failed'],
    },
    404: {
      description: "`reconnectAccountId` is not an account of this workspace (another workspace's is a 404 too).",
      problems: ['not-found'],
    },
    501: {
      description:
        'Connect links are not enabled on this deployment: `CONNECT_LINK_SECRET` is not set (or, with Unipile, `PUBLIC_BASE_URL`).',
      problems: ['connect-links-not-configured'],
    },
  },
  deployment: {
    permissions: { secrets: ['connectLinkSecret', 'unipileApiKey'] },
    bundle: { bytes: 1124352, zipBytes: 316416 },
  },
});
