import { approvalErrorPage, showApprovalPage } from '../../lib/approvals/page-requests';
import { publicEndpoint } from '../../lib/http/pipeline';
import { defaultApprovalDeps } from '../../lib/outreach/default-deps';

const deps = defaultApprovalDeps();

export const handler = publicEndpoint({
  route: 'GET /approve/{token}',
  renderError: approvalErrorPage,
  handle: ({ pathParameters, now }) => showApprovalPage(deps, pathParameters.token ?? '', now),
});
