import { UnprocessableError } from '../errors';
import { accountListQuerySchema, encodeAccountCursor } from '../schemas/account-list-query';
import { DEFAULT_PAGE_SIZE } from '../schemas/page-limit';
import { validateQuery } from '../schemas/validate';
import { listAccounts } from '../store/accounts';
import type { Db } from '../store/client';
import { groupKey, listGroups } from '../store/groups';
import { getWorkspace } from '../store/workspaces';
import { accountStatus, accountView, groupNamesOf } from './account-view';

/**
 * GET /api/v1/accounts: a page of the workspace's accounts, oldest first (by id), filtered by
 * `group` and `status`, with the link to the next page while there is one.
 *
 * A workspace's accounts are its people's logins, tens or hundreds, not millions: each page reads
 * them all (one query) with the groups, filters and pages in memory, so a filter never yields a
 * short page. An unknown `group` is a 422 (`unknown-groups`), as in the outreach requests: a
 * misspelt name must not read as a group with no accounts.
 */
export async function listAccountsPage(db: Db, workspaceId: string, query: Record<string, string | undefined>) {
  const { limit = DEFAULT_PAGE_SIZE, cursor, group, status } = validateQuery(accountListQuerySchema, query);
  const [accounts, groups, workspace] = await Promise.all([
    listAccounts(db, workspaceId),
    listGroups(db, workspaceId),
    getWorkspace(db, workspaceId),
  ]);
  let members: Set<string> | undefined;
  if (group !== undefined) {
    const named = groups.find((candidate) => groupKey(candidate.name) === groupKey(group));
    if (!named) {
      throw new UnprocessableError('unknown-groups', 'The workspace has no group of that name.', [
        { path: 'query.group', message: `the workspace has no group named ${JSON.stringify(group)}` },
      ]);
    }
    members = new Set(named.accountIds);
  }
  const selected = accounts
    .filter((account) => !members || members.has(account.accountId))
    .filter((account) => !status || accountStatus(account) === status)
    .filter((account) => cursor === undefined || account.accountId > cursor)
    .sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  const page = selected.slice(0, limit);
  const next = selected.length > limit ? encodeAccountCursor(page.at(-1)!.accountId) : undefined;
  const params = new URLSearchParams({ ...(group !== undefined ? { group } : {}), ...(status ? { status } : {}), limit: String(limit) });
  return {
    items: page.map((account) => accountView(account, workspace?.settings, groupNamesOf(groups, account.accountId))),
    ...(next ? { nextCursor: next, links: { next: `/api/v1/accounts?${params.toString()}&cursor=${next}` } } : { links: {} }),
  };
}
