import { accountPatchSchema } from '../../schemas/account-patch';
import { defineRoute, jsonBody } from '../../http/route';
import { accountId, notFound, tag } from './parts';

export const updateAccount = defineRoute({
  name: 'updateAccount',
  method: 'PATCH',
  path: '/api/v1/accounts/{accountId}',
  auth: 'api-key',
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
    200: { description: 'The account as it now is.', json: 'Account' },
    400: {
      description:
        "A field breaks its rule, or the account's daily invitations would exceed its weekly limit (`errors[].path` = `limits.daily.invitations`).",
      problems: ['validation-failed'],
    },
    404: notFound,
  },
  deployment: {
    permissions: { table: ['Query'] },
    bundle: { bytes: 841728, zipBytes: 251904 },
  },
});
