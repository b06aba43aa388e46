import * as z from '../zod';
import { accountIdSchema } from './account-id';
import { typeError } from './type-error';

/**
 * The most accounts a group may hold: a like from it is one action per account. The group is one
 * item, and 10,000 of this service's account ids (`acc_` and a ULID, 30 characters) take about
 * 310 KB of DynamoDB's 400 KB.
 */
export const MAX_GROUP_ACCOUNTS = 10_000;

/** The most accounts one request may name (its body stays small); a bigger group is built over several. */
export const MAX_ACCOUNTS_PER_REQUEST = 1000;

const accountIds = (least: number) =>
  z
    .array(accountIdSchema, typeError('must be an array of account ids'))
    .check(
      z.minLength(least, 'must name at least one account'),
      z.maxLength(MAX_ACCOUNTS_PER_REQUEST, `must name at most ${MAX_ACCOUNTS_PER_REQUEST} accounts`),
    );

/** PUT /api/v1/groups/{name}: the group's accounts, all of them (an empty list empties it); an id named twice counts once. */
export const groupPutSchema = z.strictObject({ accounts: accountIds(0) });
export type GroupPut = z.output<typeof groupPutSchema>;

/** POST /api/v1/groups/{name}/accounts: accounts to add (those already in it stay, once). */
export const groupAccountsAddSchema = z.strictObject({ accounts: accountIds(1) });
export type GroupAccountsAdd = z.output<typeof groupAccountsAddSchema>;
