import { AdminError } from '../lib/errors';

/** A required argument of an admin command, or an AdminError naming it. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === '') throw new AdminError(`missing ${what}`);
  return value;
}

/** What an admin command prints: JSON, readable. */
export function print(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}
