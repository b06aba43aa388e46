import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { listTranscriptsPage } from '../../lib/transcripts/list-transcripts';

const db = defaultDb();

export const handler = httpEndpoint({
  route: 'GET /api/v1/transcripts',
  handle: async ({ workspaceId, query }) => ({ status: 200, body: await listTranscriptsPage(db, workspaceId, query) }),
});
