import type { Group } from '../store/groups';

/** Where a group is read: its name, percent-encoded as a path segment. */
export const groupLocation = (name: string) => `/api/v1/groups/${encodeURIComponent(name)}`;

/** A group as the API shows it: its name as first written, and its accounts' ids. */
export function groupView(group: Group) {
  return {
    name: group.name,
    accountIds: group.accountIds,
    createdAt: group.createdAt,
    links: { self: groupLocation(group.name), accounts: `${groupLocation(group.name)}/accounts` },
  };
}

export type GroupView = ReturnType<typeof groupView>;
