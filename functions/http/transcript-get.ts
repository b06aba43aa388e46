import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { getTranscriptView } from '../../lib/transcripts/transcript-view';

const db = defaultDb();

export const handler = httpEndpoint({
  route: 'GET /api/v1/transcript/{call_id}',
  handle: async ({ workspaceId, pathParameters }) => ({ status: 200, body: await getTranscriptView(db, workspaceId, pathParameters.call_id ?? '') }),
});
