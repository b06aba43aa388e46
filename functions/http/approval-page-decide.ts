import { approvalErrorPage, decideOnApprovalPage } from '../../lib/approvals/page-requests';
import { approvalFormSchema } from '../../lib/schemas/approval-decision';
import { publicEndpoint } from '../../lib/http/pipeline';
import { defaultApprovalDeps } from '../../lib/outreach/default-deps';
import { routeTable } from '../../lib/http/routes';

const deps = defaultApprovalDeps();

export const handler = publicEndpoint({
  route: routeTable.decideOnApprovalPage,
  bodyFormat: 'form',
  body: approvalFormSchema,
  renderError: approvalErrorPage,
  handle: ({ pathParameters, body, now }) => decideOnApprovalPage(deps, pathParameters.token ?? '', body, now),
});
