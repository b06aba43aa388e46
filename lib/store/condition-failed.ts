import { cancellationCodes } from './transact';

/**
 * True when a write was refused by its condition: alone, or inside a transaction cancelled because
 * one of its conditions failed. A transaction cancelled for a conflict is not a refusal.
 */
export function isConditionFailed(error: unknown): boolean {
  if ((error as { name?: string } | undefined)?.name === 'ConditionalCheckFailedException') return true;
  return cancellationCodes(error)?.includes('ConditionalCheckFailed') ?? false;
}
