import { putGroup } from '../../lib/groups/manage-groups';
import { httpEndpoint } from '../../lib/http/endpoint';
import { created, ok } from '../../lib/http/response';
import { routeTable } from '../../lib/http/routes';
import { groupPutSchema } from '../../lib/schemas/group';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.putGroup,
  body: groupPutSchema,
  handle: async ({ workspaceId, pathParameters, body, now }) => {
    const { group, created: isNew } = await putGroup(db, workspaceId, pathParameters.name, body, now);
    return isNew ? created(group.links.self, group) : ok(group);
  },
});
