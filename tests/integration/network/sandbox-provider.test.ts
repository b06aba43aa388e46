import { newId } from '../../../lib/ids';
import { parsePostUrl } from '../../../lib/network/model/post-url';
import type { SandboxProviderOptions } from '../../../lib/network/sandbox';
import { SandboxProvider } from '../../../lib/network/sandbox';
import type { SandboxRule } from '../../../lib/store/sandbox';
import {
  connectSandboxProfiles,
  getSandboxRelation,
  listSandboxActions,
  listSandboxRules,
  putSandboxRule,
} from '../../../lib/store/sandbox';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestWorkspace, samplePostUrl, testDb } from '../../helpers/factories';
import { failureOf } from '../../helpers/unipile-fixtures';
import type { ActingAccount } from '../../../lib/network/network-actions';
import { ProviderError } from '../../../lib/errors';

/** The sandbox network against DynamoDB Local: every NetworkProvider call, its relations and its failure rules. */
const db = testDb();
const start = new Date('2030-03-01T09:00:00.000Z');

let ws: TestWorkspace;
beforeEach(async () => {
  ws = await createTestWorkspace(db, { accounts: 2, groups: {} });
});

const acting = (index = 0): ActingAccount => {
  const account = ws.accounts[index]!;
  return { workspaceId: ws.workspaceId, accountId: account.accountId, providerAccountId: account.providerAccountId };
};
/** Relations and rules live in the workspace's sandbox, so each test's fresh workspace keeps people apart. */
const personId = (name: string) => `person-${name}`;
const personUrl = (name: string) => `https://www.linkedin.com/in/${personId(name)}`;
const providerIdOf = (name: string) => `sbx-${personId(name)}`;
const post = parsePostUrl(samplePostUrl)!;

