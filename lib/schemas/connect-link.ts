import * as z from '../zod';
import { shownNameChecks } from './display-name';
import { profileUrlSchema } from './profile-url';
import { typeError } from './type-error';

/** Most characters of a success redirect URL (a browser's practical limit for a link). */
export const MAX_REDIRECT_URL_LENGTH = 2048;

const ACCOUNT_ID = /^acc_[0-9A-HJKMNP-TV-Z]{26}$/;

/** An absolute http(s) URL without credentials; whether plain http is allowed is decided by the use case (local mode only). */
function isRedirectUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** POST /api/v1/accounts/connect-link. Every field optional: `{}` is a link for a new account. */
export const connectLinkRequestSchema = z.strictObject({
  /** The new account's name; the network profile's name when absent. */
  name: z.optional(
    z
      .string(typeError('must be a string'))
      .check(z.trim(), z.minLength(1, 'must not be blank'), z.maxLength(200, 'must be at most 200 characters'), ...shownNameChecks()),
  ),
  /** Reconnect this account of the workspace (its login), instead of connecting a new one. */
  reconnectAccountId: z.optional(
    z.string(typeError('must be a string')).check(z.regex(ACCOUNT_ID, 'must be an account id of the workspace (acc_ and 26 characters)')),
  ),
  /** Where the person's browser is sent once connected. */
  successRedirectUrl: z.optional(
    z
      .string(typeError('must be a string: an https URL'))
      .check(
        z.trim(),
        z.maxLength(MAX_REDIRECT_URL_LENGTH, `must be at most ${MAX_REDIRECT_URL_LENGTH} characters`),
        z.refine(isRedirectUrl, 'must be an absolute https URL without credentials'),
      ),
  ),
});
export type ConnectLinkRequest = z.output<typeof connectLinkRequestSchema>;

/**
 * The sandbox connect page's form as the pipeline reads it: any fields, checked by the use case
 * (`connectFormSchema`) so that a bad one shows the form again with the error instead of an error page.
 */
export const connectPageFormSchema = z.record(z.string(), z.string());

/** The sandbox connect page's fields, for a new account: the login's profile and the name of its owner. */
export const connectFormSchema = z.strictObject({
  profileUrl: profileUrlSchema,
  name: z
    .string(typeError('must be a string'))
    .check(z.trim(), z.minLength(1, 'must not be blank'), z.maxLength(200, 'must be at most 200 characters'), ...shownNameChecks()),
});
export type ConnectFormInput = z.output<typeof connectFormSchema>;

/** The sandbox connect page's fields for a reconnect: none (the login is the account's own). */
export const reconnectFormSchema = z.strictObject({});
