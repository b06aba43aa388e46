import { DEFAULT_PAGE_SIZE } from '../schemas/page-limit';
import { validateQuery } from '../schemas/validate';
import { encodeCursor, transcriptListQuerySchema } from '../schemas/transcript-list-query';
import type { Db } from '../store/client';
import { listTranscripts } from '../store/transcripts';
import { transcriptSummaryView } from './transcript-view';

/**
 * A page of the workspace's transcripts, newest call first (by `call_start_time`), with the
 * link to the next page while there is one.
 */
export async function listTranscriptsPage(db: Db, workspaceId: string, query: Record<string, string | undefined>) {
  const { limit = DEFAULT_PAGE_SIZE, cursor } = validateQuery(transcriptListQuerySchema, query);
  const page = await listTranscripts(db, workspaceId, limit, cursor);
  const next = page.next ? encodeCursor(page.next) : undefined;
  return {
    items: page.items.map(transcriptSummaryView),
    ...(next ? { nextCursor: next, links: { next: `/api/v1/transcripts?limit=${limit}&cursor=${next}` } } : { links: {} }),
  };
}
