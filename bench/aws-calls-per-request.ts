/**
 * The AWS calls each HTTP endpoint makes per request on a warm container (its api key verified
 * within AUTH_CACHE_SECONDS, so authentication makes none), in the order made. The one table:
 * tests/integration/http/aws-calls-per-request.test.ts enforces it against the emulators, and
 * `npm run bench` prints and checks it. Counted for a workspace without webhook endpoints (with
 * some subscribed, each event emitted adds an SQS SendMessageBatch announcing its deliveries) and
 * a request without an Idempotency-Key (with one, DynamoDB Put + Update around it).
 */
import type { RecordedCommand } from './aws-tape';

export const expectedAwsCalls: Record<string, string> = {
  'GET /health': '',
  '$default (unknown route)': '',
  'GET /api/v1/openapi.json': '',
  'GET /docs': '',
  // Every api-key request starts with the workspace's rate-limit counter (DynamoDB Update); an
  // outreach request reads its accounts' backlogs (the last BatchGet) before it records its job.
  'POST /api/v1/social-selling/like':
    'DynamoDB Update, DynamoDB BatchGet, DynamoDB BatchGet, DynamoDB BatchGet, DynamoDB Put, SQS SendMessage',
  'POST /api/v1/social-selling/request-comment':
    'DynamoDB Update, DynamoDB BatchGet, DynamoDB BatchGet, DynamoDB BatchGet, DynamoDB Put, SQS SendMessage',
  'POST /api/v1/social-selling/connect': 'DynamoDB Update, DynamoDB Query, DynamoDB BatchGet, DynamoDB Put, SQS SendMessage',
  'POST /api/v1/social-selling/dm': 'DynamoDB Update, DynamoDB Query, DynamoDB BatchGet, DynamoDB Put, SQS SendMessage',
  'GET /api/v1/jobs/{jobId}': 'DynamoDB Update, DynamoDB Query',
  'GET /api/v1/approvals/{approvalId}': 'DynamoDB Update, DynamoDB Get',
  'POST /api/v1/approvals/{approvalId}': 'DynamoDB Update, DynamoDB Get, DynamoDB Query, DynamoDB TransactWrite, SQS SendMessage',
  'GET /approve/{token}': 'DynamoDB Get, DynamoDB Get',
  'POST /approve/{token}': 'DynamoDB Get, DynamoDB Get, DynamoDB Query, DynamoDB TransactWrite, SQS SendMessage',
  'POST /api/v1/transcript/add': 'DynamoDB Update, S3 PutObject, DynamoDB Put, SQS SendMessage',
  'GET /api/v1/transcript/{call_id}': 'DynamoDB Update, DynamoDB Get',
  'GET /api/v1/transcripts': 'DynamoDB Update, DynamoDB Query',
  'POST /api/v1/webhooks/unipile': 'DynamoDB Query, DynamoDB Query',
  'POST /api/v1/webhooks': 'DynamoDB Update, DynamoDB Query, DynamoDB Put',
  'GET /api/v1/webhooks': 'DynamoDB Update, DynamoDB Query',
  'GET /api/v1/webhooks/{webhookId}': 'DynamoDB Update, DynamoDB Get',
  'PATCH /api/v1/webhooks/{webhookId}': 'DynamoDB Update, DynamoDB Update',
  'POST /api/v1/webhooks/{webhookId}/rotate-secret': 'DynamoDB Update, DynamoDB Update',
  'POST /api/v1/webhooks/{webhookId}/test': 'DynamoDB Update, DynamoDB Get, DynamoDB TransactWrite, SQS SendMessageBatch',
  'GET /api/v1/webhooks/{webhookId}/deliveries': 'DynamoDB Update, DynamoDB Get, DynamoDB Query',
  'POST /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/resend':
    'DynamoDB Update, DynamoDB Get, DynamoDB Update, SQS SendMessageBatch',
  'DELETE /api/v1/webhooks/{webhookId}': 'DynamoDB Update, DynamoDB Delete',
};

/** A recording's commands as the table writes them: `DynamoDB Query, SQS SendMessage`. */
export function awsCallsOf(commands: Array<Pick<RecordedCommand, 'service' | 'name'>>): string {
  return commands.map((command) => `${command.service} ${command.name}`).join(', ');
}
