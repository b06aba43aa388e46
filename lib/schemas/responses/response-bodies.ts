import { accountListSchema, accountUsageSchema, accountViewSchema } from './account';
import { approvalViewSchema } from './approval';
import { connectLinkSchema, connectNotifyAckSchema } from './connect-link';
import { groupListSchema, groupViewSchema } from './group';
import { jobAcceptedSchema, jobListSchema, jobSummarySchema, jobViewSchema } from './job';
import { healthSchema, openApiDocumentSchema, unipileWebhookAckSchema } from './service';
import { transcriptListSchema, transcriptViewSchema } from './transcript';
import { insightsSchema } from './insights';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookTestAcceptedSchema,
  webhookViewSchema,
  webhookWithSecretSchema,
} from './webhook';
import { workspaceViewSchema } from './workspace';

/**
 * Every JSON body the API answers with, by its component name in the OpenAPI document. A route
 * names its answers' bodies (lib/http/route.ts), so that its handler's bundle holds none of these
 * schemas: the document (lib/openapi) and the tests that check real answers read them from here.
 */
export const responseBodies = {
  JobAccepted: jobAcceptedSchema,
  Job: jobViewSchema,
  JobSummary: jobSummarySchema,
  JobList: jobListSchema,
  Account: accountViewSchema,
  AccountList: accountListSchema,
  AccountUsage: accountUsageSchema,
  Workspace: workspaceViewSchema,
  Group: groupViewSchema,
  GroupList: groupListSchema,
  Approval: approvalViewSchema,
  Transcript: transcriptViewSchema,
  Insights: insightsSchema,
  TranscriptList: transcriptListSchema,
  Webhook: webhookViewSchema,
  WebhookWithSecret: webhookWithSecretSchema,
  WebhookList: webhookListSchema,
  WebhookTestAccepted: webhookTestAcceptedSchema,
  WebhookDelivery: webhookDeliverySchema,
  WebhookDeliveryList: webhookDeliveryListSchema,
  Health: healthSchema,
  UnipileWebhookAck: unipileWebhookAckSchema,
  OpenApiDocument: openApiDocumentSchema,
  ConnectLink: connectLinkSchema,
  ConnectNotifyAck: connectNotifyAckSchema,
} as const;

/** The name of a JSON body the API answers with. */
export type ResponseBodyName = keyof typeof responseBodies;
