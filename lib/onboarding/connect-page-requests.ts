import type * as z from '../zod';
import type { FieldError } from '../errors';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../errors';
import type { HttpResult } from '../http/http-result';
import { newId } from '../ids';
import { connectFormSchema, reconnectFormSchema } from '../schemas/connect-link';
import { validate } from '../schemas/validate';
import type { Account } from '../store/accounts';
import { getAccount } from '../store/accounts';
import { deleteSandboxLogin, putSandboxLogin } from '../store/sandbox-logins';
import type { Connection } from './complete-connection';
import { completeConnection } from './complete-connection';
import type { ConnectDeps } from './connect-deps';
import { LINK_EXPIRED, LINK_USED, linkNotValid } from './connect-link-refusals';
import type { ConnectPageModel } from './connect-page';
import { connectPageHeaders, redirectOriginOf, renderConnectedPage, renderConnectError, renderConnectPage } from './connect-page';
import { connectPagePath } from './create-connect-link';
import type { OpenLink } from './open-connect-link';
import { openConnectLink } from './open-connect-link';
import { providerPageOf } from './provider-page';

function page(status: number, html: string, redirectOrigin?: string): HttpResult {
  return { status, text: html, headers: connectPageHeaders(redirectOrigin) };
}

/**
 * The link of a form of this page: only a provider without a page of its own (the sandbox) has the
 * form; a Unipile link's state posts nothing here.
 */
async function openSandboxLink(deps: ConnectDeps, token: string, now: Date): Promise<OpenLink> {
  if (deps.provider.createConnectLink) throw linkNotValid();
  return openConnectLink(deps, token, deps.provider.name, now);
}

async function reconnectedAccount(deps: ConnectDeps, { link }: OpenLink): Promise<Account> {
  const account = await getAccount(deps.db, link.workspaceId, link.reconnectAccountId ?? '');
  if (!account) throw new NotFoundError('The account this link reconnects no longer exists in the workspace.');
  return account;
}

function formModel(token: string, { link }: OpenLink, account: Account | undefined): ConnectPageModel {
  const common = { expiresAt: new Date(link.expiresAt * 1000).toISOString(), formAction: connectPagePath(token) };
  return account
    ? { kind: 'reconnect', account: { name: account.name, profileUrl: account.profileUrl }, ...common }
    : {
        kind: 'create',
        values: { profileUrl: '', name: link.name ?? '' },
        ...(link.name !== undefined ? { linkName: link.name } : {}),
        ...common,
      };
}

/**
 * GET /connect/{state}, the link a workspace gives out: on to the provider's own page, made now
 * (303; Unipile's hosted wizard: provider-page.ts), or the sandbox's connect form; or a page saying
 * why the link opens nothing (404, 410, 409), or why the provider's page cannot be had (503, 502).
 */
export async function showConnectPage(deps: ConnectDeps, token: string, now: Date): Promise<HttpResult> {
  const { provider } = deps;
  const opened = await openConnectLink(deps, token, provider.name, now);
  if (provider.createConnectLink) {
    const location = await providerPageOf(
      { ...deps, provider: { createConnectLink: provider.createConnectLink.bind(provider) } },
      token,
      opened.link,
    ).catch((error: unknown) => {
      throw error instanceof HttpError && error.slug === 'provider-refused' ? refusedForAPerson(error) : error;
    });
    return { status: 303, headers: { ...connectPageHeaders(), location } };
  }
  const account = opened.link.type === 'reconnect' ? await reconnectedAccount(deps, opened) : undefined;
  return page(200, renderConnectPage(formModel(token, opened, account)), redirectOriginOf(opened.link.successRedirectUrl));
}

/** The provider's refusal, said to the person who opened the link: what to do next. */
function refusedForAPerson(error: HttpError): HttpError {
  const reason = typeof error.extra.reason === 'string' ? ` (${error.extra.reason})` : '';
  return new HttpError(
    502,
    'provider-refused',
    'Bad gateway',
    `The network would not open its sign-in page${reason}. Ask whoever sent you this link for a new one.`,
  );
}

