import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { epochSeconds, keys } from './keys';
import { entityReader } from './stored-entity';
import { queryIndex } from './query-all';
import type { TransactItem } from './transact';

/**
 * An invitation a connection request sent (or found pending), watched for its acceptance by the
 * connection watch until `watchUntil`: the provider's `new_relation` webhook may come hours late or
 * not at all (and the sandbox sends none), so an acceptance is also looked for in the account's
 * relations. A DM's invitation needs none: the waiting action is watched itself.
 */
export interface InvitationWatch {
  workspaceId: string;
  accountId: string;
  providerAccountId: string;
  /** The person invited, as the provider names them; with the workspace and account, the key of their lead. */
  providerId: string;
  publicIdentifier: string;
  /** When the invitation was sent or found pending: its acceptance can only come after. */
  pendingSince: string;
  watchUntil: string;
  expiresAt: number;
}

export type InvitationWatchKey = Pick<InvitationWatch, 'workspaceId' | 'accountId' | 'providerId'>;

const key = (watch: InvitationWatchKey) => keys.invitationWatch(watch.workspaceId, watch.accountId, watch.providerId);

/** Starts (or restarts) watching an invitation, as an item of the transaction that records its lead. */
export function watchInvitationItem(db: Db, watch: Omit<InvitationWatch, 'expiresAt'>): TransactItem {
  return {
    Put: {
      TableName: db.table,
      Item: {
        ...key(watch),
        ...keys.pendingInvitationIndex(watch.watchUntil, watch.workspaceId, watch.accountId, watch.providerId),
        ...watch,
        // Kept a day past its end, for a watch run that is late; the watch removes it itself.
        expiresAt: epochSeconds(new Date(watch.watchUntil)) + 86400,
      },
    },
  };
}

/** Stops watching an invitation (accepted, or past its time); nothing when it is not watched. */
export function unwatchInvitationItem(db: Db, watch: InvitationWatchKey): TransactItem {
  return { Delete: { TableName: db.table, Key: key(watch) } };
}

/** Stops watching an invitation, outside a transaction. */
export async function unwatchInvitation(db: Db, watch: InvitationWatchKey): Promise<void> {
  await db.client.send(new DeleteCommand({ TableName: db.table, Key: key(watch) }));
}

/** Every invitation watched, in every workspace, soonest to end first. */
export async function listWatchedInvitations(db: Db): Promise<InvitationWatch[]> {
  return (await queryIndex(db, keys.pendingInvitationIndex('', '', '', '').gsi1pk)).map(toInvitationWatch);
}

/** A watch from its item (stored-entity.ts). */
const toInvitationWatch = entityReader<InvitationWatch>()([
  'workspaceId',
  'accountId',
  'providerAccountId',
  'providerId',
  'publicIdentifier',
  'pendingSince',
  'watchUntil',
  'expiresAt',
]);
