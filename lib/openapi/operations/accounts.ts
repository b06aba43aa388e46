import { routeTable } from '../../http/routes';
import { accountListQuerySchema } from '../../schemas/account-list-query';
import { accountPatchSchema } from '../../schemas/account-patch';
import { accountListSchema, accountUsageSchema, accountViewSchema } from '../../schemas/responses/account';
import type { OperationSpec, ResponseSpec } from './operation';
import { jsonBody } from './operation';

const tag = 'Accounts';
const accountId = { accountId: { description: 'The account (`acc_` and a ULID).', example: 'acc_01KA7W9Q3T5W0R6Y5XG8N2M4C1' } };
const notFound: ResponseSpec = {
  description: "No such account in this workspace (another workspace's is a 404 too).",
  problems: ['not-found'],
};

export const accountOperations: OperationSpec[] = [
  {
    ...routeTable.listAccounts,
    tag,
    summary: "The workspace's accounts",
    description:
      'A page at a time, oldest first, each account as `GET /api/v1/accounts/{accountId}` shows it; follow `links.next` (absent on the last page). Filter by `group` (a name of the workspace, case-insensitive: an unknown one is a 422, not an empty page) and `status`.',
    query: accountListQuerySchema,
    responses: {
      200: { description: 'A page of accounts.', json: accountListSchema },
      422: { description: 'The workspace has no group of that name (`errors[].path` = `query.group`).', problems: ['unknown-groups'] },
    },
  },
  {
    ...routeTable.getAccount,
    tag,
    summary: 'An account: its settings, the limits that apply to it, its groups and its connection',
    description:
      "`limits` and `workingHours` are the values that apply, each with its `source`: the account's own setting, else its workspace's, else the service's default. `status` is `disconnected` while its login must be reconnected, else `paused` or `active`.",
    pathParameters: accountId,
    responses: { 200: { description: 'The account.', json: accountViewSchema }, 404: notFound },
  },
  {
    ...routeTable.updateAccount,
    tag,
    summary: "Change an account's mode, timezone, working hours or limits; pause or resume it",
    description: [
      "Only the fields sent change. `timezone`: an IANA zone. `workingHours: null` goes back to the workspace's hours.",
      '`limits`: `{"daily": {"reactions": 40, "invitations": null}, "weeklyInvitations": 80}`: a number sets the account\'s own limit, `null` goes back to the workspace\'s value (then the default), a kind not named keeps its value; `"daily": null` or `"limits": null` clears them all. The account\'s own daily invitations may not exceed its own weekly limit.',
      '`paused: true`: the account acts no more; its actions wait (`account_paused`), none is dropped, and a like or request-comment whose groups have only paused accounts is a 422. `paused: false` resumes it.',
      "`ownerEmail`: where the account's approval requests (and their reminder) are mailed; `null` stops the mails.",
    ].join(' '),
    pathParameters: accountId,
    body: jsonBody(accountPatchSchema),
    responses: {
      200: { description: 'The account as it now is.', json: accountViewSchema },
      400: {
        description:
          "A field breaks its rule, or the account's daily invitations would exceed its weekly limit (`errors[].path` = `limits.daily.invitations`).",
        problems: ['validation-failed'],
      },
      404: notFound,
    },
  },
  {
    ...routeTable.deleteAccount,
    tag,
    summary: 'Remove an account from the workspace',
    description:
      "It leaves every group and is deleted. Its actions still waiting in the workspace's running jobs (deferred, awaiting an approval or an acceptance) end `cancelled` with `reason` `account_removed`, and a job with nothing left ends; an action being performed at that moment finishes, and those performed stay. Jobs older than the retention (90 days) are gone already. A job still `queued` gets no action for it: one planned meanwhile ends `cancelled` (`account_removed`) when its turn comes.",
    pathParameters: accountId,
    responses: { 204: { description: 'Removed.' }, 404: notFound },
  },
  {
    ...routeTable.getAccountUsage,
    tag,
    summary: "An account's use of its limits, and when it may act next",
    description:
      "Per kind of touch (reactions, comments, messages, invitations, profile visits): today's count and limit in the account's own day (its timezone), and the earliest it may make one (`nextAt`) with what it waits for. Invitations also count against the week twice: its ISO week (Monday to Sunday) and any seven days in a row. `nextActionAt` is the earliest of all; `waitingActions`, its actions not ended. Counts may lag a touch by a moment.",
    pathParameters: accountId,
    responses: { 200: { description: 'The usage.', json: accountUsageSchema }, 404: notFound },
  },
];
