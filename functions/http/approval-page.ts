import { approvalErrorPage, showApprovalPage } from '../../lib/approvals/page-requests';
import { publicEndpoint } from '../../lib/http/pipeline';
import { defaultApprovalDeps } from '../../lib/outreach/default-deps';
import { routeTable } from '../../lib/http/routes';

const deps = defaultApprovalDeps();

export const handler = publicEndpoint({
  route: routeTable.showApprovalPage,
  renderError: approvalErrorPage,
  handle: ({ pathParameters, now }) => showApprovalPage(deps, pathParameters.token ?? '', now),
});
