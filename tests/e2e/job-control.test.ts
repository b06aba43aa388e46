import { listSandboxActions } from '../../lib/store/sandbox';
import { createTestWorkspace, testDb } from '../helpers/factories';
import { eventually } from '../helpers/http-client';
import { typedClient } from '../helpers/typed-client';

/**
 * Listing and cancelling jobs over real HTTP, through the typed client of client/ (as a TypeScript
 * caller would): a job cancelled mid-way keeps what it performed, the rest ends `cancelled`, and
 * nothing of that rest reaches the (sandbox) network.
 */
const db = testDb();

describe('job control, end to end', () => {
  it('cancels a job mid-way: performed actions stay, the others end cancelled and never reach the network', async () => {
    // Two accounts comment at once (autopilot); two must be approved first, and will not be.
    const ws = await createTestWorkspace(db, { accounts: [{}, {}, { mode: 'ask' }, { mode: 'ask' }], pacingWindowSeconds: 1 });
    const api = typedClient(ws.apiKey);
    const url = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000777/';

    const accepted = await api.POST('/api/v1/social-selling/request-comment', {
      body: { url, comment: 'Thoughtful take on pipeline reviews.', groups: ['sales'] },
    });
    const jobId = accepted.data!.jobId;
    const midway = await eventually(
      async () => {
        const { data } = await api.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId } } });
        return data && data.counts.succeeded === 2 && data.counts.awaitingApproval === 2 ? data : undefined;
      },
      undefined,
      'two comments posted and two waiting for approval',
    );
    const cancelled = await api.POST('/api/v1/jobs/{jobId}/cancel', { params: { path: { jobId } } });
    const again = await api.POST('/api/v1/jobs/{jobId}/cancel', { params: { path: { jobId } } });
    const { data: job } = await api.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId } } });
    const listed = await eventually(
      async () => {
        const { data } = await api.GET('/api/v1/jobs', { params: { query: { status: 'cancelled' } } });
        return data?.items.find((item) => item.jobId === jobId);
      },
      undefined,
      'the cancelled job in the list',
    );

    expect(accepted.response.status).toBe(202);
    // Every unfinished action waits for an approval: the job says so.
    expect(midway.status).toBe('awaiting_approval');
    expect(cancelled.response.status).toBe(200);
    expect(cancelled.data).toMatchObject({ jobId, status: 'cancelled', counts: { total: 4, succeeded: 2, cancelled: 2, unfinished: 0 } });
    expect(again.response.status).toBe(409);
    expect(again.error?.type).toBe('/problems/job-already-ended');
    expect(job).toMatchObject({ status: 'cancelled', counts: { succeeded: 2, cancelled: 2, awaitingApproval: 0 } });
    const statuses = job!.actions.map((action) => `${action.status}:${action.reason ?? ''}`).sort();
    expect(statuses).toEqual(['cancelled:job_cancelled', 'cancelled:job_cancelled', 'succeeded:', 'succeeded:']);
    for (const action of job!.actions.filter((a) => a.status === 'cancelled')) {
      const { data: approval } = await api.GET('/api/v1/approvals/{approvalId}', {
        params: { path: { approvalId: action.approval!.approvalId } },
      });
      expect(approval?.status).toBe('cancelled');
    }
    expect(listed).toMatchObject({ status: 'cancelled', links: { self: `/api/v1/jobs/${jobId}` } });
    const comments = (await listSandboxActions(db, ws.workspaceId)).filter((action) => action.type === 'comment' && action.target === url);
    expect(comments.map((comment) => comment.accountId).sort()).toEqual([ws.accounts[0]!.accountId, ws.accounts[1]!.accountId].sort());
  });
});
