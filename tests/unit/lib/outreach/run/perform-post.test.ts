import { amplifyPost, publishedPostRef } from '../../../../../lib/outreach/run/perform-post';
import type { Job } from '../../../../../lib/store/jobs';
import type { SubmitJobDeps } from '../../../../../lib/outreach/accept/submit-job';

const job = {
  workspaceId: 'ws',
  jobId: 'job_01KA7W9Q3T5W0R6Y5XG8N2M4C1',
  type: 'post',
  request: {
    user: 'https://www.linkedin.com/in/sam',
    text: 'Hi',
    get_approved: true,
    amplify: { groups: ['sales'], reactionType: 'like' },
  },
  status: 'running',
  total: 1,
  succeeded: 0,
  failed: 0,
  remaining: 1,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  expiresAt: 1,
} satisfies Job<'post'>;
const now = new Date('2026-11-27T10:00:00.000Z');
/** Deps no test here may reach: every path below stops before submitting a job. */
const unreachable = new Proxy({} as SubmitJobDeps, {
  get: () => {
    throw new Error('no job may be submitted');
  },
});

describe('publishedPostRef', () => {
  it('names the published post by its social id, in the URL form the like and comment jobs take', () => {
    expect(publishedPostRef({ socialId: 'urn:li:activity:7368000000000000001', url: 'https://www.linkedin.com/posts/x' })).toEqual({
      url: 'https://www.linkedin.com/feed/update/urn:li:activity:7368000000000000001/',
      kind: 'activity',
      id: '7368000000000000001',
      urn: 'urn:li:activity:7368000000000000001',
    });
    expect(publishedPostRef({ socialId: 'urn:li:ugcPost:7368000000000000002' })).toMatchObject({ kind: 'ugcPost' });
  });

  it('is nothing without a social id, or with one the network would not take', () => {
    expect(publishedPostRef(undefined)).toBeUndefined();
    expect(publishedPostRef({ postId: '7368', urlUnknown: 'true' })).toBeUndefined();
    expect(publishedPostRef({ socialId: 'not-an-urn' })).toBeUndefined();
  });
});

describe('amplifyPost', () => {
  it('does nothing for a post that asked for no amplification', async () => {
    const plain: Job<'post'> = { ...job, request: { ...job.request, amplify: undefined } };

    await expect(amplifyPost(unreachable, plain, { socialId: 'urn:li:activity:7368000000000000001' }, now)).resolves.toEqual({});
  });

  it('says why it started nothing when the network did not say which post it published', async () => {
    const done = await amplifyPost(unreachable, job, { urlUnknown: 'true' }, now);

    expect(done).toEqual({ amplificationSkipped: 'the network did not say which post it published, so nobody can react to it' });
  });

  it('says so when the worker has no way to submit jobs', async () => {
    const done = await amplifyPost(undefined, job, { socialId: 'urn:li:activity:7368000000000000001' }, now);

    expect(done.amplificationSkipped).toContain('not configured');
  });
});
