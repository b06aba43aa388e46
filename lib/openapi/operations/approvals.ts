import { DEFAULT_MAX_BODY_BYTES } from '../../http/read-body';
import { routeTable } from '../../http/routes';
import { approvalFormSchema, decisionSchema } from '../../schemas/approval-decision';
import { approvalViewSchema } from '../../schemas/responses/approval';
import type { OperationSpec } from './operation';
import { jsonBody } from './operation';

const approvalId = {
  approvalId: {
    description: 'The approval (`apr_` and a ULID), as the job or the `approval.requested` event gave it.',
    example: 'apr_01KA7W9Q3T5W0R6Y5XG8N2M4C1',
  },
};
const token = {
  token: { description: 'The secret of the single-use link: 32 random base62 characters.', example: 'Xq3Zt0a9LmP2vB7cD4eF6gH8iJ1kN5oR' },
};
const notFound = { description: 'No such approval in this workspace.', problems: ['not-found'] } as const;
const pageNotFound = {
  description: 'The link is not valid (unknown or malformed token): a page that reveals nothing.',
  html: true,
} as const;

export const approvalOperations: OperationSpec[] = [
  {
    ...routeTable.getApproval,
    tag: 'Approvals',
    summary: 'An approval: who will send what, where, until when',
    description: "Another workspace's approval is a 404.",
    pathParameters: approvalId,
    responses: { 200: { description: 'The approval.', json: approvalViewSchema }, 404: notFound },
  },
  {
    ...routeTable.decideApproval,
    tag: 'Approvals',
    summary: 'Approve (possibly editing the text) or reject',
    description: 'Approved: the action runs with the decided text. Rejected: it ends `rejected`. One decision only, by link or API.',
    pathParameters: approvalId,
    body: jsonBody(decisionSchema),
    responses: {
      200: { description: 'Decided: the approval as it now is.', json: approvalViewSchema },
      400: { description: 'An edited `text` breaks the limits of the request it came from.', problems: ['validation-failed'] },
      404: notFound,
      409: {
        description: 'Already decided (or expired): a decision cannot be made twice or changed.',
        problems: ['approval-already-decided', 'approval-expired'],
      },
    },
  },
  {
    ...routeTable.showApprovalPage,
    tag: 'Approval page',
    summary: 'The approval page, for a person',
    description:
      'Server-rendered HTML that works without JavaScript: what will be sent, where, by whom and until when, with a form to edit, approve or reject. Strict Content-Security-Policy, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`. No api key: the link is the secret.',
    page: true,
    pathParameters: token,
    responses: {
      200: { description: 'The page (read-only once decided).', html: true, headers: ['Content-Security-Policy'] },
      404: pageNotFound,
    },
  },
  {
    ...routeTable.decideOnApprovalPage,
    tag: 'Approval page',
    summary: "The approval page's form: approve or reject",
    description: 'Fields `decision` (`approve` or `reject`) and `text` (the text as edited). Answers with the page, showing the outcome.',
    page: true,
    pathParameters: token,
    body: {
      schema: decisionSchema,
      readAs: approvalFormSchema,
      mediaType: 'application/x-www-form-urlencoded',
      maxBytes: DEFAULT_MAX_BODY_BYTES,
    },
    responses: {
      200: { description: 'Decided: the page says so.', html: true, headers: ['Content-Security-Policy'] },
      400: { description: 'A refused edit: the form again, with the error and the text as typed.', html: true },
      404: pageNotFound,
      409: { description: 'Already decided or expired: the approval as it was decided, saying so.', html: true },
    },
  },
];
