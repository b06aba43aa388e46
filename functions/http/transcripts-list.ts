import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { listTranscriptsPage } from '../../lib/transcripts/list-transcripts';
import { routeTable } from '../../lib/http/routes';
import { ok } from '../../lib/http/response';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.listTranscripts,
  handle: async ({ workspaceId, query }) => ok(await listTranscriptsPage(db, workspaceId, query)),
});
