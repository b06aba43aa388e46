import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { updateWorkspace as route } from '../../lib/routes/workspace/update-workspace';
import { defaultDb } from '../../lib/store/client';
import { updateWorkspace } from '../../lib/workspaces/workspace-settings';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, body }) => ok(await updateWorkspace(db, workspaceId, body)),
});
