/**
 * One realistic request to every HTTP handler of functions/http, recorded against the emulators
 * on a warm container (the api key already verified, so authentication is a cache hit): the
 * handler, its event, and every AWS command and response it made. The handler-overhead benchmark
 * replays them; the AWS-calls test counts them. The transcript endpoint is recorded a second time
 * with the opening of the same call (a `variant`), to show how its overhead grows with the body.
 *
 * Three workspaces: `outreach` (two accounts in group `sales`, no webhook endpoint, so emitting an
 * event writes nothing) for the outreach, job, approval and transcript endpoints; `hooks` for the
 * webhook endpoints; and `team` (two accounts in `sales`, no job, no webhook endpoint) for the
 * account, group and connect-link endpoints: removing an account reads its action in each running
 * job of the workspace, and `team` has none. Anything a request needs (a job, approvals, a failed
 * delivery, a spare account, a connect link) is made first, the way the service makes it, outside
 * the recording.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { addAccount } from '../lib/admin/workspace-admin';
import { getConfig } from '../lib/config';
import { functionNamed } from '../deploy/functions';
import type { DefinedRoute } from '../lib/routes/all-routes';
import type { HttpHandler } from '../lib/http/pipeline';
import type { LambdaHttpResult } from '../lib/http/http-result';
import { acceptLikeRequest } from '../lib/outreach/accept/accept-like';
import { planJob } from '../lib/outreach/plan/plan-job';
import { defaultSqs } from '../lib/queue/client';
import { getAction } from '../lib/store/actions';
import { getTranscript } from '../lib/store/transcripts';
import { defaultS3 } from '../lib/store/s3-client';
import { analyseStoredTranscript } from '../lib/transcripts/analyse-stored-transcript';
import { likeRequestSchema } from '../lib/schemas/like';
import { validate } from '../lib/schemas/validate';
import { defaultDb } from '../lib/store/client';
import { endDeliveryUnattempted, getDelivery } from '../lib/store/webhook-deliveries';
import { alwaysWorking, createTestQueue, createTestWorkspace, httpEvent, testSqs, type TestWorkspace } from '../tests/helpers/factories';
import type { AwsTape, Recording } from './aws-tape';

export interface EndpointRecording {
  route: string;
  /** Which of a route's recordings this is, when it has more than one (another body). */
  variant?: string;
  handler: HttpHandler;
  event: APIGatewayProxyEventV2;
  status: number;
  recording: Recording;
}

/** How a recording is named in the bench's output: its route, and its variant if any. */
export const recordingName = (endpoint: EndpointRecording) =>
  endpoint.variant ? `${endpoint.route} (${endpoint.variant})` : endpoint.route;

/** A function that answers HTTP: a route's, by its name, or the catch-all. */
type HttpFunctionName = DefinedRoute['name'] | 'notFound';

/** Its handler, loaded from its file (deploy/functions.ts). */
const handlers = (name: HttpFunctionName) =>
  import(`../${functionNamed(name).entry.replace(/\.ts$/, '')}`) as Promise<{ handler: HttpHandler }>;

const postUrl = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/';
const prospect = 'https://www.linkedin.com/in/jane-prospect';
/** A public address: a webhook URL is checked by what it resolves to, and an IP literal needs no DNS. */
const receiverUrl = 'https://93.184.215.14/hooks/outreach';
const readSalesCall = (): Record<string, unknown> =>
  JSON.parse(readFileSync(join(__dirname, '..', 'tests', 'fixtures', 'transcripts', 'sales-call.json'), 'utf8')) as Record<string, unknown>;

/** The transcript endpoint is recorded twice: the whole 180 KiB call, and its first segments (12 KiB). */
const SHORT_CALL_SEGMENTS = 10;
const SHORT_CALL_VARIANT = `first ${SHORT_CALL_SEGMENTS} segments`;

interface Request {
  method: string;
  path: string;
  apiKey?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  pathParameters?: Record<string, string>;
}

const eventOf = (request: Request) =>
  httpEvent({ ...request, headers: { ...(request.apiKey ? { 'api-key': request.apiKey } : {}), ...request.headers } });

