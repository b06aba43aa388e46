import * as z from '../zod';
import { cursorParamSchema, encodeCursorParts } from './page-cursor';
import { pageLimitSchema } from './page-limit';
import { isCallId } from './transcript-limits';

/** Where a page of the list starts: the last transcript of the previous page. */
export interface TranscriptCursor {
  callStartTime: string;
  callId: string;
}

/** A cursor is opaque to callers: where the previous page ended. */
export function encodeCursor(cursor: TranscriptCursor): string {
  return encodeCursorParts([cursor.callStartTime, cursor.callId]);
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** GET /api/v1/transcripts's query string: a page size and the cursor of the previous page's `links.next`. */
export const transcriptListQuerySchema = z.object({
  limit: pageLimitSchema,
  cursor: cursorParamSchema(2, ([callStartTime = '', callId = '']) =>
    ISO_MS.test(callStartTime) && isCallId(callId) ? { callStartTime, callId } : undefined,
  ),
});
