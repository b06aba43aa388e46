import { groupAccountsAddSchema, groupPutSchema, MAX_ACCOUNTS_PER_REQUEST } from '../../../../lib/schemas/group';
import { validate } from '../../../../lib/schemas/validate';
import { fieldErrorsOf } from './field-errors';

describe('group bodies', () => {
  it('PUT takes all the accounts, none to empty the group; POST at least one', () => {
    expect(validate(groupPutSchema, { accounts: [] })).toEqual({ accounts: [] });
    expect(validate(groupPutSchema, { accounts: [' acc_1 ', 'acc_1'] })).toEqual({ accounts: ['acc_1', 'acc_1'] });
    expect(fieldErrorsOf(groupAccountsAddSchema, { accounts: [] })).toEqual([
      { path: 'accounts', message: 'must name at least one account' },
    ]);
  });

  it(`names at most ${MAX_ACCOUNTS_PER_REQUEST} accounts`, () => {
    const ids = Array.from({ length: MAX_ACCOUNTS_PER_REQUEST + 1 }, (_, i) => `acc_${i}`);

    expect(validate(groupPutSchema, { accounts: ids.slice(1) }).accounts).toHaveLength(MAX_ACCOUNTS_PER_REQUEST);
    expect(fieldErrorsOf(groupPutSchema, { accounts: ids })).toEqual([
      { path: 'accounts', message: `must name at most ${MAX_ACCOUNTS_PER_REQUEST} accounts` },
    ]);
  });

  it('names each bad id and unknown field', () => {
    expect(fieldErrorsOf(groupPutSchema, { accounts: ['acc_1', '  ', 7, 'x'.repeat(101)], name: 'sales' })).toEqual([
      { path: 'accounts.1', message: 'must not be empty' },
      { path: 'accounts.2', message: 'must be a string: an account id (acc_…)' },
      { path: 'accounts.3', message: 'must be at most 100 characters' },
      { path: 'name', message: 'is not a known field' },
    ]);
    expect(fieldErrorsOf(groupAccountsAddSchema, { accounts: 'acc_1' })).toEqual([
      { path: 'accounts', message: 'must be an array of account ids' },
    ]);
    expect(fieldErrorsOf(groupAccountsAddSchema, {})).toEqual([{ path: 'accounts', message: 'is required' }]);
  });
});
