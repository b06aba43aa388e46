/**
 * The POST endpoints that take an api key and can be sent again and again, as the throughput bench
 * measures them: how to address each request, its body, the status a valid one gets, and its
 * route, whose handler the bench also drives in-process, without serverless offline.
 *
 * Not measured: `POST /api/v1/approvals/{id}` (one decision per approval: every request would need
 * an approval made for it first), `…/rotate-secret` (rotations of one endpoint are serialised: a
 * concurrent second one is a 409 by design), `…/deliveries/{id}/resend` (needs a failed delivery
 * each time); `/approve/{token}` and `/api/v1/webhooks/unipile` take no api key.
 */
import type { TestWorkspace } from '../../tests/helpers/factories';
import type { Route } from '../../lib/http/route';
import { connect } from '../../lib/routes/social-selling/connect';
import { dm } from '../../lib/routes/social-selling/dm';
import { post } from '../../lib/routes/social-selling/post';
import { like } from '../../lib/routes/social-selling/like';
import { requestComment } from '../../lib/routes/social-selling/request-comment';
import { addTranscript } from '../../lib/routes/transcripts/add-transcript';
import { createWebhook } from '../../lib/routes/webhooks/create-webhook';
import { testWebhook } from '../../lib/routes/webhooks/test-webhook';
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
  /** Its route's definition: its handler is the route's (deploy/functions.ts `routeEntry`). */
  route: Pick<Route, 'name' | 'method' | 'path'>;
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
    route: like,
    status: 202,
    apiKey: workspaceKey,
    body: (c, n) => requestBodies.like(c.target, n),
  },
  {
    name: 'request-comment',
    path: () => '/api/v1/social-selling/request-comment',
    route: requestComment,
    status: 202,
    apiKey: workspaceKey,
    body: (c, n) => requestBodies.requestComment(c.target, n),
  },
  {
    name: 'connect',
    path: () => '/api/v1/social-selling/connect',
    route: connect,
    status: 202,
    apiKey: workspaceKey,
    body: (c, n) => requestBodies.connect(c.target, n),
  },
  {
    name: 'dm',
    path: () => '/api/v1/social-selling/dm',
    route: dm,
    status: 202,
    apiKey: workspaceKey,
    body: (c, n) => requestBodies.dm(c.target, n),
  },
  {
    name: 'post',
    path: () => '/api/v1/social-selling/post',
    route: post,
    status: 202,
    apiKey: workspaceKey,
    body: (c, n) => requestBodies.post(c.target, n),
  },
  {
    name: 'transcript/add',
    path: () => '/api/v1/transcript/add',
    route: addTranscript,
    status: 202,
    apiKey: workspaceKey,
    body: (c, n) => requestBodies.transcript(c.target, n),
  },
  {
    name: 'webhooks create',
    path: () => '/api/v1/webhooks',
    route: createWebhook,
    status: 201,
    apiKey: (c, n) => c.webhookWorkspaces[Math.floor(n / MAX_WEBHOOKS_PER_WORKSPACE) % c.webhookWorkspaces.length]!.apiKey,
    body: (c, n) => requestBodies.webhook(c.receiverUrl, n),
    capacity: (c) => c.webhookWorkspaces.length * MAX_WEBHOOKS_PER_WORKSPACE,
  },
  {
    name: 'webhooks test',
    path: (c) => `/api/v1/webhooks/${c.webhookId}/test`,
    route: testWebhook,
    status: 202,
    apiKey: workspaceKey,
  },
];
