import { defineRoute } from '../../http/route';
import { DEFAULT_MAX_BODY_BYTES } from '../../http/read-body';
import { approvalFormSchema, decisionSchema } from '../../schemas/approval-decision';
import { pageNotFound, token } from './parts';

export const decideOnApprovalPage = defineRoute({
  name: 'decideOnApprovalPage',
  method: 'POST',
  path: '/approve/{token}',
  auth: 'none',
  secretPath: true,
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
  deployment: {
    permissions: { table: ['GetItem', 'PutItem', 'UpdateItem', 'Query'], sendsTo: ['actions', 'webhooks'] },
    bundle: { bytes: 876544, zipBytes: 261120 },
  },
});
