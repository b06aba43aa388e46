import { approvalErrorPage, decideOnApprovalPage } from '../../lib/approvals/page-requests';
import { approvalFormSchema } from '../../lib/schemas/approval-decision';
import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultApprovalDeps } from '../../lib/outreach/default-deps';

const deps = defaultApprovalDeps();

export const handler = httpEndpoint({
  route: 'POST /approve/{token}',
  auth: 'none',
  bodyFormat: 'form',
  body: approvalFormSchema,
  renderError: approvalErrorPage,
  handle: ({ pathParameters, body, now }) => decideOnApprovalPage(deps, pathParameters.token ?? '', body, now),
});
