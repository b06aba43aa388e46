/**
 * `serverless offline start` as a child process: the HTTP API on `port`, the Lambda Invoke API
 * (used by the poller) on `lambdaPort`. It runs in its own process group, so that stopping it also
 * stops what it started (esbuild).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { exitOf, forEachLine, OutputTail, terminate } from './emulators';
import { waitForPort } from './ports';
import { endGroup, killGroup, signalGroup, type GroupHandle } from './process-group';
import { serverlessBin } from './serverless-config';
import { LocalStackError } from './stack-error';

export interface OfflineOptions {
  projectRoot: string;
  stage: string;
  port: number;
  lambdaPort: number;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called as soon as the process exists, before the wait, so an abandoned startup can clean up. */
  onSpawn?: (handle: GroupHandle) => void;
}

export interface RunningOffline {
  baseUrl: string;
  lambdaEndpoint: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function startServerlessOffline(options: OfflineOptions): Promise<RunningOffline> {
  const { port, lambdaPort, log } = options;
  const args = [
    'offline',
    'start',
    '--stage',
    options.stage,
    '--host',
    '127.0.0.1',
    '--httpPort',
    String(port),
    '--lambdaPort',
    String(lambdaPort),
  ];
  // Bundles of this stack's own (serverless-esbuild empties its work folder when it starts): a
  // second stack started meanwhile (tests, a benchmark, the load run) must not rebuild them under it.
  const workFolder = options.env.ESBUILD_WORK_FOLDER ?? path.join('.esbuild-local', `stack-${port}`);
  const child = spawn(process.execPath, [serverlessBin(options.projectRoot), ...args], {
    cwd: options.projectRoot,
    env: { ...options.env, ESBUILD_WORK_FOLDER: workFolder },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;

  const tail = new OutputTail(40);
  let spawnError: Error | undefined;
  let failedAt: number | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  const onLine = (line: string) => {
    tail.push(line);
    // The Framework reports a failed startup (a build error, a bad serverless.yml) and then
    // keeps running without listening: notice it rather than wait for the timeout.
    if (failedAt === undefined && /^(Error:|✖|✘ \[ERROR\])/.test(line.trim())) failedAt = Date.now();
    log(`[offline] ${line}`);
  };
  forEachLine(child.stdout, onLine);
  forEachLine(child.stderr, onLine);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (pid === undefined) return;
      // Its HTTP servers wait up to 5 s for idle keep-alive connections to close; no need to wait that long.
      await terminate(child, 'SIGTERM', 1500, (signal) => signalGroup(pid, signal));
      await endGroup(pid); // whatever it started and left behind
      if (!options.env.ESBUILD_WORK_FOLDER) rmSync(path.join(options.projectRoot, workFolder), { recursive: true, force: true });
    })());
  options.onSpawn?.({
    pid,
    exited: exitOf(child),
    stop,
    killNow: () => void (pid !== undefined && signalGroup(pid, 'SIGKILL')),
    crash: () => killGroup(child),
  });

  const timeoutMs = options.timeoutMs ?? 60_000;
  const waitOptions = (what: string, waitedPort: number) => ({
    timeoutMs,
    signal: options.signal,
    timeoutMessage: `serverless offline did not open ${what} (port ${waitedPort}) within ${timeoutMs / 1000} s. Its last output:\n${tail.text()}\nA slow or busy machine may need more time: set LOCAL_STACK_TIMEOUT_SECONDS (seconds).`,
    failFast: () => {
      if (spawnError) return new LocalStackError(`serverless offline could not be started (${spawnError.message}): run \`npm install\`.`);
      if (child.exitCode !== null || child.signalCode !== null) {
        return new LocalStackError(
          `serverless offline exited (${child.exitCode ?? child.signalCode}) while starting. Its last output:\n${tail.text()}`,
        );
      }
      if (failedAt !== undefined && Date.now() - failedAt > 500) {
        return new LocalStackError(
          `serverless offline failed to start (a build error in functions/ or lib/, or a bad serverless.yml). Its output:\n${tail.text()}`,
        );
      }
      return undefined;
    },
  });
  // It prints nothing while it bundles the functions: say it is still at it, so a slow start does not look like a hang.
  log(`[offline] starting: bundling the functions, then opening ports ${lambdaPort} and ${port}`);
  const startedAt = Date.now();
  const progress = setInterval(() => log(`[offline] still starting, ${Math.round((Date.now() - startedAt) / 1000)} s so far`), 10_000);
  progress.unref();
  try {
    await waitForPort(lambdaPort, waitOptions('the Lambda invoke endpoint', lambdaPort));
    await waitForPort(port, waitOptions('the HTTP API', port));
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearInterval(progress);
  }
  return { baseUrl: `http://127.0.0.1:${port}`, lambdaEndpoint: `http://127.0.0.1:${lambdaPort}`, pid, stop };
}
