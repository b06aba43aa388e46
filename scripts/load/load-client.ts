/**
 * The load run's client: sends one planned request and reads what it got. In a chaos run
 * (`retryUnanswered`) a request that got no answer, because serverless offline was down (refused)
 * or died while it was in flight (cut off), is sent again, with the same Idempotency-Key, until it
 * gets one: the retry replays the first attempt's answer if that attempt finished, and is handled
 * once otherwise. A cut-off attempt that still holds the key (it died between claiming the key
 * and storing its answer) gets a 409 until the key's lock runs out; that is waited out too.
 */
import type { PlannedRequest } from './load-plan';

export interface Answer {
  /** The request's sequence number in the plan. */
  n: number;
  kind: PlannedRequest['kind'];
  expected: number;
  status: number;
  /** The job or transcript a 202 accepted (or, for a transcript resent after a cut-off, the one an earlier attempt recorded). */
  accepted?: { jobId?: string; callId?: string };
  /** The start of an unexpected answer, to show what it was. */
  excerpt?: string;
  /** Milliseconds from sending the attempt that was answered to the end of its answer. */
  latencyMs?: number;
  /** Attempts before the answer that got none (chaos runs). */
  unanswered?: { refused: number; cutOff: number };
  /** The answer is the stored one of an earlier attempt (`idempotent-replayed`). */
  replayed?: boolean;
  /** 409s got while a cut-off attempt held the Idempotency-Key. */
  heldKey?: number;
  /**
   * A transcript resent after a cut-off attempt had recorded it: 200 with the transcript, as for any
   * resend of the same call. It was accepted, by that attempt.
   */
  resent?: boolean;
}

/** Retries of a request with no answer stop after this long (serverless offline restarts in seconds, or a minute on a busy machine). */
const RETRY_FOR_MS = 5 * 60_000;
const RETRY_AFTER_MS = 500;
/** The Idempotency-Key's lock is 60 s (lib/http/idempotency.ts); a retry every 2 s sees it run out. */
const HELD_KEY_RETRY_AFTER_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refused: nothing listened, so nothing of it ran. Anything else may have reached a handler. */
function wasRefused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
}

/** The answer is the key of a cut-off attempt, still locked. */
const keyHeld = (status: number, text: string) => status === 409 && text.includes('idempotency-request-in-progress');

/** Whether the answer is the one a correct service gives (a resent transcript's 200 included). */
export const answeredAsExpected = (answer: Answer) => answer.status === answer.expected || answer.resent === true;

export async function sendRequest(baseUrl: string, request: PlannedRequest, n: number, retryUnanswered: boolean): Promise<Answer> {
  const answer: Answer = { n, kind: request.kind, expected: request.expected, status: 0 };
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    let status: number;
    let text: string;
    let replayed: boolean;
    const sentAt = performance.now();
    try {
      const response = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
      status = response.status;
      replayed = response.headers.get('idempotent-replayed') === 'true';
      text = await response.text();
      answer.latencyMs = performance.now() - sentAt;
    } catch (error) {
      answer.excerpt = (error as Error).message; // no answer at all: status 0
      if (!retryUnanswered || Date.now() > deadline) return answer;
      answer.unanswered ??= { refused: 0, cutOff: 0 };
      answer.unanswered[wasRefused(error) ? 'refused' : 'cutOff']++;
      await sleep(RETRY_AFTER_MS);
      continue;
    }
    if (answer.unanswered?.cutOff && keyHeld(status, text) && Date.now() < deadline) {
      answer.heldKey = (answer.heldKey ?? 0) + 1;
      await sleep(HELD_KEY_RETRY_AFTER_MS);
      continue;
    }
    answer.status = status;
    answer.excerpt = undefined;
    if (replayed) answer.replayed = true;
    if (status === 202) {
      const body = JSON.parse(text) as { jobId?: string; callId?: string };
      answer.accepted = { jobId: body.jobId, callId: body.callId };
    } else if (status === 200 && request.kind === 'transcript' && answer.unanswered?.cutOff) {
      answer.resent = true;
      answer.accepted = { callId: (JSON.parse(text) as { callId?: string }).callId };
    }
    if (!answeredAsExpected(answer)) answer.excerpt = text.slice(0, 300);
    return answer;
  }
}

const grouped = (value: number) => value.toLocaleString('en-US');

/** What became of the requests that got no answer at first (chaos runs), in a few lines. */
export function describeRetries(answers: Answer[]): string[] {
  const retried = answers.filter((answer) => answer.unanswered);
  if (!retried.length) return ['requests without an answer at first: none'];
  const sum = (key: 'refused' | 'cutOff') => retried.reduce((total, answer) => total + answer.unanswered![key], 0);
  const cutOff = retried.filter((answer) => answer.unanswered!.cutOff);
  const count = (items: Answer[], test: (answer: Answer) => boolean) => grouped(items.filter(test).length);
  return [
    `requests without an answer at first: ${grouped(retried.length)} (attempts refused while serverless offline was down ${grouped(sum('refused'))}, cut off by a kill ${grouped(sum('cutOff'))}), each sent again with its Idempotency-Key`,
    `  of the ${grouped(cutOff.length)} cut off: replayed the first attempt's answer ${count(cutOff, (answer) => answer.replayed === true)}, handled on the retry ${count(cutOff, (answer) => !answer.replayed && answer.status !== 0)}` +
      ` (${count(cutOff, (answer) => (answer.heldKey ?? 0) > 0)} after waiting out the key a dead attempt held; transcripts an attempt had recorded ${count(cutOff, (answer) => answer.resent === true)}), no answer in the end ${count(cutOff, (answer) => answer.status === 0)}`,
  ];
}

/** The `share` quantile (0.5, 0.95, 0.99) of `values`, by the nearest rank; undefined for none. */
export function quantile(values: readonly number[], share: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}

/** p50, p95 and p99 of the answered requests' latencies, as `p50 12 ms  p95 40 ms  p99 95 ms`. */
export function latencyLine(answers: Answer[]): string {
  const latencies = answers.flatMap((answer) => (answer.latencyMs === undefined ? [] : [answer.latencyMs]));
  const ms = (share: number) => {
    const value = quantile(latencies, share);
    return value === undefined ? '-' : `${Math.round(value)} ms`;
  };
  return `p50 ${ms(0.5).padStart(7)}  p95 ${ms(0.95).padStart(7)}  p99 ${ms(0.99).padStart(7)}`;
}
