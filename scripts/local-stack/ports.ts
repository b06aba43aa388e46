import http from 'node:http';
import net from 'node:net';
import { LocalStackError, sleep } from './stack-error';

/** A port the stack listens on, and how a user moves it when it is taken. */
export interface PortClaim {
  port: number;
  /** What listens there, e.g. "DynamoDB Local". */
  what: string;
  /** The environment variable (or option) that moves it. */
  setting: string;
}

function acceptsConnections(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (inUse: boolean) => {
      socket.destroy();
      resolve(inUse);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function canBind(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** True when something already listens on `port` (on the loopback or on every interface). */
export async function isPortInUse(port: number): Promise<boolean> {
  if (await acceptsConnections(port, '127.0.0.1')) return true;
  return !(await canBind(port, '0.0.0.0'));
}

/**
 * Fails with one message naming every taken port and the setting that moves it, before
 * anything is started (a half-started stack is worse than none).
 */
export async function assertPortsFree(claims: PortClaim[]): Promise<void> {
  const seen = new Map<number, PortClaim>();
  for (const claim of claims) {
    const other = seen.get(claim.port);
    if (other) {
      throw new LocalStackError(
        `${claim.what} and ${other.what} are both set to port ${claim.port}: give ${claim.setting} or ${other.setting} another value.`,
      );
    }
    seen.set(claim.port, claim);
  }
  const busy = (await Promise.all(claims.map(async (claim) => ((await isPortInUse(claim.port)) ? claim : undefined)))).filter(
    (claim): claim is PortClaim => claim !== undefined,
  );
  if (busy.length === 0) return;
  const first = busy[0]!;
  if (busy.length === 1) {
    throw new LocalStackError(
      `port ${first.port} (${first.what}) is in use: set ${first.setting} to a free port, or stop what listens there (\`ss -ltnp | grep :${first.port}\` shows it).`,
    );
  }
  throw new LocalStackError(
    [
      'these ports are in use:',
      ...busy.map((claim) => `  ${claim.port} (${claim.what}): set ${claim.setting} to a free port`),
      `Is the local stack already running (npm start in another terminal)? Otherwise stop what listens there (\`ss -ltnp | grep :${first.port}\` shows it).`,
    ].join('\n'),
  );
}

/** Ports free right now, distinct from each other (all are held until every one is picked). */
export async function findFreePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port: 0, host: '127.0.0.1' }, () => resolve());
      });
      ports.push((server.address() as net.AddressInfo).port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}

/** True when an HTTP server answers `url` (any status). */
export function answersHttp(url: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: timeoutMs, agent: false }, (response) => {
      response.resume();
      resolve(true);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(false));
  });
}

export interface WaitOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Message of the error thrown when `timeoutMs` passes. */
  timeoutMessage: string;
  /** Checked between attempts: a process that died will never answer, so fail at once. */
  failFast?: () => Error | undefined;
}

/** Calls `probe` until it says yes. */
export async function waitUntil(probe: () => Promise<boolean>, options: WaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const fatal = options.failFast?.();
    if (fatal) throw fatal;
    if (await probe()) return;
    if (Date.now() > deadline) throw new LocalStackError(options.timeoutMessage);
    await sleep(50, options.signal);
  }
}

/** Waits until an HTTP server answers `url` (any status). */
export function waitForHttp(url: string, options: WaitOptions): Promise<void> {
  return waitUntil(() => answersHttp(url, 500), options);
}

/** Waits until something accepts TCP connections on 127.0.0.1:`port` (no request is made). */
export function waitForPort(port: number, options: WaitOptions): Promise<void> {
  return waitUntil(() => acceptsConnections(port, '127.0.0.1'), options);
}
