import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, pageLimitSchema } from '../http/page-limit';
import { validateQuery } from '../http/validate';
import { CALL_ID_PATTERN } from '../schemas/transcript';
import type { Db } from '../store/client';
import type { TranscriptCursor } from '../store/transcripts';
import { listTranscripts } from '../store/transcripts';
import { transcriptSummaryView } from './transcript-view';


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
    if (typeof callId !== 'string' || callId.length > 128 || !CALL_ID_PATTERN.test(callId)) return undefined;
    return { callStartTime, callId };
  } catch {
    return undefined;
  }
}

const listQuerySchema = z.object({
  limit: pageLimitSchema,
  cursor: z
    .string()
    .max(400, 'is not a cursor this API gave')
    .transform((value, ctx) => decodeCursor(value) ?? (ctx.addIssue({ code: 'custom', message: 'is not a cursor this API gave (use links.next of the previous page)' }), z.NEVER))
    .optional(),
});

/**
 * A page of the workspace's transcripts, newest call first (by `call_start_time`), with the
 * link to the next page while there is one.
 */
export async function listTranscriptsPage(db: Db, workspaceId: string, query: Record<string, string | undefined>) {
  const { limit = DEFAULT_PAGE_SIZE, cursor } = validateQuery(listQuerySchema, query);
  const page = await listTranscripts(db, workspaceId, limit, cursor);
  const next = page.next ? encodeCursor(page.next) : undefined;
  return {
    items: page.items.map(transcriptSummaryView),
    ...(next ? { nextCursor: next, links: { next: `/api/v1/transcripts?limit=${limit}&cursor=${next}` } } : { links: {} }),
  };
}
