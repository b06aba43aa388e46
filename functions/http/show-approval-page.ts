import { approvalErrorPage, showApprovalPage } from '../../lib/approvals/page-requests';
import { publicEndpoint } from '../../lib/http/pipeline';
import { defaultApprovalDeps } from '../../lib/outreach/default-deps';
import { showApprovalPage as route } from '../../lib/routes/approvals/show-approval-page';

const deps = defaultApprovalDeps();

export const handler = publicEndpoint({
  route,
  renderError: approvalErrorPage,
  handle: ({ pathParameters, now }) => showApprovalPage(deps, pathParameters.token, now),
});
