import { defineRoute } from '../../http/route';
import { pageExpired, pageNotValid, pageUsed, state, tag } from './parts';

export const showConnectPage = defineRoute({
  name: 'showConnectPage',
  method: 'GET',
  path: '/connect/{state}',
  auth: 'none',
  secretPath: true,
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
  deployment: {
    permissions: { table: ['GetItem'], secrets: ['connectLinkSecret'] },
    bundle: { bytes: 1126400, zipBytes: 318464 },
  },
});
