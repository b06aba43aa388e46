import { approvalView, requireApproval } from '../../lib/approvals/approval-view';
import { decide } from '../../lib/approvals/decide-approval';
import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultApprovalDeps } from '../../lib/outreach/default-deps';
import { decideApproval as route } from '../../lib/routes/approvals/decide-approval';
import { ok } from '../../lib/http/http-result';

const deps = defaultApprovalDeps();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, body, now }) => {
    const approval = await requireApproval(deps.db, workspaceId, pathParameters.approvalId);
    return ok(approvalView(await decide(deps, approval, body, 'api', now), deps.publicBaseUrl));
  },
});
