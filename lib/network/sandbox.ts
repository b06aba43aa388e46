import { randomInt } from 'node:crypto';
import { newId } from '../ids';
import type { Db } from '../store/client';
import type { SandboxAction, SandboxCall, SandboxRelation, SandboxRule } from '../store/sandbox';
import { getSandboxLogin } from '../store/sandbox-logins';
import {
  consumeSandboxRule,
  getSandboxRelation,
  listSandboxRelations,
  listSandboxRules,
  markSandboxInvitationAccepted,
  putSandboxInvitation,
  recordSandboxAction,
} from '../store/sandbox';
import type {
  ActingAccount,
  CommentInput,
  InviteInput,
  ListRelationsInput,
  MessageInput,
  OwnProfile,
  PublishedPostDetails,
  PublishPostInput,
  ReactInput,
  RelationsPage,
  ResolvedProfile,
  ResolveProfileInput,
} from './network-actions';
import type { NetworkProvider, ProviderResult } from './provider';
import { normaliseProfileUrl, profilePublicId, profileUrlOf } from './model/profile-url';
import {
  chatIdOf,
  decodeCursor,
  encodeCursor,
  nameOf,
  newestFirst,
  publicIdOf,
  relationOf,
  sandboxProviderId,
  stateOf,
} from './sandbox-people';
import { ProviderError } from '../errors';

export interface SandboxProviderOptions {
  /**
   * When positive, an invitation sent at T counts as accepted at T + this many seconds (noticed
   * lazily, the next time the relation is read). Otherwise invitations wait to be accepted by hand
   * (`acceptSandboxInvitations`, `npm run admin -- sandbox accept`).
   */
  autoAcceptSeconds?: number;
  /** The sandbox's clock, injected for tests. */
  now?: () => Date;
}

/** What a call is about, for matching rules. */
interface CallTarget {
  postId?: string;
  profile?: string;
  email?: string;
}

const DEFAULT_PAGE_SIZE = 100;

/**
 * A simulated network kept in DynamoDB, the local default: it records every call instead of
 * reaching the real network, answers as the Unipile provider does (same outcomes, same
 * ProviderError reasons), and fails on demand (sandbox rules). Its results say `provider: 'sandbox'`.
 *
 * People exist as soon as they are named: any valid profile URL resolves, to provider id
 * `sbx-<publicId>`. Relations (invited, connected) are kept per acting login and person.
 */
