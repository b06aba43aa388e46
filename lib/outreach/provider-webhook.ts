import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../errors';
import type { HttpResult } from '../http/response';
import { normaliseProfileUrl, profilePublicId } from '../network/profile-url';
import { listAwaitingConnections } from '../store/actions';
import type { ConnectionAcceptedDeps } from './connection-accepted';
import { markConnectionAccepted } from './connection-accepted';

/** The header the provider's webhook calls carry the shared secret in (set when the webhook is registered). */
export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret';

/**
 * Unipile's webhook body: `new_relation` (source `users`) names the acting login and the person who
 * accepted. Other events and fields are accepted and ignored, so a provider addition never breaks it.
 */
export const unipileWebhookSchema = z.looseObject({
  event: z.string().min(1).max(100),
  account_id: z.string().max(200).optional(),
  user_provider_id: z.string().max(200).optional(),
  user_public_identifier: z.string().max(200).optional(),
  user_profile_url: z.string().max(2048).optional(),
});
export type UnipileWebhook = z.output<typeof unipileWebhookSchema>;

export interface WebhookDeps extends ConnectionAcceptedDeps {
  /** The shared secret; when empty every call is refused (the webhook is not set up). */
  secret: string;
}

/** 401 unless the call carries the shared secret (compared in constant time); none is accepted when it is not configured. */
export function checkWebhookSecret(expected: string, headers: Record<string, string | undefined>): void {
  const given = headers[WEBHOOK_SECRET_HEADER];
  const a = Buffer.from(expected);
  const b = Buffer.from(given ?? '');
  if (!expected || given === undefined || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new HttpError(401, 'unauthorized', 'Unauthorized', `A valid ${WEBHOOK_SECRET_HEADER} header is required.`);
  }
}

/**
 * POST /api/v1/webhooks/unipile: a `new_relation` resumes the DMs of that login waiting for that
 * person, the same way the connection watch does; a repeated delivery finds nothing waiting. 200
 * for every authentic call (so the provider does not retry what was handled); the secret is
 * checked before (`checkWebhookSecret`).
 */
export async function receiveUnipileWebhook(deps: ConnectionAcceptedDeps, event: UnipileWebhook, now: Date): Promise<HttpResult> {
  if (event.event !== 'new_relation' || !event.account_id) return { status: 200, body: { received: true, handled: false } };

  const publicId =
    event.user_public_identifier?.toLowerCase() ??
    (event.user_profile_url ? profilePublicIdOf(event.user_profile_url) : undefined);
  const waiting = publicId
    ? await listAwaitingConnections(deps.db, { providerAccountId: event.account_id, publicId })
    : (await listAwaitingConnections(deps.db, { providerAccountId: event.account_id })).filter(
        (action) => event.user_provider_id !== undefined && action.target?.providerId === event.user_provider_id,
      );
  let resumed = 0;
  for (const action of waiting) {
    if (await markConnectionAccepted(deps, action, { connectedAt: now, by: 'webhook' }, now)) resumed += 1;
  }
  return { status: 200, body: { received: true, handled: true, resumed } };
}

function profilePublicIdOf(url: string): string | undefined {
  const normalised = normaliseProfileUrl(url);
  return normalised === undefined ? undefined : profilePublicId(normalised);
}
