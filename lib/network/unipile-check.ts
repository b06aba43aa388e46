/**
 * A smoke check of a deployment's Unipile setup, with read-only calls only: the accounts list (the
 * DSN answers, the key is accepted, the logins and their status), one login's own profile, and the
 * webhooks list (the three webhooks this service needs, each with its secret header and a JSON
 * content type). It says what to fix; it changes nothing. `npm run admin -- unipile check`.
 */
import { WEBHOOK_SECRET_HEADER } from '../schemas/unipile-webhook';

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
  source?: unknown;
  enabled?: unknown;
  events?: unknown;
  headers?: unknown;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Runs every check; the answer lists them in order, each ok or with what to fix. */
export async function checkUnipile(input: UnipileCheckInput): Promise<UnipileCheckLine[]> {
  const base = /^[a-z]+:\/\//i.test(input.dsn.trim()) ? input.dsn.trim().replace(/\/+$/, '') : `https://${input.dsn.trim()}`;
  const api = base.endsWith('/api/v1') ? base : `${base}/api/v1`;
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
    const own = await call(`/users/me?account_id=${encodeURIComponent(String(first.id))}`);
    const profile = record(own.json);
    lines.push(
      own.status === 200
        ? {
            ok: true,
            what: `account ${String(first.id)} reads its own profile (${String(profile.public_identifier ?? profile.provider_id)})`,
          }
        : {
            ok: false,
            what: `account ${String(first.id)} cannot read its own profile (${own.status} ${String(profile.type ?? '')})`,
            fix: 'Its owner connects it again (docs/onboarding.md, Reconnecting).',
          },
    );
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
  const found = webhooks.find((webhook) => webhook.source === source || webhook.name === webhookName(source));
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
  if (!String(header('content-type') ?? '').includes('application/json'))
    problems.push('it sends no Content-Type: application/json (accepted, but add it)');
  const fatal = problems.filter((problem) => !problem.includes('accepted, but'));
  if (problems.length === 0) return { ok: true, what: `webhook ${source}: ${String(found.request_url)}` };
  return {
    ok: fatal.length === 0,
    what: `webhook ${source}: ${problems.join('; ')}`,
    fix: `Delete it (DELETE /api/v1/webhooks/<id>) and ${register}.`,
  };
}
