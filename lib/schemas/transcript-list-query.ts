import * as z from '../zod';
import { pageLimitSchema } from './page-limit';
import { isCallId } from './transcript-limits';

/** Where a page of the list starts: the last transcript of the previous page. */
export interface TranscriptCursor {
  callStartTime: string;
  callId: string;
}

/** A cursor is opaque to callers: base64url of where the previous page ended. */
export function encodeCursor(cursor: TranscriptCursor): string {
  return Buffer.from(JSON.stringify([cursor.callStartTime, cursor.callId])).toString('base64url');
}

function decodeCursor(value: string): TranscriptCursor | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(decoded) || decoded.length !== 2) return undefined;
    const [callStartTime, callId] = decoded as unknown[];
    if (typeof callStartTime !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(callStartTime)) return undefined;
    if (typeof callId !== 'string' || !isCallId(callId)) return undefined;
    return { callStartTime, callId };
  } catch {
    return undefined;
  }
}

/** GET /api/v1/transcripts's query string: a page size and the cursor of the previous page's `links.next`. */
export const transcriptListQuerySchema = z.object({
  limit: pageLimitSchema,
  cursor: z.optional(
    z.pipe(
      z.string().check(z.maxLength(400, 'is not a cursor this API gave')),
      z.transform(
        (value: string, ctx) => decodeCursor(value) ?? z.refuse(ctx, 'is not a cursor this API gave (use links.next of the previous page)'),
      ),
    ),
  ),
});
