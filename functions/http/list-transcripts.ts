import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { listTranscriptsPage } from '../../lib/transcripts/list-transcripts';
import { listTranscripts as route } from '../../lib/routes/transcripts/list-transcripts';
import { ok } from '../../lib/http/http-result';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, query }) => ok(await listTranscriptsPage(db, workspaceId, query)),
});
