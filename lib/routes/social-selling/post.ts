import { postRequestSchema } from '../../schemas/post';
import { defineRoute, jsonBody } from '../../http/route';
import { accepted, backlogFull, unknownAccount, unknownGroups } from './parts';

export const post = defineRoute({
  name: 'post',
  method: 'POST',
  path: '/api/v1/social-selling/post',
  auth: 'api-key',
  tag: 'Social selling',
  summary: 'Publish a post from an account, then have named groups react to it',
  description:
    "The post is `text`, or a transcript idea's post draft (`draft`: the call and the idea's id, as `GET /api/v1/transcript/{call_id}` lists its best ideas), read when the request is accepted. `user` approves (and may edit) the text first unless `get_approved` is `false`. Posts count against the account's own daily limit (`posts`, 2 by default) and wait for its working hours, as every touch does. Once published, the job's `post` gives its URL (`null` when the network did not say it), `post.published` is sent, and with `amplify` the groups' accounts react (and comment) through jobs of their own, paced as a like's: `post.amplification.jobs` names them.",
  body: jsonBody(postRequestSchema),
  responses: {
    202: accepted,
    422: {
      ...unknownAccount('user'),
      description: `${unknownAccount('user').description} Or a group of \`amplify.groups\` does not exist in the workspace, or has no active account (\`errors\` names each, \`amplify.groups.<index>\`). Or \`draft\` names no transcript of the workspace, one not analysed, or an idea it does not have or that has no post draft (only the call's best ideas have one): \`errors\` names \`draft.call_id\` or \`draft.idea_id\`.`,
      problems: ['unknown-account', ...unknownGroups.problems, 'unknown-draft'],
    },
    429: backlogFull('`user`'),
  },
  deployment: {
    permissions: { table: ['BatchGetItem', 'GetItem'], queries: ['gsi1'], sendsTo: ['jobs'] },
    bundle: { bytes: 876544, zipBytes: 261120 },
  },
});
