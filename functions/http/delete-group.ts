import { deleteGroupNamed } from '../../lib/groups/manage-groups';
import { httpEndpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/http-result';
import { deleteGroup as route } from '../../lib/routes/groups/delete-group';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters }) => {
    await deleteGroupNamed(db, workspaceId, pathParameters.name);
    return noContent();
  },
});
