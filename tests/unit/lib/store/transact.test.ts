import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed } from '../../../../lib/store/condition-failed';
import type { Db } from '../../../../lib/store/client';
import { cancellationCodes, transactWrite } from '../../../../lib/store/transact';

const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** A client that fails with the given errors, in order, then succeeds: faults injected, nothing else faked. */
function flakyDb(...failures: Error[]): Db & { calls: number } {
  const db = {
    calls: 0,
    table: 't',
    client: {
      send: async () => {
        db.calls += 1;
        const failure = failures.shift();
        if (failure) throw failure;
        return {};
      },
    } as unknown as DynamoDBDocumentClient,
  };
  return db;
}

describe('transactions', () => {
  it('tells a failed condition from a conflict with another transaction', () => {
    expect(isConditionFailed(cancelled('ConditionalCheckFailed', 'None'))).toBe(true);
    expect(isConditionFailed(cancelled('None', 'TransactionConflict'))).toBe(false);
    expect(isConditionFailed(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' }))).toBe(true);
    expect(isConditionFailed(new Error('other'))).toBe(false);
    expect(cancellationCodes(cancelled('None', 'ConditionalCheckFailed'))).toEqual(['None', 'ConditionalCheckFailed']);
    expect(cancellationCodes(new Error('other'))).toBeUndefined();
  });

  it('tries again while cancelled only by conflicts, then succeeds', async () => {
    const db = flakyDb(cancelled('TransactionConflict', 'None'), cancelled('None', 'TransactionConflict'));

    await transactWrite(db, []);

    expect(db.calls).toBe(3);
  });

  it('throws a failed condition at once', async () => {
    const db = flakyDb(cancelled('ConditionalCheckFailed', 'TransactionConflict'));

    await expect(transactWrite(db, [])).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(db.calls).toBe(1);
  });

  it('gives up after repeated conflicts, so the caller retries the whole record', async () => {
    const db = flakyDb(...Array.from({ length: 20 }, () => cancelled('TransactionConflict')));

    await expect(transactWrite(db, [])).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(db.calls).toBe(9);
  }, 15_000);
});
