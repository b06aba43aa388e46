import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { newId } from '../../../lib/ids';
import { expireApproval } from '../../../lib/approvals/decide-approval';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import type { PlanJobMessage } from '../../../lib/queue/messages';
import { getAction } from '../../../lib/store/actions';
import { getApproval } from '../../../lib/store/approvals';
import { getJob } from '../../../lib/store/jobs';
import { createTestQueue, createTestWorkspace, drainQueue, httpEvent, testDb, testSqs } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';
import { bodyOf, fieldErrorsOf, loadHandler } from './load-handler';

/**
 * GET and POST /api/v1/approvals/{approvalId}, through their deployed handlers against the local
 * DynamoDB. Approvals are made the way the service makes them: a DM asked with get_approved,
 * accepted by the dm handler and planned by the jobs worker's use case.
 */
const db = testDb();
const sqs = testSqs();
let jobsQueueUrl: string;
let actionsQueueUrl: string;
let dmHandler: HttpHandler;
let getHandler: HttpHandler;
let decideHandler: HttpHandler;
let ws: TestWorkspace;
let other: TestWorkspace;

const proposed = 'Hello Jane,\nthanks for the talk.';
const tooLong = "must be at most 8000 characters (the network's limit for a message)";

beforeAll(async () => {
  jobsQueueUrl = await createTestQueue(sqs, 'approvals-jobs');
  actionsQueueUrl = await createTestQueue(sqs, 'approvals-actions');
  const env = { JOBS_QUEUE_URL: jobsQueueUrl, ACTIONS_QUEUE_URL: actionsQueueUrl };
  dmHandler = await loadHandler(() => import('../../../functions/http/dm'), env);
  getHandler = await loadHandler(() => import('../../../functions/http/get-approval'), env);
  decideHandler = await loadHandler(() => import('../../../functions/http/decide-approval'), env);
  ws = await createTestWorkspace(db, { accounts: 1 });
  other = await createTestWorkspace(db, { accounts: 1 });
});

interface PendingApproval {
  approvalId: string;
  workspaceId: string;
  jobId: string;
  accountId: string;
}

/**
 * An approval waiting for a decision: a DM with get_approved, accepted and planned at `plannedAt`,
 * valid for an hour from then.
 */
async function pendingApproval(owner: TestWorkspace, plannedAt = new Date()): Promise<PendingApproval> {
  const accepted = await dmHandler(
    httpEvent({
      method: 'POST',
      path: '/api/v1/social-selling/dm',
      headers: { 'api-key': owner.apiKey },
      body: {
        target: 'https://www.linkedin.com/in/prospect-jane',
        user: owner.accounts[0]!.profileUrl,
        message: proposed,
        get_approved: true,
      },
    }),
  );
  const planMessages = await drainQueue(sqs, jobsQueueUrl);
  if (accepted.statusCode !== 202 || planMessages.length !== 1)
    throw new Error(`the DM was not accepted: ${accepted.statusCode} ${accepted.body}`);
  const plan = planMessages[0]!.json as PlanJobMessage;
  await planJob({ db, sqs, jobsQueueUrl, actionsQueueUrl, defaultPacingWindowSeconds: 0, approvalExpirySeconds: 3600 }, plan, plannedAt);
  const key = { workspaceId: owner.workspaceId, jobId: plan.jobId, accountId: owner.accounts[0]!.accountId };
  const action = await getAction(db, key);
  if (action?.status !== 'awaiting_approval' || !action.approval)
    throw new Error(`the DM's action does not await an approval: ${JSON.stringify(action)}`);
  return { ...key, approvalId: action.approval.approvalId };
}

const approvalPath = (approvalId: string) => `/api/v1/approvals/${approvalId}`;
const show = (apiKey: string | undefined, approvalId: string) =>
  getHandler(
    httpEvent({
      method: 'GET',
      path: approvalPath(approvalId),
      headers: apiKey ? { 'api-key': apiKey } : {},
      pathParameters: { approvalId },
    }),
  );
const decide = (
  apiKey: string | undefined,
  approvalId: string,
  body?: unknown,
  options: { rawBody?: string; headers?: Record<string, string> } = {},
) =>
  decideHandler(
    httpEvent({
      method: 'POST',
      path: approvalPath(approvalId),
      headers: { ...(apiKey ? { 'api-key': apiKey } : {}), ...options.headers },
      body,
      rawBody: options.rawBody,
      pathParameters: { approvalId },
    }),
  );

function expectProblem(result: LambdaHttpResult, status: number, slug: string): void {
  expect(result.statusCode).toBe(status);
  expect(result.headers['content-type']).toBe('application/problem+json');
  expect(bodyOf(result)).toMatchObject({ type: `/problems/${slug}`, status });
}

