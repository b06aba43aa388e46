/**
 * Admin CLI: `npm run admin -- <area> <command> [options]`. Talks to the local stack by default,
 * or to a deployed stage's table with STAGE=<stage> (and the usual AWS credentials).
 */
import { parseArgs } from 'node:util';
import {
  addAccount,
  addGroup,
  addWorkspace,
  changeGroupMembers,
  changeWorkspaceSettings,
  issueApiKey,
  removeAccount,
  removeGroup,
  requireWorkspace,
  updateAccount,
} from '../lib/admin/workspace-admin';
import { AdminError, HttpError } from '../lib/errors';
import { newId } from '../lib/ids';
import { parsePostUrl } from '../lib/network/model/post-url';
import { dailyLimitField } from '../lib/outreach/safety/safety-defaults';
import type { AccountInput } from '../lib/schemas/account-settings';
import type { DailyLimits, Spacing, WorkingHours } from '../lib/store/accounts';
import { getAccount, listAccounts } from '../lib/store/accounts';
import { listApiKeys, revokeApiKey } from '../lib/store/api-keys';
import type { Db } from '../lib/store/client';
import { listGroups } from '../lib/store/groups';
import type { SandboxCall, SandboxRule } from '../lib/store/sandbox';
import {
  acceptSandboxInvitations,
  connectSandboxProfiles,
  deleteSandboxRule,
  listSandboxActions,
  listSandboxRules,
  putSandboxRule,
  sandboxCalls,
  sandboxPublicId,
} from '../lib/store/sandbox';
import type { WorkspaceSettings } from '../lib/store/workspaces';
import { listWorkspaces } from '../lib/store/workspaces';
import { replyInSandbox } from './admin-sandbox-reply';
import { runWebhookCommand, WEBHOOK_HELP } from './admin-webhooks';
import { runUnipileCommand, UNIPILE_HELP } from './admin-unipile';
import { targetDb } from './target-db';
import { need, print } from './admin-output';
import { quietSdkNodeWarning } from './quiet-sdk-warning';

// Before any client is made: the SDK decides whether to warn when its first client is built.
quietSdkNodeWarning();

const HELP = `Usage: npm run admin -- <area> <command> [options]

Target: the local stack (npm start) by default; STAGE=<stage> for a deployed stage's table.

  workspace create <id> [--name NAME] [--pacing-window SECONDS]
  workspace list
  workspace settings <id> [--pacing-window SECONDS | --pacing-window default]
              [--working-hours 09:00-18:00] [--days 1,2,3,4,5] [--limit comments=10] [--limit weeklyInvitations=80]
              [--spacing invitations=60-300]  (seconds between two touches of one account, per kind)
              [--email-domain acme.com ...]   (the workspace's own people: internal speakers of transcripts)
                                                  defaults of its accounts (an account's own values win)
  key create --workspace ID [--label TEXT]        prints the key once
  key list --workspace ID
  key revoke --workspace ID <keyId>
  account add --workspace ID --profile-url URL --name NAME --provider-account-id ID
              [--mode autopilot|ask] [--timezone TZ] [--working-hours 09:00-18:00]
              [--days 1,2,3,4,5] [--limit reactions=40] [--limit invitations=20] [--limit weeklyInvitations=80]
              [--spacing reactions=20-120] ...   KIND: reactions, comments, messages, invitations, visits, posts
              [--owner-email EMAIL]               where its approval requests are mailed (update: none stops them)
  account list --workspace ID
  account update --workspace ID <accountId> [any account add option] [--status active|paused]
  account remove --workspace ID <accountId>
  group create|delete --workspace ID <name>
  group add|remove --workspace ID <name> <accountId>...
  group list --workspace ID
  sandbox actions --workspace ID                  what the sandbox network recorded
  sandbox fail --workspace ID --status CODE --reason SLUG [--action CALL] [--url POST_URL | --post-id ID]
               [--profile PROFILE_URL] [--provider-account-id ID | --account ACCOUNT_ID] [--times N]
               [--retry-after SECONDS]
               CALL: react (default), comment, get_profile, invite, message, list_relations;
               reason email_required fails only invitations sent without an email
  sandbox accept --workspace ID <profileUrl> [--provider-account-id ID | --account ACCOUNT_ID]
                                                  the person accepts the pending invitations sent to them
  sandbox connect --workspace ID (--provider-account-id ID | --account ACCOUNT_ID) <profileUrl>
                                                  connects them at once, no invitation
  sandbox reply --workspace ID <profileUrl> <text> [--provider-account-id ID | --account ACCOUNT_ID]
                                                  the person, a lead of the workspace, answers: the provider's
                                                  message event goes to the running stack (lead.replied)
  sandbox rules --workspace ID
  sandbox unfail --workspace ID <ruleId>
${WEBHOOK_HELP}${UNIPILE_HELP}`;

