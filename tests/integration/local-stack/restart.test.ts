import { getJob } from '../../../lib/store/jobs';
import type { Db } from '../../../lib/store/client';
import { LONG_POLL_SECONDS } from '../../../scripts/local-stack/poller';
import { liveGroupMembers } from '../../../scripts/local-stack/process-group';
import { targetDb } from '../../../scripts/target-db';
import { createTestWorkspace, samplePostUrl, type TestWorkspace } from '../../helpers/factories';
import { eventually } from '../../helpers/http-client';
import { startStackInAProcess, type RunningStack, type StackInAProcess } from '../../helpers/local-stack-process';

/**
 * The restart path of the load run's `--chaos`: serverless offline and the SQS poller killed with
 * SIGKILL to their process groups, and started again by the stack itself (`stack.processes`), on
 * the same ports. On a stack of the test's own (the global one serves the other tests), run in a
 * process of its own (tests/helpers/local-stack-process.ts says why).
 */
let driver: StackInAProcess;
let stack: RunningStack;
let db: Db;
let workspace: TestWorkspace;
/** Every process group the stack's offline and poller had. */
const groups = new Set<number>();

// Starting a stack, and restarting serverless offline (it bundles every function again), each take
// a minute or more on a busy 2-core machine.
const SLOW_MS = 300_000;

beforeAll(async () => {
  driver = startStackInAProcess({ PACING_WINDOW_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'WARN' });
  stack = await driver.ready;
  db = targetDb({ ...stack.env, STAGE: 'local' }).db;
  workspace = await createTestWorkspace(db, { accounts: 2 });
}, SLOW_MS);

afterAll(() => driver?.close());

function like(activity: string): Promise<Response> {
  return fetch(`${stack.baseUrl}/api/v1/social-selling/like`, {
    method: 'POST',
    headers: { 'api-key': workspace.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ url: samplePostUrl.replace('7300000000000000001', activity), groups: ['sales'], reactionType: 'like' }),
  });
}

async function acceptedJobId(response: Response): Promise<string> {
  expect(response.status).toBe(202);
  return ((await response.json()) as { jobId: string }).jobId;
}

const jobStatus = async (jobId: string) => (await getJob(db, workspace.workspaceId, jobId))?.status;

const succeeded = (jobId: string) =>
  eventually(async () => ((await jobStatus(jobId)) === 'succeeded' ? true : undefined), 90_000, `job ${jobId} to succeed`);

describe('the local stack after serverless offline and the poller were killed', () => {
  it(
    'ends a like accepted before the kills once both are restarted, on the same ports, and accepts and ends a like sent after',
    async () => {
      const killed = stack.pids;
      for (const pid of Object.values(killed)) groups.add(pid);

      // The poller first: no one takes the like's job off its queue until the restart. Its receives
      // still waiting in fauxqs (as they would in SQS) would take the job's message for a process
      // that is gone, and it would show again only after the queue's visibility timeout (180 s):
      // the like goes out once they have run out.
      await driver.command('crash poller');
      await new Promise((resolve) => setTimeout(resolve, (LONG_POLL_SECONDS + 1) * 1000));
      const before = await acceptedJobId(await like('7300000000000000101'));
      await driver.command('crash offline');

      expect(Object.values(killed).flatMap(liveGroupMembers)).toEqual([]);
      await expect(fetch(`${stack.baseUrl}/health`)).rejects.toThrow();
      expect(await jobStatus(before)).toBe('queued');

      await driver.command('restart offline');
      const restarted = await driver.command('restart poller');
      for (const pid of Object.values(restarted)) groups.add(pid);

      expect(restarted.offline).not.toBe(killed.offline);
      expect(restarted.poller).not.toBe(killed.poller);
      expect((await fetch(`${stack.baseUrl}/health`)).status).toBe(200);
      await succeeded(before);
      const after = await acceptedJobId(await like('7300000000000000102'));
      await succeeded(after);
    },
    SLOW_MS,
  );

  it('leaves no process of either, killed or restarted, once the stack stops', async () => {
    await driver.command('stop');

    expect([...groups].flatMap(liveGroupMembers)).toEqual([]);
  });
});
