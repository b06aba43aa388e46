/**
 * The whole local stack in one call, for `npm start` and for the test suite: DynamoDB Local and
 * fauxqs, the table, queues and bucket of serverless.yml, and (with `withApi`) serverless offline
 * with the SQS poller feeding its workers, each of these two in a process group of its own.
 *
 * Startup runs what it can at once on a 2-core machine: the config (`serverless print`, or its
 * remembered output) and both emulators start together, and serverless offline starts as soon as
 * the config is known (the queue URLs it needs are predictable), while the resources are created.
 * Measured here: ≈ 3.9 s with a remembered config, ≈ 5.3 s without; serverless offline is the
 * critical path (≈ 2.9 s on its own). The poller starts once offline answers, in a process of its
 * own (under a second more, mostly tsx loading it).
 */
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './clients';
import { checkJava, startDynamoDbLocal, startFauxqs, startSesEmulator, type ProcessHandle, type RunningEmulator } from './emulators';
import { localProviderEnvironment, localQueueUrl, offlineQueueOverrides, queueUrlVariables } from './local-env';
import { startServerlessOffline, type RunningOffline } from './offline';
import { LOCAL_STAGE, PROJECT_ROOT } from './project';
import { pollerSourcesFromConfig } from './poller';
import { startPollerProcess } from './poller-process';
import type { GroupHandle } from './process-group';
import { scheduledFunctions, startScheduler, type Scheduler } from './scheduler';
import { assertPortsFree, isPortInUse, waitUntil, type PortClaim } from './ports';
import { createResources, type LocalResources } from './resources';
import { constantCase, loadServerlessConfig, type ServerlessConfig } from './serverless-config';
import { LocalStackError, StartupAbortedError } from './stack-error';

export { LOCAL_STAGE, PROJECT_ROOT };

export interface LocalStackOptions {
  /** DynamoDB Local keeps its data there; omitted = in memory. */
  dataDir?: string;
  /** HTTP API port (default: env PORT, else 3000). */
  port?: number;
  /** serverless-offline's Lambda invoke port (default: env LAMBDA_PORT, else 3002). */
  lambdaPort?: number;
  /** Default: env DYNAMODB_PORT, else 8000. */
  dynamoPort?: number;
  /** SQS and S3 (fauxqs). Default: env FAUXQS_PORT, else 4566. */
  fauxqsPort?: number;
  /** Email (the SES emulator). Default: env SES_PORT, else 8005. */
  sesPort?: number;
  /** Start serverless offline and the SQS poller too (otherwise only the emulators and resources). */
  withApi?: boolean;
  /** Extra environment of serverless offline (e.g. PACING_WINDOW_SECONDS, NETWORK_PROVIDER). */
  env?: Record<string, string>;
  /** Visibility timeout given to records a worker failed (default: the queue's own). */
  failedVisibilitySeconds?: number;
  /** Batches of each queue delivered at once (bounded by the event's maximumConcurrency); 1 by default. */
  concurrentBatches?: number;
  /** How often scheduled functions (the connection watch) run (default: env LOCAL_SCHEDULE_SECONDS, else 30). */
  scheduleIntervalSeconds?: number;
  /** Every line the stack and its processes print. Default: nothing. */
  log?: (line: string) => void;
  /** Abandons the startup (e.g. Ctrl-C): what was started is stopped and the call rejects. */
  signal?: AbortSignal;
  /**
   * Once the stack runs, a process of its own that exits unasked (serverless offline, the poller:
   * a crash, a `kill -9`) is started again, at most 3 times a minute. Told here when the stack gave
   * up on one (too many exits, a restart that failed, DynamoDB Local gone) and stopped everything.
   */
  onFailure?: (error: LocalStackError) => void;
  /** Told when a process of the stack was started again (its process id changed). */
  onRestart?: () => void;
}

export interface StackTimings {
  /** From the call to a usable stack. */
  totalMs: number;
  dynamodbMs?: number;
  fauxqsMs?: number;
  /** `serverless print`, or reading its remembered output (`printCached`). */
  printMs?: number;
  printCached?: boolean;
  resourcesMs?: number;
  offlineMs?: number;
}

