import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { moveLastSlot, reserveSlot } from '../../../lib/store/send-schedule';
import { testDb } from '../../helpers/factories';

/**
 * An account's send schedule in DynamoDB Local: slots handed out atomically, each a gap after the
 * last. The client waits as long as DynamoDB Local takes on a loaded machine: with the deployed 2 s
 * timeout, an increment applied but answered late is sent again by the SDK and a slot is skipped
 * (never doubled), which the exact sequence asserted below would take for a bug.
 */
const db = {
  ...testDb(),
  client: DynamoDBDocumentClient.from(new DynamoDBClient({ maxAttempts: 1, requestHandler: { requestTimeout: 60_000 } })),
};
const owner = () => ({ workspaceId: `t-${randomBytes(5).toString('hex')}`, accountId: 'acc_1' });
const at = (iso: string) => new Date(iso);

describe('send schedule', () => {
  it('hands out the earliest time when free, then each slot a gap after the last', async () => {
    const account = owner();

    const first = await reserveSlot(db, account, at('2026-01-05T10:00:00Z'), 30_000);
    const second = await reserveSlot(db, account, at('2026-01-05T10:00:05Z'), 30_000);
    const third = await reserveSlot(db, account, at('2026-01-05T10:00:05Z'), 90_000);
    const afterAPause = await reserveSlot(db, account, at('2026-01-05T11:00:00Z'), 30_000);

    expect([first, second, third, afterAPause]).toEqual([
      at('2026-01-05T10:00:00Z'),
      at('2026-01-05T10:00:30Z'),
      at('2026-01-05T10:02:00Z'),
      at('2026-01-05T11:00:00Z'),
    ]);
  });

  it('never hands out one slot twice, however many ask at once', async () => {
    const account = owner();
    const now = at('2026-01-05T10:00:00Z');

    const slots = await Promise.all(Array.from({ length: 25 }, () => reserveSlot(db, account, now, 10_000)));

    const times = slots.map((slot) => slot.getTime()).sort((a, b) => a - b);
    expect(times).toEqual(Array.from({ length: 25 }, (_, i) => now.getTime() + i * 10_000));
  });

  it('moves the last slot to when its holder really ran, only while it is the last', async () => {
    const account = owner();
    const first = await reserveSlot(db, account, at('2026-01-05T10:00:00Z'), 10_000);

    const moved = await moveLastSlot(db, account, first, at('2026-01-05T10:00:45Z'));
    const next = await reserveSlot(db, account, at('2026-01-05T10:00:45Z'), 10_000);
    const notLast = await moveLastSlot(db, account, first, at('2026-01-05T10:01:00Z'));

    expect(moved).toBe(true);
    expect(next).toEqual(at('2026-01-05T10:00:55Z'));
    expect(notLast).toBe(false);
  });
});
