import { approvalErrorPage, showApprovalPage } from '../../lib/approvals/page-requests';
import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultApprovalDeps } from '../../lib/outreach/default-deps';

const deps = defaultApprovalDeps();

export const handler = httpEndpoint({
  route: 'GET /approve/{token}',
  auth: 'none',
  renderError: approvalErrorPage,
  handle: ({ pathParameters, now }) => showApprovalPage(deps, pathParameters.token ?? '', now),
});
