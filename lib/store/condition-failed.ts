/** True when a write was refused by its condition (alone, or inside a cancelled transaction). */
export function isConditionFailed(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}
