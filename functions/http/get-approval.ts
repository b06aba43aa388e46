import { approvalView, requireApproval } from '../../lib/approvals/approval-view';
import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultApprovalDeps } from '../../lib/outreach/default-deps';
import { getApproval as route } from '../../lib/routes/approvals/get-approval';
import { ok } from '../../lib/http/http-result';

const deps = defaultApprovalDeps();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters }) =>
    ok(approvalView(await requireApproval(deps.db, workspaceId, pathParameters.approvalId), deps.publicBaseUrl)),
});