describe('GET /api/v1/approvals/{approvalId}', () => {
  it('shows a pending approval of the workspace', async () => {
    const approval = await pendingApproval(ws);

    const result = await show(ws.apiKey, approval.approvalId);

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({
      approvalId: approval.approvalId,
      kind: 'dm',
      status: 'pending',
      jobId: approval.jobId,
      sender: { accountId: approval.accountId, profileUrl: ws.accounts[0]!.profileUrl },
      target: { url: 'https://www.linkedin.com/in/prospect-jane' },
      text: proposed,
      maxLength: 8000,
      links: { self: approvalPath(approval.approvalId), job: `/api/v1/jobs/${approval.jobId}` },
    });
  });

  it('401 without an api key', async () => {
    const approval = await pendingApproval(ws);

    const result = await show(undefined, approval.approvalId);

    expectProblem(result, 401, 'unauthorized');
  });

  it.each(['nope', 'apr_123', 'job_01KA7W9Q3T5W0R6Y5XG8N2M4C1', `apr_${'u'.repeat(26)}`, '../../jobs'])(
    '404 for the malformed id %j',
    async (approvalId) => {
      const result = await show(ws.apiKey, approvalId);

      expectProblem(result, 404, 'not-found');
    },
  );

  it('404 for an unknown id', async () => {
    const approvalId = newId('apr');

    const result = await show(ws.apiKey, approvalId);

    expectProblem(result, 404, 'not-found');
    expect(bodyOf(result).detail).toBe(`No approval "${approvalId}" in this workspace.`);
  });

  it("404 for another workspace's approval, exactly like an unknown one", async () => {
    const theirs = await pendingApproval(other);

    const result = await show(ws.apiKey, theirs.approvalId);

    expectProblem(result, 404, 'not-found');
    expect(bodyOf(result).detail).toBe(`No approval "${theirs.approvalId}" in this workspace.`);
    expect(JSON.stringify(bodyOf(result))).not.toContain(proposed.split('\n')[0]);
  });
});

