import { defineRoute } from '../../http/route';
import { approvalId, notFound } from './parts';

export const getApproval = defineRoute({
  name: 'getApproval',
  method: 'GET',
  path: '/api/v1/approvals/{approvalId}',
  auth: 'api-key',
  tag: 'Approvals',
  summary: 'An approval: who will send what, where, until when',
  description: "Another workspace's approval is a 404.",
  pathParameters: approvalId,
  responses: { 200: { description: 'The approval.', json: 'Approval' }, 404: notFound },
  deployment: {
    permissions: {},
    bundle: { bytes: 861184, zipBytes: 256000 },
  },
});
