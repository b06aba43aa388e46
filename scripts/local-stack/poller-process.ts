/**
 * The SQS poller (poller.ts) in a process of its own, as the stack runs it: like serverless offline,
 * it can then be ended as a crash would end it (SIGKILL to its process group, see the load run's
 * `--chaos`), and its polls and invocations do not share an event loop with the emulators, which
 * run in the stack's own process. A process of its own costs under a second of startup (tsx).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { exitOf, forEachLine, OutputTail, terminate } from './emulators';
import type { PollerOptions } from './poller';
import { waitUntil } from './ports';
import { endGroup, killGroup, signalGroup, type GroupHandle } from './process-group';
import { LocalStackError } from './stack-error';

/** How the options reach the child (JSON). */
export const POLLER_OPTIONS_VARIABLE = 'LOCAL_POLLER_OPTIONS';
/** What the child prints once its loops run. */
export const POLLER_READY_LINE = '[poller] ready';

export interface PollerProcessOptions extends Omit<PollerOptions, 'log'> {
  projectRoot: string;
  /** Every line the poller prints (each starts with `[poller]`). */
  log: (line: string) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called as soon as the process exists, before the wait, so an abandoned startup can clean up. */
  onSpawn?: (handle: GroupHandle) => void;
}

export interface RunningPoller {
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts the poller's process and resolves once its loops run. */
export async function startPollerProcess(options: PollerProcessOptions): Promise<RunningPoller> {
  const { projectRoot, log, timeoutMs = 30_000, signal, onSpawn, ...pollerOptions } = options;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'poller-main.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      [POLLER_OPTIONS_VARIABLE]: JSON.stringify(pollerOptions),
    },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  // Its stdin is only there to close when this process ends, however it ends.
  child.stdin.on('error', () => undefined);

  const tail = new OutputTail(20);
  let ready = false;
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  forEachLine(child.stdout, (line) => {
    if (line === POLLER_READY_LINE) ready = true;
    tail.push(line);
    log(line);
  });
  forEachLine(child.stderr, (line) => {
    tail.push(line);
    log(`[poller] ${line}`);
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (pid === undefined) return;
      await terminate(child, 'SIGTERM', 3000, (sig) => signalGroup(pid, sig));
      await endGroup(pid); // whatever it started and left behind
    })());
  onSpawn?.({
    pid,
    exited: exitOf(child),
    stop,
    killNow: () => void (pid !== undefined && signalGroup(pid, 'SIGKILL')),
    crash: () => killGroup(child),
  });

  try {
    await waitUntil(async () => ready, {
      timeoutMs,
      signal,
      timeoutMessage: `the SQS poller did not start within ${timeoutMs / 1000} s. Its last output:\n${tail.text()}`,
      failFast: () => {
        if (spawnError) return new LocalStackError(`the SQS poller could not be started: ${spawnError.message}`);
        if (child.exitCode !== null || child.signalCode !== null) {
          return new LocalStackError(
            `the SQS poller exited (${child.exitCode ?? child.signalCode}) while starting. Its last output:\n${tail.text()}`,
          );
        }
        return undefined;
      },
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid, stop };
}
