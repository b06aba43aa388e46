import { checkGroupsToActFrom } from '../../../lib/groups/group-directory';
import { updateAccountSettings } from '../../../lib/store/accounts';
import type { Group } from '../../../lib/store/groups';
import { deleteGroup, putGroupMembers } from '../../../lib/store/groups';
import { TtlCache } from '../../../lib/ttl-cache';
import { createTestWorkspace, testDb } from '../../helpers/factories';

const db = testDb();
const TTL_MS = 30_000;

describe('the group directory a like or a comment reads its groups from', () => {
  it('counts the distinct accounts of the groups, and trusts a group it found with an active account for its TTL only', async () => {
    const ws = await createTestWorkspace(db, { accounts: 3, groups: { sales: [0, 1], founders: [1, 2] } });
    const directory = new TtlCache<Group>(TTL_MS);
    const now = Date.now();

    expect(await checkGroupsToActFrom(db, ws.workspaceId, ['Sales', 'founders'], 'groups', directory, now)).toEqual({ accountCount: 3 });
    // Deleted meanwhile: a container that read it a moment ago still accepts from it (the planner
    // reads the groups again and finds no account: docs/endpoints.md), until the TTL runs out.
    await deleteGroup(db, ws.workspaceId, 'sales');
    expect(await checkGroupsToActFrom(db, ws.workspaceId, ['sales'], 'groups', directory, now + TTL_MS - 1)).toEqual({ accountCount: 2 });
    await expect(checkGroupsToActFrom(db, ws.workspaceId, ['sales'], 'groups', directory, now + TTL_MS)).rejects.toMatchObject({
      status: 422,
      errors: [{ path: 'groups.0', message: 'the workspace has no group named "sales"' }],
    });
  });

  it('keeps no refusal: a group created, or an account made active, is acted from on the next request', async () => {
    const ws = await createTestWorkspace(db, { accounts: 2, groups: { idle: [0] } });
    const directory = new TtlCache<Group>(TTL_MS);
    const now = Date.now();
    await updateAccountSettings(db, ws.workspaceId, ws.accounts[0]!.accountId, { status: 'paused' });

    await expect(checkGroupsToActFrom(db, ws.workspaceId, ['new', 'idle'], 'groups', directory, now)).rejects.toMatchObject({
      status: 422,
      errors: [{ path: 'groups.0' }],
    });
    await putGroupMembers(db, ws.workspaceId, 'new', [ws.accounts[1]!.accountId], new Date());
    await expect(checkGroupsToActFrom(db, ws.workspaceId, ['new', 'idle'], 'groups', directory, now)).rejects.toMatchObject({
      status: 422,
      errors: [{ path: 'groups.1', message: 'group "idle" has no active account' }],
    });
    await updateAccountSettings(db, ws.workspaceId, ws.accounts[0]!.accountId, { status: 'active' });
    expect(await checkGroupsToActFrom(db, ws.workspaceId, ['new', 'idle'], 'groups', directory, now)).toEqual({ accountCount: 2 });
  });
});
