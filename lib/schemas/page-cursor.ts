import * as z from '../zod';

/** A page's cursor is opaque to callers: base64url of the parts that say where the previous page ended. */
export function encodeCursorParts(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The parts of a cursor this API gave, when `value` is one with `count` of them, all strings; else undefined. */
function decodeCursorParts(value: string, count: number): string[] | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(decoded) || decoded.length !== count || !decoded.every((part) => typeof part === 'string')) return undefined;
    return decoded as string[];
  } catch {
    return undefined;
  }
}

/**
 * The `cursor` query parameter of a list: a cursor of `count` parts this API gave, read back by
 * `read` (which checks each part, undefined when one cannot be), else refused naming the parameter.
 */
export function cursorParamSchema<T>(count: number, read: (parts: string[]) => T | undefined) {
  return z.optional(
    z.pipe(
      z.string().check(z.maxLength(400, 'is not a cursor this API gave')),
      z.transform((value: string, ctx) => {
        const parts = decodeCursorParts(value, count);
        return (parts && read(parts)) ?? z.refuse(ctx, 'is not a cursor this API gave (use links.next of the previous page)');
      }),
    ),
  );
}
