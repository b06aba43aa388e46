/**
 * The one HTTP request a webhook delivery makes. The URL was checked when it was saved
 * (address-policy.ts), but its name may resolve elsewhere by now (DNS rebinding), so the address is
 * checked again here, at the moment and on the very address the socket connects to.
 */

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { blockedAddressReason } from './address-policy';
import { BlockedAddressError, DnsError } from '../errors';

export type PostError =
  'timeout' | 'blocked_address' | 'dns_failed' | 'connection_failed' | 'redirect_not_followed' | 'http_status' | 'invalid_url';

export interface PostOutcome {
  /** True only when a 2xx response arrived, and its body was read, within the timeout. */
  ok: boolean;
  statusCode?: number;
  latencyMs: number;
  error?: PostError;
  message?: string;
  /** The start of the response body, for the delivery log: at most 500 characters, control characters replaced. */
  responseExcerpt?: string;
}

export interface PostWebhookInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Local mode: a receiver on this machine may be called. */
  allowLoopback: boolean;
  /** Replaces dns.lookup, for tests: resolves names the way a resolver would. */
  lookup?: LookupFunction;
}

export const USER_AGENT = 'outreach-api-webhooks/1';
/** Past this, the rest of the response is not worth the time or the bandwidth. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
export const EXCERPT_CHARACTERS = 500;
const MAX_LOCATION_CHARACTERS = 200;
// Four bytes per character at most in UTF-8: enough for the excerpt, nothing more is kept.
const EXCERPT_BYTES = EXCERPT_CHARACTERS * 4;

/**
 * A lookup for the socket that refuses to connect when any address the name resolves to is
 * blocked. Since the socket connects to the addresses this returns, what was checked is what is
 * called: a name cannot resolve to a public address for a check and to a private one for the
 * connection.
 */
function guardedLookup(base: LookupFunction, allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { family: options.family, hints: options.hints, all: true }, (error, result) => {
      if (error) {
        callback(new DnsError(`The host ${hostname} does not resolve (${error.code ?? error.message}).`), '', 0);
        return;
      }
      const addresses: LookupAddress[] = typeof result === 'string' ? [{ address: result, family: isIP(result) }] : result;
      if (addresses.length === 0) {
        callback(new DnsError(`The host ${hostname} does not resolve to any address.`), '', 0);
        return;
      }
      for (const { address } of addresses) {
        const reason = blockedAddressReason(address, { allowLoopback });
        if (reason !== undefined) {
          callback(new BlockedAddressError(`The host ${hostname} resolves to ${address}, ${reason}.`), '', 0);
          return;
        }
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Control characters (newline and tab aside) and bidi overrides could garble or disguise the log a customer reads. */
function excerptOf(bytes: Buffer): string {
  const text = bytes.toString('utf8').replace(/\r\n/g, '\n');
  const characters = Array.from(text).slice(0, EXCERPT_CHARACTERS).join('');
  // eslint-disable-next-line no-control-regex
  return characters.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '\uFFFD');
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/**
 * POST one webhook delivery and report what happened, never throwing: the caller records the
 * outcome and decides on retries. Guarantees the delivery worker relies on:
 * - no request reaches a blocked address (IP literals are checked here, names in the socket's lookup);
 * - redirects are not followed, since the target was never checked and would see our signed body;
 * - the whole exchange, from DNS to the last byte read, ends within `timeoutMs`;
 * - at most 64 KiB of the response is read and 500 characters of it kept, whatever the receiver sends.
 */
export function postWebhook(input: PostWebhookInput): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);

  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve({
      ok: false,
      latencyMs: elapsed(),
      error: 'invalid_url',
      message: 'The webhook URL is not a valid absolute URL.',
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return Promise.resolve({
      ok: false,
      latencyMs: elapsed(),
      error: 'invalid_url',
      message: `The webhook URL's scheme ${url.protocol} is not http(s).`,
    });
  }
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  // Node connects to an IP literal directly, without calling the lookup below.
  if (isIP(hostname) !== 0) {
    const reason = blockedAddressReason(hostname, { allowLoopback: input.allowLoopback });
    if (reason !== undefined) {
      return Promise.resolve({ ok: false, latencyMs: elapsed(), error: 'blocked_address', message: `The host ${hostname} is ${reason}.` });
    }
  }

  const body = Buffer.from(input.body, 'utf8');
  const options: RequestOptions = {
    method: 'POST',
    protocol: url.protocol,
    hostname,
    port: url.port === '' ? undefined : Number(url.port),
    // Built from parts rather than from the URL so that credentials in it are never sent.
    path: `${url.pathname}${url.search}`,
    headers: {
      ...input.headers,
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'content-length': String(body.length),
    },
    // A fresh connection every time: a pooled socket would skip the lookup, and so the address check.
    agent: false,
    lookup: guardedLookup(input.lookup ?? (dnsLookup as LookupFunction), input.allowLoopback),
  };

  return new Promise<PostOutcome>((resolve) => {
    let request: ClientRequest | undefined;
    let response: IncomingMessage | undefined;
    let settled = false;

    const settle = (outcome: Omit<PostOutcome, 'latencyMs'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Nothing more is read: drop the connection rather than drain it.
      response?.destroy();
      request?.destroy();
      resolve({ ...outcome, latencyMs: elapsed() });
    };

    const timer = setTimeout(() => {
      settle({
        ok: false,
        ...(response?.statusCode !== undefined ? { statusCode: response.statusCode } : {}),
        error: 'timeout',
        message: `No complete response within ${input.timeoutMs} ms.`,
      });
    }, input.timeoutMs);

    try {
      request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(options);
    } catch (error) {
      settle({ ok: false, error: 'invalid_url', message: `The webhook URL cannot be requested: ${(error as Error).message}` });
      return;
    }

    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof BlockedAddressError) settle({ ok: false, error: 'blocked_address', message: error.message });
      else if (error instanceof DnsError) settle({ ok: false, error: 'dns_failed', message: error.message });
      else settle({ ok: false, error: 'connection_failed', message: `Could not connect or send: ${error.code ?? error.message}.` });
    });

    request.on('response', (res) => {
      response = res;
      const statusCode = res.statusCode ?? 0;
      if (statusCode >= 300 && statusCode < 400) {
        const location = res.headers.location;
        settle({
          ok: false,
          statusCode,
          error: 'redirect_not_followed',
          message: location
            ? `Redirect to ${truncate(location, MAX_LOCATION_CHARACTERS)} not followed: webhooks go to the registered URL only.`
            : `Redirect (${statusCode}) not followed: webhooks go to the registered URL only.`,
        });
        return;
      }

      const kept: Buffer[] = [];
      let keptBytes = 0;
      let readBytes = 0;
      const finish = (): void => {
        const ok = statusCode >= 200 && statusCode < 300;
        settle({
          ok,
          statusCode,
          ...(ok ? {} : { error: 'http_status' as const, message: `The endpoint answered ${statusCode}.` }),
          responseExcerpt: excerptOf(Buffer.concat(kept)),
        });
      };
      res.on('data', (chunk: Buffer) => {
        readBytes += chunk.length;
        if (keptBytes < EXCERPT_BYTES) {
          const part = chunk.subarray(0, EXCERPT_BYTES - keptBytes);
          kept.push(part);
          keptBytes += part.length;
        }
        if (readBytes >= MAX_RESPONSE_BYTES) finish();
      });
      res.on('end', finish);
      // The status line is the receiver's answer; a body cut short does not change it.
      res.on('error', finish);
      res.on('close', finish);
    });

    request.end(body);
  });
}
