import { ValidationError } from '../../../../lib/errors';
import { accountListQuerySchema, encodeAccountCursor } from '../../../../lib/schemas/account-list-query';
import { validateQuery } from '../../../../lib/schemas/validate';

const parse = (query: Record<string, string | undefined>) => validateQuery(accountListQuerySchema, query);

function errorsOf(query: Record<string, string | undefined>) {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error(`expected a validation error for ${JSON.stringify(query)}`);
}

describe('GET /api/v1/accounts query', () => {
  it('reads filters, a page size and the cursor it gave; ignores other parameters', () => {
    const cursor = encodeAccountCursor('acc_01KA7W9Q3T5W0R6Y5XG8N2M4C1');

    expect(parse({ group: ' Sales ', status: 'paused', limit: '5', cursor, utm_source: 'x' })).toEqual({
      group: 'Sales',
      status: 'paused',
      limit: 5,
      cursor: 'acc_01KA7W9Q3T5W0R6Y5XG8N2M4C1',
    });
    expect(parse({})).toEqual({});
  });

  it('names each bad parameter', () => {
    expect(errorsOf({ status: 'deleted', group: '   ', limit: '0', cursor: 'nope' })).toEqual([
      { path: 'query.group', message: 'must not be empty' },
      { path: 'query.status', message: 'must be one of active, paused, disconnected' },
      { path: 'query.limit', message: 'must be a whole number from 1 to 100' },
      { path: 'query.cursor', message: 'is not a cursor this API gave (use links.next of the previous page)' },
    ]);
    expect(errorsOf({ cursor: encodeAccountCursor('acc/../x') })).toEqual([
      { path: 'query.cursor', message: 'is not a cursor this API gave (use links.next of the previous page)' },
    ]);
    expect(errorsOf({ group: 'g'.repeat(101) })).toEqual([{ path: 'query.group', message: 'must be at most 100 characters' }]);
  });
});