const bodyOf = (result: LambdaHttpResult) => JSON.parse(result.body as string) as Record<string, unknown>;

/**
 * Analyses a transcript the way the transcripts worker does, and waits until it is analysed: under
 * a stack with its workers running, the stack's worker may take the message first, and this run
 * then finds it analysing and leaves it to that one.
 */
async function analyseOutsideRecording(
  db: ReturnType<typeof defaultDb>,
  workspaceId: string,
  callId: string,
  bucket: string,
): Promise<void> {
  const stored = await getTranscript(db, workspaceId, callId);
  if (!stored) throw new Error(`transcript ${callId} was not stored`);
  const { objectKey, contentHash } = stored;
  await analyseStoredTranscript(
    { db, s3: defaultS3(), bucket, analyser: { name: 'embedded' } },
    { v: 1, workspaceId, callId, objectKey, contentHash },
  );
  for (const deadline = Date.now() + 60_000; (await getTranscript(db, workspaceId, callId))?.status !== 'analysed';) {
    if (Date.now() > deadline) throw new Error(`transcript ${callId} was not analysed within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Seeds what the requests need, warms the api keys into the auth cache, and records one request
 * per handler through `tape` (which must already be under the default clients: `watchClients`).
 * Needs the environment of a local stack (its emulators, table, queues and bucket).
 */
export async function recordEndpoints(tape: AwsTape): Promise<EndpointRecording[]> {
  const db = defaultDb();
  const config = getConfig();
  const load = async (name: HttpFunctionName) => (await handlers(name)).handler;
  const recordings: EndpointRecording[] = [];

  /** Calls a handler outside any recording (seeding, warming); throws unless it answers `status`. */
  const call = async (name: HttpFunctionName, request: Request, status: number) => {
    const result = await (await load(name))(eventOf(request));
    if (result.statusCode !== status)
      throw new Error(`${request.method} ${request.path} answered ${result.statusCode}, not ${status}: ${result.body}`);
    return bodyOf(result);
  };
  /** Records one request; returns its JSON body (or {} for another content). */
  const record = async (name: HttpFunctionName, route: string, request: Request, status: number, variant?: string) => {
    const handler = await load(name);
    const event = eventOf(request);
    let result: LambdaHttpResult;
    let recording: Recording;
    tape.startRecording();
    try {
      result = await handler(event);
    } finally {
      recording = tape.stopRecording();
    }
    if (result.statusCode !== status) throw new Error(`${route} answered ${result.statusCode}, not ${status}: ${result.body}`);
    recordings.push({ route, handler, event, status, recording, ...(variant ? { variant } : {}) });
    return result.headers?.['content-type']?.includes('json') && result.body ? bodyOf(result) : {};
  };

  const outreach: TestWorkspace = await createTestWorkspace(db);
  const hooks: TestWorkspace = await createTestWorkspace(db, { accounts: 0, groups: {} });
  const team: TestWorkspace = await createTestWorkspace(db);
  const key = outreach.apiKey;
  const sender = outreach.accounts[0]!.profileUrl;

  // Two approvals, made as the service makes them: a DM with get_approved, planned by the jobs worker's use case.
  const approvalTokens: Array<{ approvalId: string; token: string }> = [];
  for (const message of ['Hi Jane, thanks for the talk.', 'Hi Jane, one more thing.']) {
    const { jobId } = await call(
      'dm',
      {
        method: 'POST',
        path: '/api/v1/social-selling/dm',
        apiKey: key,
        body: { user: sender, target: prospect, message, get_approved: true },
      },
      202,
    );
    await planJob(
      {
        db,
        sqs: defaultSqs(),
        jobsQueueUrl: config.JOBS_QUEUE_URL,
        actionsQueueUrl: config.ACTIONS_QUEUE_URL,
        defaultPacingWindowSeconds: 0,
        approvalExpirySeconds: 3600,
      },
      { v: 1, workspaceId: outreach.workspaceId, jobId: jobId as string },
    );
    const action = await getAction(db, {
      workspaceId: outreach.workspaceId,
      jobId: jobId as string,
      accountId: outreach.accounts[0]!.accountId,
    });
    if (!action?.approval) throw new Error(`the DM's action does not await an approval: ${JSON.stringify(action)}`);
    approvalTokens.push({ approvalId: action.approval.approvalId, token: action.approval.path.slice('/approve/'.length) });
  }
  const [apiApproval, pageApproval] = approvalTokens as [(typeof approvalTokens)[number], (typeof approvalTokens)[number]];
  // Warm: each key verified once, so every recorded request finds its key in the auth cache.
  await call(
    'getJob',
    {
      method: 'GET',
      path: '/api/v1/jobs/job_01KA7W9Q3T5W0R6Y5XG8N2M4C1',
      apiKey: key,
      pathParameters: { jobId: 'job_01KA7W9Q3T5W0R6Y5XG8N2M4C1' },
    },
    404,
  );
  await call('listWebhooks', { method: 'GET', path: '/api/v1/webhooks', apiKey: hooks.apiKey }, 200);
  await call('listGroups', { method: 'GET', path: '/api/v1/groups', apiKey: team.apiKey }, 200);
  // Warm: the group a like names read once, so the recorded like and comment find it in the group
  // directory (GROUP_CACHE_SECONDS), as a container does that served one in the last 30 s.
  await call(
    'like',
    { method: 'POST', path: '/api/v1/social-selling/like', apiKey: key, body: { url: postUrl, groups: ['sales'], reactionType: 'like' } },
    202,
  );

  await record('health', 'GET /health', { method: 'GET', path: '/health' }, 200);
  await record('notFound', '$default (unknown route)', { method: 'GET', path: '/api/v1/nothing-here' }, 404);
  await record('openApiDocument', 'GET /api/v1/openapi.json', { method: 'GET', path: '/api/v1/openapi.json' }, 200);
  await record('docsPage', 'GET /docs', { method: 'GET', path: '/docs' }, 200);

  const like = await record(
    'like',
    'POST /api/v1/social-selling/like',
    { method: 'POST', path: '/api/v1/social-selling/like', apiKey: key, body: { url: postUrl, groups: ['sales'], reactionType: 'like' } },
    202,
  );
  await record(
    'requestComment',
    'POST /api/v1/social-selling/request-comment',
    {
      method: 'POST',
      path: '/api/v1/social-selling/request-comment',
      apiKey: key,
      body: { url: postUrl, comment: 'Great point on pipeline hygiene.', groups: ['sales'] },
    },
    202,
  );
  await record(
    'connect',
    'POST /api/v1/social-selling/connect',
    {
      method: 'POST',
      path: '/api/v1/social-selling/connect',
      apiKey: key,
      body: { user: sender, target: prospect, message: 'Enjoyed your talk.' },
    },
    202,
  );
  await record(
    'dm',
    'POST /api/v1/social-selling/dm',
    { method: 'POST', path: '/api/v1/social-selling/dm', apiKey: key, body: { user: sender, target: prospect, message: 'Hi Jane!' } },
    202,
  );
  await record(
    'post',
    'POST /api/v1/social-selling/post',
    { method: 'POST', path: '/api/v1/social-selling/post', apiKey: key, body: { user: sender, text: 'What buyers told us this week.' } },
    202,
  );
  const jobId = like.jobId as string;
  await record(
    'getJob',
    'GET /api/v1/jobs/{jobId}',
    { method: 'GET', path: `/api/v1/jobs/${jobId}`, apiKey: key, pathParameters: { jobId } },
    200,
  );
  await record('listJobs', 'GET /api/v1/jobs', { method: 'GET', path: '/api/v1/jobs', apiKey: key }, 200);
  // A like of its own to cancel, accepted and planned as the service does (an action per account of
  // `sales`, pending), on a queue of its own that no worker reads: nothing performs them meanwhile.
  const benchQueue = await createTestQueue(testSqs(), 'bench-cancel');
  const toCancel = await acceptLikeRequest(
    { db, sqs: defaultSqs(), jobsQueueUrl: benchQueue, retentionDays: config.JOB_RETENTION_DAYS },
    outreach.workspaceId,
    validate(likeRequestSchema, { url: postUrl, groups: ['sales'], reactionType: 'like' }),
    new Date(),
  );
  await planJob(
    {
      db,
      sqs: defaultSqs(),
      jobsQueueUrl: benchQueue,
      actionsQueueUrl: benchQueue,
      defaultPacingWindowSeconds: 0,
      approvalExpirySeconds: 3600,
    },
    { v: 1, workspaceId: outreach.workspaceId, jobId: toCancel.jobId },
  );
  await record(
    'cancelJob',
    'POST /api/v1/jobs/{jobId}/cancel',
    {
      method: 'POST',
      path: `/api/v1/jobs/${toCancel.jobId}/cancel`,
      apiKey: key,
      pathParameters: { jobId: toCancel.jobId },
    },
    200,
  );

  // The team's accounts: its first one read (and its usage), spare ones (in no group, no job) set to `ask` and removed.
  const teamKey = team.apiKey;
  const member = team.accounts[0]!.accountId;
  const spare = async (suffix: string) =>
    (
      await addAccount(db, team.workspaceId, {
        name: `Spare ${suffix}`,
        profileUrl: `https://www.linkedin.com/in/${team.workspaceId}-${suffix}`,
        providerAccountId: `${team.workspaceId}-login-${suffix}`,
        workingHours: alwaysWorking,
      })
    ).accountId;
  const toAsk = await spare('ask');
  const toRemove = await spare('removed');
  const accountRequest = (method: string, accountId: string, suffix = '') => ({
    method,
    path: `/api/v1/accounts/${accountId}${suffix}`,
    apiKey: teamKey,
    pathParameters: { accountId },
  });
  await record('listAccounts', 'GET /api/v1/accounts', { method: 'GET', path: '/api/v1/accounts', apiKey: teamKey }, 200);
  await record('getAccount', 'GET /api/v1/accounts/{accountId}', accountRequest('GET', member), 200);
  await record('updateAccount', 'PATCH /api/v1/accounts/{accountId}', { ...accountRequest('PATCH', toAsk), body: { mode: 'ask' } }, 200);
  await record('deleteAccount', 'DELETE /api/v1/accounts/{accountId}', accountRequest('DELETE', toRemove), 204);
  await record('getAccountUsage', 'GET /api/v1/accounts/{accountId}/usage', accountRequest('GET', member, '/usage'), 200);

  // Connect links: one whose page is shown (and whose report, a sandbox link's, is refused), one used on its page.
  const linkPath = '/api/v1/accounts/connect-link';
  const shown = await record(
    'createConnectLink',
    'POST /api/v1/accounts/connect-link',
    { method: 'POST', path: linkPath, apiKey: teamKey, body: {} },
    201,
  );
  const stateOf = (link: Record<string, unknown>) => (link.url as string).split('/').pop()!;
  const shownState = stateOf(shown);
  const connectRequest = (method: string, state: string, suffix = '') => ({
    method,
    path: `/connect/${state}${suffix}`,
    pathParameters: { state },
  });
  await record('showConnectPage', 'GET /connect/{state}', connectRequest('GET', shownState), 200);
  const usedState = stateOf(await call('createConnectLink', { method: 'POST', path: linkPath, apiKey: teamKey, body: {} }, 201));
  const form = new URLSearchParams({ profileUrl: `https://www.linkedin.com/in/${team.workspaceId}-connected`, name: 'Connected Person' });
  await record(
    'connectOnPage',
    'POST /connect/{state}',
    {
      ...connectRequest('POST', usedState),
      rawBody: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    200,
  );
  // Unipile's report of a connection: with the sandbox provider no link is Unipile's, so the report is refused (404).
  await record(
    'receiveConnectNotification',
    'POST /connect/{state}/notify',
    {
      ...connectRequest('POST', shownState, '/notify'),
      body: { status: 'CREATION_SUCCESS', account_id: 'unipile-login-1', name: 'cl_0123456789abcdef0123456789abcdef' },
    },
    404,
  );

  // The workspace's own settings: where approval requests are posted.
  await record('getWorkspace', 'GET /api/v1/workspace', { method: 'GET', path: '/api/v1/workspace', apiKey: teamKey }, 200);
  await record(
    'updateWorkspace',
    'PATCH /api/v1/workspace',
    {
      method: 'PATCH',
      path: '/api/v1/workspace',
      apiKey: teamKey,
      body: { slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/bench' },
    },
    200,
  );

  // A group of its own (`sales` stays as it is): made, read, listed, grown, shrunk, deleted.
  const groupPath = '/api/v1/groups/partners';
  const group = { apiKey: teamKey, pathParameters: { name: 'partners' } };
  await record('putGroup', 'PUT /api/v1/groups/{name}', { method: 'PUT', path: groupPath, ...group, body: { accounts: [member] } }, 201);
  await record('getGroup', 'GET /api/v1/groups/{name}', { method: 'GET', path: groupPath, ...group }, 200);
  await record('listGroups', 'GET /api/v1/groups', { method: 'GET', path: '/api/v1/groups', apiKey: teamKey }, 200);
  const added = team.accounts[1]!.accountId;
  await record(
    'addGroupAccounts',
    'POST /api/v1/groups/{name}/accounts',
    { method: 'POST', path: `${groupPath}/accounts`, ...group, body: { accounts: [added] } },
    200,
  );
  await record(
    'removeGroupAccount',
    'DELETE /api/v1/groups/{name}/accounts/{accountId}',
    {
      method: 'DELETE',
      path: `${groupPath}/accounts/${added}`,
      apiKey: teamKey,
      pathParameters: { name: 'partners', accountId: added },
    },
    204,
  );
  await record('deleteGroup', 'DELETE /api/v1/groups/{name}', { method: 'DELETE', path: groupPath, ...group }, 204);

  const approvalPath = `/api/v1/approvals/${apiApproval.approvalId}`;
  const approvalParameters = { approvalId: apiApproval.approvalId };
  await record(
    'getApproval',
    'GET /api/v1/approvals/{approvalId}',
    { method: 'GET', path: approvalPath, apiKey: key, pathParameters: approvalParameters },
    200,
  );
  await record(
    'decideApproval',
    'POST /api/v1/approvals/{approvalId}',
    { method: 'POST', path: approvalPath, apiKey: key, body: { decision: 'approve' }, pathParameters: approvalParameters },
    200,
  );
  const page = { path: `/approve/${pageApproval.token}`, pathParameters: { token: pageApproval.token } };
  await record('showApprovalPage', 'GET /approve/{token}', { method: 'GET', ...page }, 200);
  await record(
    'decideOnApprovalPage',
    'POST /approve/{token}',
    { method: 'POST', ...page, rawBody: 'decision=approve', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    200,
  );

  const callId = `bench-${outreach.workspaceId}`;
  const salesCall = readSalesCall();
  await record(
    'addTranscript',
    'POST /api/v1/transcript/add',
    { method: 'POST', path: '/api/v1/transcript/add', apiKey: key, body: { ...salesCall, call_id: callId } },
    202,
  );
  // The same call cut to its opening (84 s of 21 min): the endpoint's own work without most of its body's.
  const opening = {
    ...salesCall,
    call_id: `${callId}-opening`,
    transcript: (salesCall.transcript as unknown[]).slice(0, SHORT_CALL_SEGMENTS),
  };
  await record(
    'addTranscript',
    'POST /api/v1/transcript/add',
    { method: 'POST', path: '/api/v1/transcript/add', apiKey: key, body: opening },
    202,
    SHORT_CALL_VARIANT,
  );
  // Analysed (as the transcripts worker does, or the stack's own worker first), so that it has a report and a link to it.
  await analyseOutsideRecording(db, outreach.workspaceId, callId, config.TRANSCRIPTS_BUCKET);
  const read = await record(
    'getTranscript',
    'GET /api/v1/transcript/{call_id}',
    { method: 'GET', path: `/api/v1/transcript/${callId}`, apiKey: key, pathParameters: { call_id: callId } },
    200,
  );
  await record(
    'getTranscriptReport',
    'GET /api/v1/transcript/{call_id}/report',
    { method: 'GET', path: `/api/v1/transcript/${callId}/report`, apiKey: key, pathParameters: { call_id: callId } },
    200,
  );
  const reportToken = String((read.links as { report?: string }).report).split('/reports/')[1]!;
  await record(
    'showTranscriptReport',
    'GET /reports/{token}',
    { method: 'GET', path: `/reports/${reportToken}`, pathParameters: { token: reportToken } },
    200,
  );
  await record('listTranscripts', 'GET /api/v1/transcripts', { method: 'GET', path: '/api/v1/transcripts', apiKey: key }, 200);
  const insights = await record('getInsights', 'GET /api/v1/insights', { method: 'GET', path: '/api/v1/insights', apiKey: key }, 200);
  const insightsToken = String((insights.links as { page?: string }).page).split('/insights/')[1]!;
  await record(
    'showInsightsPage',
    'GET /insights/{token}',
    { method: 'GET', path: `/insights/${insightsToken}`, pathParameters: { token: insightsToken } },
    200,
  );
  await record(
    'receiveUnipileWebhook',
    'POST /api/v1/webhooks/unipile',
    {
      method: 'POST',
      path: '/api/v1/webhooks/unipile',
      headers: { 'x-webhook-secret': config.UNIPILE_WEBHOOK_SECRET },
      body: {
        event: 'new_relation',
        account_id: outreach.accounts[0]!.providerAccountId,
        user_public_identifier: 'someone-else',
        user_provider_id: 'ACoAA-someone-else',
      },
    },
    200,
  );

  const hookKey = hooks.apiKey;
  const other = await call(
    'createWebhook',
    { method: 'POST', path: '/api/v1/webhooks', apiKey: hookKey, body: { url: receiverUrl, events: ['job.failed'] } },
    201,
  );
  const created = await record(
    'createWebhook',
    'POST /api/v1/webhooks',
    {
      method: 'POST',
      path: '/api/v1/webhooks',
      apiKey: hookKey,
      body: { url: receiverUrl, events: ['lead.connected', 'lead.replied'], description: 'CRM' },
    },
    201,
  );
  const webhookId = created.webhookId as string;
  const hookPath = `/api/v1/webhooks/${webhookId}`;
  const hook = { apiKey: hookKey, pathParameters: { webhookId } };
  await record('listWebhooks', 'GET /api/v1/webhooks', { method: 'GET', path: '/api/v1/webhooks', apiKey: hookKey }, 200);
  await record('getWebhook', 'GET /api/v1/webhooks/{webhookId}', { method: 'GET', path: hookPath, ...hook }, 200);
  await record(
    'updateWebhook',
    'PATCH /api/v1/webhooks/{webhookId}',
    { method: 'PATCH', path: hookPath, ...hook, body: { description: 'CRM (leads)' } },
    200,
  );
  await record(
    'rotateWebhookSecret',
    'POST /api/v1/webhooks/{webhookId}/rotate-secret',
    { method: 'POST', path: `${hookPath}/rotate-secret`, ...hook },
    200,
  );
  const ping = await record(
    'testWebhook',
    'POST /api/v1/webhooks/{webhookId}/test',
    { method: 'POST', path: `${hookPath}/test`, ...hook },
    202,
  );
  await record(
    'listWebhookDeliveries',
    'GET /api/v1/webhooks/{webhookId}/deliveries',
    { method: 'GET', path: `${hookPath}/deliveries`, ...hook },
    200,
  );
  // The ping's delivery fails (as a delivery to a deleted endpoint does), so it can be re-sent.
  const deliveryKey = { workspaceId: hooks.workspaceId, webhookId, deliveryId: ping.deliveryId as string };
  const delivery = await getDelivery(db, deliveryKey);
  if (!delivery || !(await endDeliveryUnattempted(db, delivery, 'bench', new Date())))
    throw new Error('the ping delivery could not be made failed');
  await record(
    'resendWebhookDelivery',
    'POST /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/resend',
    {
      method: 'POST',
      path: `${hookPath}/deliveries/${deliveryKey.deliveryId}/resend`,
      apiKey: hookKey,
      pathParameters: { webhookId, deliveryId: deliveryKey.deliveryId },
    },
    202,
  );
  const otherId = other.webhookId as string;
  await record(
    'deleteWebhook',
    'DELETE /api/v1/webhooks/{webhookId}',
    { method: 'DELETE', path: `/api/v1/webhooks/${otherId}`, apiKey: hookKey, pathParameters: { webhookId: otherId } },
    204,
  );
  return recordings;
}
