/**
 * The sandbox's people as the network would show them: their ids, names, chats and relations, a
 * page of them, and the message one sends.
 */
import { createHash } from 'node:crypto';
import type { UnipileWebhook } from '../schemas/unipile-webhook';
import type { SandboxRelation } from '../store/sandbox';
import type { ActingAccount, Relation, RelationState } from './network-actions';
import { normalisePublicId, profileUrlOf } from './model/profile-url';
import { ProviderError } from '../errors';

/** Sandbox provider ids are `sbx-<publicId>`, so invite and message find the person again without a lookup. */
export interface Position {
  publicId: string;
  connectedAt: string;
}

const PROVIDER_ID_PREFIX = 'sbx-';
/** The provider id the sandbox gives a person (what `resolveProfile` answers, and leads keep). */
export function sandboxProviderId(publicId: string): string {
  return `${PROVIDER_ID_PREFIX}${publicId}`;
}

/**
 * The provider's `message_received` event for a message the person `publicId` sends to the acting
 * login, in the chat the sandbox gave their conversation: what Unipile's `messaging` webhook would
 * post if the sandbox were a real network. The sandbox has no webhook of its own, so whoever plays
 * the person (the admin CLI's `sandbox reply`) posts it to the provider webhook.
 */
export function sandboxMessageEvent(account: ActingAccount, publicId: string, text: string, messageId: string, now: Date): UnipileWebhook {
  const name = nameOf(publicId);
  return {
    event: 'message_received',
    account_id: account.providerAccountId,
    account_type: 'LINKEDIN',
    chat_id: chatIdOf(account, publicId),
    message_id: messageId,
    message: text,
    timestamp: now.toISOString(),
    sender: {
      attendee_provider_id: sandboxProviderId(publicId),
      ...(name ? { attendee_name: name } : {}),
      attendee_profile_url: profileUrlOf(publicId),
    },
  };
}

export function stateOf(relation: SandboxRelation | undefined): RelationState {
  if (relation?.connectedAt !== undefined) return 'connected';
  if (relation?.invitedAt !== undefined) return 'invitation_pending';
  return 'not_connected';
}

/** The person behind a sandbox provider id; an id the sandbox never gave is refused as Unipile refuses an unknown one. */
export function publicIdOf(providerId: string): string {
  const publicId = providerId.startsWith(PROVIDER_ID_PREFIX) ? normalisePublicId(providerId.slice(PROVIDER_ID_PREFIX.length)) : undefined;
  if (publicId === undefined) {
    throw new ProviderError('recipient_not_found', `sandbox: no person has provider id ${JSON.stringify(providerId)}`, false, {
      status: 404,
    });
  }
  return publicId;
}

/** `jane-doe_2` → `Jane Doe 2`: the sandbox has no names, so it makes one from the public id. */
export function nameOf(publicId: string): string {
  return publicId
    .split(/[-_]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The same conversation every time one login writes to one person without naming a chat. */
export function chatIdOf(account: ActingAccount, publicId: string): string {
  const digest = createHash('sha256').update(`${account.workspaceId}\n${account.providerAccountId}\n${publicId}`).digest('base64url');
  return `sbx-chat-${digest.slice(0, 22)}`;
}

/** Newest connection first; people connected at the same instant in public id order, so pages never overlap. */
export function newestFirst(a: Position, b: Position): number {
  if (a.connectedAt !== b.connectedAt) return a.connectedAt < b.connectedAt ? 1 : -1;
  return a.publicId < b.publicId ? -1 : a.publicId > b.publicId ? 1 : 0;
}

export function relationOf({ publicId, connectedAt }: Position): Relation {
  return {
    providerId: sandboxProviderId(publicId),
    publicIdentifier: publicId,
    profileUrl: profileUrlOf(publicId),
    createdAt: connectedAt,
  };
}

/**
 * The cursor is the position of the last relation given (base64url of `[connectedAt, publicId]`):
 * the next page starts after it, so connections made meanwhile (newer) neither shift nor repeat it.
 */
export function encodeCursor({ connectedAt, publicId }: Position): string {
  return Buffer.from(JSON.stringify([connectedAt, publicId])).toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string') {
    throw new ProviderError('invalid_cursor', 'sandbox: the relations cursor is not one this provider gave', false, { status: 400 });
  }
  return { connectedAt: parsed[0], publicId: parsed[1] };
}
