import { readFileSync } from 'node:fs';
import { liveGroupMembers } from '../../../scripts/local-stack/process-group';
import { eventually } from '../../helpers/http-client';
import { startStackInAProcess, type RunningStack, type StackInAProcess } from '../../helpers/local-stack-process';

/**
 * The local stack keeps its own processes running: serverless offline or the poller killed from
 * outside (`kill -9` of the process alone, as a person would) is started again, and the API answers
 * again; a process that keeps dying makes the stack stop everything and say so once (npm start then
 * exits 1 with that line). Before, after `kill -9` of serverless offline, `npm start` went on with
 * the API down and the poller logging ECONNREFUSED forever.
 */
let driver: StackInAProcess;
let stack: RunningStack;

// Starting a stack, and each restart of serverless offline, take long on a busy 2-core machine.
const SLOW_MS = 300_000;

beforeAll(async () => {
  driver = startStackInAProcess({ LOG_LEVEL: 'WARN' });
  stack = await driver.ready;
}, SLOW_MS);

afterAll(() => driver?.close());

const answersHealth = async () => {
  const status = await fetch(`${stack.baseUrl}/health`).then(
    (response) => response.status,
    () => 0,
  );
  return status === 200 ? true : undefined;
};

/** Kills the process alone, not its group: what was started with it is left for the stack to end. */
const killNine = (pid: number) => process.kill(pid, 'SIGKILL');

describe('the local stack, when a process of its own dies', () => {
  it(
    'starts serverless offline again after a kill -9, on the same port, and the poller too',
    async () => {
      const before = await driver.command('pids');

      killNine(before.offline);
      const offlineAgain = await eventually(
        async () => {
          const now = await driver.command('pids');
          return now.offline !== before.offline && (await answersHealth()) ? now : undefined;
        },
        SLOW_MS,
        'serverless offline to answer again',
      );
      killNine(offlineAgain.poller);
      const pollerAgain = await eventually(
        async () => {
          const now = await driver.command('pids');
          return now.poller !== offlineAgain.poller ? now : undefined;
        },
        SLOW_MS,
        'the poller to run again',
      );

      expect(offlineAgain.poller).toBe(before.poller);
      expect(pollerAgain.offline).toBe(offlineAgain.offline);
      // Nothing of the killed ones is left behind (serverless offline's esbuild, say).
      expect(liveGroupMembers(before.offline)).toEqual([]);
      expect(liveGroupMembers(before.poller)).toEqual([]);
      const log = readFileSync(driver.logFile, 'utf8');
      expect(log).toMatch(/\[stack\] serverless offline exited \(SIGKILL\); starting it again/);
      expect(log).toMatch(/\[stack\] the SQS poller exited \(SIGKILL\); starting it again/);
    },
    SLOW_MS,
  );

  it(
    'stops everything and says why once a process keeps dying (more than 3 exits in a minute)',
    async () => {
      let why: string | undefined;
      void driver.failed.then((reason) => (why = reason));
      const groups = new Set<number>();
      for (let kill = 0; kill < 5 && why === undefined; kill++) {
        const { offline } = await driver.command('pids');
        groups.add(offline);
        killNine(offline);
        await eventually(
          async () =>
            why !== undefined || ((await driver.command('pids')).offline !== offline && (await answersHealth())) ? true : undefined,
          SLOW_MS,
          'serverless offline to run again, or the stack to give up',
        );
      }

      expect(why).toMatch(
        /^serverless offline exited \(SIGKILL\), the \dth exit of the stack's processes in a minute; the local stack stopped$/,
      );
      expect(await answersHealth()).toBeUndefined();
      for (const group of groups) expect(liveGroupMembers(group)).toEqual([]);
    },
    SLOW_MS,
  );
});