/** The ports a local stack listens on (http and lambda are serverless offline's, used with `withApi`). */
export interface LocalStackPorts {
  http: number;
  lambda: number;
  dynamodb: number;
  fauxqs: number;
  ses: number;
}

/**
 * One of the stack's own processes (serverless offline, the SQS poller), to be crashed and started
 * again while the rest of the stack runs on (the load run's `--chaos`).
 */
export interface StackProcess {
  /** Its process id, which is also that of its process group. */
  readonly pid: number | undefined;
  /**
   * Ends it as a crash would: SIGKILL to its whole process group (serverless offline's handlers run
   * in it), nothing cleaned up. Resolves once no process of the group is left and its ports are free.
   */
  crash(): Promise<void>;
  /** Starts it again as the stack started it (the same function, ports and settings); resolves once it is ready. */
  restart(): Promise<void>;
}

export interface LocalStack {
  /** `http://127.0.0.1:<port>` with `withApi`, otherwise undefined. */
  baseUrl: string | undefined;
  ports: LocalStackPorts;
  /**
   * Every variable a client or a handler needs: AWS_ENDPOINT_URL_DYNAMODB/SQS/S3, AWS_REGION, fake
   * keys, the provider.environment of stage `local` (TABLE_NAME, JOBS_QUEUE_URL, ACTIONS_QUEUE_URL,
   * TRANSCRIPTS_BUCKET, ...) with the real queue URLs, and `<QUEUE_LOGICAL_ID>_URL` for every queue
   * (JOBS_DEAD_LETTER_QUEUE_URL, ...); with `withApi` also API_BASE_URL and AWS_ENDPOINT_URL_LAMBDA.
   */
  env: Record<string, string>;
  config: ServerlessConfig;
  resources: LocalResources;
  timings: StackTimings;
  /** With `withApi`: serverless offline and the SQS poller, each in a process group of its own. */
  processes: { offline: StackProcess; poller: StackProcess } | undefined;
  /** The process id of each process the stack runs now (fauxqs runs in this one). */
  pids(): { dynamodb?: number; offline?: number; poller?: number };
  /** Stops the poller, serverless offline, fauxqs and DynamoDB Local. Idempotent. */
  stop(): Promise<void>;
}

function portSetting(explicit: number | undefined, variable: string, fallback: number): number {
  if (explicit !== undefined) return explicit;
  const fromEnv = process.env[variable];
  if (fromEnv === undefined || fromEnv === '') return fallback;
  const port = Number(fromEnv);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new LocalStackError(`${variable}=${fromEnv} is not a port number.`);
  return port;
}

