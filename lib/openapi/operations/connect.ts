import { DEFAULT_MAX_BODY_BYTES } from '../../http/read-body';
import { routeTable } from '../../http/routes';
import { connectFormSchema, connectLinkRequestSchema, connectPageFormSchema } from '../../schemas/connect-link';
import { connectLinkSchema, connectNotifyAckSchema } from '../../schemas/responses/connect-link';
import { unipileConnectNotificationSchema } from '../../schemas/unipile-webhook';
import type { OperationSpec, ResponseSpec } from './operation';
import { jsonBody, jsonBodyOfAnyType } from './operation';

const state = {
  state: {
    description:
      'The link’s state: signed (HMAC-SHA256), naming the workspace and the expiry, single use. A secret, as the link is: it is never logged.',
    example: 'v1.eyJ3IjoiZGVtbyIsImUiOjE3OTk5OTk5OTksIm4iOiJxM1p0MGE5TG1QMnZCN2NENGVGNmcifQ.hq0i3nm1xH0c4ihx2n8X9tJqS7wHjvG1a0sZb6mLQ2c',
  },
};
const pageNotValid: ResponseSpec = {
  description: 'The link is not valid (malformed, forged or altered state, or a link of another provider): a page that reveals nothing.',
  html: true,
};
const pageExpired: ResponseSpec = { description: 'The link has expired: a page saying so.', html: true };
const pageUsed: ResponseSpec = { description: 'The link was already used: a page saying so.', html: true };
const tag = 'Connect page';

export const connectOperations: OperationSpec[] = [
  {
    ...routeTable.createConnectLink,
    tag: 'Accounts',
    summary: 'A link that connects a network account to the workspace',
    description:
      "Give the link to the account's owner, who opens it and connects their login: the link is this service's connect page (`/connect/{state}`), which sends them on to Unipile's hosted page, asked for at that moment, or shows the sandbox's form. Once connected, the account exists (named after the profile, or `name`) and `account.connected` is sent. With `reconnectAccountId`, the link connects that account's own login again instead (`account.reconnected` if it was disconnected). Single use; valid `CONNECT_LINK_EXPIRY_SECONDS` (an hour by default).",
    body: jsonBody(connectLinkRequestSchema),
    responses: {
      201: { description: 'The link (also in `Location`).', json: connectLinkSchema, headers: ['Location'] },
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
  },
  {
    ...routeTable.showConnectPage,
    tag,
    summary: "The connect link, for a person: on to Unipile, or the sandbox's form",
    description:
      "The link a workspace gives out. With Unipile: asks Unipile for its hosted auth page now and sends the browser there (`303`); Unipile's hosted links expire at its daily restart whatever their expiry, so each opening makes a fresh one, and opening the link again is always the way to a working page. With the sandbox: server-rendered HTML that works without JavaScript, a form asking the profile URL and name of the login to connect (prefilled with the link’s `name`), or, for a reconnect, the account and a button. Strict Content-Security-Policy, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`. No api key: the link is the secret.",
    page: true,
    pathParameters: state,
    responses: {
      200: { description: "The sandbox's form.", html: true, headers: ['Content-Security-Policy'] },
      303: { description: 'With Unipile: on to its hosted auth page, made now (`Location`).', headers: ['Location'] },
      404: pageNotValid,
      409: pageUsed,
      410: pageExpired,
      502: { description: 'Unipile would not make its page (the reason is said): a page saying to ask for a new link.', html: true },
      503: {
        description: 'Unipile is unavailable: a page saying to try again in a moment (`Retry-After`).',
        html: true,
        headers: ['Retry-After'],
      },
    },
  },
  {
    ...routeTable.connectOnPage,
    tag,
    summary: "The sandbox connect page's form: connect",
    description:
      'Fields `profileUrl` and `name` (none for a reconnect). Registers the login on the simulated network and connects it, as Unipile’s report would: the account is created (or reconnected) with its event. Answers with a page saying so, or `303` to the link’s `successRedirectUrl`.',
    page: true,
    pathParameters: state,
    body: {
      schema: connectFormSchema,
      readAs: connectPageFormSchema,
      mediaType: 'application/x-www-form-urlencoded',
      maxBytes: DEFAULT_MAX_BODY_BYTES,
    },
    responses: {
      200: { description: 'Connected: the page says which account.', html: true, headers: ['Content-Security-Policy'] },
      303: { description: 'Connected: on to the link’s `successRedirectUrl` (`Location`).', headers: ['Location'] },
      400: { description: 'A refused field: the form again, with the error by its field and what was typed.', html: true },
      404: { description: `${pageNotValid.description} Or the account a reconnect link names no longer exists.`, html: true },
      409: {
        description:
          'The profile (or login) is already an account of the workspace: the form again, saying so. Or the link was already used.',
        html: true,
      },
      410: pageExpired,
    },
  },
  {
    ...routeTable.receiveConnectNotification,
    tag,
    summary: "The provider's report of a connected login (Unipile's `notify_url`)",
    description:
      'For Unipile, not for API callers: the `notify_url` of the hosted link, posted `{status, account_id, name}` once its wizard connected a login. `CREATION_SUCCESS` and `RECONNECTED` complete the connection (the login’s profile is read from Unipile, `GET /users/me`); another status is acknowledged and changes nothing. The signed, single-use state in the path is the credential: a forged, expired or used one is refused and creates nothing.',
    pathParameters: state,
    body: jsonBodyOfAnyType(unipileConnectNotificationSchema),
    responses: {
      200: { description: 'Received: `handled` says whether it connected an account.', json: connectNotifyAckSchema },
      400: { description: '`name` is not the reference the link was created with.', problems: ['validation-failed'] },
      404: {
        description: 'The state is not valid (not ours, or not a Unipile link), or the account a reconnect link names no longer exists.',
        problems: ['not-found'],
      },
      409: {
        description:
          'The link was already used; the login (or its profile) is already an account of the workspace; or a reconnect link got another login than its account’s.',
        problems: ['connect-link-used', 'account-exists', 'connect-login-mismatch'],
      },
      410: { description: 'The link has expired.', problems: ['connect-link-expired'] },
      422: {
        description: 'The provider knows no connected login of that `account_id` (`errors` names it); nothing was connected.',
        problems: ['unknown-login'],
      },
      502: { description: "The provider refused to give the login's profile.", problems: ['provider-refused'] },
    },
  },
];
