import { defineRoute } from '../../http/route';
import { DEFAULT_MAX_BODY_BYTES } from '../../http/read-body';
import { connectFormSchema, connectPageFormSchema } from '../../schemas/connect-link';
import { pageExpired, pageNotValid, state, tag } from './parts';

export const connectOnPage = defineRoute({
  name: 'connectOnPage',
  method: 'POST',
  path: '/connect/{state}',
  auth: 'none',
  secretPath: true,
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
  deployment: {
    permissions: {
      table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'ConditionCheckItem'],
      queries: ['gsi1', 'gsi2'],
      sendsTo: ['webhooks'],
      secrets: ['connectLinkSecret'],
    },
    bundle: { bytes: 1136640, zipBytes: 321536 },
  },
});
