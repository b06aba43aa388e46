import { unwatchInvitation, unwatchInvitationItem } from '../../store/invitation-watches';
import type { Lead } from '../../store/leads';
import { leadIdentity, recordLeadItem } from '../../store/leads';
import type { EventDeps } from '../../webhooks/emit-event';
import { commitWithEvents, prepareEvent } from '../../webhooks/emit-event';
import { leadEventData } from '../../webhooks/event-data';

/**
 * A lead accepted the invitation of a connection request (seen by the provider's webhook or by the
 * connection watch): `lead.connected`, once, whoever sees it first, and its invitation is no longer
 * watched. False when it was reported connected before. (A DM's acceptance is reported with its
 * resumption, in connection-accepted.ts.)
 */
export async function markLeadConnected(deps: EventDeps, lead: Lead, connectedAt: Date, now: Date): Promise<boolean> {
  if (!lead.connectedAt) {
    const at = connectedAt.toISOString();
    const reported = await prepareEvent(
      deps.db,
      lead.workspaceId,
      'lead.connected',
      { ...leadEventData(lead, deps.publicBaseUrl ?? ''), connectedAt: at },
      now,
    );
    const items = [
      recordLeadItem(deps.db, leadIdentity(lead), { connectedAt: at }, now, { onlyOnce: 'connectedAt' }),
      unwatchInvitationItem(deps.db, lead),
    ];
    if (await commitWithEvents(deps, items, [reported])) return true;
  }
  // Reported already: only its watch may be left.
  await unwatchInvitation(deps.db, lead);
  return false;
}
