/**
 * Every route of the API, in the order the reference shows them. A route is a file of its own (its
 * handler imports it alone); this list is what reads them all: the OpenAPI document, the deployment
 * (deploy/functions.ts) and the tests and benches that go through every route.
 */
import type { Route } from '../http/route';
import { like } from './social-selling/like';
import { requestComment } from './social-selling/request-comment';
import { connect } from './social-selling/connect';
import { dm } from './social-selling/dm';
import { post } from './social-selling/post';
import { getJob } from './jobs/get-job';
import { listJobs } from './jobs/list-jobs';
import { cancelJob } from './jobs/cancel-job';
import { listAccounts } from './accounts/list-accounts';
import { getAccount } from './accounts/get-account';
import { updateAccount } from './accounts/update-account';
import { deleteAccount } from './accounts/delete-account';
import { getAccountUsage } from './accounts/get-account-usage';
import { createConnectLink } from './onboarding/create-connect-link';
import { showConnectPage } from './onboarding/show-connect-page';
import { connectOnPage } from './onboarding/connect-on-page';
import { receiveConnectNotification } from './onboarding/receive-connect-notification';
import { getWorkspace } from './workspace/get-workspace';
import { updateWorkspace } from './workspace/update-workspace';
import { listGroups } from './groups/list-groups';
import { getGroup } from './groups/get-group';
import { putGroup } from './groups/put-group';
import { deleteGroup } from './groups/delete-group';
import { addGroupAccounts } from './groups/add-group-accounts';
import { removeGroupAccount } from './groups/remove-group-account';
import { getApproval } from './approvals/get-approval';
import { decideApproval } from './approvals/decide-approval';
import { showApprovalPage } from './approvals/show-approval-page';
import { decideOnApprovalPage } from './approvals/decide-on-approval-page';
import { addTranscript } from './transcripts/add-transcript';
import { getTranscript } from './transcripts/get-transcript';
import { getTranscriptReport } from './transcripts/get-transcript-report';
import { showTranscriptReport } from './transcripts/show-transcript-report';
import { listTranscripts } from './transcripts/list-transcripts';
import { getInsights } from './transcripts/get-insights';
import { showInsightsPage } from './transcripts/show-insights-page';
import { createWebhook } from './webhooks/create-webhook';
import { listWebhooks } from './webhooks/list-webhooks';
import { getWebhook } from './webhooks/get-webhook';
import { updateWebhook } from './webhooks/update-webhook';
import { deleteWebhook } from './webhooks/delete-webhook';
import { rotateWebhookSecret } from './webhooks/rotate-webhook-secret';
import { testWebhook } from './webhooks/test-webhook';
import { listWebhookDeliveries } from './webhooks/list-webhook-deliveries';
import { resendWebhookDelivery } from './webhooks/resend-webhook-delivery';
import { receiveUnipileWebhook } from './service/receive-unipile-webhook';
import { health } from './service/health';
import { openApiDocument } from './service/open-api-document';
import { docsPage } from './service/docs-page';

const definitions = [
  like,
  requestComment,
  connect,
  dm,
  post,
  getJob,
  listJobs,
  cancelJob,
  listAccounts,
  getAccount,
  updateAccount,
  deleteAccount,
  getAccountUsage,
  createConnectLink,
  showConnectPage,
  connectOnPage,
  receiveConnectNotification,
  getWorkspace,
  updateWorkspace,
  listGroups,
  getGroup,
  putGroup,
  deleteGroup,
  addGroupAccounts,
  removeGroupAccount,
  getApproval,
  decideApproval,
  showApprovalPage,
  decideOnApprovalPage,
  addTranscript,
  getTranscript,
  getTranscriptReport,
  showTranscriptReport,
  listTranscripts,
  getInsights,
  showInsightsPage,
  createWebhook,
  listWebhooks,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  testWebhook,
  listWebhookDeliveries,
  resendWebhookDelivery,
  receiveUnipileWebhook,
  health,
  openApiDocument,
  docsPage,
] as const;

export const allRoutes: readonly Route[] = definitions;

/** Any one of the routes, exactly as defined. */
export type DefinedRoute = (typeof definitions)[number];
