import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../lib/store/keys';
import { release, tryConsume } from '../../../lib/store/quota-counters';
import { createTestWorkspace, testDb } from '../../helpers/factories';

const db = testDb();
const now = new Date('2025-01-15T10:00:00Z');

async function counter(workspaceId: string, accountId: string, kind: 'reaction' | 'invitation', period: string) {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: keys.quota(workspaceId, accountId, kind, period) }));
  return Item;
}

describe('quota counters', () => {
  it('concurrent calls never take more than the daily limit', async () => {
    const { workspaceId, accounts } = await createTestWorkspace(db, { accounts: 1, groups: {} });
    const accountId = accounts[0]!.accountId;
    const request = { workspaceId, accountId, kind: 'reaction' as const, day: '2025-01-15', dailyLimit: 5 };

    const results = await Promise.all(Array.from({ length: 20 }, () => tryConsume(db, request, now)));

    expect(results.filter((result) => result.ok)).toHaveLength(5);
    expect(results.filter((result) => !result.ok)).toEqual(Array.from({ length: 15 }, () => ({ ok: false, limit: 'daily' })));
    const item = await counter(workspaceId, accountId, 'reaction', '2025-01-15');
    expect(item).toMatchObject({ pk: `WS#${workspaceId}`, sk: `QUOTA#${accountId}#reaction#2025-01-15`, count: 5 });
    // TTL days after the period: more than the seven days the rolling invitation check reads.
    expect(item!.expiresAt).toBe(Math.floor(now.getTime() / 1000) + 9 * 86_400);
    // Another day, another account: counted apart.
    expect(await tryConsume(db, { ...request, day: '2025-01-16' }, now)).toEqual({ ok: true });
    expect(await tryConsume(db, { ...request, accountId: 'acc_other' }, now)).toEqual({ ok: true });
  });

  it('invitations take a daily and a weekly unit together, or neither', async () => {
    const { workspaceId, accounts } = await createTestWorkspace(db, { accounts: 1, groups: {} });
    const accountId = accounts[0]!.accountId;
    const base = { workspaceId, accountId, kind: 'invitation' as const, week: '2025-W03', dailyLimit: 3, weeklyLimit: 5 };

    for (let i = 0; i < 3; i += 1) expect(await tryConsume(db, { ...base, day: '2025-01-13' }, now)).toEqual({ ok: true });
    expect(await tryConsume(db, { ...base, day: '2025-01-13' }, now)).toEqual({ ok: false, limit: 'daily' });
    // The refused call took no weekly unit either.
    expect((await counter(workspaceId, accountId, 'invitation', '2025-W03'))!.count).toBe(3);

    for (let i = 0; i < 2; i += 1) expect(await tryConsume(db, { ...base, day: '2025-01-14' }, now)).toEqual({ ok: true });
    expect(await tryConsume(db, { ...base, day: '2025-01-14' }, now)).toEqual({ ok: false, limit: 'weekly' });
    // The weekly refusal left the day's counter where it was.
    expect((await counter(workspaceId, accountId, 'invitation', '2025-01-14'))!.count).toBe(2);
    const weekly = await counter(workspaceId, accountId, 'invitation', '2025-W03');
    expect(weekly).toMatchObject({ count: 5, expiresAt: Math.floor(now.getTime() / 1000) + 21 * 86_400 });
    // Both reached: the weekly one is reported (it resets later).
    expect(await tryConsume(db, { ...base, day: '2025-01-13' }, now)).toEqual({ ok: false, limit: 'weekly' });
  });

  it('concurrent invitations never exceed the weekly limit', async () => {
    const { workspaceId, accounts } = await createTestWorkspace(db, { accounts: 1, groups: {} });
    const accountId = accounts[0]!.accountId;
    const request = {
      workspaceId,
      accountId,
      kind: 'invitation' as const,
      day: '2025-01-15',
      week: '2025-W03',
      dailyLimit: 10,
      weeklyLimit: 4,
    };

    const results = await Promise.all(Array.from({ length: 12 }, () => tryConsume(db, request, now)));

    expect(results.filter((result) => result.ok)).toHaveLength(4);
    expect((await counter(workspaceId, accountId, 'invitation', '2025-W03'))!.count).toBe(4);
    expect((await counter(workspaceId, accountId, 'invitation', '2025-01-15'))!.count).toBe(4);
  });

  it('release gives a unit back, never below zero, and ignores a missing counter', async () => {
    const { workspaceId, accounts } = await createTestWorkspace(db, { accounts: 1, groups: {} });
    const accountId = accounts[0]!.accountId;
    const request = {
      workspaceId,
      accountId,
      kind: 'invitation' as const,
      day: '2025-01-15',
      week: '2025-W03',
      dailyLimit: 1,
      weeklyLimit: 1,
    };

    expect(await tryConsume(db, request, now)).toEqual({ ok: true });
    expect(await tryConsume(db, request, now)).toEqual({ ok: false, limit: 'weekly' });
    await release(db, request);
    expect((await counter(workspaceId, accountId, 'invitation', '2025-01-15'))!.count).toBe(0);
    expect((await counter(workspaceId, accountId, 'invitation', '2025-W03'))!.count).toBe(0);
    expect(await tryConsume(db, request, now)).toEqual({ ok: true });

    await release(db, request);
    await release(db, request);
    expect((await counter(workspaceId, accountId, 'invitation', '2025-01-15'))!.count).toBe(0);
    await expect(release(db, { ...request, day: '2030-01-01', week: '2030-W01' })).resolves.toBeUndefined();
    expect(await counter(workspaceId, accountId, 'invitation', '2030-01-01')).toBeUndefined();
  });
});
