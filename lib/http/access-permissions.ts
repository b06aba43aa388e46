import type { Permissions } from '../function-deployment';
import type { Route } from './route';

/**
 * What the api key's access layer calls on the table for a route, which its function's role must
 * allow besides its use case's (deploy/functions.ts adds them): the key's lookup and the request
 * counter, and on a POST the `Idempotency-Key`'s record (claimed, read, completed, released).
 */
export function accessLayerPermissions(route: Pick<Route, 'auth' | 'method'>): Permissions {
  if (route.auth !== 'api-key') return {};
  return { table: route.method === 'POST' ? ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] : ['GetItem', 'UpdateItem'] };
}
