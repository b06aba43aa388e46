import { connectStateHash, signConnectState } from '../../../lib/onboarding/connect-state';
import { signInsightsToken } from '../../../lib/reports/insights-token';
import { signReportToken } from '../../../lib/reports/report-token';
import type { HttpHandler } from '../../../lib/http/pipeline';
import type { DefinedRoute } from '../../../lib/routes/all-routes';
import { allRoutes } from '../../../lib/routes/all-routes';
import { routeKey, type Route } from '../../../lib/http/route';
import { routeEntry } from '../../../deploy/functions';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import type { PlanJobMessage } from '../../../lib/queue/messages';
import type { AnalyseTranscriptMessage } from '../../../lib/queue/messages';
import { getAction } from '../../../lib/store/actions';
import { getApproval } from '../../../lib/store/approvals';
import type { Db } from '../../../lib/store/client';
import { putConnectLink } from '../../../lib/store/connect-links';
import { epochSeconds } from '../../../lib/store/keys';
import { defaultS3 } from '../../../lib/store/s3-client';
import { endDeliveryUnattempted, getDelivery } from '../../../lib/store/webhook-deliveries';
import { analyseStoredTranscript } from '../../../lib/transcripts/analyse-stored-transcript';
import type { BodyShape } from '../../helpers/arbitraries';
import { createTestQueue, createTestWorkspace, drainQueue, httpEvent, samplePostUrl, testDb, testSqs } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';
import { bodyOf, loadHandler } from '../http/load-handler';

/** `METHOD /path` of a route defined in lib/routes. */
export type RouteKey = `${DefinedRoute['method']} ${DefinedRoute['path']}`;

/** What exists before the fuzzing starts: a workspace and one resource of each kind, made through the handlers. */
export interface FuzzFixture {
  ws: TestWorkspace;
  jobId: string;
  /** An analysed transcript's call id (it has a report). */
  callId: string;
  /** A report link's signed token, for that transcript's report page. */
  reportToken: string;
  /** An insights link's signed token, for the workspace's insights page of the last 30 days. */
  insightsToken: string;
  /** One approval per route that decides one, so the API and the page each have a pending one. */
  apiApprovalId: string;
  pageToken: string;
  webhookId: string;
  /** A webhook only the DELETE route deletes. */
  doomedWebhookId: string;
  /**
   * A webhook of its own with one failed delivery, for the resend route: only a failed delivery of
   * an enabled webhook can be re-sent, and the stack's webhook sweep and worker act on any pending
   * delivery in the table (those the fuzzing makes on `webhookId` too), so a delivery left pending
   * would be re-sendable or not by timing.
   */
  resendWebhookId: string;
  deliveryId: string;
  webhookSecret: string;
  /** A queued job of its own for the cancel route: its first valid request cancels it (200), later ones are a 409. */
  cancelJobId: string;
  /** An account only the PATCH route changes (pausing the others would change what the outreach routes do). */
  patchedAccountId: string;
  /** An account only the DELETE route deletes. */
  doomedAccountId: string;
  /** A group of the fixture's own (the outreach routes use `sales`), holding accounts 0 and 1. */
  groupName: string;
  /** A group only the DELETE route deletes. */
  doomedGroupName: string;
  /** The state of a sandbox connect link only the page's GET opens (opening it uses nothing up). */
  connectPageState: string;
  /** The state of a sandbox connect link for the page's form: its first valid request connects an account, later ones are a 409. */
  connectFormState: string;
  /** The state of a Unipile connect link, and the reference its report must echo as `name`. */
  notifyState: string;
  notifyReference: string;
}

export interface FuzzRoute {
  route: RouteKey;
  load: () => Promise<{ handler: HttpHandler }>;
  /** Who may call: an api key, the provider's shared secret (header `x-webhook-secret`), anyone. */
  auth: 'api-key' | 'webhook-secret' | 'none';
  /** Pages answer errors as HTML for a person; every other route as problem+json. */
  errors: 'problem' | 'page';
  body?: {
    format: 'json' | 'form';
    valid: (fixture: FuzzFixture) => Record<string, string | unknown>;
    shape: BodyShape;
    maxBytes: number;
    /** A field whose bad value a cross-field check reports on another path (`format` → `transcript`). */
    related?: Record<string, string[]>;
    /** JSON read whatever the content type says (the provider's webhook and report): no 415 but for a charset. */
    anyContentType?: true;
  };
  /** Path parameters and the ids that exist for them. */
  params?: (fixture: FuzzFixture) => Record<string, string[]>;
  /** A list: `limit` and `cursor` in the query string. */
  list?: boolean;
  /** An answer the fuzzing must reach at least once: what a new resource gets, not only a replay's. */
  mustReach?: number;
}

