import type { Db } from './client';
import type { TransactItem } from './transact';
import { cancellationCodes, transactWrite } from './transact';
import { errorName } from './error-name';

/**
 * True when a write was refused by its condition: alone, or inside a transaction cancelled because
 * one of its conditions failed. A transaction cancelled for a conflict is not a refusal.
 */
export function isConditionFailed(error: unknown): boolean {
  if (errorName(error) === 'ConditionalCheckFailedException') return true;
  return cancellationCodes(error)?.includes('ConditionalCheckFailed') ?? false;
}

/** Runs a conditional write: true when it was made, false when its condition refused it. */
export async function writeIfConditionHolds(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Runs a conditional write that returns the item (`ReturnValues: 'ALL_NEW'`): the item as written,
 * or undefined when its condition refused it.
 */
export async function writtenIfConditionHolds(
  write: Promise<{ Attributes?: Record<string, unknown> }>,
): Promise<Record<string, unknown> | undefined> {
  try {
    return (await write).Attributes;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** Runs transaction items; false when one of their conditions failed (someone else got there first). */
export function transactIfCurrent(db: Db, items: TransactItem[]): Promise<boolean> {
  return writeIfConditionHolds(transactWrite(db, items));
}
