import { timingSafeEqual } from 'node:crypto';
import type { UnipileAccountStatus, UnipileWebhook } from '../../schemas/unipile-webhook';
import { accountStatusOf, WEBHOOK_SECRET_HEADER } from '../../schemas/unipile-webhook';
import { connectionStateOf } from '../../network/unipile-account-status';
import { applyLoginState } from '../safety/account-connection';
import { HttpError } from '../../errors';
import type { Secret } from '../../secrets';
import { normaliseProfileUrl, profilePublicId } from '../../network/model/profile-url';
import { listAwaitingConnections } from '../../store/actions';
import { findLeads, leadIdentity, recordLeadItem } from '../../store/leads';
import { commitWithEvents, prepareEvent } from '../../webhooks/emit-event';
import { leadEventData } from '../../webhooks/event-data';
import type { ConnectionAcceptedDeps } from '../leads/connection-accepted';
import { markConnectionAccepted } from '../leads/connection-accepted';
import { markLeadConnected } from '../leads/lead-connected';

export interface WebhookDeps extends ConnectionAcceptedDeps {
  /** The shared secret (UNIPILE_WEBHOOK_SECRET); while it is empty every call is refused (the webhook is not set up). */
  secret: Secret;
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
 * What the provider is told of a call: received, and whether it was one acted on (`handled`), with
 * how many waiting DMs resumed and leads were reported, for the events that can have them.
 */
export interface WebhookAcknowledgement {
  received: true;
  handled: boolean;
  resumed?: number;
  leads?: number;
  /** Accounts whose connection state the call changed (an account status). */
  accounts?: number;
}

/**
 * POST /api/v1/webhooks/unipile. `new_relation` resumes the DMs of that login waiting for that
 * person, the same way the connection watch does, and reports every lead of that person connected
 * (`lead.connected`, once); `message_received` from a lead reports `lead.replied` (once per message);
 * an account status (`{AccountStatus: {account_id, message}}`) marks the accounts of that login
 * disconnected or connected again (`account.disconnected` / `account.reconnected`, once per change).
 * A repeated delivery finds nothing left to do. Every authentic call is acknowledged, an event not
 * acted on too (so the provider does not retry what was handled); the secret is checked before
 * (`checkWebhookSecret`).
 */
export async function receiveUnipileWebhook(
  deps: ConnectionAcceptedDeps,
  event: UnipileWebhook,
  now: Date,
): Promise<WebhookAcknowledgement> {
  const status = accountStatusOf(event);
  if (status) return accountStatus(deps, status, now);
  if (!event.account_id) return { received: true, handled: false };
  if (event.event === 'new_relation') return newRelation(deps, { ...event, account_id: event.account_id }, now);
  if (event.event === 'message_received')
    return { received: true, handled: true, leads: await messageReceived(deps, event.account_id, event, now) };
  return { received: true, handled: false };
}

async function newRelation(
  deps: ConnectionAcceptedDeps,
  event: UnipileWebhook & { account_id: string },
  now: Date,
): Promise<WebhookAcknowledgement> {
  const publicId =
    event.user_public_identifier?.toLowerCase() ?? (event.user_profile_url ? profilePublicIdOf(event.user_profile_url) : undefined);
  const waiting = publicId
    ? await listAwaitingConnections(deps.db, { providerAccountId: event.account_id, publicId })
    : (await listAwaitingConnections(deps.db, { providerAccountId: event.account_id })).filter(
        (action) => event.user_provider_id !== undefined && action.target?.providerId === event.user_provider_id,
      );
  let resumed = 0;
  for (const action of waiting) {
    if (await markConnectionAccepted(deps, action, { connectedAt: now, by: 'webhook', providerAccountId: event.account_id }, now))
      resumed += 1;
  }
  // The people a connection request invited (a DM's were reported as it resumed, above).
  const providerId = event.user_provider_id ?? waiting[0]?.target?.providerId;
  let leads = 0;
  for (const lead of providerId ? await findLeads(deps.db, event.account_id, providerId) : []) {
    if (await markLeadConnected(deps, lead, now, now)) leads += 1;
  }
  return { received: true, handled: true, resumed, leads };
}

/** A login's status: the accounts connected through it are marked as the status says; a status that says nothing of the login's health changes nothing. */
async function accountStatus(deps: ConnectionAcceptedDeps, status: UnipileAccountStatus, now: Date): Promise<WebhookAcknowledgement> {
  const state = connectionStateOf(status.message);
  if (!state) return { received: true, handled: false };
  const accounts = await applyLoginState(deps, status.providerAccountId, state, `Unipile account status ${status.message}`, now);
  return { received: true, handled: true, accounts };
}

/** Longest message text an event carries; the rest is on the network. */
const MAX_REPLY_CHARS = 4000;

/** A message from someone the login invited or messaged: `lead.replied`, once per message of the provider. */
async function messageReceived(deps: ConnectionAcceptedDeps, providerAccountId: string, event: UnipileWebhook, now: Date): Promise<number> {
  const senderId = event.sender?.attendee_provider_id;
  if (!senderId) return 0;
  const messageKey = event.message_id ?? `${event.chat_id ?? ''}#${event.timestamp ?? ''}`;
  const sentAt =
    event.timestamp && !Number.isNaN(Date.parse(event.timestamp)) ? new Date(event.timestamp).toISOString() : now.toISOString();
  const message = {
    ...(event.message_id ? { id: event.message_id } : {}),
    ...(event.chat_id ? { chatId: event.chat_id } : {}),
    text: (event.message ?? '').slice(0, MAX_REPLY_CHARS),
    truncated: (event.message ?? '').length > MAX_REPLY_CHARS,
    sentAt,
  };
  let reported = 0;
  for (const lead of await findLeads(deps.db, providerAccountId, senderId)) {
    const replied = await prepareEvent(
      deps.db,
      lead.workspaceId,
      'lead.replied',
      { ...leadEventData(lead, deps.publicBaseUrl ?? ''), message },
      now,
      {
        dedupeKey: `unipile-message#${providerAccountId}#${messageKey}`,
      },
    );
    if (await commitWithEvents(deps, [recordLeadItem(deps.db, leadIdentity(lead), { lastReplyAt: sentAt }, now)], [replied])) reported += 1;
  }
  return reported;
}

function profilePublicIdOf(url: string): string | undefined {
  const normalised = normaliseProfileUrl(url);
  return normalised === undefined ? undefined : profilePublicId(normalised);
}
