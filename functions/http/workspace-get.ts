import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/response';
import { routeTable } from '../../lib/http/routes';
import { defaultDb } from '../../lib/store/client';
import { showWorkspace } from '../../lib/workspaces/workspace-settings';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.getWorkspace,
  handle: async ({ workspaceId }) => ok(await showWorkspace(db, workspaceId)),
});
