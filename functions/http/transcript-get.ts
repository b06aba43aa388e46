import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { getTranscriptView } from '../../lib/transcripts/transcript-view';
import { routeTable } from '../../lib/http/routes';
import { ok } from '../../lib/http/response';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.getTranscript,
  handle: async ({ workspaceId, pathParameters }) => ok(await getTranscriptView(db, workspaceId, pathParameters.call_id ?? '')),
});
