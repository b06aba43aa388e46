/**
 * `npm run admin -- webhook <command>`: a workspace's webhook endpoints, through the same use cases
 * (and input rules) as the HTTP API's /api/v1/webhooks endpoints.
 */
import { requireWorkspace } from '../lib/admin/workspace-admin';
import { validate } from '../lib/schemas/validate';
import { createWebhookSchema, updateWebhookSchema } from '../lib/schemas/webhook';
import type { Db } from '../lib/store/client';
import { listDeliveriesPage, resendDelivery } from '../lib/webhooks/delivery-history';
import type { ManageWebhooksDeps } from '../lib/webhooks/manage-webhooks';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  requireWebhook,
  rotateSecret,
  sendTestPing,
  updateEndpoint,
  webhookView,
} from '../lib/webhooks/manage-webhooks';
import { need, print } from './admin-output';
import { AdminError } from '../lib/errors';

export const WEBHOOK_HELP = `  webhook create --workspace ID --url URL --event TYPE [--event TYPE ...] [--description TEXT]
                                                  prints the signing secret once
  webhook list --workspace ID
  webhook get --workspace ID <webhookId>
  webhook update --workspace ID <webhookId> [--url URL] [--event TYPE ...] [--description TEXT]
              [--enable | --disable]              --event replaces the list; --description '' removes it
  webhook delete --workspace ID <webhookId>
  webhook rotate-secret --workspace ID <webhookId>
                                                  prints the new secret once; the old one signs too for 24 h
  webhook test --workspace ID <webhookId>         queues a ping delivery to it
  webhook deliveries --workspace ID <webhookId> [--limit N] [--cursor DELIVERY_ID]
  webhook resend --workspace ID <webhookId> <deliveryId>
                                                  a failed delivery starts again
               URL: https only (http://localhost too on the local stack), resolving to public addresses;
               TYPE: an event type of docs/webhooks.md ("Events"), e.g. job.succeeded
`;

/** The options of `webhook` commands (a subset of the CLI's parsed values). */
export interface WebhookArgs {
  workspace?: string;
  url?: string;
  event?: string[];
  description?: string;
  enable?: boolean;
  disable?: boolean;
  limit?: string[];
  cursor?: string;
}

/** Without a queue the CLI only writes deliveries: the running stack's sweep sends them. */
const QUEUED_NOTE = 'queued; the running stack sends it within a minute';

/**
 * Runs `webhook <command> [args...]` against `db`. http://localhost endpoints are accepted only
 * when the target is the local stack (STAGE unset or `local`), as WEBHOOK_ALLOW_HTTP_LOCALHOST is there.
 */
export async function runWebhookCommand(
  db: Db,
  command: string | undefined,
  args: string[],
  values: WebhookArgs,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const deps: ManageWebhooksDeps = { db, allowHttpLocalhost: (env.STAGE ?? 'local') === 'local' };
  const workspaceId = need(values.workspace, '--workspace ID');
  const arg = (index: number, what: string) => need(args[index], what);
  const known = ['create', 'list', 'get', 'update', 'delete', 'rotate-secret', 'test', 'deliveries', 'resend'];
  if (!known.includes(command ?? ''))
    throw new AdminError(`unknown command ${JSON.stringify(`webhook ${command ?? ''}`.trim())}; see --help`);
  await requireWorkspace(db, workspaceId);
  const now = new Date();

  switch (command) {
    case 'create': {
      const input = validate(createWebhookSchema, { url: values.url, events: values.event, description: values.description });
      print(await createEndpoint(deps, workspaceId, input, now));
      console.error('(the secret is shown once: store it now)');
      return;
    }
    case 'list':
      print(await listEndpoints(db, workspaceId));
      return;
    case 'get':
      print(webhookView(await requireWebhook(db, workspaceId, arg(0, '<webhookId>'))));
      return;
    case 'update': {
      const webhookId = arg(0, '<webhookId>');
      if (values.enable && values.disable) throw new AdminError('give --enable or --disable, not both');
      const input = validate(updateWebhookSchema, {
        url: values.url,
        events: values.event,
        description: values.description,
        enabled: values.enable ? true : values.disable ? false : undefined,
      });
      print(await updateEndpoint(deps, workspaceId, webhookId, input, now));
      return;
    }
    case 'delete': {
      const webhookId = arg(0, '<webhookId>');
      await deleteEndpoint(db, workspaceId, webhookId);
      console.log(`deleted ${webhookId} (its pending deliveries end failed, endpoint_deleted)`);
      return;
    }
    case 'rotate-secret':
      print(await rotateSecret(deps, workspaceId, arg(0, '<webhookId>'), now));
      console.error('(the new secret is shown once: store it now; the previous one keeps signing until previousSecretValidUntil)');
      return;
    case 'test':
      print(await sendTestPing(deps, workspaceId, arg(0, '<webhookId>'), now));
      console.error(`(${QUEUED_NOTE}; see: webhook deliveries)`);
      return;
    case 'deliveries': {
      if ((values.limit?.length ?? 0) > 1) throw new AdminError('give --limit once');
      print(await listDeliveriesPage(db, workspaceId, arg(0, '<webhookId>'), { limit: values.limit?.[0], cursor: values.cursor }));
      return;
    }
    case 'resend':
      print(await resendDelivery(deps, workspaceId, arg(0, '<webhookId>'), arg(1, '<deliveryId>'), now));
      console.error(`(${QUEUED_NOTE}; see: webhook deliveries)`);
      return;
  }
}