const options = {
  workspace: { type: 'string' },
  name: { type: 'string' },
  label: { type: 'string' },
  'pacing-window': { type: 'string' },
  'email-domain': { type: 'string', multiple: true },
  'profile-url': { type: 'string' },
  'provider-account-id': { type: 'string' },
  'owner-email': { type: 'string' },
  'slack-webhook-url': { type: 'string' },
  account: { type: 'string' },
  action: { type: 'string' },
  profile: { type: 'string' },
  mode: { type: 'string' },
  timezone: { type: 'string' },
  'working-hours': { type: 'string' },
  days: { type: 'string' },
  limit: { type: 'string', multiple: true },
  spacing: { type: 'string', multiple: true },
  status: { type: 'string' },
  reason: { type: 'string' },
  'post-id': { type: 'string' },
  url: { type: 'string' },
  times: { type: 'string' },
  'retry-after': { type: 'string' },
  event: { type: 'string', multiple: true },
  description: { type: 'string' },
  enable: { type: 'boolean' },
  disable: { type: 'boolean' },
  cursor: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

function integer(value: string, what: string): number {
  if (!/^\d+$/.test(value)) throw new AdminError(`${what} must be a whole number, not ${JSON.stringify(value)}`);
  return Number(value);
}

/** A person for the sandbox: a profile URL or public id, refused when it is neither. */
function publicIdArg(value: string, what: string): string {
  try {
    return sandboxPublicId(value);
  } catch {
    throw new AdminError(`${what} is not a profile URL of the network (https://www.linkedin.com/in/<id>): ${JSON.stringify(value)}`);
  }
}

/** The acting login named by `--provider-account-id`, or by our `--account` id; undefined when neither is given. */
async function providerAccountIdOf(db: Db, workspaceId: string, values: Values): Promise<string | undefined> {
  if (values.account === undefined) return values['provider-account-id'];
  if (values['provider-account-id'] !== undefined) throw new AdminError('give --provider-account-id or --account, not both');
  const account = await getAccount(db, workspaceId, values.account);
  if (!account) throw new AdminError(`workspace has no account ${values.account} (see: account list)`);
  return account.providerAccountId;
}

function sandboxCall(value: string | undefined): SandboxCall {
  if (value === undefined) return 'react';
  if (!(sandboxCalls as readonly string[]).includes(value))
    throw new AdminError(`--action must be one of ${sandboxCalls.join(', ')}; got ${JSON.stringify(value)}`);
  return value as SandboxCall;
}

/** `--working-hours 09:00-18:00 --days 1,2,3,4,5` (either alone keeps the other's default). */
function workingHoursFrom(values: Values): WorkingHours | undefined {
  if (values['working-hours'] === undefined && values.days === undefined) return undefined;
  const [start = '09:00', end = '18:00'] = (values['working-hours'] ?? '09:00-18:00').split('-');
  const days = (values.days ?? '1,2,3,4,5').split(',').map((day) => integer(day.trim(), '--days'));
  return { start, end, days };
}

/** The names `--limit` and `--spacing` take: the fields of an account's daily limits. */
const dailyKinds: readonly string[] = Object.values(dailyLimitField);

/** `--limit KIND=N` ...: daily limits per kind, and `weeklyInvitations=N`. */
function limitsFrom(values: Values): { daily?: DailyLimits; weeklyInvitations?: number } {
  if (!values.limit) return {};
  const daily: DailyLimits = {};
  let weeklyInvitations: number | undefined;
  for (const entry of values.limit) {
    const [kind, count] = entry.split('=');
    if (kind === 'weeklyInvitations' && count !== undefined) {
      weeklyInvitations = integer(count, '--limit weeklyInvitations');
      continue;
    }
    if (!kind || !dailyKinds.includes(kind) || count === undefined) {
      throw new AdminError(
        `--limit takes KIND=N with KIND one of ${dailyKinds.join(', ')}, weeklyInvitations; got ${JSON.stringify(entry)}`,
      );
    }
    daily[kind as keyof DailyLimits] = integer(count, `--limit ${kind}`);
  }
  return { ...(Object.keys(daily).length ? { daily } : {}), ...(weeklyInvitations !== undefined ? { weeklyInvitations } : {}) };
}

/** `--spacing KIND=MIN-MAX` ...: seconds between two of the account's touches, the kind's gap (`invitations=60-300`). */
function spacingFrom(values: Values): Spacing | undefined {
  if (!values.spacing) return undefined;
  const spacing: Spacing = {};
  for (const entry of values.spacing) {
    const [kind, range] = entry.split('=');
    const [min = '', max = min] = (range ?? '').split('-');
    if (!kind || !dailyKinds.includes(kind) || !min) {
      throw new AdminError(
        `--spacing takes KIND=MIN-MAX (seconds) with KIND one of ${dailyKinds.join(', ')}; got ${JSON.stringify(entry)}`,
      );
    }
    const minSeconds = integer(min, `--spacing ${kind}`);
    const maxSeconds = integer(max, `--spacing ${kind}`);
    if (maxSeconds < minSeconds) throw new AdminError(`--spacing ${kind}: MAX must not be below MIN; got ${JSON.stringify(entry)}`);
    spacing[kind as keyof Spacing] = { minSeconds, jitterSeconds: maxSeconds - minSeconds };
  }
  return spacing;
}

function accountChanges(values: Values): Partial<AccountInput> {
  const changes: Partial<AccountInput> = {};
  if (values.name !== undefined) changes.name = values.name;
  if (values['profile-url'] !== undefined) changes.profileUrl = values['profile-url'];
  if (values['provider-account-id'] !== undefined) changes.providerAccountId = values['provider-account-id'];
  if (values.mode !== undefined) changes.mode = values.mode as AccountInput['mode'];
  if (values.timezone !== undefined) changes.timezone = values.timezone;
  if (values.status !== undefined) changes.status = values.status as AccountInput['status'];
  if (values['owner-email'] !== undefined) changes.ownerEmail = values['owner-email'];
  const workingHours = workingHoursFrom(values);
  if (workingHours) changes.workingHours = workingHours;
  const limits = limitsFrom(values);
  if (limits.daily) changes.dailyLimits = limits.daily;
  if (limits.weeklyInvitations !== undefined) changes.weeklyInvitations = limits.weeklyInvitations;
  const spacing = spacingFrom(values);
  if (spacing) changes.spacing = spacing;
  return changes;
}

/** Workspace-wide overrides of the account-safety defaults (an account's own values still win). */
function workspaceSafetyChanges(values: Values): WorkspaceSettings {
  const changes: WorkspaceSettings = {};
  const workingHours = workingHoursFrom(values);
  if (workingHours) changes.workingHours = workingHours;
  const limits = limitsFrom(values);
  if (limits.daily || limits.weeklyInvitations !== undefined) changes.limits = limits;
  const spacing = spacingFrom(values);
  if (spacing) changes.spacing = spacing;
  return changes;
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const [area, command, ...rest] = positionals;
  if (values.help || !area) {
    console.log(HELP);
    return;
  }
  // Talks to Unipile only, not to a table.
  if (area === 'unipile') return runUnipileCommand(command);
  const { db, description } = targetDb();
  console.error(`(target: ${description})`);
  const workspaceId = () => need(values.workspace, '--workspace ID');
  const first = (what: string) => need(rest[0], what);

  if (area === 'webhook') return runWebhookCommand(db, command, rest, values);
  switch (`${area} ${command ?? ''}`) {
    case 'workspace create': {
      const id = first('<id>');
      const pacing = values['pacing-window'];
      print(await addWorkspace(db, id, values.name ?? id, pacing ? { pacingWindowSeconds: integer(pacing, '--pacing-window') } : {}));
      return;
    }
    case 'workspace list':
      print(await listWorkspaces(db));
      return;
    case 'workspace settings': {
      const id = first('<id>');
      const workspace = await requireWorkspace(db, id);
      const pacing = values['pacing-window'];
      const changes = workspaceSafetyChanges(values);
      if (pacing !== undefined) changes.pacingWindowSeconds = pacing === 'default' ? undefined : integer(pacing, '--pacing-window');
      if (values['email-domain']) changes.emailDomains = values['email-domain'].map((domain) => domain.toLowerCase());
      const slack = values['slack-webhook-url'];
      if (slack !== undefined) changes.slackWebhookUrl = slack === 'none' ? undefined : slack;
      if (Object.keys(changes).length === 0) return print(workspace.settings);
      print((await changeWorkspaceSettings(db, id, changes)).settings);
      return;
    }
    case 'key create': {
      const { keyId, key } = await issueApiKey(db, workspaceId(), values.label);
      console.log(`keyId: ${keyId}\napi-key (shown once, store it now): ${key}`);
      return;
    }
    case 'key list':
      print((await listApiKeys(db, workspaceId())).map(({ hash: _hash, ...key }) => key));
      return;
    case 'key revoke': {
      const keyId = first('<keyId>');
      if (!(await revokeApiKey(db, workspaceId(), keyId, new Date()))) throw new AdminError(`workspace has no key ${keyId}`);
      console.log(`revoked ${keyId} (warm API containers may accept it for up to AUTH_CACHE_SECONDS more)`);
      return;
    }
    case 'account add': {
      const changes = accountChanges(values);
      print(
        await addAccount(db, workspaceId(), {
          ...changes,
          name: need(changes.name, '--name'),
          profileUrl: need(changes.profileUrl, '--profile-url'),
          providerAccountId: need(changes.providerAccountId, '--provider-account-id'),
        }),
      );
      return;
    }
    case 'account list':
      print(await listAccounts(db, workspaceId()));
      return;
    case 'account update':
      print(await updateAccount(db, workspaceId(), first('<accountId>'), accountChanges(values)));
      return;
    case 'account remove': {
      const removal = await removeAccount(db, workspaceId(), first('<accountId>'));
      console.log('removed');
      if (removal.cancelledActions) console.error(`(${removal.cancelledActions} waiting action(s) cancelled: account_removed)`);
      return;
    }
    case 'group create':
      await addGroup(db, workspaceId(), first('<name>'));
      console.log('created');
      return;
    case 'group delete':
      await removeGroup(db, workspaceId(), first('<name>'));
      console.log('deleted');
      return;
    case 'group add':
    case 'group remove': {
      const members = await changeGroupMembers(
        db,
        workspaceId(),
        first('<name>'),
        need(rest.slice(1).length ? rest.slice(1) : undefined, '<accountId>...'),
        command as 'add' | 'remove',
      );
      print({ group: rest[0], accountIds: members });
      return;
    }
    case 'group list':
      print(await listGroups(db, workspaceId()));
      return;
    case 'sandbox actions':
      print(await listSandboxActions(db, workspaceId()));
      return;
    case 'sandbox rules':
      print(await listSandboxRules(db, workspaceId()));
      return;
    case 'sandbox fail': {
      const id = workspaceId();
      await requireWorkspace(db, id);
      const postId = values.url === undefined ? values['post-id'] : parsePostUrl(values.url)?.id;
      if (values.url !== undefined && postId === undefined) throw new AdminError('--url is not a post or comment URL of the network');
      const profile = values.profile === undefined ? undefined : publicIdArg(values.profile, '--profile');
      const rule: SandboxRule = {
        ruleId: newId('sbx'),
        workspaceId: id,
        match: { action: sandboxCall(values.action), postId, profile, providerAccountId: await providerAccountIdOf(db, id, values) },
        failure: {
          status: integer(need(values.status, '--status CODE'), '--status'),
          reason: need(values.reason, '--reason SLUG'),
          retryAfterSeconds: values['retry-after'] ? integer(values['retry-after'], '--retry-after') : undefined,
        },
        remaining: values.times ? integer(values.times, '--times') : undefined,
        createdAt: new Date().toISOString(),
      };
      await putSandboxRule(db, rule);
      print(rule);
      return;
    }
    case 'sandbox accept': {
      const id = workspaceId();
      await requireWorkspace(db, id);
      const person = publicIdArg(first('<profileUrl>'), '<profileUrl>');
      const accepted = await acceptSandboxInvitations(db, id, person, { providerAccountId: await providerAccountIdOf(db, id, values) });
      if (accepted.length === 0) console.error(`no pending invitation to ${person}`);
      print(accepted);
      return;
    }
    case 'sandbox connect': {
      const id = workspaceId();
      await requireWorkspace(db, id);
      const login = need(await providerAccountIdOf(db, id, values), '--provider-account-id ID or --account ACCOUNT_ID');
      print(await connectSandboxProfiles(db, id, login, publicIdArg(first('<profileUrl>'), '<profileUrl>')));
      return;
    }
    case 'sandbox reply': {
      const id = workspaceId();
      await requireWorkspace(db, id);
      const person = publicIdArg(first('<profileUrl>'), '<profileUrl>');
      const text = need(rest.slice(1).join(' ') || undefined, '<text>');
      const sent = await replyInSandbox(db, {
        workspaceId: id,
        publicId: person,
        text,
        providerAccountId: await providerAccountIdOf(db, id, values),
      });
      print(sent);
      console.error("(lead.replied goes to the workspace's webhooks subscribed to it; see: webhook deliveries)");
      return;
    }
    case 'sandbox unfail':
      await deleteSandboxRule(db, workspaceId(), first('<ruleId>'));
      console.log('removed');
      return;
    default:
      throw new AdminError(`unknown command ${JSON.stringify(`${area} ${command ?? ''}`.trim())}; see --help`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const err = error as Error & { code?: string };
  if (err instanceof AdminError || err.code?.startsWith('ERR_PARSE_ARGS')) console.error(`error: ${err.message}`);
  else if (err instanceof HttpError) {
    // What the API would answer as problem+json: its detail, and one line per invalid field.
    console.error(`error: ${err.message}`);
    for (const field of (err as HttpError & { errors?: Array<{ path: string; message: string }> }).errors ?? []) {
      console.error(`  ${field.path || 'input'}: ${field.message}`);
    }
  } else if (err.name === 'ResourceNotFoundException')
    console.error('error: the table does not exist: is the local stack running (npm start), or is STAGE right?');
  else if (['ECONNREFUSED', 'ECONNRESET'].includes(err.code ?? '') || /ECONNREFUSED/.test(String(err.message)))
    console.error('error: cannot reach DynamoDB: start the local stack with `npm start` first (or set STAGE for a deployed stage).');
  else console.error(`error: ${err.message}`);
  process.exitCode = 1;
});
