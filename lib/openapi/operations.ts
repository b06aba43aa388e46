import type { OperationSpec } from './operation';
import { approvalOperations } from './operations/approvals';
import { outreachOperations } from './operations/outreach';
import { serviceOperations } from './operations/service';
import { transcriptOperations } from './operations/transcripts';
import { webhookOperations } from './operations/webhooks';

/** Every route of lib/http/routes.ts, documented once (a unit test keeps the two in step), in the order the reference shows them. */
export const operations: readonly OperationSpec[] = [
  ...outreachOperations,
  ...approvalOperations,
  ...transcriptOperations,
  ...webhookOperations,
  ...serviceOperations,
];

/** The operation of `METHOD /path` (as a handler's `route` names it). */
export function operationOf(route: string): OperationSpec | undefined {
  return operations.find((operation) => `${operation.method} ${operation.path}` === route);
}