describe('POST /api/v1/approvals/{approvalId}', () => {
  describe('refusals change nothing and enqueue nothing', () => {
    let approval: PendingApproval;
    beforeAll(async () => {
      approval = await pendingApproval(ws);
    });
    afterEach(async () => {
      expect(await drainQueue(sqs, actionsQueueUrl, 0)).toHaveLength(0);
      expect(await getApproval(db, approval.workspaceId, approval.approvalId)).toMatchObject({ status: 'pending', text: proposed });
    });

    it('401 without an api key', async () => {
      const result = await decide(undefined, approval.approvalId, { decision: 'approve' });

      expectProblem(result, 401, 'unauthorized');
    });

    it.each([{ decision: 'maybe' }, { decision: 'APPROVE' }, { decision: true }])('400 naming decision for %j', async (body) => {
      const result = await decide(ws.apiKey, approval.approvalId, body);

      expectProblem(result, 400, 'validation-failed');
      expect(fieldErrorsOf(result)).toEqual([{ path: 'decision', message: 'must be approve or reject' }]);
    });

    it('400 naming a missing decision and an unknown field', async () => {
      const result = await decide(ws.apiKey, approval.approvalId, { text: 'Hi', approved: true });

      expectProblem(result, 400, 'validation-failed');
      expect(fieldErrorsOf(result).map((error) => error.path)).toEqual(['decision', 'approved']);
      expect(fieldErrorsOf(result)[1]).toEqual({ path: 'approved', message: 'is not a known field' });
    });

    // A missing decision is 'is required', as every missing field is: decisionSchema's own message
    // ('must be approve or reject') is for a wrong value only (as in reaction-type.ts, outreach-text.ts).
    it("400 saying a missing decision 'is required', as for every other required field", async () => {
      const result = await decide(ws.apiKey, approval.approvalId, { text: 'Hi' });

      expectProblem(result, 400, 'validation-failed');
      expect(fieldErrorsOf(result)).toEqual([{ path: 'decision', message: 'is required' }]);
    });

    it('400 naming text when the edited text is past the limit', async () => {
      const result = await decide(ws.apiKey, approval.approvalId, { decision: 'approve', text: 'x'.repeat(8001) });

      expectProblem(result, 400, 'validation-failed');
      expect(fieldErrorsOf(result)).toEqual([{ path: 'text', message: tooLong }]);
    });

    it.each([
      ['blank', '  \n ', 'must not be empty'],
      ['with control characters', 'Hi\u0000', 'must not contain control characters other than line breaks and tabs'],
      ['not text', 42, 'must be a string'],
    ])('400 naming text when the edited text is %s', async (_what, text, message) => {
      const result = await decide(ws.apiKey, approval.approvalId, { decision: 'approve', text });

      expectProblem(result, 400, 'validation-failed');
      expect(fieldErrorsOf(result)).toEqual([{ path: 'text', message }]);
    });

    it('400 for malformed JSON, 415 for another content type', async () => {
      const malformed = await decide(ws.apiKey, approval.approvalId, undefined, { rawBody: '{"decision":' });
      const form = await decide(ws.apiKey, approval.approvalId, undefined, {
        rawBody: 'decision=approve',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

      expectProblem(malformed, 400, 'malformed-json');
      expectProblem(form, 415, 'unsupported-media-type');
    });

    it.each(['nope', `apr_${'u'.repeat(26)}`])('404 for the malformed id %j', async (approvalId) => {
      const result = await decide(ws.apiKey, approvalId, { decision: 'approve' });

      expectProblem(result, 404, 'not-found');
    });

    it('404 for an unknown id', async () => {
      const result = await decide(ws.apiKey, newId('apr'), { decision: 'approve' });

      expectProblem(result, 404, 'not-found');
    });

    it("404 for another workspace's approval, which stays pending", async () => {
      const result = await decide(other.apiKey, approval.approvalId, { decision: 'approve', text: 'Hijacked' });

      expectProblem(result, 404, 'not-found');
    });
  });

  it('approve: 200 approved with the edited text; its action runs with that text', async () => {
    const approval = await pendingApproval(ws);
    const edited = 'Hi Jane,\nedited by Sam.';

    const result = await decide(ws.apiKey, approval.approvalId, { decision: 'approve', text: edited });

    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('application/json');
    expect(bodyOf(result)).toMatchObject({
      approvalId: approval.approvalId,
      status: 'approved',
      text: edited,
      decidedVia: 'api',
      decidedAt: expect.any(String),
    });
    const messages = await drainQueue(sqs, actionsQueueUrl);
    expect(messages.map((message) => message.json)).toEqual([
      { v: 1, workspaceId: ws.workspaceId, jobId: approval.jobId, accountId: approval.accountId },
    ]);
    expect(await getAction(db, approval)).toMatchObject({ status: 'pending', text: edited, approval: { decision: 'approved' } });
    expect(bodyOf(await show(ws.apiKey, approval.approvalId))).toMatchObject({ status: 'approved', text: edited });
  });

  it('approve without text: the proposed text stands', async () => {
    const approval = await pendingApproval(ws);

    const result = await decide(ws.apiKey, approval.approvalId, { decision: 'approve' });

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ status: 'approved', text: proposed });
    expect(await drainQueue(sqs, actionsQueueUrl)).toHaveLength(1);
  });

  it.each([{ decision: 'reject' }, { decision: 'approve', text: 'Changed my mind' }])(
    '409 for a second decision %j, which changes nothing',
    async (second) => {
      const approval = await pendingApproval(ws);
      await decide(ws.apiKey, approval.approvalId, { decision: 'approve', text: 'First decision' });
      await drainQueue(sqs, actionsQueueUrl);

      const result = await decide(ws.apiKey, approval.approvalId, second);

      expectProblem(result, 409, 'approval-already-decided');
      expect(bodyOf(result).detail).toMatch(/^This approval was already approved at /);
      expect(await drainQueue(sqs, actionsQueueUrl, 0)).toHaveLength(0);
      expect(await getApproval(db, approval.workspaceId, approval.approvalId)).toMatchObject({
        status: 'approved',
        text: 'First decision',
      });
    },
  );

  it('reject: 200 rejected, the proposed text kept, nothing enqueued, and the job ends rejected', async () => {
    const approval = await pendingApproval(ws);

    const result = await decide(ws.apiKey, approval.approvalId, { decision: 'reject', text: 'ignored on rejection' });

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ approvalId: approval.approvalId, status: 'rejected', text: proposed, decidedVia: 'api' });
    expect(await drainQueue(sqs, actionsQueueUrl, 0)).toHaveLength(0);
    expect(await getAction(db, approval)).toMatchObject({ status: 'rejected', reason: 'approval_rejected' });
    expect(await getJob(db, ws.workspaceId, approval.jobId)).toMatchObject({ status: 'rejected' });
  });

  it('409 for an approval past its time, which is expired then', async () => {
    const approval = await pendingApproval(ws, new Date(Date.now() - 2 * 3600_000));

    const result = await decide(ws.apiKey, approval.approvalId, { decision: 'approve' });

    expectProblem(result, 409, 'approval-expired');
    expect(await drainQueue(sqs, actionsQueueUrl, 0)).toHaveLength(0);
    expect(bodyOf(await show(ws.apiKey, approval.approvalId))).toMatchObject({ status: 'expired', decidedVia: 'expiry' });
  });

  // The connection watch expires overdue approvals every minute; a decision arriving just after it
  // must read the same as one that found the approval overdue itself.
  it('409 approval-expired, not already-decided, for an approval the watch expired first', async () => {
    const approval = await pendingApproval(ws, new Date(Date.now() - 2 * 3600_000));
    const stored = await getApproval(db, approval.workspaceId, approval.approvalId);
    expect(await expireApproval({ db }, stored!, new Date())).toBe(true);

    const result = await decide(ws.apiKey, approval.approvalId, { decision: 'approve' });

    expectProblem(result, 409, 'approval-expired');
    expect(bodyOf(result).detail).toBe(`This approval expired at ${stored!.validUntil}; its action ended expired.`);
    expect(await drainQueue(sqs, actionsQueueUrl, 0)).toHaveLength(0);
  });
});
