/**
 * The POST endpoints that take an api key and can be sent again and again, as the throughput bench
 * measures them: how to address each request, its body, the status a valid one gets, and the
 * module of its handler (the bench also drives the handler in-process, without serverless offline).
 *
 * Not measured: `POST /api/v1/approvals/{id}` (one decision per approval: every request would need
 * an approval made for it first), `…/rotate-secret` (rotations of one endpoint are serialised: a
 * concurrent second one is a 409 by design), `…/deliveries/{id}/resend` (needs a failed delivery
 * each time); `/approve/{token}` and `/api/v1/webhooks/unipile` take no api key.
 */
import type { TestWorkspace } from '../../tests/helpers/factories';
import { MAX_WEBHOOKS_PER_WORKSPACE } from '../../lib/webhooks/manage-webhooks';
import { requestBodies, type LoadTarget } from './request-bodies';

export interface EndpointContext {
  target: LoadTarget;
  /** Workspaces whose 20 webhook slots `webhooks create` fills, one after the other. */
  webhookWorkspaces: TestWorkspace[];
  /** A receiver that answers 204, for endpoints and test pings. */
  receiverUrl: string;
  /** An endpoint of `target`'s workspace, pinged by `webhooks test`. */
  webhookId: string;
}

export interface MeasuredEndpoint {
  name: string;
  path: (context: EndpointContext) => string;
  /** The file under functions/http/ that serves it. */
  handlerModule: string;
  status: number;
  apiKey: (context: EndpointContext, n: number) => string;
  body?: (context: EndpointContext, n: number) => unknown;
  /** The most requests that can succeed (webhook slots), if bounded. */
  capacity?: (context: EndpointContext) => number;
}

const workspaceKey = (context: EndpointContext) => context.target.workspace.apiKey;

export const measuredEndpoints: MeasuredEndpoint[] = [
  {
    name: 'like',
    path: () => '/api/v1/social-selling/like',
    handlerModule: 'like',
    status: 202,
    apiKey: workspaceKey,
    body: (c, n) => requestBodies.like(c.target, n),
  },
  {
    name: 'request-comment',
    path: () => '/api/v1/social-selling/request-comment',
    handlerModule: 'request-comment',
    status: 202,
    apiKey: workspaceKey,
    body: (c, n) => requestBodies.requestComment(c.target, n),
  },
  {
    name: 'connect',
    path: () => '/api/v1/social-selling/connect',
    handlerModule: 'connect',
    status: 202,
    apiKey: workspaceKey,
    body: (c, n) => requestBodies.connect(c.target, n),
  },
  {
    name: 'dm',
    path: () => '/api/v1/social-selling/dm',
    handlerModule: 'dm',
    status: 202,
    apiKey: workspaceKey,
    body: (c, n) => requestBodies.dm(c.target, n),
  },
  {
    name: 'transcript/add',
    path: () => '/api/v1/transcript/add',
    handlerModule: 'transcript-add',
    status: 202,
    apiKey: workspaceKey,
    body: (c, n) => requestBodies.transcript(c.target, n),
  },
  {
    name: 'webhooks create',
    path: () => '/api/v1/webhooks',
    handlerModule: 'webhooks-create',
    status: 201,
    apiKey: (c, n) => c.webhookWorkspaces[Math.floor(n / MAX_WEBHOOKS_PER_WORKSPACE) % c.webhookWorkspaces.length]!.apiKey,
    body: (c, n) => requestBodies.webhook(c.receiverUrl, n),
    capacity: (c) => c.webhookWorkspaces.length * MAX_WEBHOOKS_PER_WORKSPACE,
  },
  {
    name: 'webhooks test',
    path: (c) => `/api/v1/webhooks/${c.webhookId}/test`,
    handlerModule: 'webhooks-test',
    status: 202,
    apiKey: workspaceKey,
  },
];
