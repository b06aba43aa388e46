import { SandboxProvider } from '../../../lib/network/sandbox';
import {
  acceptSandboxInvitations,
  connectSandboxProfiles,
  getSandboxRelation,
  listSandboxRelations,
  sandboxPublicId,
} from '../../../lib/store/sandbox';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestWorkspace, testDb } from '../../helpers/factories';
import type { ActingAccount } from '../../../lib/network/network-actions';

/** The sandbox's relations in DynamoDB Local: accepting invitations and connecting people by hand. */
const db = testDb();
const sentAt = new Date('2030-03-01T09:00:00.000Z');
const later = new Date('2030-03-02T10:30:00.000Z');

let ws: TestWorkspace;
beforeEach(async () => {
  ws = await createTestWorkspace(db, { accounts: 3, groups: {} });
});

const acting = (index: number): ActingAccount => ({
  workspaceId: ws.workspaceId,
  accountId: ws.accounts[index]!.accountId,
  providerAccountId: ws.accounts[index]!.providerAccountId,
});
const login = (index: number) => acting(index).providerAccountId;
const relation = (index: number, publicId: string) => getSandboxRelation(db, ws.workspaceId, login(index), publicId);

/** Invitations sent through the provider, as the service sends them. */
async function invite(publicId: string, ...accounts: number[]): Promise<void> {
  const provider = new SandboxProvider(db, { now: () => sentAt });
  for (const index of accounts) await provider.invite({ account: acting(index), providerId: `sbx-${publicId}` });
}

describe('sandbox relations', () => {
  it('acceptSandboxInvitations accepts the pending invitations of every login to that person, and says which', async () => {
    await invite('ann-lee', 0, 1);
    await invite('bob-ray', 0);

    const accepted = await acceptSandboxInvitations(db, ws.workspaceId, 'https://fr.linkedin.com/in/Ann-Lee/?trk=x', { now: later });

    expect(accepted.map((accepted) => accepted.providerAccountId).sort()).toEqual([login(0), login(1)].sort());
    expect(accepted[0]).toMatchObject({ publicId: 'ann-lee', invitedAt: sentAt.toISOString(), connectedAt: later.toISOString() });
    expect(await relation(1, 'ann-lee')).toMatchObject({ connectedAt: later.toISOString() });
    // Nobody else's invitation moved.
    expect((await relation(0, 'bob-ray'))?.connectedAt).toBeUndefined();
  });

  it('acceptSandboxInvitations accepts only the invitation of the login given, by public id', async () => {
    await invite('cat-kim', 0, 1);

    const accepted = await acceptSandboxInvitations(db, ws.workspaceId, 'Cat-Kim', { providerAccountId: login(1) });

    expect(accepted).toEqual([
      expect.objectContaining({ providerAccountId: login(1), publicId: 'cat-kim', connectedAt: expect.any(String) }),
    ]);
    expect((await relation(0, 'cat-kim'))?.connectedAt).toBeUndefined();
  });

  it('acceptSandboxInvitations accepts nothing when no invitation is pending, and leaves a connection as it was', async () => {
    const connected = await connectSandboxProfiles(db, ws.workspaceId, login(0), 'dan-fox', sentAt);

    expect(await acceptSandboxInvitations(db, ws.workspaceId, 'dan-fox', { now: later })).toEqual([]);
    expect(await acceptSandboxInvitations(db, ws.workspaceId, 'nobody-here')).toEqual([]);
    expect(await relation(0, 'dan-fox')).toEqual(connected);
  });

  it('connectSandboxProfiles connects without an invitation, keeps an earlier connection date, and completes a pending invitation', async () => {
    await invite('eve-orr', 2);

    const direct = await connectSandboxProfiles(db, ws.workspaceId, login(0), 'https://www.linkedin.com/in/eve-orr/', sentAt);
    const again = await connectSandboxProfiles(db, ws.workspaceId, login(0), 'eve-orr', later);
    const invited = await connectSandboxProfiles(db, ws.workspaceId, login(2), 'eve-orr', later);

    expect(direct).toEqual({
      workspaceId: ws.workspaceId,
      providerAccountId: login(0),
      publicId: 'eve-orr',
      connectedAt: sentAt.toISOString(),
    });
    expect(again).toEqual(direct);
    expect(invited).toMatchObject({ invitedAt: sentAt.toISOString(), connectedAt: later.toISOString() });
    const profile = await new SandboxProvider(db).resolveProfile({ account: acting(0), profileUrl: 'https://www.linkedin.com/in/eve-orr' });
    expect(profile.relation).toBe('connected');
  });

  it('keeps the relations of a login apart from those of a login whose id it prefixes', async () => {
    await connectSandboxProfiles(db, ws.workspaceId, 'login', 'fay-gum');
    await connectSandboxProfiles(db, ws.workspaceId, 'login#2', 'gil-hay');

    expect((await listSandboxRelations(db, ws.workspaceId, 'login')).map((relation) => relation.publicId)).toEqual(['fay-gum']);
    expect(await listSandboxRelations(db, ws.workspaceId)).toHaveLength(2);
  });

  it('sandboxPublicId takes a profile URL or a public id, and refuses anything else', () => {
    expect(sandboxPublicId('https://de.linkedin.com/in/J%C3%BCrgen-M/')).toBe('jürgen-m');
    expect(sandboxPublicId(' Jane-Doe ')).toBe('jane-doe');
    expect(() => sandboxPublicId('https://www.linkedin.com/company/acme')).toThrow(/not a profile URL or public id/);
    expect(() => sandboxPublicId('a b')).toThrow(/not a profile URL or public id/);
  });
});
