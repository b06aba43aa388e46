import { approvalErrorPage, decideOnApprovalPage } from '../../lib/approvals/page-requests';
import { publicEndpoint } from '../../lib/http/pipeline';
import { defaultApprovalDeps } from '../../lib/outreach/default-deps';
import { decideOnApprovalPage as route } from '../../lib/routes/approvals/decide-on-approval-page';

const deps = defaultApprovalDeps();

export const handler = publicEndpoint({
  route,
  renderError: approvalErrorPage,
  handle: ({ pathParameters, body, now }) => decideOnApprovalPage(deps, pathParameters.token, body, now),
});
