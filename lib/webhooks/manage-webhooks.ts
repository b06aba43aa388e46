import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { newId } from '../ids';
import type { CreateWebhookInput, UpdateWebhookInput } from '../schemas/webhook';
import type { Db } from '../store/client';
import type { WebhookChanges, WebhookEndpoint } from '../store/webhooks';
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, rotateWebhookSecret, updateWebhook } from '../store/webhooks';
import type { CheckWebhookUrlOptions } from './address-policy';
import { checkWebhookUrl } from './address-policy';
import type { EventDeps } from './emit-event';
import { emitEvent } from './emit-event';
import { newSigningSecret } from './signature';

/** Endpoints a workspace may register: each event is one write per endpoint, in the transaction of its change. */
export const MAX_WEBHOOKS_PER_WORKSPACE = 20;
/** After a rotation the old secret still signs (a second signature) for this long, so receivers can switch. */
export const PREVIOUS_SECRET_SECONDS = 24 * 3600;

const WEBHOOK_ID_RE = /^wh_[0-9A-HJKMNP-TV-Z]{26}$/;

export interface ManageWebhooksDeps extends EventDeps {
  /** Local mode: http://localhost endpoints are allowed (WEBHOOK_ALLOW_HTTP_LOCALHOST). */
  allowHttpLocalhost: boolean;
  /** DNS, replaceable in tests. */
  lookup?: CheckWebhookUrlOptions['lookup'];
}

export const webhookLocation = (webhookId: string) => `/api/v1/webhooks/${webhookId}`;

/** What the API shows of an endpoint: never its secret (but `webhookWithSecretView`). */
export function webhookView(endpoint: WebhookEndpoint) {
  return {
    webhookId: endpoint.webhookId,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    status: endpoint.status,
    ...(endpoint.status === 'disabled' ? { disabledAt: endpoint.disabledAt, disabledReason: endpoint.disabledReason } : {}),
    failingSince: endpoint.failingSince,
    ...(endpoint.previousSecretUntil ? { previousSecretValidUntil: endpoint.previousSecretUntil } : {}),
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
    links: { self: webhookLocation(endpoint.webhookId), deliveries: `${webhookLocation(endpoint.webhookId)}/deliveries` },
  };
}

export type WebhookView = ReturnType<typeof webhookView>;

/** The endpoint with its signing secret: right after it was made or its secret rotated, and only then. */
export function webhookWithSecretView(endpoint: WebhookEndpoint) {
  return { ...webhookView(endpoint), secret: endpoint.secret };
}

/** What a test ping answers: the event sent and its one delivery, still to be made. */
export interface TestPing {
  eventId: string;
  deliveryId: string;
  status: 'pending';
  links: { deliveries: string };
}

const webhookNotFound = (webhookId: string) => new NotFoundError(`No webhook ${JSON.stringify(webhookId.slice(0, 64))} in this workspace.`);

/** The workspace's endpoint, or a 404 (also for another workspace's, and for an id that cannot be one). */
export async function requireWebhook(db: Db, workspaceId: string, webhookId: string): Promise<WebhookEndpoint> {
  const endpoint = WEBHOOK_ID_RE.test(webhookId) ? await getWebhook(db, workspaceId, webhookId) : undefined;
  if (!endpoint) throw webhookNotFound(webhookId);
  return endpoint;
}

/** A 404 for an id that cannot be a webhook's, before any read (writes check that it exists by their condition). */
function requireWebhookId(webhookId: string): void {
  if (!WEBHOOK_ID_RE.test(webhookId)) throw webhookNotFound(webhookId);
}

/** https (http to localhost in local mode only), no credentials, and a host that resolves to public addresses only. */
async function checkedUrl(deps: ManageWebhooksDeps, url: string): Promise<string> {
  const checked = await checkWebhookUrl(url, { allowHttpLocalhost: deps.allowHttpLocalhost, lookup: deps.lookup });
  if (!checked.ok) throw new ValidationError([{ path: 'url', message: checked.message }]);
  return checked.url.href;
}

