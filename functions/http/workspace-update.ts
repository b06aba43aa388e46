import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/response';
import { routeTable } from '../../lib/http/routes';
import { workspacePatchSchema } from '../../lib/schemas/workspace-patch';
import { defaultDb } from '../../lib/store/client';
import { updateWorkspace } from '../../lib/workspaces/workspace-settings';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.updateWorkspace,
  body: workspacePatchSchema,
  handle: async ({ workspaceId, body }) => ok(await updateWorkspace(db, workspaceId, body)),
});