/** A string field of the form as typed, for showing it again. */
function typed(form: unknown, field: string): string {
  const value = (form as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : '';
}

/** The form's fields, or what is wrong with them. */
function readForm<S extends z.core.$ZodType>(schema: S, form: unknown): { fields: z.output<S> } | { fieldErrors: FieldError[] } {
  try {
    return { fields: validate(schema, form) };
  } catch (error) {
    if (error instanceof ValidationError) return { fieldErrors: error.errors };
    throw error;
  }
}

/** Once connected: to the link's success redirect (303), else a page saying what was connected. */
function connectedAnswer({ kind, account, link }: Connection): HttpResult {
  if (link.successRedirectUrl !== undefined) {
    return { status: 303, headers: { ...connectPageHeaders(), location: link.successRedirectUrl } };
  }
  const shown = { accountId: account.accountId, name: account.name, profileUrl: account.profileUrl };
  return page(200, renderConnectedPage({ kind, account: shown }));
}

/**
 * POST /connect/{state} (the sandbox page's form: `profileUrl`, `name`; nothing for a reconnect):
 * registers the login on the simulated network (a new `sbx_…` login, or the account's own when it
 * reconnects), then completes the connection as the provider's report would. A refused field shows
 * the form again with it and what was typed (400); a profile the workspace already has, the same
 * with the reason (409).
 */
export async function connectOnPage(deps: ConnectDeps, token: string, form: unknown, now: Date): Promise<HttpResult> {
  const opened = await openSandboxLink(deps, token, now);
  const { link } = opened;
  const redirectOrigin = redirectOriginOf(link.successRedirectUrl);
  const registered = { workspaceId: link.workspaceId, registeredAt: now.toISOString() };

  if (link.type === 'reconnect') {
    const account = await reconnectedAccount(deps, opened);
    const read = readForm(reconnectFormSchema, form);
    if ('fieldErrors' in read) return page(400, renderConnectPage({ ...formModel(token, opened, account), ...read }), redirectOrigin);
    await putSandboxLogin(deps.db, {
      providerAccountId: account.providerAccountId,
      profileUrl: account.profileUrl,
      name: account.name,
      ...registered,
    });
    return connectedAnswer(await completeConnection(deps, opened, account.providerAccountId, now));
  }

  const refused = (status: number, extra: Pick<ConnectPageModel, 'fieldErrors' | 'error'>) => {
    const model = formModel(token, opened, undefined) as ConnectPageModel & { kind: 'create' };
    const values = { profileUrl: typed(form, 'profileUrl'), name: typed(form, 'name') };
    return page(status, renderConnectPage({ ...model, values, ...extra }), redirectOrigin);
  };
  const read = readForm(connectFormSchema, form);
  if ('fieldErrors' in read) return refused(400, read);
  const { fields } = read;
  const providerAccountId = newId('sbx');
  await putSandboxLogin(deps.db, { providerAccountId, profileUrl: fields.profileUrl, name: fields.name, ...registered });
  try {
    return connectedAnswer(await completeConnection(deps, opened, providerAccountId, now));
  } catch (error) {
    // Refused, the new login backs no account: it goes, so a refused form leaves nothing behind.
    await deleteSandboxLogin(deps.db, providerAccountId).catch(() => undefined);
    if (error instanceof ConflictError && error.slug === 'account-exists') return refused(409, { error: error.message });
    throw error;
  }
}

const REFUSAL_TITLES: Record<string, string> = {
  'not-found': 'This link is not valid',
  [LINK_EXPIRED]: 'This link has expired',
  [LINK_USED]: 'This link was already used',
  'provider-refused': 'This link cannot be opened',
  'service-unavailable': 'Try again in a moment',
};

/** Any refusal or error of the connect page (the link's, the pipeline's, a dependency down), as a page. */
export function connectErrorPage(error: HttpError, requestId: string): HttpResult {
  const title = REFUSAL_TITLES[error.slug] ?? error.title;
  const detail = error.status >= 500 ? `${error.message} (request ${requestId})` : error.message;
  return { ...page(error.status, renderConnectError(error.status, title, detail)), headers: { ...connectPageHeaders(), ...error.headers } };
}
