import { approvalView, requireApproval } from '../../lib/approvals/approval-view';
import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultApprovalDeps } from '../../lib/outreach/default-deps';

const deps = defaultApprovalDeps();

export const handler = httpEndpoint({
  route: 'GET /api/v1/approvals/{approvalId}',
  handle: async ({ workspaceId, pathParameters }) => ({
    status: 200,
    body: approvalView(await requireApproval(deps.db, workspaceId, pathParameters.approvalId ?? ''), deps.publicBaseUrl),
  }),
});