/** A clock the test moves by hand. */
function manualClock(at: Date = start) {
  let now = at;
  return { now: () => now, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
}

function sandbox(options: SandboxProviderOptions = {}) {
  return new SandboxProvider(db, options);
}

async function rule(match: SandboxRule['match'], failure: SandboxRule['failure'], remaining?: number): Promise<void> {
  await putSandboxRule(db, {
    ruleId: newId('sbx'),
    workspaceId: ws.workspaceId,
    match,
    failure,
    remaining,
    createdAt: start.toISOString(),
  });
}

const recorded = async (type: string) => (await listSandboxActions(db, ws.workspaceId)).filter((action) => action.type === type);

describe('SandboxProvider', () => {
  describe('resolveProfile', () => {
    it('normalises the URL and answers a deterministic id, a name from the public id, and not_connected', async () => {
      const profile = await sandbox().resolveProfile({
        account: acting(),
        profileUrl: `http://fr.linkedin.com/in/${personId('Ann-Smith')}/?trk=x`,
      });

      expect(profile).toEqual({
        providerId: providerIdOf('ann-smith'),
        publicIdentifier: personId('ann-smith'),
        name: 'Person Ann Smith',
        relation: 'not_connected',
      });
    });

    it('refuses a URL that is not a profile, finally', async () => {
      const error = await failureOf(sandbox().resolveProfile({ account: acting(), profileUrl: 'https://www.linkedin.com/company/acme' }));

      expect(error).toMatchObject({ reason: 'invalid_profile_url', retryable: false });
    });

    it('tells connected, invitation_pending and not_connected apart, per acting login', async () => {
      const provider = sandbox();
      await connectSandboxProfiles(db, ws.workspaceId, acting().providerAccountId, personUrl('friend'));
      await provider.invite({ account: acting(), providerId: providerIdOf('invited') });

      const relationOf = async (name: string, account = acting()) =>
        (await provider.resolveProfile({ account, profileUrl: personUrl(name) })).relation;

      expect(await relationOf('friend')).toBe('connected');
      expect(await relationOf('invited')).toBe('invitation_pending');
      expect(await relationOf('stranger')).toBe('not_connected');
      expect(await relationOf('friend', acting(1))).toBe('not_connected');
      expect(await relationOf('invited', acting(1))).toBe('not_connected');
    });
  });

  describe('invite', () => {
    it('records the invitation with its note and email, and answers invited', async () => {
      const clock = manualClock();
      const result = await sandbox({ now: clock.now }).invite({
        account: acting(),
        providerId: providerIdOf('ann'),
        message: 'Met you at the summit',
        email: 'ann@example.com',
      });

      expect(result).toEqual({
        provider: 'sandbox',
        outcome: 'invited',
        details: { invitationId: expect.stringMatching(/^sbx_/), sandboxActionId: expect.stringMatching(/^sbx_/) },
      });
      expect(await recorded('invite')).toEqual([
        {
          sandboxActionId: result.details!.sandboxActionId,
          workspaceId: ws.workspaceId,
          type: 'invite',
          accountId: acting().accountId,
          providerAccountId: acting().providerAccountId,
          target: personUrl('ann'),
          details: {
            providerId: providerIdOf('ann'),
            invitationId: result.details!.invitationId,
            note: 'Met you at the summit',
            email: 'ann@example.com',
          },
          at: start.toISOString(),
        },
      ]);
      expect(await getSandboxRelation(db, ws.workspaceId, acting().providerAccountId, personId('ann'))).toEqual({
        workspaceId: ws.workspaceId,
        providerAccountId: acting().providerAccountId,
        publicId: personId('ann'),
        invitedAt: start.toISOString(),
        invitationId: result.details!.invitationId,
        note: 'Met you at the summit',
        email: 'ann@example.com',
      });
    });

    it('keeps no note or email when none (or an empty one) was given', async () => {
      await sandbox().invite({ account: acting(), providerId: providerIdOf('bob'), message: '', email: '' });

      const [invitation] = await recorded('invite');
      expect(invitation?.details).toEqual({ providerId: providerIdOf('bob'), invitationId: expect.any(String) });
    });

    it('refuses, finally with 422, a person already invited or already connected, and records nothing more', async () => {
      const provider = sandbox();
      await provider.invite({ account: acting(), providerId: providerIdOf('dan') });
      await connectSandboxProfiles(db, ws.workspaceId, acting().providerAccountId, personUrl('cat'));

      const again = await failureOf(provider.invite({ account: acting(), providerId: providerIdOf('dan') }));
      const connected = await failureOf(provider.invite({ account: acting(), providerId: providerIdOf('cat') }));

      expect(again).toMatchObject({ reason: 'already_invited', retryable: false, status: 422 });
      expect(connected).toMatchObject({ reason: 'already_connected', retryable: false, status: 422 });
      expect(await recorded('invite')).toHaveLength(1);
      // Another login of the workspace may still invite the same person.
      await expect(provider.invite({ account: acting(1), providerId: providerIdOf('dan') })).resolves.toMatchObject({ outcome: 'invited' });
    });

    it('of two concurrent invitations to one person, sends one and refuses the other as already_invited', async () => {
      const provider = sandbox();

      const results = await Promise.allSettled(
        [0, 1, 2].map(() => provider.invite({ account: acting(), providerId: providerIdOf('race') })),
      );

      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const reasons = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as ProviderError).reason] : []));
      expect(reasons).toEqual(['already_invited', 'already_invited']);
      expect(await recorded('invite')).toHaveLength(1);
    });

    it('refuses a provider id the sandbox never gave', async () => {
      const error = await failureOf(sandbox().invite({ account: acting(), providerId: 'ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E' }));

      expect(error).toMatchObject({ reason: 'recipient_not_found', retryable: false, status: 404 });
    });
  });

  describe('sendMessage', () => {
    it('refuses a person who is not a connection, as Unipile does (not_connected, 422), even with an invitation pending', async () => {
      const provider = sandbox();
      await provider.invite({ account: acting(), providerId: providerIdOf('pending') });

      const stranger = await failureOf(provider.sendMessage({ account: acting(), providerId: providerIdOf('stranger'), text: 'Hi' }));
      const pending = await failureOf(provider.sendMessage({ account: acting(), providerId: providerIdOf('pending'), text: 'Hi' }));

      expect(stranger).toMatchObject({ reason: 'not_connected', retryable: false, status: 422 });
      expect(pending).toMatchObject({ reason: 'not_connected', status: 422 });
      expect(await recorded('message')).toHaveLength(0);
    });

    it('messages a connection in one conversation per login and person, or in the chat given', async () => {
      const provider = sandbox();
      for (const name of ['eve', 'fay']) await connectSandboxProfiles(db, ws.workspaceId, acting().providerAccountId, personUrl(name));
      await connectSandboxProfiles(db, ws.workspaceId, acting(1).providerAccountId, personUrl('eve'));
      const send = (name: string, account = acting(), chatId?: string) =>
        provider.sendMessage({ account, providerId: providerIdOf(name), text: `Hello ${name}`, chatId });

      const first = await send('eve');
      const second = await send('eve');
      const toFay = await send('fay');
      const fromOther = await send('eve', acting(1));
      const inChat = await send('eve', acting(), 'chat-42');

      expect(first).toEqual({
        provider: 'sandbox',
        outcome: 'messaged',
        details: { chatId: expect.stringMatching(/^sbx-chat-/), sandboxActionId: expect.stringMatching(/^sbx_/) },
      });
      expect(second.details!.chatId).toBe(first.details!.chatId);
      expect(toFay.details!.chatId).not.toBe(first.details!.chatId);
      expect(fromOther.details!.chatId).not.toBe(first.details!.chatId);
      expect(inChat.details!.chatId).toBe('chat-42');
      const messages = await recorded('message');
      expect(messages).toHaveLength(5);
      expect(messages[0]).toMatchObject({
        providerAccountId: acting().providerAccountId,
        target: personUrl('eve'),
        details: { providerId: providerIdOf('eve'), chatId: first.details!.chatId, text: 'Hello eve' },
      });
    });
  });

  describe('comment and react', () => {
    it('records a comment on a post, and a reply to a comment with its id', async () => {
      const reply = parsePostUrl(`${samplePostUrl}?commentUrn=urn%3Ali%3Acomment%3A(activity%3A${post.id}%2C7300000000000000999)`)!;

      const onPost = await sandbox().comment({ account: acting(), post, text: 'Great point!' });
      await sandbox().comment({ account: acting(), post: reply, text: 'Agreed' });

      expect(onPost).toEqual({ provider: 'sandbox', outcome: 'commented', details: { sandboxActionId: expect.stringMatching(/^sbx_/) } });
      expect((await recorded('comment')).map(({ target, details }) => ({ target, details }))).toEqual([
        { target: post.url, details: { text: 'Great point!', postUrn: post.urn } },
        { target: reply.url, details: { text: 'Agreed', postUrn: post.urn, commentId: '7300000000000000999' } },
      ]);
    });

    it('still reacts as before', async () => {
      const result = await sandbox().react({ account: acting(), post, reactionType: 'celebrate' });

      expect(result).toMatchObject({ provider: 'sandbox', outcome: 'reacted' });
      expect((await recorded('react'))[0]?.details).toEqual({ reactionType: 'celebrate', postUrn: post.urn });
    });
  });

  describe('auto-accept', () => {
    it('counts an invitation accepted autoAcceptSeconds after it was sent, and stores it', async () => {
      const clock = manualClock();
      const provider = sandbox({ autoAcceptSeconds: 60, now: clock.now });
      const account = acting();
      await provider.invite({ account, providerId: providerIdOf('gus') });
      const relation = async () => (await provider.resolveProfile({ account, profileUrl: personUrl('gus') })).relation;

      clock.advance(59);
      const before = await relation();
      const tooEarly = await failureOf(provider.sendMessage({ account, providerId: providerIdOf('gus'), text: 'Hi' }));
      const listedBefore = await provider.listRelations({ account });
      clock.advance(1);
      const after = await relation();

      expect(before).toBe('invitation_pending');
      expect(tooEarly.reason).toBe('not_connected');
      expect(listedBefore.relations).toEqual([]);
      expect(after).toBe('connected');
      const acceptedAt = new Date(start.getTime() + 60_000).toISOString();
      expect(await getSandboxRelation(db, ws.workspaceId, account.providerAccountId, personId('gus'))).toMatchObject({
        connectedAt: acceptedAt,
      });
      // Stored: a sandbox without auto-accept sees the connection too.
      expect((await sandbox().resolveProfile({ account, profileUrl: personUrl('gus') })).relation).toBe('connected');
    });

    it('lets listRelations, sendMessage and invite see a due acceptance', async () => {
      const clock = manualClock();
      const provider = sandbox({ autoAcceptSeconds: 30, now: clock.now });
      const account = acting();
      for (const name of ['hal', 'ivy', 'jon']) await provider.invite({ account, providerId: providerIdOf(name) });

      clock.advance(3600);
      const listed = await provider.listRelations({ account });
      const messaged = await sandbox({ autoAcceptSeconds: 30, now: clock.now }).sendMessage({
        account,
        providerId: providerIdOf('ivy'),
        text: 'Hi',
      });
      const reinvited = await failureOf(provider.invite({ account, providerId: providerIdOf('jon') }));

      const acceptedAt = new Date(start.getTime() + 30_000).toISOString();
      expect(listed.relations.map((relation) => [relation.publicIdentifier, relation.createdAt])).toEqual(
        ['hal', 'ivy', 'jon'].map((name) => [personId(name), acceptedAt]),
      );
      expect(messaged.outcome).toBe('messaged');
      expect(reinvited.reason).toBe('already_connected');
    });

    it('never accepts by itself without a positive autoAcceptSeconds', async () => {
      const clock = manualClock();
      await sandbox({ autoAcceptSeconds: 0, now: clock.now }).invite({ account: acting(), providerId: providerIdOf('kim') });

      clock.advance(365 * 86_400);

      for (const provider of [sandbox({ autoAcceptSeconds: 0, now: clock.now }), sandbox({ now: clock.now })]) {
        expect((await provider.resolveProfile({ account: acting(), profileUrl: personUrl('kim') })).relation).toBe('invitation_pending');
      }
    });
  });

  describe('listRelations', () => {
    it('pages the connections newest first with an opaque cursor, leaving out invitations and other logins', async () => {
      const provider = sandbox();
      const account = acting();
      // Connected a minute apart, oldest first: p0 … p4.
      for (let i = 0; i < 5; i += 1) {
        await connectSandboxProfiles(
          db,
          ws.workspaceId,
          account.providerAccountId,
          personUrl(`p${i}`),
          new Date(start.getTime() + i * 60_000),
        );
      }
      await provider.invite({ account, providerId: providerIdOf('pending') });
      await connectSandboxProfiles(db, ws.workspaceId, acting(1).providerAccountId, personUrl('other'));

      const pages = [];
      let cursor: string | undefined;
      do {
        const page = await provider.listRelations({ account, limit: 2, cursor });
        pages.push(page);
        cursor = page.cursor;
      } while (cursor !== undefined);

      expect(pages.map((page) => page.relations.map((relation) => relation.publicIdentifier))).toEqual([
        [personId('p4'), personId('p3')],
        [personId('p2'), personId('p1')],
        [personId('p0')],
      ]);
      expect(pages[0]!.cursor).toEqual(expect.any(String));
      expect(pages[0]!.relations[0]).toEqual({
        providerId: providerIdOf('p4'),
        publicIdentifier: personId('p4'),
        profileUrl: personUrl('p4'),
        createdAt: new Date(start.getTime() + 4 * 60_000).toISOString(),
      });
    });

    it('neither repeats nor skips anyone when connections made at the same instant straddle a page', async () => {
      const account = acting();
      const names = ['a1', 'b2', 'c3'];
      for (const name of names) await connectSandboxProfiles(db, ws.workspaceId, account.providerAccountId, personUrl(name), start);

      const first = await sandbox().listRelations({ account, limit: 2 });
      // A connection made between the two reads is newer: it belongs on the first page, not the next.
      await connectSandboxProfiles(db, ws.workspaceId, account.providerAccountId, personUrl('z9'), new Date(start.getTime() + 1000));
      const second = await sandbox().listRelations({ account, limit: 2, cursor: first.cursor });

      expect([...first.relations, ...second.relations].map((relation) => relation.publicIdentifier)).toEqual(names.map(personId));
      expect(second.cursor).toBeUndefined();
    });

    it('answers 100 relations a page by default', async () => {
      const account = acting();
      await Promise.all(
        Array.from({ length: 101 }, (_, i) =>
          connectSandboxProfiles(db, ws.workspaceId, account.providerAccountId, personUrl(`n${i}`), new Date(start.getTime() + i * 1000)),
        ),
      );

      const first = await sandbox().listRelations({ account });
      const second = await sandbox().listRelations({ account, cursor: first.cursor });

      expect(first.relations).toHaveLength(100);
      expect(second).toEqual({ relations: [expect.objectContaining({ publicIdentifier: personId('n0') })] });
    });

    it('answers an empty last page for an account without connections, and refuses a cursor it never gave', async () => {
      const empty = await sandbox().listRelations({ account: acting() });
      const error = await failureOf(sandbox().listRelations({ account: acting(), cursor: 'not-a-cursor' }));

      expect(empty).toEqual({ relations: [] });
      expect(error).toMatchObject({ reason: 'invalid_cursor', retryable: false, status: 400 });
    });
  });

  describe('failure rules', () => {
    it('fail the call they target: by action, post, person and login, and nothing else', async () => {
      const provider = sandbox();
      await connectSandboxProfiles(db, ws.workspaceId, acting().providerAccountId, personUrl('msg'));
      await rule({ action: 'comment', postId: post.id }, { status: 422, reason: 'comments_disabled' });
      await rule({ action: 'get_profile', profile: personId('hidden') }, { status: 404, reason: 'profile_not_found' });
      await rule({ action: 'invite', profile: personId('full') }, { status: 422, reason: 'limit_exceeded' });
      await rule({ action: 'message', providerAccountId: acting().providerAccountId }, { status: 422, reason: 'user_unreachable' });
      await rule(
        { action: 'list_relations', providerAccountId: acting(1).providerAccountId },
        { status: 404, reason: 'account_not_found' },
      );
      const account = acting();

      const failures = await Promise.all([
        failureOf(provider.comment({ account, post, text: 'x' })),
        failureOf(provider.resolveProfile({ account, profileUrl: personUrl('hidden') })),
        failureOf(provider.invite({ account, providerId: providerIdOf('full') })),
        failureOf(provider.sendMessage({ account, providerId: providerIdOf('msg'), text: 'x' })),
        failureOf(provider.listRelations({ account: acting(1) })),
      ]);

      expect(failures.map(({ reason, status, retryable }) => ({ reason, status, retryable }))).toEqual([
        { reason: 'comments_disabled', status: 422, retryable: false },
        { reason: 'profile_not_found', status: 404, retryable: false },
        { reason: 'limit_exceeded', status: 422, retryable: false },
        { reason: 'user_unreachable', status: 422, retryable: false },
        { reason: 'account_not_found', status: 404, retryable: false },
      ]);
      // The same calls on other posts, people and logins go through.
      const otherPost = parsePostUrl('https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000002/')!;
      await expect(provider.comment({ account, post: otherPost, text: 'x' })).resolves.toMatchObject({ outcome: 'commented' });
      await expect(provider.react({ account, post, reactionType: 'like' })).resolves.toMatchObject({ outcome: 'reacted' });
      await expect(provider.resolveProfile({ account, profileUrl: personUrl('full') })).resolves.toMatchObject({
        relation: 'not_connected',
      });
      await expect(provider.invite({ account, providerId: providerIdOf('hidden') })).resolves.toMatchObject({ outcome: 'invited' });
      await expect(provider.listRelations({ account })).resolves.toMatchObject({ relations: [expect.anything()] });
    });

    it('match a profile given in any case', async () => {
      await rule({ action: 'get_profile', profile: personId('Mixed-Case').toUpperCase() }, { status: 404, reason: 'profile_not_found' });

      const error = await failureOf(sandbox().resolveProfile({ account: acting(), profileUrl: personUrl('mixed-case') }));

      expect(error.reason).toBe('profile_not_found');
    });

    it('keep 429 and 5xx retryable, with retry-after, and fail only as many calls as told', async () => {
      const provider = sandbox();
      await rule({ action: 'invite' }, { status: 429, reason: 'rate_limited', retryAfterSeconds: 7 }, 1);
      await rule({ action: 'get_profile' }, { status: 503, reason: 'provider_unavailable' }, 2);

      const limited = await failureOf(provider.invite({ account: acting(), providerId: providerIdOf('one') }));
      const unavailable = [
        await failureOf(provider.resolveProfile({ account: acting(), profileUrl: personUrl('one') })),
        await failureOf(provider.resolveProfile({ account: acting(), profileUrl: personUrl('one') })),
      ];

      expect(limited).toMatchObject({ reason: 'rate_limited', retryable: true, status: 429, retryAfterSeconds: 7 });
      expect(unavailable.map((error) => [error.reason, error.retryable])).toEqual([
        ['provider_unavailable', true],
        ['provider_unavailable', true],
      ]);
      await expect(provider.invite({ account: acting(), providerId: providerIdOf('one') })).resolves.toMatchObject({ outcome: 'invited' });
      await expect(provider.resolveProfile({ account: acting(), profileUrl: personUrl('one') })).resolves.toMatchObject({
        relation: 'invitation_pending',
      });
    });

    it('without an action, fail every call (as the react-only rules of before did)', async () => {
      await rule({}, { status: 503, reason: 'provider_unavailable' });

      const failures = await Promise.all([
        failureOf(sandbox().react({ account: acting(), post, reactionType: 'like' })),
        failureOf(sandbox().listRelations({ account: acting() })),
      ]);

      expect(failures.map((error) => error.reason)).toEqual(['provider_unavailable', 'provider_unavailable']);
    });

    it('email_required fails an invitation sent without an email only, and is not used up by one with an email', async () => {
      const provider = sandbox();
      await rule({ action: 'invite', profile: personId('eve') }, { status: 422, reason: 'email_required' }, 1);

      const withEmail = await provider.invite({ account: acting(), providerId: providerIdOf('eve'), email: 'eve@example.com' });
      const without = await failureOf(provider.invite({ account: acting(1), providerId: providerIdOf('eve') }));
      const [left] = await listSandboxRules(db, ws.workspaceId);

      expect(withEmail.outcome).toBe('invited');
      expect(without).toMatchObject({ reason: 'email_required', retryable: false, status: 422 });
      expect(left?.remaining).toBe(0);
      expect((await recorded('invite')).map((invitation) => invitation.providerAccountId)).toEqual([acting().providerAccountId]);
    });

    it('a used-up rule lets a later matching rule apply', async () => {
      await rule({ action: 'comment' }, { status: 422, reason: 'first' }, 1);
      await rule({ action: 'comment' }, { status: 422, reason: 'second' }, 1);

      const reasons = [
        (await failureOf(sandbox().comment({ account: acting(), post, text: 'x' }))).reason,
        (await failureOf(sandbox().comment({ account: acting(), post, text: 'x' }))).reason,
      ];

      expect(reasons).toEqual(['first', 'second']);
      await expect(sandbox().comment({ account: acting(), post, text: 'x' })).resolves.toMatchObject({ outcome: 'commented' });
    });
  });
});
