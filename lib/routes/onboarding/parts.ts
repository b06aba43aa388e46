/** What the onboarding routes' definitions share: their words on a parameter or an answer. */
import type { ResponseSpec } from '../../http/route';

export const state = {
  state: {
    description:
      'The link’s state: signed (HMAC-SHA256), naming the workspace and the expiry, single use. A secret, as the link is: it is never logged.',
    example: 'v1.eyJ3IjoiZGVtbyIsImUiOjE3OTk5OTk5OTksIm4iOiJxM1p0MGE5TG1QMnZCN2NENGVGNmcifQ.hq0i3nm1xH0c4ihx2n8X9tJqS7wHjvG1a0sZb6mLQ2c',
  },
};
export const pageNotValid = {
  description: 'The link is not valid (malformed, forged or altered state, or a link of another provider): a page that reveals nothing.',
  html: true,
} satisfies ResponseSpec;
export const pageExpired = { description: 'The link has expired: a page saying so.', html: true } satisfies ResponseSpec;
export const pageUsed = { description: 'The link was already used: a page saying so.', html: true } satisfies ResponseSpec;
export const tag = 'Connect page';
