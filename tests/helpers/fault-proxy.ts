import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { buffer } from 'node:stream/consumers';

/**
 * An HTTP proxy in front of an emulator (DynamoDB Local, fauxqs) that answers chosen AWS calls with
 * the errors AWS itself sends (throttling, 5xx) or holds them open, and forwards everything else.
 * Point a client at it with AWS_ENDPOINT_URL_<SERVICE>; the SDK, its retries and the code above
 * it all run for real. Only the fault is made up.
 */

/** What the proxy does to a matching request. */
export type Fault =
  /** DynamoDB: 400 ThrottlingException; SQS: 400 RequestThrottled; S3: 503 SlowDown. */
  | 'throttle'
  /** DynamoDB: 400 ProvisionedThroughputExceededException (DynamoDB only). */
  | 'provisioned-throughput'
  /** 500 InternalFailure / InternalError: the service failed. */
  | 'unavailable'
  /** Reads the request and never answers, as a stuck socket does. */
  | 'hang'
  /** Forwards the request (it takes effect), then answers 500: the answer was lost on the way back. */
  | 'answer-lost';

export interface FaultRule {
  /** The call: the operation of an AWS JSON call (`PutItem`, `SendMessage`), or the HTTP method for S3 (`PUT`). */
  operation: string;
  fault: Fault;
  /** Only requests whose body contains this (e.g. `"JOB#` for a job's item). */
  bodyIncludes?: string;
  /** Matching requests let through before the fault starts (default 0). */
  after?: number;
  /** How many matching requests fail, after `after` (default: every one). */
  times?: number;
}

export interface FaultProxy {
  /** Base URL of the proxy, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Adds a rule; the first rule matching a request decides it. */
  fail(rule: FaultRule): void;
  /** Removes every rule: all requests are forwarded again. */
  clear(): void;
  /** How many requests the proxy answered with a fault since the last `clear`. */
  faulted(operation?: string): number;
  close(): Promise<void>;
}

type Service = 'dynamodb' | 'sqs' | 's3';

interface ActiveRule extends FaultRule {
  matched: number;
}

function operationOf(req: IncomingMessage, body: string): string {
  const target = req.headers['x-amz-target'];
  if (typeof target === 'string') return target.slice(target.lastIndexOf('.') + 1);
  // The SQS query protocol (older SDKs) names the action in the form body.
  const action = /(?:^|&)Action=([A-Za-z]+)/.exec(body);
  return action ? action[1]! : (req.method ?? 'GET');
}

/** The answer AWS gives for a fault, in the service's protocol. */
function faultResponse(
  service: Service,
  fault: Exclude<Fault, 'hang' | 'answer-lost'>,
): { status: number; headers: Record<string, string>; body: string } {
  if (service === 's3') {
    const [status, code, message] =
      fault === 'unavailable'
        ? [500, 'InternalError', 'We encountered an internal error. Please try again.']
        : [503, 'SlowDown', 'Please reduce your request rate.'];
    return {
      status,
      headers: { 'content-type': 'application/xml' },
      body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><RequestId>fault</RequestId></Error>`,
    };
  }
  const json = { 'content-type': 'application/x-amz-json-1.0' };
  if (service === 'dynamodb') {
    const type = {
      throttle: 'ThrottlingException',
      'provisioned-throughput': 'ProvisionedThroughputExceededException',
      unavailable: 'InternalServerError',
    }[fault];
    const status = fault === 'unavailable' ? 500 : 400;
    return {
      status,
      headers: json,
      body: JSON.stringify({
        __type: `com.amazonaws.dynamodb.v20120810#${type}`,
        message: 'Rate of requests exceeds the allowed throughput.',
      }),
    };
  }
  // SQS (AWS JSON 1.0): the query-compatible error code travels in x-amzn-query-error.
  const [status, code] = fault === 'unavailable' ? [500, 'InternalFailure'] : [400, 'RequestThrottled'];
  return {
    status,
    headers: { ...json, 'x-amzn-query-error': `${code};${status === 500 ? 'Receiver' : 'Sender'}` },
    body: JSON.stringify({ __type: `com.amazonaws.sqs#${code}`, message: 'Request is throttled.' }),
  };
}

/**
 * Starts a fault proxy for `service` in front of `target` (the emulator's base URL). For SQS it
 * also rewrites its own address to the target's in request bodies: the SDK sends SQS calls to the
 * queue URL's host, so a test points its queue URLs at the proxy, and the emulator knows them by
 * their own address.
 */
export async function startFaultProxy(service: Service, target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let rules: ActiveRule[] = [];
  const faulted = new Map<string, number>();
  const sockets = new Set<Socket>();
  let own = '';

  const answer = (res: ServerResponse, fault: Exclude<Fault, 'hang' | 'answer-lost'>): void => {
    const response = faultResponse(service, fault);
    res.writeHead(response.status, {
      ...response.headers,
      'x-amzn-requestid': 'fault-proxy',
      'content-length': Buffer.byteLength(response.body),
    });
    res.end(response.body);
  };

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, loseAnswer = false): void => {
    const outgoing = service === 'sqs' ? Buffer.from(body.toString('utf8').split(own).join(upstream.origin)) : body;
    const path = req.url ?? '/';
    const upstreamRequest = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path,
        headers: { ...req.headers, host: upstream.host, 'content-length': String(outgoing.length) },
      },
      (upstreamAnswer) => {
        if (loseAnswer) {
          upstreamAnswer.resume();
          upstreamAnswer.on('end', () => answer(res, 'unavailable'));
          return;
        }
        res.writeHead(upstreamAnswer.statusCode ?? 502, upstreamAnswer.headers);
        upstreamAnswer.pipe(res);
      },
    );
    upstreamRequest.on('error', () => res.destroy());
    upstreamRequest.end(outgoing);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const text = body.toString('utf8');
    const operation = operationOf(req, text);
    const rule = rules.find(
      (candidate) => candidate.operation === operation && (candidate.bodyIncludes === undefined || text.includes(candidate.bodyIncludes)),
    );
    if (rule) {
      rule.matched += 1;
      const index = rule.matched - (rule.after ?? 0);
      if (index >= 1 && index <= (rule.times ?? Number.POSITIVE_INFINITY)) {
        faulted.set(operation, (faulted.get(operation) ?? 0) + 1);
        if (rule.fault === 'hang') return;
        if (rule.fault === 'answer-lost') forward(req, res, body, true);
        else answer(res, rule.fault);
        return;
      }
    }
    forward(req, res, body);
  };

  const server: Server = createServer((req, res) => {
    buffer(req).then(
      (body) => handle(req, res, body),
      () => res.destroy(),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: own,
    fail: (rule) => {
      rules.push({ ...rule, matched: 0 });
    },
    clear: () => {
      rules = [];
      faulted.clear();
    },
    faulted: (operation) =>
      operation === undefined ? [...faulted.values()].reduce((sum, n) => sum + n, 0) : (faulted.get(operation) ?? 0),
    close: async () => {
      // Held requests never end by themselves.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The proxy's address in place of the emulator's in a queue URL (SQS calls go to the queue URL's host). */
export function throughProxy(queueUrl: string, proxy: FaultProxy): string {
  const url = new URL(queueUrl);
  return `${proxy.url}${url.pathname}`;
}