/** POST /api/v1/webhooks: the endpoint made, with its signing secret, shown this once. */
export async function createEndpoint(deps: ManageWebhooksDeps, workspaceId: string, input: CreateWebhookInput, now: Date) {
  const url = await checkedUrl(deps, input.url);
  if ((await listWebhooks(deps.db, workspaceId)).length >= MAX_WEBHOOKS_PER_WORKSPACE) {
    throw new ConflictError('webhook-limit-reached', `A workspace has at most ${MAX_WEBHOOKS_PER_WORKSPACE} webhooks; delete one first.`);
  }
  const at = now.toISOString();
  const endpoint: WebhookEndpoint = {
    workspaceId,
    webhookId: newId('wh'),
    url,
    events: input.events,
    ...(input.description ? { description: input.description } : {}),
    status: 'enabled',
    secret: newSigningSecret(),
    createdAt: at,
    updatedAt: at,
  };
  await createWebhook(deps.db, endpoint);
  return webhookWithSecretView(endpoint);
}

export async function listEndpoints(db: Db, workspaceId: string): Promise<{ items: WebhookView[] }> {
  return { items: (await listWebhooks(db, workspaceId)).map((endpoint) => webhookView(endpoint)) };
}

/** PATCH /api/v1/webhooks/{id}: `enabled: true` re-enables it and forgets its failures. */
export async function updateEndpoint(
  deps: ManageWebhooksDeps,
  workspaceId: string,
  webhookId: string,
  input: UpdateWebhookInput,
  now: Date,
) {
  requireWebhookId(webhookId);
  const changes: WebhookChanges = {
    ...(input.url !== undefined ? { url: await checkedUrl(deps, input.url) } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
    ...(input.description !== undefined ? { description: input.description ?? '' } : {}),
    ...(input.enabled !== undefined ? { status: input.enabled ? 'enabled' : 'disabled' } : {}),
  };
  const updated = await updateWebhook(deps.db, workspaceId, webhookId, changes, now);
  if (!updated) throw webhookNotFound(webhookId);
  return webhookView(updated);
}

/** DELETE: its pending deliveries end `failed` (`endpoint_deleted`) when their turn comes. */
export async function deleteEndpoint(db: Db, workspaceId: string, webhookId: string): Promise<void> {
  requireWebhookId(webhookId);
  if (!(await deleteWebhook(db, workspaceId, webhookId))) throw webhookNotFound(webhookId);
}

/** POST …/rotate-secret: a new secret, shown once; the previous one keeps signing beside it for a day. */
export async function rotateSecret(deps: ManageWebhooksDeps, workspaceId: string, webhookId: string, now: Date) {
  requireWebhookId(webhookId);
  // Two rotations at once both succeed, as two a second apart do: the later one's secret is
  // current, the earlier one's keeps signing beside it as the previous secret.
  const rotated = await rotateWebhookSecret(
    deps.db,
    workspaceId,
    webhookId,
    newSigningSecret(),
    new Date(now.getTime() + PREVIOUS_SECRET_SECONDS * 1000),
    now,
  );
  if (!rotated) throw webhookNotFound(webhookId);
  return webhookWithSecretView(rotated);
}

/** POST …/test: a `ping` event to this endpoint alone, delivered like any other (see its deliveries). */
export async function sendTestPing(deps: ManageWebhooksDeps, workspaceId: string, webhookId: string, now: Date): Promise<TestPing> {
  const endpoint = await requireWebhook(deps.db, workspaceId, webhookId);
  if (endpoint.status !== 'enabled') {
    throw new ConflictError('webhook-disabled', 'This webhook is disabled; enable it first (PATCH with "enabled": true).');
  }
  const sent = await emitEvent(deps, workspaceId, 'ping', { webhookId, message: 'This is a test event from the Outreach API.' }, now, {
    to: [endpoint],
  });
  const delivery = sent!.deliveries[0]!;
  return {
    eventId: sent!.event.id,
    deliveryId: delivery.deliveryId,
    status: 'pending',
    links: { deliveries: `${webhookLocation(webhookId)}/deliveries` },
  };
}
