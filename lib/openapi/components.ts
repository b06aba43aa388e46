import * as z from 'zod';
import { acceptedPostUrlForms } from '../network/model/post-url';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageLimitSchema } from '../schemas/page-limit';
import { decisionSchema } from '../schemas/approval-decision';
import { deliveryListQuerySchema } from '../schemas/delivery-list-query';
import { commentRequestSchema } from '../schemas/comment';
import { connectFormSchema, connectLinkRequestSchema } from '../schemas/connect-link';
import { connectRequestSchema } from '../schemas/connect';
import { dmRequestSchema } from '../schemas/dm';
import { MAX_GROUPS_PER_REQUEST, groupNamesSchema } from '../schemas/group-names';
import { likeRequestSchema } from '../schemas/like';
import { amplifySchema, postRequestSchema } from '../schemas/post';
import { textLimits } from '../schemas/outreach-text';
import { postUrlSchema } from '../schemas/post-url';
import { profileUrlForms, profileUrlSchema } from '../schemas/profile-url';
import { jobActionSchema } from '../schemas/responses/job';
import { fieldErrorSchema, problemSchema, validationProblemSchema } from '../schemas/responses/problem';
import { transcriptSummarySchema } from '../schemas/responses/transcript';
import { webhookEventDataComponents, webhookEventSchema } from '../schemas/responses/webhook-events';
import { callStartTimeSchema, transcriptRequestSchema } from '../schemas/transcript';
import { transcriptLimits } from '../schemas/transcript-limits';
import { segmentObjectSchema } from '../schemas/transcript-segment';
import { transcriptListQuerySchema } from '../schemas/transcript-list-query';
import { unipileConnectNotificationSchema, unipileWebhookSchema } from '../schemas/unipile-webhook';
import { createWebhookSchema, updateWebhookSchema } from '../schemas/webhook';
import { accountListQuerySchema } from '../schemas/account-list-query';
import { accountLimitsPatchSchema, accountPatchSchema, ianaTimezoneSchema } from '../schemas/account-patch';
import { workspacePatchSchema } from '../schemas/workspace-patch';
import { workingHoursSchema } from '../schemas/account-settings';
import { MAX_ACCOUNTS_PER_REQUEST, groupAccountsAddSchema, groupPutSchema } from '../schemas/group';
import { responseBodies } from '../schemas/responses/response-bodies';
import { DocsRegistry } from './docs-registry';

/**
 * The schemas of the document, by component name. Requests are described as callers write them
 * (zod's input side: before transforms and defaults), responses as the API writes them (output).
 * A request field whose rule is a refinement or a transform (which JSON Schema cannot carry) gets
 * its rule here, in words and as keywords.
 */
export const requestComponents = new DocsRegistry();
export const responseComponents = new DocsRegistry();

const text = (limit: number, what: string) => ({
  minLength: 1,
  maxLength: limit,
  description: `${what}: not blank, at most ${limit.toLocaleString('en-US')} characters (a line break counts as one), no control characters but line breaks and tabs.`,
});

