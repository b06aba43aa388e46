import { approvalView, requireApproval } from '../../lib/approvals/approval-view';
import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultApprovalDeps } from '../../lib/outreach/default-deps';
import { routeTable } from '../../lib/http/routes';
import { ok } from '../../lib/http/response';

const deps = defaultApprovalDeps();

export const handler = httpEndpoint({
  route: routeTable.getApproval,
  handle: async ({ workspaceId, pathParameters }) =>
    ok(approvalView(await requireApproval(deps.db, workspaceId, pathParameters.approvalId ?? ''), deps.publicBaseUrl)),
});
