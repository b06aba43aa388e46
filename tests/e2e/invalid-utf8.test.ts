import { createTestWorkspace, samplePostUrl, testDb, workspaceItems } from '../helpers/factories';
import type { TestWorkspace } from '../helpers/factories';
import { apiBaseUrl } from '../helpers/http-client';

/**
 * Bytes that are not UTF-8 inside a JSON string, sent over real HTTP as a caller's tool would
 * (`FF FE`, a Latin-1 `é`). Serverless offline, like API Gateway, hands the body over as text with
 * U+FFFD in their place; it was accepted (202) and stored so. Each is a 400 `malformed-json` naming
 * the field, and starts nothing.
 */
const db = testDb();
let ws: TestWorkspace;

beforeAll(async () => {
  ws = await createTestWorkspace(db, { accounts: 1, groups: { sales: [0] } });
});

/** POSTs `before`, the bytes, then `after`: a body no JSON serialiser would write. */
async function postBytes(path: string, before: string, bytes: number[], after: string) {
  const response = await fetch(`${apiBaseUrl()}${path}`, {
    method: 'POST',
    headers: { 'api-key': ws.apiKey, 'content-type': 'application/json' },
    body: Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]),
  });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
}

describe('a JSON body that is not UTF-8, over HTTP', () => {
  it.each([
    ['FF FE', [0xff, 0xfe]],
    ['a Latin-1 é', [0xe9]],
  ])('is a 400 malformed-json naming the field, and no job: %s', async (_what, bytes) => {
    const answer = await postBytes(
      '/api/v1/social-selling/dm',
      `{"user":${JSON.stringify(ws.accounts[0]!.profileUrl)},"target":"https://www.linkedin.com/in/someone-utf8","message":"hi `,
      bytes,
      '"}',
    );

    expect(answer).toMatchObject({
      status: 400,
      type: 'application/problem+json',
      body: { type: '/problems/malformed-json', errors: [{ path: 'message', message: expect.stringContaining('not valid UTF-8') }] },
    });
    expect(await workspaceItems(db, ws.workspaceId, 'JOB#')).toEqual([]);
  });

  it('is refused in a field of a like too, and a U+FFFD sent as its escape is accepted', async () => {
    const refused = await postBytes(
      '/api/v1/social-selling/like',
      `{"url":"${samplePostUrl}","groups":["sales`,
      [0xff],
      `"],"reactionType":"like"}`,
    );
    const escaped = await postBytes(
      '/api/v1/social-selling/like',
      `{"url":"${samplePostUrl}","groups":["sales"],"reactionType":"like","x":"\\uFFFD"}`,
      [],
      '',
    );

    expect(refused).toMatchObject({ status: 400, body: { type: '/problems/malformed-json', errors: [{ path: 'groups.0' }] } });
    // Past the UTF-8 check: the unknown field is what is refused.
    expect(escaped).toMatchObject({ status: 400, body: { type: '/problems/validation-failed', errors: [{ path: 'x' }] } });
  });
});
