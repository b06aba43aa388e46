import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';

/** The per-item cancellation codes of a cancelled transaction; undefined for any other error. */
export function cancellationCodes(error: unknown): string[] | undefined {
  const { name, CancellationReasons } = (error ?? {}) as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  if (name !== 'TransactionCanceledException') return undefined;
  return (CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/** One write of a transaction. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const MAX_CONFLICT_RETRIES = 8;

/**
 * TransactWriteItems that tries again, with jittered backoff, while it is cancelled only because
 * another transaction was writing the same items (`TransactionConflict`): actions of one job end
 * concurrently and all update the job's counters. Any other cancellation (a failed condition) or
 * error is thrown to the caller.
 */
export async function transactWrite(db: Db, items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db.client.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      const conflictOnly = codes?.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!conflictOnly || attempt >= MAX_CONFLICT_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt * Math.random()));
    }
  }
}
