import { unipileConnectNotificationSchema } from '../../schemas/unipile-webhook';
import { defineRoute, jsonBodyOfAnyType } from '../../http/route';
import { state, tag } from './parts';

export const receiveConnectNotification = defineRoute({
  name: 'receiveConnectNotification',
  method: 'POST',
  path: '/connect/{state}/notify',
  auth: 'none',
  secretPath: true,
  tag,
  summary: "The provider's report of a connected login (Unipile's `notify_url`)",
  description:
    'For Unipile, not for API callers: the `notify_url` of the hosted link, posted `{status, account_id, name}` once its wizard connected a login. `CREATION_SUCCESS` and `RECONNECTED` complete the connection (the login’s profile is read from Unipile, `GET /users/me`); another status is acknowledged and changes nothing. The signed, single-use state in the path is the credential: a forged, expired or used one is refused and creates nothing.',
  pathParameters: state,
  body: jsonBodyOfAnyType(unipileConnectNotificationSchema),
  responses: {
    200: { description: 'Received: `handled` says whether it connected an account.', json: 'ConnectNotifyAck' },
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
  deployment: {
    permissions: {
      table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'ConditionCheckItem'],
      queries: ['gsi1', 'gsi2'],
      sendsTo: ['webhooks'],
      secrets: ['connectLinkSecret', 'unipileApiKey'],
    },
    timeout: 29,
    bundle: { bytes: 1126400, zipBytes: 317440 },
  },
});
