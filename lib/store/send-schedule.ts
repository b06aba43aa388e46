import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ActionKind } from '../schemas/action-kind';
import { actionKinds } from '../schemas/action-kind';
import type { Db } from './client';
import type { TransactItem } from './transact';
import { writeIfConditionHolds, writtenIfConditionHolds } from './condition-failed';
import { epochSeconds, keys } from './keys';
import type { PauseReason } from '../errors';
import { entityReader, isStoredItem } from './stored-entity';

/**
 * An account's send schedule: one item holding `lastAt`, the time (epoch ms) of the last slot it
 * handed out, and the pauses the network's signals put on the account (`pause_<scope>`). Every
 * network touch of the account takes the next free slot, at least a gap after the one before,
 * whichever job, worker or retry asks: that is what keeps an account from bursting.
 */

/**
 * Kept 30 days past the last slot asked for: each waiting action holds at most one slot ahead, so
 * the schedule never reaches that far; an account idle longer starts afresh, as it would anyway.
 */
const TTL_MS = 30 * 86_400_000;

export interface ScheduleOwner {
  workspaceId: string;
  accountId: string;
}

const key = (owner: ScheduleOwner) => keys.sendSchedule(owner.workspaceId, owner.accountId);

/**
 * Takes the account's next free slot, no earlier than `earliest` and at least `gapMs` after the
 * slot handed out before it, and returns its time. Atomic without a read: one conditional write
 * when the schedule is free by `earliest` (the slot is `earliest`), else one that adds the gap to
 * the last slot (the slot is that sum); concurrent callers each get a slot of their own.
 */
export async function reserveSlot(db: Db, owner: ScheduleOwner, earliest: Date, gapMs: number): Promise<Date> {
  const at = earliest.getTime();
  // The latest a previous slot may be for `earliest` itself to be free.
  const values = { ':latestPrevious': at - gapMs, ':expiresAt': epochSeconds(new Date(at + TTL_MS)) };
  const update = (input: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> }) =>
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key(owner),
        ReturnValues: 'UPDATED_NEW',
        ...input,
        ExpressionAttributeValues: { ...values, ...input.ExpressionAttributeValues },
      }),
    );
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const free = await writeIfConditionHolds(
      update({
        UpdateExpression: 'SET lastAt = :at, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(lastAt) OR lastAt <= :latestPrevious',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    if (free) return new Date(at);
    // Taken past `latestPrevious` (it only grows): the slot is the gap after the last one. Refused
    // only when the item expired between the two writes, and then the first one takes it.
    const taken = await writtenIfConditionHolds(
      update({
        UpdateExpression: 'SET lastAt = lastAt + :gap, expiresAt = :expiresAt',
        ConditionExpression: 'lastAt > :latestPrevious',
        ExpressionAttributeValues: { ':gap': gapMs },
      }),
    );
    if (taken) return new Date(Number(taken.lastAt));
  }
  throw new Error(`could not reserve a send slot for account ${owner.accountId}`);
}

/**
 * Moves the schedule's last slot from `reserved` to `actual` when that reservation is still the last
 * one (its holder runs later than planned): the next slot is then a gap after when it really ran.
 * False when another slot was handed out after it: the late holder must take a new one.
 */
export function moveLastSlot(db: Db, owner: ScheduleOwner, reserved: Date, actual: Date): Promise<boolean> {
  return writeIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key(owner),
        UpdateExpression: 'SET lastAt = :actual',
        ConditionExpression: 'lastAt = :reserved',
        ExpressionAttributeValues: { ':actual': actual.getTime(), ':reserved': reserved.getTime() },
      }),
    ),
  );
}

/** A pause of an account's touches (all of them, or one kind's) until `until`, set by a signal of the network. */
export interface AccountPause {
  until: string;
  reason: PauseReason;
  since: string;
  /** The network's own words for it (the provider's reason slug and message). */
  signal: { reason: string; message: string };
}

/** `all`, or the kind a pause stops. */
export type PauseScope = 'all' | ActionKind;

const pauseScopes: readonly PauseScope[] = ['all', ...actionKinds];

/** A pause from its attribute of the schedule item (stored-entity.ts). */
const toPause = entityReader<AccountPause>()(['until', 'reason', 'since', 'signal']);

/** The attribute of the schedule item that holds a scope's pause. */
const pauseAttribute = (scope: PauseScope) => `pause_${scope}`;

/**
 * The transaction item that pauses an account's touches of `scope` until `pause.until`; its condition
 * refuses it when the account is paused there until as late already, so that the event written
 * beside it (`account.throttled`) tells only of a new pause or a later end.
 */
export function pauseAccountItem(db: Db, owner: ScheduleOwner, scope: PauseScope, pause: AccountPause): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: key(owner),
      UpdateExpression: 'SET #pause = :pause, expiresAt = if_not_exists(expiresAt, :expiresAt)',
      ConditionExpression: 'attribute_not_exists(#pause) OR #pause.#until < :until',
      ExpressionAttributeNames: { '#pause': pauseAttribute(scope), '#until': 'until' },
      ExpressionAttributeValues: {
        ':pause': pause,
        ':until': pause.until,
        ':expiresAt': epochSeconds(new Date(Date.parse(pause.until) + TTL_MS)),
      },
    },
  };
}

/** The account's pauses that are not over at `now`, by scope (`all`, or a kind). */
export async function activePauses(db: Db, owner: ScheduleOwner, now: Date): Promise<Partial<Record<PauseScope, AccountPause>>> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: key(owner), ConsistentRead: true }));
  return pausesOf(Item, now);
}

/** The pauses of a schedule item that are not over at `now`, by scope. */
function pausesOf(item: Record<string, unknown> | undefined, now: Date): Partial<Record<PauseScope, AccountPause>> {
  const pauses: Partial<Record<PauseScope, AccountPause>> = {};
  for (const scope of pauseScopes) {
    const value = item?.[pauseAttribute(scope)];
    if (!isStoredItem(value)) continue;
    const pause = toPause(value);
    if (Date.parse(pause.until) > now.getTime()) pauses[scope] = pause;
  }
  return pauses;
}

/** What an account's send schedule holds: the last slot handed out (none yet, or forgotten), and its pauses not over at `now`. */
export interface SendScheduleState {
  lastSlotAt?: Date;
  pauses: Partial<Record<PauseScope, AccountPause>>;
}

/** Reads an account's send schedule as it stands at `now` (for a report: a slot is only ever taken by `reserveSlot`). */
export async function readSendSchedule(db: Db, owner: ScheduleOwner, now: Date): Promise<SendScheduleState> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: key(owner) }));
  return { ...(Item?.lastAt !== undefined ? { lastSlotAt: new Date(Number(Item.lastAt)) } : {}), pauses: pausesOf(Item, now) };
}
