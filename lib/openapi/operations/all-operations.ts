import type { OperationSpec } from './operation';
import { accountOperations } from './accounts';
import { approvalOperations } from './approvals';
import { connectOperations } from './connect';
import { groupOperations } from './groups';
import { jobOperations } from './jobs';
import { outreachOperations } from './outreach';
import { serviceOperations } from './service';
import { transcriptOperations } from './transcripts';
import { webhookOperations } from './webhooks';
import { workspaceOperations } from './workspace';

/** Every route of lib/http/routes.ts, documented once (a unit test keeps the two in step), in the order the reference shows them. */
export const operations: readonly OperationSpec[] = [
  ...outreachOperations,
  ...jobOperations,
  ...accountOperations,
  ...connectOperations,
  ...workspaceOperations,
  ...groupOperations,
  ...approvalOperations,
  ...transcriptOperations,
  ...webhookOperations,
  ...serviceOperations,
];

/** The operation of `METHOD /path` (as a handler's `route` names it). */
export function operationOf(route: string): OperationSpec | undefined {
  return operations.find((operation) => `${operation.method} ${operation.path}` === route);
}
