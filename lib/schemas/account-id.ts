import * as z from '../zod';
import { typeError } from './type-error';

/**
 * What an account id may look like (`acc_` and a ULID for the accounts this service makes): an id of
 * another shape names no account, and is answered as unknown without a read.
 */
const ACCOUNT_ID_SHAPE = /^[A-Za-z0-9_-]{1,100}$/;

export function isAccountIdShape(accountId: string): boolean {
  return ACCOUNT_ID_SHAPE.test(accountId);
}

/** An account id in a body: any non-empty text of at most 100 characters; one the workspace has no account of is a 422. */
export const accountIdSchema = z
  .string(typeError('must be a string: an account id (acc_…)'))
  .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(100, 'must be at most 100 characters'));
