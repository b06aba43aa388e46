import { putGroup } from '../../lib/groups/manage-groups';
import { httpEndpoint } from '../../lib/http/endpoint';
import { created, ok } from '../../lib/http/http-result';
import { putGroup as route } from '../../lib/routes/groups/put-group';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, body, now }) => {
    const { group, created: isNew } = await putGroup(db, workspaceId, pathParameters.name, body, now);
    return isNew ? created(group.links.self, group) : ok(group);
  },
});
