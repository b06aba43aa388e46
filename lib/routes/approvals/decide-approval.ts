import { decisionSchema } from '../../schemas/approval-decision';
import { defineRoute, jsonBody } from '../../http/route';
import { approvalId, notFound } from './parts';

export const decideApproval = defineRoute({
  name: 'decideApproval',
  method: 'POST',
  path: '/api/v1/approvals/{approvalId}',
  auth: 'api-key',
  tag: 'Approvals',
  summary: 'Approve (possibly editing the text) or reject',
  description: 'Approved: the action runs with the decided text. Rejected: it ends `rejected`. One decision only, by link or API.',
  pathParameters: approvalId,
  body: jsonBody(decisionSchema),
  responses: {
    200: { description: 'Decided: the approval as it now is.', json: 'Approval' },
    400: { description: 'An edited `text` breaks the limits of the request it came from.', problems: ['validation-failed'] },
    404: notFound,
    409: {
      description: 'Already decided (or expired): a decision cannot be made twice or changed.',
      problems: ['approval-already-decided', 'approval-expired'],
    },
  },
  deployment: {
    permissions: { table: ['Query'], sendsTo: ['actions', 'webhooks'] },
    bundle: { bytes: 877568, zipBytes: 261120 },
  },
});
