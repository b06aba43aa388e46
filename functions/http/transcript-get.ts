import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { getTranscriptView } from '../../lib/transcripts/transcript-view';
import { routeTable } from '../../lib/http/routes';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.getTranscript,
  handle: async ({ workspaceId, pathParameters }) => ({ status: 200, body: await getTranscriptView(db, workspaceId, pathParameters.call_id ?? '') }),
});
