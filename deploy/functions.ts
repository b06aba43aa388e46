import type { FunctionDeployment, Permissions } from '../lib/function-deployment';
import { accessLayerPermissions } from '../lib/http/access-permissions';
import type { Route } from '../lib/http/route';
import { allRoutes } from '../lib/routes/all-routes';
import type { CatchAll, Timer, Worker } from './background-functions';
import { catchAll, timers, workers } from './background-functions';

/**
 * Every function of the service, each from its one definition: a route's (lib/routes) or a
 * background function's (./background-functions.ts). The deployment is made from this list
 * (./serverless-entries.ts), and so is every table the tests and benches go through.
 */

export interface RouteFunction {
  readonly kind: 'route';
  readonly name: string;
  readonly entry: string;
  readonly route: Route;
  readonly deployment: FunctionDeployment;
}

export type ServiceFunction = RouteFunction | Worker | Timer | CatchAll;

/** `getJob` → `get-job`: a name as its files are named. */
export function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** A route's handler file: functions/http/ and its name in kebab case. */
export function routeEntry(route: Pick<Route, 'name'>): string {
  return `functions/http/${kebabCase(route.name)}.ts`;
}

function routeFunction(route: Route): RouteFunction {
  return { kind: 'route', name: route.name, entry: routeEntry(route), route, deployment: route.deployment };
}

export const routeFunctions: readonly RouteFunction[] = allRoutes.map(routeFunction);

export const allFunctions: readonly ServiceFunction[] = [...routeFunctions, ...workers, ...timers, catchAll];

/** One function by name; throws for a name no definition has. */
export function functionNamed(name: string): ServiceFunction {
  const found = allFunctions.find((fn) => fn.name === name);
  if (!found) throw new Error(`no function named ${name}`);
  return found;
}

function union<T>(...lists: (readonly T[] | undefined)[]): T[] | undefined {
  const all = [...new Set(lists.flatMap((list) => list ?? []))];
  return all.length ? all : undefined;
}

/** Every call a function makes: its own definition's, and for a route those of the request pipeline's access layer. */
export function permissionsOf(fn: ServiceFunction): Permissions {
  const own = fn.deployment.permissions;
  if (fn.kind !== 'route') return own;
  const access = accessLayerPermissions(fn.route);
  return { ...own, table: union(access.table, own.table) };
}
