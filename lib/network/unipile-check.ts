/**
 * A smoke check of a deployment's Unipile setup, with read-only calls only: the accounts list (the
 * DSN answers, the key is accepted, the logins and their status), one login's own profile, and the
 * webhooks list (the three webhooks this service needs, each with its secret header and a JSON
 * content type). It says what to fix; it changes nothing. `npm run admin -- unipile check`.
 */
import { ProviderError } from '../errors';
import { WEBHOOK_SECRET_HEADER } from '../schemas/unipile-webhook';
import { UnipileProvider } from './unipile';
import { baseUrlFromDsn } from './unipile-transport';

export interface UnipileCheckInput {
  /** UNIPILE_DSN: `host:port`, or a base URL. */
  dsn: string;
  apiKey: string;
  /** The service's public address (PUBLIC_BASE_URL): the webhooks must call `<it>/api/v1/webhooks/unipile`. */
  publicBaseUrl?: string;
  /** UNIPILE_WEBHOOK_SECRET: the value of the `x-webhook-secret` header the webhooks must carry. */
  webhookSecret?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface UnipileCheckLine {
  ok: boolean;
  what: string;
  /** What to do, when not ok. */
  fix?: string;
}

/** The sources whose events the service acts on (docs/unipile.md, "Webhooks"). */
export const WEBHOOK_SOURCES = ['users', 'messaging', 'account_status'] as const;

/** The name the documented registration gives each webhook: how it is found again (Unipile's list shows no source). */
export function webhookName(source: (typeof WEBHOOK_SOURCES)[number]): string {
  return `outreach-api ${source}`;
}

/** A webhook item of GET /api/v1/webhooks, as far as the check reads it. */
interface ListedWebhook {
  request_url?: unknown;
  name?: unknown;
  enabled?: unknown;
  headers?: unknown;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Runs every check; the answer lists them in order, each ok or with what to fix. */
export async function checkUnipile(input: UnipileCheckInput): Promise<UnipileCheckLine[]> {
  const api = baseUrlFromDsn(input.dsn);
  // The two lists are no call of the provider's; the login's own profile is, and is asked through it.
  const call = async (path: string): Promise<{ status: number; json: unknown }> => {
    const response = await (input.fetch ?? fetch)(`${api}${path}`, {
      headers: { 'X-API-KEY': input.apiKey, accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(input.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  };
  const lines: UnipileCheckLine[] = [];

  let accounts: Array<Record<string, unknown>>;
  try {
    const answer = await call('/accounts');
    if (answer.status === 401 || answer.status === 403) {
      return [
        {
          ok: false,
          what: `Unipile refuses the API key (${answer.status} ${String(record(answer.json).type ?? '')})`,
          fix: 'Set UNIPILE_API_KEY to a key of this DSN (Unipile dashboard, Access tokens).',
        },
      ];
    }
    if (answer.status !== 200 || !Array.isArray(record(answer.json).items)) {
      return [
        {
          ok: false,
          what: `GET /api/v1/accounts answered ${answer.status}`,
          fix: 'Check UNIPILE_DSN: it is the DSN your Unipile dashboard shows.',
        },
      ];
    }
    accounts = (record(answer.json).items as unknown[]).map(record);
  } catch (error) {
    return [{ ok: false, what: `Unipile could not be reached at ${api} (${(error as Error).message})`, fix: 'Check UNIPILE_DSN.' }];
  }
  lines.push({ ok: true, what: `the DSN answers and the API key is accepted (${api})` });

  const logins = accounts.filter((account) => account.type === 'LINKEDIN');
  if (logins.length === 0) {
    lines.push({
      ok: false,
      what: 'no LinkedIn account is connected',
      fix: 'Connect one: POST /api/v1/accounts/connect-link (docs/onboarding.md).',
    });
  }
  for (const login of logins) {
    const sources = Array.isArray(login.sources) ? login.sources.map(record) : [];
    const bad = sources.filter((source) => source.status !== 'OK').map((source) => String(source.status));
    lines.push(
      bad.length === 0
        ? { ok: true, what: `account ${String(login.id)} (${String(login.name)}): OK` }
        : {
            ok: false,
            what: `account ${String(login.id)} (${String(login.name)}): ${bad.join(', ')}`,
            fix: 'Its owner connects it again: POST /api/v1/accounts/connect-link with reconnectAccountId (docs/onboarding.md).',
          },
    );
  }
  const first = logins[0];
  if (first) {
    const provider = new UnipileProvider({ dsn: input.dsn, apiKey: input.apiKey, fetch: input.fetch, timeoutMs: input.timeoutMs });
    const id = String(first.id);
    try {
      const own = await provider.getOwnProfile(id);
      lines.push({ ok: true, what: `account ${id} reads its own profile (${own.profileUrl})` });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      lines.push({
        ok: false,
        what: `account ${id} cannot read its own profile (${error.reason}: ${error.message})`,
        fix: 'Its owner connects it again (docs/onboarding.md, Reconnecting).',
      });
    }
  }

  const listed = await call('/webhooks');
  if (listed.status !== 200 || !Array.isArray(record(listed.json).items)) {
    lines.push({
      ok: false,
      what: `GET /api/v1/webhooks answered ${listed.status}`,
      fix: 'Check the key: it must be allowed to read webhooks.',
    });
    return lines;
  }
  const webhooks = (record(listed.json).items as unknown[]).map((item) => record(item) as ListedWebhook);
  const target = input.publicBaseUrl ? `${input.publicBaseUrl.replace(/\/+$/, '')}/api/v1/webhooks/unipile` : undefined;
  for (const source of WEBHOOK_SOURCES) lines.push(webhookLine(source, webhooks, target, input.webhookSecret));
  return lines;
}

function webhookLine(
  source: (typeof WEBHOOK_SOURCES)[number],
  webhooks: ListedWebhook[],
  target: string | undefined,
  secret: string | undefined,
): UnipileCheckLine {
  const register = `register it as docs/unipile.md says (source "${source}", name "${webhookName(source)}")`;
  // Unipile's list shows no source (its API reference and SDK schema): the registration's name tells.
  const found = webhooks.find((webhook) => webhook.name === webhookName(source));
  if (!found) return { ok: false, what: `no webhook of source ${source}`, fix: `Register it: ${register}.` };
  const headers = Array.isArray(found.headers) ? found.headers.map(record) : [];
  const header = (name: string) => headers.find((h) => String(h.key).toLowerCase() === name)?.value;
  const problems: string[] = [];
  if (target !== undefined && found.request_url !== target) problems.push(`it calls ${String(found.request_url)}, not ${target}`);
  if (found.enabled === false) problems.push('it is disabled');
  const secretValue = header(WEBHOOK_SECRET_HEADER);
  if (secretValue === undefined) problems.push(`it sends no ${WEBHOOK_SECRET_HEADER} header (every call is refused 401)`);
  else if (secret !== undefined && secret !== '' && secretValue !== secret)
    problems.push(`its ${WEBHOOK_SECRET_HEADER} is not UNIPILE_WEBHOOK_SECRET`);
  // The service reads JSON without it: a warning, not a failure.
  const warnings = String(header('content-type') ?? '').includes('application/json')
    ? []
    : ['it sends no Content-Type: application/json (accepted, but add it)'];
  if (problems.length + warnings.length === 0) return { ok: true, what: `webhook ${source}: ${String(found.request_url)}` };
  return {
    ok: problems.length === 0,
    what: `webhook ${source}: ${[...problems, ...warnings].join('; ')}`,
    fix: `Delete it (DELETE /api/v1/webhooks/<id>) and ${register}.`,
  };
}
