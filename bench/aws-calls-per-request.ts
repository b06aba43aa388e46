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
  // Every api-key request starts with the workspace's rate-limit counter (DynamoDB Update): it
  // counts refused requests too, and its write returns the count the RateLimit headers tell (a
  // transaction with the job's write could return neither, so the two stay apart). A like or a
  // comment from groups then makes the floor: the job's write and its message. Its groups come from
  // the group directory (lib/groups/group-directory.ts), read on a container's first request from
  // them and again GROUP_CACHE_SECONDS (30 s) later: then one BatchGet of the groups and one of up to
  // 100 of each group's accounts, to find an active one. No read grows with the groups: the
  // planner reads their accounts and backlogs.
  'POST /api/v1/social-selling/like': 'DynamoDB Update, DynamoDB Put, SQS SendMessage',
  'POST /api/v1/social-selling/request-comment': 'DynamoDB Update, DynamoDB Put, SQS SendMessage',
  // The one account named: found by its profile (404 or 422 at once, not a failed job later), and
  // its backlog (a 429 at once when it is full), before the job's write and its message.
  'POST /api/v1/social-selling/connect': 'DynamoDB Update, DynamoDB Query, DynamoDB BatchGet, DynamoDB Put, SQS SendMessage',
  'POST /api/v1/social-selling/dm': 'DynamoDB Update, DynamoDB Query, DynamoDB BatchGet, DynamoDB Put, SQS SendMessage',
  // As a DM (its author named). With `amplify`, its groups are checked as a like's are (from the group directory).
  'POST /api/v1/social-selling/post': 'DynamoDB Update, DynamoDB Query, DynamoDB BatchGet, DynamoDB Put, SQS SendMessage',
  // The job and the first page of its actions in one query (the job's counters, never a recount).
  'GET /api/v1/jobs/{jobId}': 'DynamoDB Update, DynamoDB Query',
  // The job index (gsi2), newest first, one page.
  'GET /api/v1/jobs': 'DynamoDB Update, DynamoDB Query',
  // The job (404, 409 when ended); the webhook endpoints for `job.cancelled`; the job cancelled with
  // its event in one transaction; its first 100 actions (more are stopped by the jobs worker, a page a
  // message: one SQS SendMessage more); one transaction per waiting action (here two: it, the job's
  // counts, its account's backlog); the job again, for the counts those transactions changed (actions
  // may end meanwhile, so they are read, not added up here).
  'POST /api/v1/jobs/{jobId}/cancel':
    'DynamoDB Update, DynamoDB Get, DynamoDB Query, DynamoDB TransactWrite, DynamoDB Query, DynamoDB TransactWrite, DynamoDB TransactWrite, DynamoDB Get',
  // The workspace's accounts, its groups (each account's names) and its settings (the effective limits), at once.
  'GET /api/v1/accounts': 'DynamoDB Update, DynamoDB Query, DynamoDB Query, DynamoDB Get',
  // The account (404), then the workspace's settings and its groups at once.
  'GET /api/v1/accounts/{accountId}': 'DynamoDB Update, DynamoDB Get, DynamoDB Get, DynamoDB Query',
  // The account (404; its daily limits merge with the patch's), the settings written (ALL_NEW), then as GET.
  'PATCH /api/v1/accounts/{accountId}': 'DynamoDB Update, DynamoDB Get, DynamoDB Update, DynamoDB Get, DynamoDB Query',
  // The account (404), the groups to take it out of (none here; each group it is in adds a Get and an
  // Update), its delete, the running jobs (none in this workspace; each adds at least a Get of the
  // account's action in it).
  'DELETE /api/v1/accounts/{accountId}': 'DynamoDB Update, DynamoDB Get, DynamoDB Query, DynamoDB Delete, DynamoDB Query',
  // The account (404, its timezone) and the workspace's settings (its limits) give the periods; then at
  // once its counters (today's per kind, the week's and six days' invitations), its send schedule and its backlog.
  'GET /api/v1/accounts/{accountId}/usage':
    'DynamoDB Update, DynamoDB Get, DynamoDB Get, DynamoDB BatchGet, DynamoDB Get, DynamoDB BatchGet',
  // The link's state stored before the provider makes the link (the sandbox's is its own page: no call).
  'POST /api/v1/accounts/connect-link': 'DynamoDB Update, DynamoDB Put',
  // The link (404, 410, 409 used); a public page: no rate limit.
  'GET /connect/{state}': 'DynamoDB Get',
  // The link; the sandbox login the form registers, read back as the provider's profile of it; the
  // account by profile and by login (409 when the workspace has it); the webhook endpoints for
  // `account.connected`; the link used up with the account made and its event, in one transaction.
  'POST /connect/{state}':
    'DynamoDB Get, DynamoDB Put, DynamoDB Get, DynamoDB Query, DynamoDB Query, DynamoDB Query, DynamoDB TransactWrite',
  // Recorded as the sandbox stack answers it: the link, a sandbox one, so not Unipile's: 404. Unipile's
  // report of a connection (not recordable with the sandbox provider) would be the page's calls without
  // the sandbox login's Put and Get: Get, Query x3, TransactWrite (and Unipile's profile over HTTP).
  'POST /connect/{state}/notify': 'DynamoDB Get',
  'GET /api/v1/workspace': 'DynamoDB Update, DynamoDB Get',
  // The one setting written in place (ALL_NEW: the answer; refused when the workspace was removed: 404).
  'PATCH /api/v1/workspace': 'DynamoDB Update, DynamoDB Update',
  // The accounts named (422 unknown), then the group written whole (ALL_OLD: created or replaced).
  'PUT /api/v1/groups/{name}': 'DynamoDB Update, DynamoDB BatchGet, DynamoDB Update',
  'GET /api/v1/groups/{name}': 'DynamoDB Update, DynamoDB Get',
  'GET /api/v1/groups': 'DynamoDB Update, DynamoDB Query',
  // The group (404 first), the accounts named (422), the members written while still those read.
  'POST /api/v1/groups/{name}/accounts': 'DynamoDB Update, DynamoDB Get, DynamoDB BatchGet, DynamoDB Update',
  // The group (404), the members written while still those read (no write when it was not in it).
  'DELETE /api/v1/groups/{name}/accounts/{accountId}': 'DynamoDB Update, DynamoDB Get, DynamoDB Update',
  // The delete returns the old item: none is the 404.
  'DELETE /api/v1/groups/{name}': 'DynamoDB Update, DynamoDB Delete',
  'GET /api/v1/approvals/{approvalId}': 'DynamoDB Update, DynamoDB Get',
  // The approval (404, 409 decided); the webhook endpoints for `approval.decided`, read consistently so
  // an endpoint made a moment ago gets it (not cached); the decision, its action's release or end and
  // the event in one transaction; an approved action's message.
  'POST /api/v1/approvals/{approvalId}': 'DynamoDB Update, DynamoDB Get, DynamoDB Query, DynamoDB TransactWrite, SQS SendMessage',
  'GET /approve/{token}': 'DynamoDB Get, DynamoDB Get',
  'POST /approve/{token}': 'DynamoDB Get, DynamoDB Get, DynamoDB Query, DynamoDB TransactWrite, SQS SendMessage',
  // Past the counter, the floor of a write that carries a body: the content to S3, the record
  // (conditional: a known call id is found by the refusal, not by a read first), its message.
  'POST /api/v1/transcript/add': 'DynamoDB Update, S3 PutObject, DynamoDB Put, SQS SendMessage',
  'GET /api/v1/transcript/{call_id}': 'DynamoDB Update, DynamoDB Get',
  // The transcript (404, 409 before it is analysed), then at once the workspace (its email domains
  // decide sides, as in the analysis) and the call's content, read back to show its text.
  'GET /api/v1/transcript/{call_id}/report': 'DynamoDB Update, DynamoDB Get, DynamoDB Get, S3 GetObject',
  // The same through a report link: its signed token is checked first, with no call; a public page, no rate limit.
  'GET /reports/{token}': 'DynamoDB Get, DynamoDB Get, S3 GetObject',
  'GET /api/v1/transcripts': 'DynamoDB Update, DynamoDB Query',
  // The theme counters of the period and the one before, one range of the workspace's partition
  // (a page more a MB: as long as the days and themes, whatever the number of calls).
  'GET /api/v1/insights': 'DynamoDB Update, DynamoDB Query',
  // The same counters through an insights link: its signed token is checked first, with no call.
  'GET /insights/{token}': 'DynamoDB Query',
  'POST /api/v1/webhooks/unipile': 'DynamoDB Query, DynamoDB Query',
  // The workspace's endpoints (409 at 20), then the new one.
  'POST /api/v1/webhooks': 'DynamoDB Update, DynamoDB Query, DynamoDB Put',
  'GET /api/v1/webhooks': 'DynamoDB Update, DynamoDB Query',
  'GET /api/v1/webhooks/{webhookId}': 'DynamoDB Update, DynamoDB Get',
  // One conditional Update each (404 from its condition, ALL_NEW the answer): no read first.
  'PATCH /api/v1/webhooks/{webhookId}': 'DynamoDB Update, DynamoDB Update',
  'POST /api/v1/webhooks/{webhookId}/rotate-secret': 'DynamoDB Update, DynamoDB Update',
  // The endpoint (404; 409 while disabled); the ping's delivery and event in
  // one transaction; its announcement.
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
