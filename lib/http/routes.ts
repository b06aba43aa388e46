/**
 * The API's routes, each written once: method, path, the function of serverless.yml that answers it,
 * and who may call it. Keyed by operation id. Everything else reads this table: each handler names
 * its row (`route: routeTable.like`), the catch-all answers 405 or 404 from it, the OpenAPI document
 * describes each row once (lib/openapi/operations), and a test checks serverless.yml's `httpApi`
 * events against it.
 *
 * It is plain data, so a handler that imports it gains a few hundred bytes, not the other routes'
 * schemas.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  operationId: string;
  method: HttpMethod;
  path: string;
  /** The function of serverless.yml whose `httpApi` event this is. */
  function: string;
  /** `api-key`: the workspace's key; `webhook-secret`: the provider's shared secret; `none`: public (a page's token is its credential). */
  auth: 'api-key' | 'webhook-secret' | 'none';
}

const table = {
  like: { method: 'POST', path: '/api/v1/social-selling/like', function: 'like', auth: 'api-key' },
  requestComment: { method: 'POST', path: '/api/v1/social-selling/request-comment', function: 'requestComment', auth: 'api-key' },
  connect: { method: 'POST', path: '/api/v1/social-selling/connect', function: 'connect', auth: 'api-key' },
  dm: { method: 'POST', path: '/api/v1/social-selling/dm', function: 'dm', auth: 'api-key' },
  getJob: { method: 'GET', path: '/api/v1/jobs/{jobId}', function: 'jobsGet', auth: 'api-key' },
  listAccounts: { method: 'GET', path: '/api/v1/accounts', function: 'accountsList', auth: 'api-key' },
  getAccount: { method: 'GET', path: '/api/v1/accounts/{accountId}', function: 'accountsGet', auth: 'api-key' },
  updateAccount: { method: 'PATCH', path: '/api/v1/accounts/{accountId}', function: 'accountsUpdate', auth: 'api-key' },
  deleteAccount: { method: 'DELETE', path: '/api/v1/accounts/{accountId}', function: 'accountsDelete', auth: 'api-key' },
  getAccountUsage: { method: 'GET', path: '/api/v1/accounts/{accountId}/usage', function: 'accountUsageGet', auth: 'api-key' },
  createConnectLink: { method: 'POST', path: '/api/v1/accounts/connect-link', function: 'connectLinkCreate', auth: 'api-key' },
  showConnectPage: { method: 'GET', path: '/connect/{state}', function: 'connectPage', auth: 'none' },
  connectOnPage: { method: 'POST', path: '/connect/{state}', function: 'connectPageSubmit', auth: 'none' },
  receiveConnectNotification: { method: 'POST', path: '/connect/{state}/notify', function: 'connectNotify', auth: 'none' },
  getWorkspace: { method: 'GET', path: '/api/v1/workspace', function: 'workspaceGet', auth: 'api-key' },
  updateWorkspace: { method: 'PATCH', path: '/api/v1/workspace', function: 'workspaceUpdate', auth: 'api-key' },
  listGroups: { method: 'GET', path: '/api/v1/groups', function: 'groupsList', auth: 'api-key' },
  getGroup: { method: 'GET', path: '/api/v1/groups/{name}', function: 'groupsGet', auth: 'api-key' },
  putGroup: { method: 'PUT', path: '/api/v1/groups/{name}', function: 'groupsPut', auth: 'api-key' },
  deleteGroup: { method: 'DELETE', path: '/api/v1/groups/{name}', function: 'groupsDelete', auth: 'api-key' },
  addGroupAccounts: { method: 'POST', path: '/api/v1/groups/{name}/accounts', function: 'groupAccountsAdd', auth: 'api-key' },
  removeGroupAccount: {
    method: 'DELETE',
    path: '/api/v1/groups/{name}/accounts/{accountId}',
    function: 'groupAccountRemove',
    auth: 'api-key',
  },
  listJobs: { method: 'GET', path: '/api/v1/jobs', function: 'jobsList', auth: 'api-key' },
  cancelJob: { method: 'POST', path: '/api/v1/jobs/{jobId}/cancel', function: 'jobsCancel', auth: 'api-key' },
  getApproval: { method: 'GET', path: '/api/v1/approvals/{approvalId}', function: 'approvalsGet', auth: 'api-key' },
  decideApproval: { method: 'POST', path: '/api/v1/approvals/{approvalId}', function: 'approvalsDecide', auth: 'api-key' },
  showApprovalPage: { method: 'GET', path: '/approve/{token}', function: 'approvalPage', auth: 'none' },
  decideOnApprovalPage: { method: 'POST', path: '/approve/{token}', function: 'approvalPageDecide', auth: 'none' },
  addTranscript: { method: 'POST', path: '/api/v1/transcript/add', function: 'transcriptAdd', auth: 'api-key' },
  getTranscript: { method: 'GET', path: '/api/v1/transcript/{call_id}', function: 'transcriptGet', auth: 'api-key' },
  getTranscriptReport: {
    method: 'GET',
    path: '/api/v1/transcript/{call_id}/report',
    function: 'transcriptReportGet',
    auth: 'api-key',
  },
  showTranscriptReport: { method: 'GET', path: '/reports/{token}', function: 'transcriptReportPage', auth: 'none' },
  listTranscripts: { method: 'GET', path: '/api/v1/transcripts', function: 'transcriptsList', auth: 'api-key' },
  listWebhooks: { method: 'GET', path: '/api/v1/webhooks', function: 'webhooksList', auth: 'api-key' },
  createWebhook: { method: 'POST', path: '/api/v1/webhooks', function: 'webhooksCreate', auth: 'api-key' },
  getWebhook: { method: 'GET', path: '/api/v1/webhooks/{webhookId}', function: 'webhooksGet', auth: 'api-key' },
  updateWebhook: { method: 'PATCH', path: '/api/v1/webhooks/{webhookId}', function: 'webhooksUpdate', auth: 'api-key' },
  deleteWebhook: { method: 'DELETE', path: '/api/v1/webhooks/{webhookId}', function: 'webhooksDelete', auth: 'api-key' },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/api/v1/webhooks/{webhookId}/rotate-secret',
    function: 'webhooksRotateSecret',
    auth: 'api-key',
  },
  testWebhook: { method: 'POST', path: '/api/v1/webhooks/{webhookId}/test', function: 'webhooksTest', auth: 'api-key' },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/api/v1/webhooks/{webhookId}/deliveries',
    function: 'webhookDeliveriesList',
    auth: 'api-key',
  },
  resendWebhookDelivery: {
    method: 'POST',
    path: '/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/resend',
    function: 'webhookDeliveryResend',
    auth: 'api-key',
  },
  receiveUnipileWebhook: { method: 'POST', path: '/api/v1/webhooks/unipile', function: 'unipileWebhook', auth: 'webhook-secret' },
  health: { method: 'GET', path: '/health', function: 'health', auth: 'none' },
  openApiDocument: { method: 'GET', path: '/api/v1/openapi.json', function: 'openapi', auth: 'none' },
  docsPage: { method: 'GET', path: '/docs', function: 'docs', auth: 'none' },
} as const satisfies Record<string, Omit<Route, 'operationId'>>;

export type OperationId = keyof typeof table;

/** Each route by its operation id. */
export const routeTable = Object.fromEntries(
  Object.entries(table).map(([operationId, route]) => [operationId, { operationId, ...route }]),
) as { readonly [Id in OperationId]: (typeof table)[Id] & { operationId: Id } };

/** Every route, in the order of the table. */
export const routes: readonly Route[] = Object.values(routeTable);

/** `METHOD /path`: how logs, idempotency records and serverless.yml name a route. */
export function routeKey(route: Pick<Route, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

function matches(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`).test(path);
}

/** The methods the API answers on a path; empty when the path is unknown. */
export function allowedMethods(path: string): string[] {
  return routes.filter((route) => matches(route.path, path)).map((route) => route.method);
}
