import { deleteGroupNamed } from '../../lib/groups/manage-groups';
import { httpEndpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/response';
import { routeTable } from '../../lib/http/routes';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.deleteGroup,
  handle: async ({ workspaceId, pathParameters }) => {
    await deleteGroupNamed(db, workspaceId, pathParameters.name);
    return noContent();
  },
});