export class SandboxProvider implements NetworkProvider {
  readonly name = 'sandbox' as const;
  private readonly autoAcceptMs: number | undefined;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    options: SandboxProviderOptions = {},
  ) {
    const seconds = options.autoAcceptSeconds;
    this.autoAcceptMs = seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
    this.now = options.now ?? (() => new Date());
  }

  async react({ account, post, reactionType }: ReactInput): Promise<ProviderResult> {
    await this.failIfTold(account, 'react', { postId: post.id });
    const sandboxActionId = await this.record(account, 'react', post.url, {
      reactionType,
      postUrn: post.urn,
      ...(post.commentId ? { commentId: post.commentId } : {}),
    });
    return { provider: 'sandbox', outcome: 'reacted', details: { sandboxActionId } };
  }

  async comment({ account, post, text }: CommentInput): Promise<ProviderResult> {
    await this.failIfTold(account, 'comment', { postId: post.id });
    const sandboxActionId = await this.record(account, 'comment', post.url, {
      text,
      postUrn: post.urn,
      ...(post.commentId ? { commentId: post.commentId } : {}),
    });
    return { provider: 'sandbox', outcome: 'commented', details: { sandboxActionId } };
  }

  async resolveProfile({ account, profileUrl }: ResolveProfileInput): Promise<ResolvedProfile> {
    const normalised = normaliseProfileUrl(profileUrl);
    if (normalised === undefined) {
      throw new ProviderError('invalid_profile_url', 'Not a profile URL of the network (/in/<id>).', false);
    }
    const publicId = profilePublicId(normalised);
    await this.failIfTold(account, 'get_profile', { profile: publicId });
    const relation = await this.relationWith(account, publicId);
    const name = nameOf(publicId);
    return {
      providerId: sandboxProviderId(publicId),
      publicIdentifier: publicId,
      ...(name ? { name } : {}),
      relation: stateOf(relation),
    };
  }

  async invite({ account, providerId, message, email }: InviteInput): Promise<ProviderResult> {
    const publicId = publicIdOf(providerId);
    await this.failIfTold(account, 'invite', { profile: publicId, email });
    const invitationId = newId('sbx');
    const note = message !== undefined && message !== '' ? message : undefined;
    const givenEmail = email !== undefined && email !== '' ? email : undefined;
    const recorded = await putSandboxInvitation(this.db, {
      ...(await this.refuseInvitation(account, publicId)),
      invitedAt: this.now().toISOString(),
      invitationId,
      ...(note !== undefined ? { note } : {}),
      ...(givenEmail !== undefined ? { email: givenEmail } : {}),
    });
    if (!recorded) {
      // Lost a race with another invitation or a connection: refuse as that state says.
      await this.refuseInvitation(account, publicId);
      throw new ProviderError('provider_unavailable', 'sandbox: the invitation could not be recorded, try again', true);
    }
    const sandboxActionId = await this.record(account, 'invite', profileUrlOf(publicId), {
      providerId,
      invitationId,
      ...(note !== undefined ? { note } : {}),
      ...(givenEmail !== undefined ? { email: givenEmail } : {}),
    });
    return { provider: 'sandbox', outcome: 'invited', details: { invitationId, sandboxActionId } };
  }

  async sendMessage({ account, providerId, chatId, text }: MessageInput): Promise<ProviderResult> {
    const publicId = publicIdOf(providerId);
    await this.failIfTold(account, 'message', { profile: publicId });
    if (stateOf(await this.relationWith(account, publicId)) !== 'connected') {
      // What Unipile's `no_connection_with_recipient` becomes.
      throw new ProviderError('not_connected', `sandbox: ${publicId} is not a connection of this account`, false, { status: 422 });
    }
    const chat = chatId !== undefined && chatId !== '' ? chatId : chatIdOf(account, publicId);
    const sandboxActionId = await this.record(account, 'message', profileUrlOf(publicId), { providerId, chatId: chat, text });
    return { provider: 'sandbox', outcome: 'messaged', details: { chatId: chat, sandboxActionId } };
  }

  /**
   * A post "published" with an activity id of its own, whose URL the like and comment endpoints
   * accept (so the sandbox's own posts can be amplified, and reacted to again by hand).
   */
  async publishPost({ account, text }: PublishPostInput): Promise<ProviderResult> {
    await this.failIfTold(account, 'post', {});
    const id = sandboxActivityId();
    const socialId = `urn:li:activity:${id}`;
    const url = `https://www.linkedin.com/feed/update/${socialId}/`;
    const postId = await this.record(account, 'post', url, { text, socialId });
    const details: PublishedPostDetails = { postId, socialId, url };
    return { provider: 'sandbox', outcome: 'posted', details: { ...details, sandboxActionId: postId } };
  }

  /** Connections newest first; the cursor is the last relation given (see {@link encodeCursor}). */
  async listRelations({ account, cursor, limit }: ListRelationsInput): Promise<RelationsPage> {
    await this.failIfTold(account, 'list_relations', {});
    const after = cursor !== undefined && cursor !== '' ? decodeCursor(cursor) : undefined;
    const pageSize = limit !== undefined && Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_PAGE_SIZE;
    const stored = await listSandboxRelations(this.db, account.workspaceId, account.providerAccountId);
    const connected: Array<{ publicId: string; connectedAt: string }> = [];
    for (const relation of stored) {
      const settled = await this.settle(relation);
      if (settled.connectedAt !== undefined) connected.push({ publicId: settled.publicId, connectedAt: settled.connectedAt });
    }
    connected.sort(newestFirst);
    const rest = after === undefined ? connected : connected.filter((relation) => newestFirst(relation, after) > 0);
    const page = rest.slice(0, pageSize);
    const last = page.at(-1);
    return {
      relations: page.map(relationOf),
      ...(rest.length > page.length && last !== undefined ? { cursor: encodeCursor(last) } : {}),
    };
  }

  /** The profile the connect page registered for the login (see lib/store/sandbox-logins.ts). */
  async getOwnProfile(providerAccountId: string): Promise<OwnProfile> {
    const login = await getSandboxLogin(this.db, providerAccountId);
    if (!login) {
      // What Unipile's 404 on GET /users/me becomes.
      throw new ProviderError('account_not_found', `sandbox: no login ${JSON.stringify(providerAccountId.slice(0, 100))}`, false, {
        status: 404,
      });
    }
    return { profileUrl: login.profileUrl, name: login.name };
  }

  /** The stored relation with a person, with a due auto-acceptance applied; undefined when there is none. */
  private async relationWith(account: ActingAccount, publicId: string): Promise<SandboxRelation | undefined> {
    const relation = await getSandboxRelation(this.db, account.workspaceId, account.providerAccountId, publicId);
    return relation && this.settle(relation);
  }

  /**
   * Throws the refusal Unipile gives for inviting someone connected or already invited; else returns
   * the relation's identity, for recording the invitation.
   */
  private async refuseInvitation(account: ActingAccount, publicId: string): Promise<SandboxRelation> {
    const state = stateOf(await this.relationWith(account, publicId));
    if (state === 'connected') {
      throw new ProviderError('already_connected', `sandbox: ${publicId} is already a connection of this account`, false, { status: 422 });
    }
    if (state === 'invitation_pending') {
      throw new ProviderError('already_invited', `sandbox: ${publicId} already has a pending invitation from this account`, false, {
        status: 422,
      });
    }
    return { workspaceId: account.workspaceId, providerAccountId: account.providerAccountId, publicId };
  }

  /** Applies (and stores) the auto-acceptance of a pending invitation once its time has come. */
  private async settle(relation: SandboxRelation): Promise<SandboxRelation> {
    if (this.autoAcceptMs === undefined || relation.connectedAt !== undefined || relation.invitedAt === undefined) return relation;
    const acceptedAt = Date.parse(relation.invitedAt) + this.autoAcceptMs;
    if (acceptedAt > this.now().getTime()) return relation;
    const connectedAt = new Date(acceptedAt).toISOString();
    // Undefined when accepted meanwhile by another call or by hand: read what that stored.
    const stored =
      (await markSandboxInvitationAccepted(this.db, relation, connectedAt)) ??
      (await getSandboxRelation(this.db, relation.workspaceId, relation.providerAccountId, relation.publicId));
    return stored ?? { ...relation, connectedAt };
  }

  private async record(
    account: ActingAccount,
    type: SandboxAction['type'],
    target: string,
    details: Record<string, string>,
  ): Promise<string> {
    const sandboxActionId = newId('sbx');
    await recordSandboxAction(this.db, {
      sandboxActionId,
      workspaceId: account.workspaceId,
      type,
      accountId: account.accountId,
      providerAccountId: account.providerAccountId,
      target,
      details,
      at: this.now().toISOString(),
    });
    return sandboxActionId;
  }

  /** Throws the failure of the first rule that matches the call and still has failures left. */
  private async failIfTold(account: ActingAccount, action: SandboxCall, target: CallTarget): Promise<void> {
    const rules = await listSandboxRules(this.db, account.workspaceId);
    for (const rule of rules.filter((candidate) => matches(candidate, account, action, target))) {
      if (!(await consumeSandboxRule(this.db, rule))) continue;
      const { status, reason, retryAfterSeconds } = rule.failure;
      throw new ProviderError(reason, `sandbox: told to fail with ${status} ${reason}`, status === 429 || status >= 500, {
        status,
        retryAfterSeconds,
      });
    }
  }
}

function matches(rule: SandboxRule, account: ActingAccount, action: SandboxCall, target: CallTarget): boolean {
  const { match } = rule;
  // The sandbox's way of saying "this person wants their email": an invitation that carries one passes.
  if (rule.failure.reason === 'email_required' && action === 'invite' && target.email !== undefined && target.email !== '') return false;
  return (
    (match.action === undefined || match.action === action) &&
    (match.postId === undefined || match.postId === target.postId) &&
    (match.profile === undefined || match.profile.toLowerCase() === target.profile) &&
    (match.providerAccountId === undefined || match.providerAccountId === account.providerAccountId)
  );
}

/** 19 digits, as the network's activity ids have, starting with 9 so none is mistaken for a real one of today's. */
function sandboxActivityId(): string {
  return `9${randomInt(10 ** 8, 10 ** 9)}${randomInt(10 ** 8, 10 ** 9)}`;
}
