/**
 * Why a connect link connects nothing: the answers the API, the provider's report and the sandbox's
 * page all give (the page renders them for a person, by slug).
 */
import { ConflictError, HttpError, NotFoundError } from '../errors';

export const LINK_EXPIRED = 'connect-link-expired';
export const LINK_USED = 'connect-link-used';

/** Not a link of ours (malformed, forged, altered), or one of another provider: one answer for all, revealing nothing. */
export function linkNotValid(): NotFoundError {
  return new NotFoundError('This connect link is not valid.');
}

export function linkExpired(expiresAt: Date): HttpError {
  return new HttpError(410, LINK_EXPIRED, 'Gone', `This connect link expired at ${expiresAt.toISOString()}; ask for a new one.`);
}

export function linkUsed(): ConflictError {
  return new ConflictError(LINK_USED, 'This connect link was already used; ask for a new one if you need to connect again.');
}

/** CONNECT_LINK_SECRET (and, for Unipile, the public address its report is sent to) is not configured. */
export function linksNotConfigured(what: string): HttpError {
  return new HttpError(
    501,
    'connect-links-not-configured',
    'Not implemented',
    `Connect links are not enabled on this deployment: ${what}.`,
  );
}
