/** The name of a thrown value (an SDK's exceptions are told apart by it), when it has one. */
export function errorName(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : undefined;
}
