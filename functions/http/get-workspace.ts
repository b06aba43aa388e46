import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { getWorkspace as route } from '../../lib/routes/workspace/get-workspace';
import { defaultDb } from '../../lib/store/client';
import { showWorkspace } from '../../lib/workspaces/workspace-settings';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId }) => ok(await showWorkspace(db, workspaceId)),
});
