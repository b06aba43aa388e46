import { routeTable } from '../../http/routes';
import { groupAccountsAddSchema, groupPutSchema, MAX_ACCOUNTS_PER_REQUEST, MAX_GROUP_ACCOUNTS } from '../../schemas/group';
import { groupListSchema, groupViewSchema } from '../../schemas/responses/group';
import type { OperationSpec, ResponseSpec } from './operation';
import { jsonBody } from './operation';

const tag = 'Groups';
const name = {
  name: {
    description: "The group's name, percent-encoded (`Sales%20EMEA`): 1–100 characters once trimmed, matched case-insensitively.",
    example: 'sales',
  },
};
const notFound: ResponseSpec = { description: 'The workspace has no group of this name.', problems: ['not-found'] };
const unknownAccounts: ResponseSpec = {
  description: `An account id is not an account of this workspace (\`errors[].path\` = \`accounts.<index>\`, one per unknown id), or the group would hold more than ${MAX_GROUP_ACCOUNTS.toLocaleString('en-US')} accounts.`,
  problems: ['unknown-accounts', 'group-too-large'],
};

export const groupOperations: OperationSpec[] = [
  {
    ...routeTable.listGroups,
    tag,
    summary: "The workspace's groups",
    description: 'Every group, by name, with its accounts.',
    responses: { 200: { description: 'The groups.', json: groupListSchema } },
  },
  {
    ...routeTable.getGroup,
    tag,
    summary: 'A group and its accounts',
    description: 'The name matches case-insensitively (`Sales` is `sales`).',
    pathParameters: name,
    responses: { 200: { description: 'The group.', json: groupViewSchema }, 404: notFound },
  },
  {
    ...routeTable.putGroup,
    tag,
    summary: 'Create a group, or replace its accounts',
    description: `\`{"accounts": [accountId, …]}\`: all its accounts, at most ${MAX_ACCOUNTS_PER_REQUEST.toLocaleString('en-US')} in one request (an empty list empties it; an id named twice counts once). An existing group keeps its name as first written and its creation time. Jobs already accepted from it are not changed. A group holds up to ${MAX_GROUP_ACCOUNTS.toLocaleString('en-US')} accounts: build a bigger one with \`POST /api/v1/groups/{name}/accounts\`, a thousand at a time.`,
    pathParameters: name,
    body: jsonBody(groupPutSchema),
    responses: {
      200: { description: 'Replaced: the group as it now is.', json: groupViewSchema },
      201: { description: 'Created.', json: groupViewSchema, headers: ['Location'] },
      400: {
        description: 'The name of the path breaks the rules of names (`errors[].path` = `path.name`).',
        problems: ['validation-failed'],
      },
      422: unknownAccounts,
    },
  },
  {
    ...routeTable.deleteGroup,
    tag,
    summary: 'Delete a group',
    description: 'Its accounts stay; jobs already accepted from it are not changed.',
    pathParameters: name,
    responses: { 204: { description: 'Deleted.' }, 404: notFound },
  },
  {
    ...routeTable.addGroupAccounts,
    tag,
    summary: 'Add accounts to a group',
    description: '`{"accounts": [accountId, …]}`: an account already in it stays, once. Another workspace\'s account is unknown.',
    pathParameters: name,
    body: jsonBody(groupAccountsAddSchema),
    responses: { 200: { description: 'The group as it now is.', json: groupViewSchema }, 404: notFound, 422: unknownAccounts },
  },
  {
    ...routeTable.removeGroupAccount,
    tag,
    summary: 'Take an account out of a group',
    description:
      'The account stays in the workspace and its other groups. An account that is not in the group is not an error (204 again): the group is as asked, so a retried request succeeds.',
    pathParameters: { ...name, accountId: { description: 'The account (`acc_` and a ULID).', example: 'acc_01KA7W9Q3T5W0R6Y5XG8N2M4C1' } },
    responses: { 204: { description: 'It is not in the group.' }, 404: notFound },
  },
];