function timeoutSetting(): number | undefined {
  const seconds = Number(process.env.LOCAL_STACK_TIMEOUT_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/**
 * A process of the stack that `crash` kills and `restart` starts again with `launch`, the very call
 * that started it, on the same ports. Only a crashed process is restarted: a second one beside it
 * would find its ports taken.
 */
function restartable(
  current: () => GroupHandle | undefined,
  ports: number[],
  launch: () => Promise<unknown>,
): StackProcess & { readonly state: string } {
  let state: 'running' | 'crashing' | 'crashed' | 'restarting' = 'running';
  return {
    get pid() {
      return current()?.pid;
    },
    get state() {
      return state;
    },
    async crash() {
      if (state === 'restarting') throw new LocalStackError('a process of the stack cannot be crashed while it restarts');
      state = 'crashing';
      await current()?.crash();
      state = 'crashed';
      await waitUntil(async () => !(await Promise.all(ports.map(isPortInUse))).some(Boolean), {
        timeoutMs: 10_000,
        timeoutMessage: `ports ${ports.join(', ')} were still in use 10 s after their process group was killed`,
      });
    },
    async restart() {
      if (state !== 'crashed') throw new LocalStackError(`a process of the stack is restarted only after a crash (it is ${state})`);
      state = 'restarting';
      try {
        await launch();
        state = 'running';
      } catch (error) {
        state = 'crashed'; // the launch stopped what it had started
        throw error;
      }
    },
  };
}

/** Starts the local stack; on any failure, stops what it started and throws one LocalStackError. */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const startedAt = Date.now();
  const since = (from: number) => Date.now() - from;
  const log = options.log ?? (() => undefined);
  const ports: LocalStackPorts = {
    http: portSetting(options.port, 'PORT', 3000),
    lambda: portSetting(options.lambdaPort, 'LAMBDA_PORT', 3002),
    dynamodb: portSetting(options.dynamoPort, 'DYNAMODB_PORT', 8000),
    fauxqs: portSetting(options.fauxqsPort, 'FAUXQS_PORT', 4566),
    ses: portSetting(options.sesPort, 'SES_PORT', 8005),
  };
  const endpoints = {
    dynamodb: `http://127.0.0.1:${ports.dynamodb}`,
    sqs: `http://127.0.0.1:${ports.fauxqs}`,
    s3: `http://127.0.0.1:${ports.fauxqs}`,
    ses: `http://127.0.0.1:${ports.ses}`,
  };
  const timeoutMs = timeoutSetting();
  const timings: StackTimings = { totalMs: 0 };

  const awsEnv: Record<string, string> = {
    AWS_REGION: LOCAL_REGION,
    AWS_DEFAULT_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_SQS: endpoints.sqs,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    // The SES (API v2) client's endpoint: the emulator, so no mail leaves the machine.
    AWS_ENDPOINT_URL_SESV2: endpoints.ses,
  };
  // No X-Ray daemon listens here, so the handlers' tracer stays off. Their metrics stay on, as EMF
  // lines in the log, even under POWERTOOLS_DEV (which alone would turn them off).
  const powertoolsEnv = { POWERTOOLS_TRACE_ENABLED: 'false', POWERTOOLS_METRICS_DISABLED: 'false' };
  // The developer's real AWS session must not leak into the local handlers.
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, ...awsEnv, ...powertoolsEnv, ...options.env, SLS_TELEMETRY_DISABLED: '1' };
  delete baseEnv.AWS_PROFILE;
  delete baseEnv.AWS_SESSION_TOKEN;

  // What is running, stopped in this order.
  const running: {
    poller?: GroupHandle;
    scheduler?: Scheduler;
    offline?: GroupHandle;
    fauxqs?: RunningEmulator;
    ses?: RunningEmulator;
    dynamodb?: ProcessHandle;
  } = {};
  const killNow = () => {
    running.poller?.killNow();
    running.offline?.killNow();
    running.dynamodb?.killNow();
  };
  // If this process ends without stop() (a crash, process.exit), take the children down with it.
  process.once('exit', killNow);
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      const from = Date.now();
      const report = (what: string) => (error: unknown) => log(`[stack] stopping ${what} failed: ${(error as Error).message}`);
      await running.scheduler?.stop().catch(report('the scheduler'));
      await running.poller?.stop().catch(report('the poller'));
      await running.offline?.stop().catch(report('serverless offline'));
      await Promise.all([
        running.fauxqs?.stop().catch(report('fauxqs')),
        running.ses?.stop().catch(report('the SES emulator')),
        running.dynamodb?.stop().catch(report('DynamoDB Local')),
      ]);
      process.removeListener('exit', killNow);
      log(`[stack] stopped in ${since(from)} ms`);
    })());

  const controller = new AbortController();
  const { signal } = controller;
  const abandoned = new Promise<never>((_, reject) => {
    const onAbort = () => reject(new StartupAbortedError('the local stack startup was abandoned'));
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  abandoned.catch(() => undefined);

  const setting = (option: keyof LocalStackOptions, variable: string) =>
    options[option] !== undefined ? `the ${option} option` : variable;
  const claims: PortClaim[] = [
    { port: ports.dynamodb, what: 'DynamoDB Local', setting: setting('dynamoPort', 'DYNAMODB_PORT') },
    { port: ports.fauxqs, what: 'fauxqs, SQS and S3', setting: setting('fauxqsPort', 'FAUXQS_PORT') },
    { port: ports.ses, what: 'the SES emulator', setting: setting('sesPort', 'SES_PORT') },
  ];
  if (options.withApi) {
    claims.push(
      { port: ports.http, what: 'the HTTP API', setting: setting('port', 'PORT') },
      { port: ports.lambda, what: 'the Lambda invoke endpoint', setting: setting('lambdaPort', 'LAMBDA_PORT') },
    );
  }

  const t0 = Date.now();
  const printed = loadServerlessConfig({ projectRoot: PROJECT_ROOT, stage: LOCAL_STAGE, env: baseEnv, signal }).then(
    ({ config, cached }) => {
      timings.printMs = since(t0);
      timings.printCached = cached;
      return config;
    },
  );
  const checked = Promise.all([checkJava(), assertPortsFree(claims)]);
  const dynamodb = checked.then(() =>
    startDynamoDbLocal({
      port: ports.dynamodb,
      dataDir: options.dataDir,
      log,
      signal,
      timeoutMs,
      onSpawn: (handle) => (running.dynamodb = handle),
    }).then((emulator) => {
      timings.dynamodbMs = since(t0);
      return emulator;
    }),
  );
  const fauxqs = checked.then(() =>
    startFauxqs({ port: ports.fauxqs, projectRoot: PROJECT_ROOT, log }).then((emulator) => {
      running.fauxqs = emulator;
      timings.fauxqsMs = since(t0);
      return emulator;
    }),
  );
  const ses = checked.then(() =>
    startSesEmulator({ port: ports.ses, log }).then((emulator) => {
      running.ses = emulator;
      return emulator;
    }),
  );
  // Set once the stack runs: watches a process of its own for an exit nobody asked for.
  let supervise: ((part: 'offline' | 'poller', handle: GroupHandle) => void) | undefined;
  // A started process is `running` at once (so that stopping the stack stops it), also when it is
  // started again after a crash while the stack is being stopped; and watched once the stack runs.
  const keep = (part: 'offline' | 'poller') => (handle: GroupHandle) => {
    running[part] = handle;
    if (stopping) void handle.stop();
    else supervise?.(part, handle);
  };
  const launchOffline = (config: ServerlessConfig, launchSignal?: AbortSignal) =>
    startServerlessOffline({
      projectRoot: PROJECT_ROOT,
      stage: LOCAL_STAGE,
      port: ports.http,
      lambdaPort: ports.lambda,
      env: {
        ...baseEnv,
        ...offlineQueueOverrides(queueUrlVariables(config), endpoints.sqs),
        PORT: String(ports.http),
        LAMBDA_PORT: String(ports.lambda),
        // Approval links point at this API.
        LOCAL_PUBLIC_BASE_URL: `http://127.0.0.1:${ports.http}`,
      },
      log,
      signal: launchSignal,
      timeoutMs: timeoutMs ?? 90_000,
      onSpawn: keep('offline'),
    });
  const launchPoller = (config: ServerlessConfig, queues: LocalResources['queues'], lambdaEndpoint: string) =>
    startPollerProcess({
      projectRoot: PROJECT_ROOT,
      sources: pollerSourcesFromConfig(config, queues),
      sqsEndpoint: endpoints.sqs,
      lambdaEndpoint,
      failedVisibilitySeconds: options.failedVisibilitySeconds,
      concurrentBatches: options.concurrentBatches,
      log,
      timeoutMs,
      onSpawn: keep('poller'),
    });
  const offline: Promise<RunningOffline | undefined> = !options.withApi
    ? Promise.resolve(undefined)
    : Promise.all([printed, checked]).then(([config]) =>
        launchOffline(config, signal).then((started) => {
          timings.offlineMs = since(t0);
          return started;
        }),
      );
  const resources = Promise.all([printed, dynamodb, fauxqs, ses]).then(async ([config]) => {
    const from = Date.now();
    const created = await createResources(config, endpoints, log);
    timings.resourcesMs = since(from);
    return created;
  });

  /** Stops the whole stack, and says why to whoever started it (npm start exits with it). */
  const giveUp = (why: string) => {
    log(`[stack] ${why}: stopping the stack`);
    void stopAll().then(() => options.onFailure?.(new LocalStackError(`${why}; the local stack stopped`)));
  };
  const NAMES = { offline: 'serverless offline', poller: 'the SQS poller' } as const;
  const MAX_RESTARTS_A_MINUTE = 3;
  const superviseProcesses = (processes: Record<'offline' | 'poller', ReturnType<typeof restartable>>) => {
    const restarts: number[] = [];
    const watch = (part: 'offline' | 'poller', handle: GroupHandle) =>
      void handle.exited.then(async (how) => {
        // Stopped, replaced since, or crashed on purpose (the load run's chaos, a test): not for us.
        if (stopping || running[part] !== handle || processes[part].state !== 'running') return;
        const now = Date.now();
        restarts.push(now);
        while (restarts[0]! < now - 60_000) restarts.shift();
        if (restarts.length > MAX_RESTARTS_A_MINUTE) {
          giveUp(`${NAMES[part]} exited (${how}), the ${restarts.length}th exit of the stack's processes in a minute`);
          return;
        }
        log(`[stack] ${NAMES[part]} exited (${how}); starting it again`);
        try {
          // What it started may still run (a kill -9 reaches the leader only): ended with it, and its ports freed.
          await processes[part].crash();
          await processes[part].restart();
          log(`[stack] ${NAMES[part]} runs again (process ${running[part]?.pid})`);
          options.onRestart?.();
        } catch (error) {
          if (!stopping) giveUp(`${NAMES[part]} exited (${how}) and could not be started again: ${(error as Error).message}`);
        }
      });
    watch('offline', running.offline!);
    watch('poller', running.poller!);
    return watch;
  };

  try {
    const [config, created, api] = await Promise.race([Promise.all([printed, resources, offline]), abandoned]);
    const environment = localProviderEnvironment(config, endpoints.sqs);
    for (const queue of Object.values(created.queues)) {
      if (queue.url !== localQueueUrl(endpoints.sqs, queue.name)) {
        throw new LocalStackError(
          `fauxqs gave queue ${queue.name} the URL ${queue.url}, not the expected ${localQueueUrl(endpoints.sqs, queue.name)}: is fauxqs still 1.9.x?`,
        );
      }
    }
    const queueUrls = Object.fromEntries(Object.values(created.queues).map((queue) => [`${constantCase(queue.logicalId)}_URL`, queue.url]));
    const env: Record<string, string> = { ...environment, ...options.env, ...queueUrls, ...awsEnv };
    if (api) {
      env.API_BASE_URL = api.baseUrl;
      env.AWS_ENDPOINT_URL_LAMBDA = api.lambdaEndpoint;
      await Promise.race([launchPoller(config, created.queues, api.lambdaEndpoint), abandoned]);
      running.scheduler = startScheduler({
        functions: scheduledFunctions(config),
        lambdaEndpoint: api.lambdaEndpoint,
        intervalSeconds: options.scheduleIntervalSeconds ?? (Number(process.env.LOCAL_SCHEDULE_SECONDS) || 30),
        log,
      });
    }
    timings.totalMs = since(startedAt);
    log(
      `[stack] ready in ${timings.totalMs} ms (config ${timings.printMs} ms${timings.printCached ? ' (remembered)' : ''}, DynamoDB Local ${timings.dynamodbMs} ms, fauxqs ${timings.fauxqsMs} ms, resources ${timings.resourcesMs} ms${
        api ? `, serverless offline ${timings.offlineMs} ms` : ''
      }, all from the start)`,
    );
    if (options.signal?.aborted) throw new StartupAbortedError('the local stack startup was abandoned');
    const processes = api && {
      offline: restartable(
        () => running.offline,
        [ports.http, ports.lambda],
        () => launchOffline(config),
      ),
      poller: restartable(
        () => running.poller,
        [],
        () => launchPoller(config, created.queues, api.lambdaEndpoint),
      ),
    };
    if (processes) supervise = superviseProcesses(processes);
    const dynamodbExit = running.dynamodb?.exited;
    void dynamodbExit?.then((how) => {
      if (!stopping) giveUp(`DynamoDB Local exited (${how})`);
    });
    const pids = () => ({ dynamodb: running.dynamodb?.pid, offline: running.offline?.pid, poller: running.poller?.pid });
    return { baseUrl: api?.baseUrl, ports, env, config, resources: created, timings, processes, pids, stop: stopAll };
  } catch (error) {
    controller.abort();
    await Promise.allSettled([printed, checked, dynamodb, fauxqs, ses, offline, resources]);
    await stopAll();
    if (error instanceof LocalStackError) throw error;
    if (error instanceof StartupAbortedError) throw new LocalStackError('the local stack startup was abandoned');
    throw new LocalStackError(`the local stack failed to start: ${(error as Error).stack ?? String(error)}`);
  }
}

export { LocalStackError };