/** What a route's definition cannot say of calling it well. */
interface FuzzCase {
  body?: Pick<NonNullable<FuzzRoute['body']>, 'valid' | 'shape' | 'related'>;
  params?: FuzzRoute['params'];
  mustReach?: number;
}

type RouteName = DefinedRoute['name'];

const prospect = 'https://www.linkedin.com/in/prospect-jane';
const publicHook = 'https://93.184.215.14/hooks/outreach';
const WEBHOOK_SECRET = 'fuzz-webhook-secret';
const CONNECT_LINK_SECRET = 'fuzz-connect-link-secret';
const REPORT_LINK_SECRET = 'fuzz-report-link-secret';

const validTranscript = {
  title: 'Discovery call',
  transcript: [
    'Alice: Thanks for joining.',
    { words: [{ text: 'Hello', startTimestamp: 1, endTimestamp: 1.5 }], speaker: { name: 'Bob', type: 'external' } },
  ],
  call_start_time: '2026-01-15T10:00:00Z',
  call_id: 'fuzz-call-1',
  url: 'https://calls.example.com/fuzz-call-1',
  participants: ['alice@example.com', 'bob@example.org'],
  format: 'array',
};

/**
 * How to call each route well, by its name: what its definition cannot say (a valid body, the ids
 * that exist for its path). The fuzz test mutates from there. Every route must have one: a route
 * added to lib/routes is a type error here until it does.
 */
