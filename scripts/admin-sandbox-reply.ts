/**
 * `npm run admin -- sandbox reply`: a lead answers in the sandbox. The sandbox network has no
 * webhook of its own, so the CLI plays the provider: it posts the `message_received` event the
 * sandbox would send to the running stack's provider webhook, with the stack's secret. The reply
 * then takes the real webhook's whole path (secret, validation, `lead.replied` to the workspace's
 * endpoints), and nothing is written here.
 */
import { requireWorkspace } from '../lib/admin/workspace-admin';
import { newId } from '../lib/ids';
import { sandboxMessageEvent, sandboxProviderId } from '../lib/network/sandbox-people';
import { WEBHOOK_SECRET_HEADER } from '../lib/schemas/unipile-webhook';
import { listAccounts } from '../lib/store/accounts';
import type { Db } from '../lib/store/client';
import type { Lead } from '../lib/store/leads';
import { findLeads } from '../lib/store/leads';
import { readRunningStack, stackFilePath } from './local-stack/stack-file';
import { AdminError } from '../lib/errors';

const PROVIDER_WEBHOOK_PATH = '/api/v1/webhooks/unipile';

export interface SandboxReply {
  workspaceId: string;
  /** The person who answers (their public id). */
  publicId: string;
  text: string;
  /** Only a lead of this login answers (`--provider-account-id`, or `--account`'s). */
  providerAccountId?: string;
}

/** Where the provider webhook of the target stack is, and the secret its calls carry. */
interface ProviderWebhook {
  url: string;
  secret: string;
}

/**
 * The target's provider webhook: API_BASE_URL (or PORT) and UNIPILE_WEBHOOK_SECRET when given,
 * else what the running `npm start` wrote in its stack file. A deployed stage has no such file.
 */
function providerWebhookOf(env: NodeJS.ProcessEnv): ProviderWebhook {
  const local = (env.STAGE ?? 'local') === 'local';
  const running = local ? readRunningStack(stackFilePath(env)) : undefined;
  const baseUrl = env.API_BASE_URL ?? (local && env.PORT ? `http://127.0.0.1:${env.PORT}` : running?.endpoints.api);
  const secret = env.UNIPILE_WEBHOOK_SECRET ?? running?.providerWebhookSecret;
  if (baseUrl === undefined || secret === undefined) {
    throw new AdminError(
      local
        ? 'no running local stack found: start it with `npm start` (it says where it runs in .local/stack.json), or set API_BASE_URL and UNIPILE_WEBHOOK_SECRET'
        : `set API_BASE_URL and UNIPILE_WEBHOOK_SECRET of stage ${env.STAGE} to post the reply to its provider webhook`,
    );
  }
  return { url: `${baseUrl.replace(/\/+$/, '')}${PROVIDER_WEBHOOK_PATH}`, secret };
}

/** The one lead of the workspace who answers; refused when the person is nobody's lead, or several accounts' without a choice. */
async function answeringLead(db: Db, reply: SandboxReply): Promise<Lead> {
  const logins = new Set((await listAccounts(db, reply.workspaceId)).map((account) => account.providerAccountId));
  if (reply.providerAccountId !== undefined && !logins.has(reply.providerAccountId)) {
    throw new AdminError(`workspace has no account with provider account id ${reply.providerAccountId} (see: account list)`);
  }
  const leads: Lead[] = [];
  for (const login of reply.providerAccountId === undefined ? logins : [reply.providerAccountId]) {
    leads.push(...(await findLeads(db, login, sandboxProviderId(reply.publicId))).filter((lead) => lead.workspaceId === reply.workspaceId));
  }
  if (leads.length === 0) {
    throw new AdminError(
      `${reply.publicId} is not a lead of ${reply.providerAccountId === undefined ? 'workspace' : 'that account in workspace'} ${reply.workspaceId}: only a person one of its accounts invited or messaged (a connect or dm job) can answer`,
    );
  }
  if (leads.length > 1) {
    const accounts = leads.map((lead) => lead.accountId).join(', ');
    throw new AdminError(
      `${reply.publicId} is a lead of several accounts (${accounts}): say which one they answer with --account ACCOUNT_ID`,
    );
  }
  return leads[0]!;
}

/**
 * Posts the person's message to the target stack's provider webhook, as the sandbox's provider
 * would. Returns the event sent and the stack's answer (`leads`: how many `lead.replied` it reported).
 */
export async function replyInSandbox(
  db: Db,
  reply: SandboxReply,
  env: NodeJS.ProcessEnv = process.env,
  now: Date = new Date(),
): Promise<{ event: unknown; answer: unknown }> {
  await requireWorkspace(db, reply.workspaceId);
  const webhook = providerWebhookOf(env);
  const lead = await answeringLead(db, reply);
  const account = { workspaceId: lead.workspaceId, accountId: lead.accountId, providerAccountId: lead.providerAccountId };
  const event = sandboxMessageEvent(account, reply.publicId, reply.text, newId('sbx'), now);
  let response: Response;
  try {
    response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: webhook.secret },
      body: JSON.stringify(event),
    });
  } catch {
    throw new AdminError(`cannot reach the API at ${webhook.url}: is the local stack running (npm start)?`);
  }
  const text = await response.text();
  let answer: unknown = text;
  try {
    answer = JSON.parse(text);
  } catch {
    /* shown as the stack sent it */
  }
  if (response.status === 401)
    throw new AdminError(`the stack refused the provider webhook's secret: set UNIPILE_WEBHOOK_SECRET to the stack's`);
  if (!response.ok) throw new AdminError(`the provider webhook answered ${response.status}: ${text.slice(0, 500)}`);
  return { event, answer };
}
