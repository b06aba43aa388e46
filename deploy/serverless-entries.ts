import { routeKey } from '../lib/http/route';
import type { ServiceFunction } from './functions';
import { allFunctions, permissionsOf } from './functions';
import { queueLogicalId, rolesFor } from './roles';

/**
 * The `functions` of serverless.yml and the roles they run as, made from every function's
 * definition (./functions.ts), and the nested stack each goes in. serverless.yml pulls them in
 * (./definitions.cjs).
 */

type Event = Record<string, unknown>;

function eventsOf(fn: ServiceFunction): Event[] {
  switch (fn.kind) {
    case 'route':
      return [{ httpApi: routeKey(fn.route) }];
    case 'catch-all':
      return [{ httpApi: '*' }];
    case 'timer':
      return [{ schedule: `\${param:${fn.rateParam}}` }];
    case 'worker':
      return [
        {
          sqs: {
            arn: { 'Fn::GetAtt': [queueLogicalId(fn.queue), 'Arn'] },
            batchSize: fn.batchSize,
            functionResponseType: 'ReportBatchItemFailures',
            ...(fn.maximumConcurrency ? { maximumConcurrency: fn.maximumConcurrency } : {}),
          },
        },
      ];
  }
}

/**
 * The nested stack a function's resources go in (deploy/nested-stacks.cjs): a route's is its
 * section of the reference (its tag), the workers' and the timers' their own; the catch-all goes
 * with the service's routes.
 */
export function stackOf(fn: ServiceFunction): string {
  const words = fn.kind === 'route' ? fn.route.tag : { worker: 'Workers', timer: 'Timers', 'catch-all': 'Service' }[fn.kind];
  return words.replace(/(^|\s)(\w)/g, (_, _space: string, letter: string) => letter.toUpperCase());
}

export function serverlessEntries(functions: readonly ServiceFunction[] = allFunctions) {
  const roles = rolesFor(functions.map((fn) => ({ name: fn.name, permissions: permissionsOf(fn) })));
  const entries = Object.fromEntries(
    functions.map((fn) => [
      fn.name,
      {
        handler: fn.entry.replace(/\.ts$/, '.handler'),
        role: roles.roleOf[fn.name],
        ...(fn.deployment.memorySize ? { memorySize: fn.deployment.memorySize } : {}),
        ...(fn.deployment.timeout ? { timeout: fn.deployment.timeout } : {}),
        events: eventsOf(fn),
      },
    ]),
  );
  const stacks: Record<string, string[]> = {};
  for (const fn of functions) (stacks[stackOf(fn)] ??= []).push(fn.name);
  return { functions: entries, roles: { Resources: roles.resources }, stacks };
}