const fuzzCases: Record<RouteName, FuzzCase> = {
  like: {
    body: {
      valid: () => ({ url: samplePostUrl, groups: ['sales'], reactionType: 'like' }),
      shape: { required: ['url', 'groups', 'reactionType'] },
    },
  },
  requestComment: {
    body: {
      valid: () => ({ url: samplePostUrl, comment: 'Great point on pipeline hygiene.', groups: ['sales'] }),
      shape: { required: ['url', 'comment', 'groups'] },
    },
  },
  connect: {
    body: {
      valid: (fixture) => ({
        target: prospect,
        user: fixture.ws.accounts[0]!.profileUrl,
        message: 'Glad we met.',
        email: 'jane@example.com',
      }),
      shape: { required: ['target', 'user'] },
    },
  },
  dm: {
    body: {
      valid: (fixture) => ({
        target: prospect,
        user: fixture.ws.accounts[0]!.profileUrl,
        message: 'Hello Jane,\nthanks for the talk.',
        get_approved: false,
      }),
      shape: { required: ['target', 'user', 'message'] },
    },
  },
  post: {
    body: {
      valid: (fixture) => ({
        user: fixture.ws.accounts[0]!.profileUrl,
        text: 'Seven buyers raised price this month.\nHere is what they said.',
        get_approved: true,
        amplify: { groups: ['sales'], reactionType: 'like', comment: 'Worth a read.' },
      }),
      shape: { required: ['user', 'text'] },
    },
  },
  getApproval: { params: (f) => ({ approvalId: [f.apiApprovalId] }) },
  decideApproval: {
    params: (f) => ({ approvalId: [f.apiApprovalId] }),
    body: {
      valid: () => ({ decision: 'approve', text: 'Hello Jane, edited.' }),
      shape: { required: ['decision'] },
    },
  },
  showApprovalPage: { params: (f) => ({ token: [f.pageToken] }) },
  decideOnApprovalPage: {
    params: (f) => ({ token: [f.pageToken] }),
    body: {
      valid: () => ({ decision: 'approve', text: 'Hello Jane, edited on the page.' }),
      shape: { required: ['decision'] },
    },
  },
  receiveUnipileWebhook: {
    body: {
      valid: (f) => ({
        event: 'new_relation',
        account_id: `${f.ws.workspaceId}-login-0`,
        user_provider_id: 'ACoAAfuzz',
        user_public_identifier: 'prospect-jane',
        sender: { attendee_provider_id: 'ACoAAfuzz' },
      }),
      // The provider's payload: fields it adds later are accepted and ignored (docs/errors.md), and
      // its fields may be null, read as absent (lib/schemas/unipile-webhook.ts).
      shape: {
        required: ['event'],
        nullable: ['account_id', 'user_provider_id', 'user_public_identifier', 'sender'],
        openObject: true,
      },
    },
  },
  getJob: { params: (f) => ({ jobId: [f.jobId] }) },
  listJobs: {},
  cancelJob: { params: (f) => ({ jobId: [f.cancelJobId] }) },
  health: {},
  openApiDocument: {},
  docsPage: {},
  addTranscript: {
    mustReach: 202,
    body: {
      valid: () => validTranscript,
      shape: { required: ['title', 'transcript', 'call_start_time', 'call_id', 'url', 'participants'] },
      related: { format: ['transcript'] },
    },
  },
  getTranscript: { params: (f) => ({ call_id: [f.callId] }) },
  getTranscriptReport: { params: (f) => ({ call_id: [f.callId] }) },
  showTranscriptReport: { params: (f) => ({ token: [f.reportToken] }) },
  listTranscripts: {},
  getInsights: {},
  showInsightsPage: { params: (f) => ({ token: [f.insightsToken] }) },
  createWebhook: {
    body: {
      valid: () => ({ url: publicHook, events: ['job.succeeded', 'lead.replied'], description: 'CRM sync' }),
      shape: { required: ['url', 'events'] },
    },
  },
  listWebhooks: {},
  getWebhook: { params: (f) => ({ webhookId: [f.webhookId] }) },
  updateWebhook: {
    params: (f) => ({ webhookId: [f.webhookId] }),
    body: {
      valid: () => ({ description: 'CRM sync, renamed', events: ['job.succeeded'] }),
      shape: { required: [], nullable: ['description'] },
      // An empty change is refused as a whole (path ``).
      related: { description: [''], events: [''] },
    },
  },
  deleteWebhook: { params: (f) => ({ webhookId: [f.doomedWebhookId] }) },
  rotateWebhookSecret: { params: (f) => ({ webhookId: [f.webhookId] }) },
  testWebhook: { params: (f) => ({ webhookId: [f.webhookId] }) },
  listWebhookDeliveries: { params: (f) => ({ webhookId: [f.webhookId] }) },
  resendWebhookDelivery: { params: (f) => ({ webhookId: [f.resendWebhookId], deliveryId: [f.deliveryId] }) },
  listAccounts: {},
  getAccount: { params: (f) => ({ accountId: [f.ws.accounts[0]!.accountId] }) },
  updateAccount: {
    params: (f) => ({ accountId: [f.patchedAccountId] }),
    body: {
      valid: () => ({
        mode: 'ask',
        timezone: 'Europe/Paris',
        workingHours: { start: '08:00', end: '18:00', days: [1, 2, 3, 4, 5] },
        limits: { daily: { messages: 40 }, weeklyInvitations: 100 },
        paused: false,
        ownerEmail: 'owner@customer.example',
      }),
      shape: { required: [], nullable: ['workingHours', 'limits', 'ownerEmail'] },
    },
  },
  deleteAccount: { params: (f) => ({ accountId: [f.doomedAccountId] }) },
  getAccountUsage: { params: (f) => ({ accountId: [f.ws.accounts[0]!.accountId] }) },
  createConnectLink: {
    body: {
      valid: (f) => ({
        name: 'Jane Doe',
        reconnectAccountId: f.ws.accounts[0]!.accountId,
        successRedirectUrl: 'https://app.example.com/done',
      }),
      shape: { required: [] },
    },
  },
  showConnectPage: { params: (f) => ({ state: [f.connectPageState] }) },
  connectOnPage: {
    params: (f) => ({ state: [f.connectFormState] }),
    body: {
      valid: () => ({ profileUrl: 'https://www.linkedin.com/in/fuzz-jane', name: 'Jane' }),
      shape: { required: ['profileUrl', 'name'] },
    },
  },
  receiveConnectNotification: {
    params: (f) => ({ state: [f.notifyState] }),
    body: {
      // A status that connects nothing: the report is acknowledged (200) and the link stays usable, so
      // every valid request is accepted. A connecting one would ask the provider for the login, and the
      // fuzzed handler runs with the sandbox, which answers no Unipile link's report (404).
      valid: (f) => ({ status: 'CREATION_FAIL', account_id: 'fuzz-unipile-login', name: f.notifyReference }),
      // The provider's payload: fields it adds later are accepted and ignored (docs/errors.md).
      shape: { required: ['status', 'account_id', 'name'], openObject: true },
    },
  },
  getWorkspace: {},
  updateWorkspace: {
    body: {
      valid: () => ({ slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/fuzz' }),
      shape: { required: ['slackWebhookUrl'], nullable: ['slackWebhookUrl'] },
    },
  },
  listGroups: {},
  getGroup: { params: (f) => ({ name: [f.groupName] }) },
  putGroup: {
    // A name no group has yet creates one: odd names that are valid ones do.
    mustReach: 201,
    params: (f) => ({ name: [f.groupName] }),
    body: {
      valid: (f) => ({ accounts: [f.ws.accounts[0]!.accountId] }),
      shape: { required: ['accounts'] },
    },
  },
  deleteGroup: { params: (f) => ({ name: [f.doomedGroupName] }) },
  addGroupAccounts: {
    params: (f) => ({ name: [f.groupName] }),
    body: {
      valid: (f) => ({ accounts: [f.ws.accounts[1]!.accountId] }),
      shape: { required: ['accounts'] },
    },
  },
  removeGroupAccount: { params: (f) => ({ name: [f.groupName], accountId: [f.ws.accounts[1]!.accountId] }) },
};

/** A route's handler, loaded from its file (functions/http/, its name in kebab case). */
const handlerOf = (route: Route) => () => import(`../../../${routeEntry(route).replace(/\.ts$/, '')}`) as Promise<{ handler: HttpHandler }>;

/** Every route of lib/routes with how to call it well: what its definition says, and its case. */
export const fuzzRoutes: FuzzRoute[] = allRoutes.map((route): FuzzRoute => {
  const fuzzCase = fuzzCases[route.name as RouteName];
  if (Boolean(route.body) !== Boolean(fuzzCase.body))
    throw new Error(`${route.name}: a fuzz case has a body exactly when its route reads one`);
  return {
    route: routeKey(route) as RouteKey,
    load: handlerOf(route),
    auth: route.auth,
    errors: route.page ? 'page' : 'problem',
    ...(route.body && fuzzCase.body
      ? {
          body: {
            ...fuzzCase.body,
            format: route.body.mediaType === 'application/x-www-form-urlencoded' ? 'form' : 'json',
            maxBytes: route.body.maxBytes,
            ...(route.body.anyContentType ? { anyContentType: true as const } : {}),
          },
        }
      : {}),
    ...(fuzzCase.params ? { params: fuzzCase.params } : {}),
    // A list: `limit` and `cursor` in the query string.
    ...(route.query?._zod.def.shape.limit ? { list: true } : {}),
    ...(fuzzCase.mustReach ? { mustReach: fuzzCase.mustReach } : {}),
  };
});

/** The environment a fuzzed handler is loaded with: the test's queues, the provider's secret, no rate limit. */
export function fuzzEnv(queues: { jobs: string; actions: string; transcripts: string; webhooks: string }): Record<string, string> {
  return {
    JOBS_QUEUE_URL: queues.jobs,
    ACTIONS_QUEUE_URL: queues.actions,
    TRANSCRIPTS_QUEUE_URL: queues.transcripts,
    WEBHOOKS_QUEUE_URL: queues.webhooks,
    UNIPILE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // The sandbox provider serves the connect page; the fixture signs a Unipile link's state with the same secret.
    NETWORK_PROVIDER: 'sandbox',
    CONNECT_LINK_SECRET,
    REPORT_LINK_SECRET,
    // No rate limit (`0`): a route gets a thousand requests in a few seconds; the limit is tested on its own.
    RATE_LIMIT_PER_MINUTE: '0',
  };
}

/** Test queues of their own for each of the four queues. */
export async function createFuzzQueues(purpose: string): Promise<Parameters<typeof fuzzEnv>[0]> {
  const sqs = testSqs();
  const [jobs, actions, transcripts, webhooks] = await Promise.all(
    ['jobs', 'actions', 'transcripts', 'webhooks'].map((queue) => createTestQueue(sqs, `fuzz-${purpose}-${queue}`)),
  );
  return { jobs: jobs!, actions: actions!, transcripts: transcripts!, webhooks: webhooks! };
}

/** Calls a handler with a valid request and returns its JSON answer; throws unless it is `status`. */
async function callOk(handler: HttpHandler, status: number, request: Parameters<typeof httpEvent>[0]): Promise<Record<string, unknown>> {
  const result = await handler(httpEvent(request));
  if (result.statusCode !== status)
    throw new Error(`${request.method} ${request.path}: expected ${status}, got ${result.statusCode} ${result.body}`);
  return bodyOf(result);
}

/** The state of a connect link's URL: its last path segment (`/connect/<state>`). */
function stateOfLink(url: string): string {
  return url.split('/').pop()!;
}

/**
 * A Unipile connect link of the workspace, stored as POST /api/v1/accounts/connect-link stores one
 * (lib/onboarding/create-connect-link.ts): only Unipile's report opens one, and the fuzzed handlers
 * run with the sandbox provider, which makes sandbox links only.
 */
async function storeUnipileLink(db: Db, workspaceId: string): Promise<{ state: string; reference: string }> {
  const now = new Date();
  const expiresAt = new Date((epochSeconds(now) + 3600) * 1000);
  const state = signConnectState(CONNECT_LINK_SECRET, workspaceId, expiresAt);
  const tokenHash = connectStateHash(state);
  const reference = `cl_${tokenHash.slice(0, 32)}`;
  await putConnectLink(db, {
    tokenHash,
    workspaceId,
    type: 'create',
    provider: 'unipile',
    reference,
    createdAt: now.toISOString(),
    expiresAt: epochSeconds(expiresAt),
  });
  return { state, reference };
}

/**
 * Makes the fixture through the deployed handlers (which proves each route's valid request is
 * accepted, so the fuzzing starts from something that works): two jobs, a transcript, two webhooks
 * and a delivery, two pending approvals (DMs asking approval, planned as the jobs worker plans them),
 * two groups and two sandbox connect links; and a Unipile connect link, stored (see `storeUnipileLink`).
 * Accounts 0 and 1 act and are read, 2 is the PATCH route's, 3 the DELETE route's.
 */
export async function createFuzzFixture(): Promise<FuzzFixture> {
  const db = testDb();
  const sqs = testSqs();
  const queues = await createFuzzQueues('fixture');
  const env = fuzzEnv(queues);
  const ws = await createTestWorkspace(db, { accounts: 4 });
  const handlerOf = (route: RouteKey) => loadHandler(fuzzRoutes.find((candidate) => candidate.route === route)!.load, env);
  const headers = { 'api-key': ws.apiKey };
  const bodyOfRoute = (route: RouteKey) => fuzzRoutes.find((candidate) => candidate.route === route)!.body!.valid({ ws } as FuzzFixture);

  const like = await handlerOf('POST /api/v1/social-selling/like');
  const { jobId } = (await callOk(like, 202, {
    method: 'POST',
    path: '/api/v1/social-selling/like',
    headers,
    body: bodyOfRoute('POST /api/v1/social-selling/like'),
  })) as { jobId: string };
  const { jobId: cancelJobId } = (await callOk(like, 202, {
    method: 'POST',
    path: '/api/v1/social-selling/like',
    headers,
    body: bodyOfRoute('POST /api/v1/social-selling/like'),
  })) as { jobId: string };
  const add = await handlerOf('POST /api/v1/transcript/add');
  // A call id of the fixture's own: the fuzzed body's (`fuzz-call-1`) is then new, so its first valid
  // request stores and enqueues a transcript (202), not only resubmissions (200).
  const fixtureTranscript = { ...validTranscript, call_id: 'fuzz-fixture-call', url: 'https://calls.example.com/fuzz-fixture-call' };
  const { callId } = (await callOk(add, 202, { method: 'POST', path: '/api/v1/transcript/add', headers, body: fixtureTranscript })) as {
    callId: string;
  };
  // Analysed as the transcripts worker does it, so that it has a report (its page and its link).
  const analyse = (await drainQueue(sqs, queues.transcripts))
    .map((queued) => queued.json as AnalyseTranscriptMessage)
    .find((queued) => queued.callId === callId);
  await analyseStoredTranscript({ db, s3: defaultS3(), bucket: process.env.TRANSCRIPTS_BUCKET!, analyser: { name: 'embedded' } }, analyse!);
  const reportToken = signReportToken(REPORT_LINK_SECRET, {
    workspaceId: ws.workspaceId,
    callId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const today = new Date().toISOString().slice(0, 10);
  const insightsToken = signInsightsToken(REPORT_LINK_SECRET, {
    workspaceId: ws.workspaceId,
    period: { from: today, to: today },
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const create = await handlerOf('POST /api/v1/webhooks');
  const createBody = bodyOfRoute('POST /api/v1/webhooks');
  const { webhookId } = (await callOk(create, 201, { method: 'POST', path: '/api/v1/webhooks', headers, body: createBody })) as {
    webhookId: string;
  };
  const { webhookId: doomedWebhookId } = (await callOk(create, 201, {
    method: 'POST',
    path: '/api/v1/webhooks',
    headers,
    body: createBody,
  })) as { webhookId: string };
  const { webhookId: resendWebhookId } = (await callOk(create, 201, {
    method: 'POST',
    path: '/api/v1/webhooks',
    headers,
    body: createBody,
  })) as { webhookId: string };
  const ping = await handlerOf('POST /api/v1/webhooks/{webhookId}/test');
  const testPath = `/api/v1/webhooks/${resendWebhookId}/test`;
  const { deliveryId } = (await callOk(ping, 202, {
    method: 'POST',
    path: testPath,
    headers,
    pathParameters: { webhookId: resendWebhookId },
  })) as { deliveryId: string };
  // Ended failed, as when its endpoint went away: the first valid resend restarts it, later ones are a 409.
  const delivery = await getDelivery(db, { workspaceId: ws.workspaceId, webhookId: resendWebhookId, deliveryId });
  if (!delivery || !(await endDeliveryUnattempted(db, delivery, 'fuzz fixture', new Date())))
    throw new Error(`delivery ${deliveryId} could not be ended failed`);

  const dm = await handlerOf('POST /api/v1/social-selling/dm');
  const approvals: Array<{ approvalId: string; token: string }> = [];
  for (const account of ws.accounts.slice(0, 2)) {
    const body = { target: prospect, user: account.profileUrl, message: 'Hello Jane, a draft.', get_approved: true };
    const { jobId: dmJob } = (await callOk(dm, 202, { method: 'POST', path: '/api/v1/social-selling/dm', headers, body })) as {
      jobId: string;
    };
    const message = (await drainQueue(sqs, queues.jobs))
      .map((queued) => queued.json as PlanJobMessage)
      .find((queued) => queued.jobId === dmJob);
    await planJob(
      { db, sqs, jobsQueueUrl: queues.jobs, actionsQueueUrl: queues.actions, defaultPacingWindowSeconds: 0, approvalExpirySeconds: 3600 },
      message!,
    );
    const action = await getAction(db, { workspaceId: ws.workspaceId, jobId: dmJob, accountId: account.accountId });
    const approval = await getApproval(db, ws.workspaceId, action!.approval!.approvalId);
    approvals.push({ approvalId: approval!.approvalId, token: approval!.token });
  }

  const groupName = 'fuzz-team';
  const doomedGroupName = 'fuzz-doomed';
  const putGroup = await handlerOf('PUT /api/v1/groups/{name}');
  for (const name of [groupName, doomedGroupName]) {
    await callOk(putGroup, 201, {
      method: 'PUT',
      path: `/api/v1/groups/${name}`,
      headers,
      pathParameters: { name },
      body: bodyOfRoute('PUT /api/v1/groups/{name}'),
    });
  }
  const addToGroup = await handlerOf('POST /api/v1/groups/{name}/accounts');
  await callOk(addToGroup, 200, {
    method: 'POST',
    path: `/api/v1/groups/${groupName}/accounts`,
    headers,
    pathParameters: { name: groupName },
    body: bodyOfRoute('POST /api/v1/groups/{name}/accounts'),
  });

  const createLink = await handlerOf('POST /api/v1/accounts/connect-link');
  const linkPath = '/api/v1/accounts/connect-link';
  const { url: pageUrl } = (await callOk(createLink, 201, {
    method: 'POST',
    path: linkPath,
    headers,
    body: { name: 'Jane Doe', successRedirectUrl: 'https://app.example.com/done' },
  })) as { url: string };
  // No success redirect: the form's success is then a page (200), not a redirect (303), which the
  // fuzz test would take for a refusal.
  const { url: formUrl } = (await callOk(createLink, 201, { method: 'POST', path: linkPath, headers, body: {} })) as { url: string };
  const notifyLink = await storeUnipileLink(db, ws.workspaceId);

  return {
    ws,
    jobId,
    callId,
    reportToken,
    insightsToken,
    apiApprovalId: approvals[0]!.approvalId,
    pageToken: approvals[1]!.token,
    webhookId,
    doomedWebhookId,
    resendWebhookId,
    deliveryId,
    webhookSecret: WEBHOOK_SECRET,
    cancelJobId,
    patchedAccountId: ws.accounts[2]!.accountId,
    doomedAccountId: ws.accounts[3]!.accountId,
    groupName,
    doomedGroupName,
    connectPageState: stateOfLink(pageUrl),
    connectFormState: stateOfLink(formUrl),
    notifyState: notifyLink.state,
    notifyReference: notifyLink.reference,
  };
}