requestComponents
  .add(postUrlSchema, {
    description: `A post or comment: ${acceptedPostUrlForms}. At most 2,048 characters.`,
    examples: ['https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/'],
  })
  .add(profileUrlSchema, {
    description: `A person: ${profileUrlForms}; normalised.`,
    examples: ['https://www.linkedin.com/in/jane-prospect'],
  })
  .add(groupNamesSchema, {
    description: `1 to ${MAX_GROUPS_PER_REQUEST} group names of the workspace (1–100 characters each), matched case-insensitively; repeats are ignored.`,
  })
  .add(commentRequestSchema.shape.comment, text(textLimits.comment, "The comment (the network's limit)"))
  .add(dmRequestSchema.shape.message, text(textLimits.message, "The message (the network's limit)"))
  .add(postRequestSchema.shape.text, text(textLimits.post, "The post (the network's limit)"))
  .add(amplifySchema.shape.comment, text(textLimits.comment, "The amplifying accounts' comment (the network's limit)"))
  .add(connectRequestSchema.shape.message, text(textLimits.invitationNote, 'An invitation note (the network allows 200 on free accounts)'))
  .add(callStartTimeSchema, {
    format: 'date-time',
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$',
    description: 'When the call started: `YYYY-MM-DDThh:mm:ss[.fff]Z` (UTC), a real time from 1970 on.',
  })
  .add(transcriptRequestSchema.shape.transcript, {
    description: `With \`format: array\` (the default): 1–${transcriptLimits.elements.toLocaleString('en-US')} elements, each a string or a segment object, mixed as you like. With \`format: plaintext\`: one non-empty string. \`Name: text\` strings and lines become speaker turns.`,
    oneOf: [
      {
        type: 'array',
        minItems: 1,
        maxItems: transcriptLimits.elements,
        items: { oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/TranscriptSegment' }] },
      },
      { type: 'string', minLength: 1 },
    ],
  })
  .add(pageLimitSchema, { description: `Items per page: a whole number from 1 to ${MAX_PAGE_SIZE} (${DEFAULT_PAGE_SIZE} when absent).` })
  .add(transcriptListQuerySchema.shape.cursor, { description: 'Where the previous page ended: its `nextCursor` (follow `links.next`).' })
  .add(deliveryListQuerySchema.shape.cursor, { description: 'Where the previous page ended: its `nextCursor` (follow `links.next`).' })
  .add(likeRequestSchema, { id: 'LikeRequest', description: 'Have every account of the named groups react to a post or comment.' })
  .add(commentRequestSchema, {
    id: 'CommentRequest',
    description:
      "At least one of `groups` and `commentor`; with both, the groups' accounts comment and the commentor is not used (a warning says so).",
  })
  .add(connectRequestSchema, {
    id: 'ConnectRequest',
    description: '`user` (an active account of the workspace) invites `target`; they must be two people.',
  })
  .add(dmRequestSchema, {
    id: 'DmRequest',
    description: '`user` (an active account of the workspace) messages `target`, inviting them first when not connected.',
  })
  .add(amplifySchema, {
    id: 'PostAmplify',
    description:
      "Once the post is published, every account of `groups` reacts to it (`reactionType`, `like` by default), paced as a like's; with `comment`, they also comment it (accounts in `ask` mode approve it first).",
  })
  .add(postRequestSchema, {
    id: 'PostRequest',
    description:
      '`user` (an active account of the workspace) publishes `text`, approved first unless `get_approved` is `false` (it defaults to `true`).',
  })
  .add(decisionSchema, {
    id: 'ApprovalDecision',
    description:
      'Approve (with the text, possibly edited, within the same limit as the request) or reject. `text` is ignored on rejection.',
  })
  .add(segmentObjectSchema, {
    id: 'TranscriptSegment',
    description: "One speaker's turn: its words with their timestamps (seconds from the start, `endTimestamp ≥ startTimestamp`).",
  })
  .add(transcriptRequestSchema, {
    id: 'TranscriptRequest',
    description: "A sales call's transcript in one of its forms, with its metadata. `call_id` is unique in the workspace.",
  })
  .add(createWebhookSchema, { id: 'WebhookCreate', description: 'An https endpoint with a public address, and the events it receives.' })
  .add(updateWebhookSchema, {
    id: 'WebhookUpdate',
    description:
      'Any of the fields (at least one). `description: null` removes it; `enabled: true` re-enables a disabled endpoint and forgets its failures.',
  })
  .add(accountListQuerySchema.shape.group, {
    description: 'Only the accounts of this group: a name of the workspace (1–100 characters), matched case-insensitively.',
  })
  .add(accountListQuerySchema.shape.cursor, { description: 'Where the previous page ended: its `nextCursor` (follow `links.next`).' })
  .add(ianaTimezoneSchema, {
    description: 'An IANA timezone name such as `Europe/Paris` or `UTC` (not an offset).',
    examples: ['Europe/Paris'],
  })
  .add(workingHoursSchema, {
    description:
      "From `start` (`HH:MM`) to `end` (`HH:MM`, `24:00` for midnight, after `start`), on `days` (ISO weekdays, 1 = Monday), in the account's timezone.",
  })
  .add(accountLimitsPatchSchema, {
    description:
      "The account's own limits (whole numbers from 0 to 1,000; 0 = it does not make that kind of touch): a number sets one, `null` goes back to the workspace's value, a kind not named keeps its value.",
  })
  .add(accountPatchSchema, {
    id: 'AccountPatch',
    description:
      "Any of the fields, at least one. `null` (`workingHours`, `limits` or one of its values) goes back to the workspace's setting; `ownerEmail: null` stops the approval mails.",
    minProperties: 1,
  })
  .add(workspacePatchSchema, {
    id: 'WorkspacePatch',
    description: '`slackWebhookUrl`: an `https://hooks.slack.com/...` URL, or `null` to stop the posts.',
  })
  .add(groupPutSchema, {
    id: 'GroupPut',
    description: `All the group's accounts (at most ${MAX_ACCOUNTS_PER_REQUEST.toLocaleString('en-US')} in one request; an empty list empties it).`,
  })
  .add(groupAccountsAddSchema, {
    id: 'GroupAccountsAdd',
    description: `Accounts to add to the group (at least one, at most ${MAX_ACCOUNTS_PER_REQUEST.toLocaleString('en-US')} in one request).`,
  })
  .add(unipileWebhookSchema, {
    id: 'UnipileWebhookEvent',
    description:
      "Unipile's `new_relation` and `message_received` events, and its account status (`{AccountStatus: {account_id, account_type, message}}`); other events and fields are accepted and ignored.",
  });

responseComponents
  .add(fieldErrorSchema, { id: 'FieldError' })
  .add(problemSchema, { id: 'Problem' })
  .add(validationProblemSchema, { id: 'ValidationProblem' })
  .add(jobActionSchema, { id: 'JobAction' })
  .add(transcriptSummarySchema, { id: 'TranscriptSummary' })
  .add(webhookEventSchema, { id: 'WebhookEvent' });
for (const [id, schema] of Object.entries(webhookEventDataComponents)) responseComponents.add(schema, { id });
for (const [id, schema] of Object.entries(responseBodies)) responseComponents.add(schema, { id });

requestComponents
  .add(connectLinkRequestSchema, {
    id: 'ConnectLinkRequest',
    description:
      'Every field optional: `{}` is a link for a new account. With `reconnectAccountId` (an account of the workspace), the link connects that account’s own login again.',
  })
  .add(connectLinkRequestSchema.shape.name, {
    minLength: 1,
    maxLength: 200,
    description: "The new account's name (1–200 characters, trimmed); the network profile's name when absent.",
  })
  .add(connectLinkRequestSchema.shape.reconnectAccountId, { description: 'An account of the workspace (`acc_` and a ULID) to reconnect.' })
  .add(connectLinkRequestSchema.shape.successRedirectUrl, {
    format: 'uri',
    maxLength: 2048,
    description:
      'Where the person’s browser goes once connected: an https URL without credentials (http to localhost too, in local mode only).',
  })
  .add(connectFormSchema, {
    id: 'ConnectForm',
    description: 'The sandbox connect page’s fields: the profile URL and the name of the login connected (none for a reconnect).',
  })
  .add(unipileConnectNotificationSchema, {
    id: 'UnipileConnectNotification',
    description:
      'What Unipile posts to a hosted link’s `notify_url`: `status` (`CREATION_SUCCESS`, `RECONNECTED`, …), `account_id` (the login), `name` (the link’s reference). Other fields are accepted and ignored.',
  });

/** The component name of a registered schema (throws for one that is not: every body the document shows is a component). */
export function componentName(registry: DocsRegistry, schema: z.core.$ZodType): string {
  const id = registry.get(schema)?.id;
  if (!id)
    throw new Error(
      `a schema of the document is not registered in components.ts: ${JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' })).slice(0, 120)}`,
    );
  return id;
}
