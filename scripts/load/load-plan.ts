/**
 * The mix of the load run: which request the n-th one is, and what answer it must get. One request
 * in ten is deliberately bad (bad field, unknown group, no key, wrong content type, malformed JSON):
 * each must get its 4xx and enqueue nothing.
 */
import { requestBodies, type LoadTarget } from './request-bodies';

export type RequestKind =
  | 'like'
  | 'request-comment'
  | 'connect'
  | 'dm'
  | 'transcript'
  | 'get transcripts'
  | 'get health'
  | 'bad field'
  | 'unknown group'
  | 'no api key'
  | 'wrong content type'
  | 'malformed json';

export interface PlannedRequest {
  kind: RequestKind;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status a correct service answers. */
  expected: number;
}

/** Out of every 20 requests. */
const mix: RequestKind[] = [
  ...Array<RequestKind>(5).fill('like'),
  ...Array<RequestKind>(3).fill('request-comment'),
  ...Array<RequestKind>(3).fill('connect'),
  ...Array<RequestKind>(3).fill('dm'),
  'transcript',
  'get transcripts',
  'get health',
  'bad field',
  'unknown group',
  // The last one in twenty rotates through the other bad kinds.
  'no api key',
];
const rotatingBad: RequestKind[] = ['no api key', 'wrong content type', 'malformed json'];

/**
 * The n-th request. With `idempotencyKeys`, every POST carries an Idempotency-Key of its own
 * (`<runId>-<n>`), so that a request sent again after it got no answer is handled once.
 */
export function plannedRequest(target: LoadTarget, n: number, options: { idempotencyKeys?: boolean } = {}): PlannedRequest {
  let kind = mix[n % mix.length]!;
  if (kind === 'no api key') kind = rotatingBad[Math.floor(n / mix.length) % rotatingBad.length]!;
  const json = { 'api-key': target.workspace.apiKey, 'content-type': 'application/json' };
  const keyed: Record<string, string> = options.idempotencyKeys ? { 'idempotency-key': `${target.runId}-${n}` } : {};
  const post = (path: string, body: unknown, expected: number, headers: Record<string, string> = json) => ({
    kind,
    method: 'POST' as const,
    path,
    headers: { ...headers, ...keyed },
    body: JSON.stringify(body),
    expected,
  });
  switch (kind) {
    case 'like':
      return post('/api/v1/social-selling/like', requestBodies.like(target, n), 202);
    case 'request-comment':
      return post('/api/v1/social-selling/request-comment', requestBodies.requestComment(target, n), 202);
    case 'connect':
      return post('/api/v1/social-selling/connect', requestBodies.connect(target, n), 202);
    case 'dm':
      return post('/api/v1/social-selling/dm', requestBodies.dm(target, n), 202);
    case 'transcript':
      return post('/api/v1/transcript/add', requestBodies.transcript(target, n), 202);
    case 'get transcripts':
      return { kind, method: 'GET', path: '/api/v1/transcripts?limit=5', headers: { 'api-key': target.workspace.apiKey }, expected: 200 };
    case 'get health':
      return { kind, method: 'GET', path: '/health', headers: {}, expected: 200 };
    case 'bad field':
      return post('/api/v1/social-selling/like', { ...requestBodies.like(target, n), reactionType: 'Like' }, 400);
    case 'unknown group':
      return post('/api/v1/social-selling/like', { ...requestBodies.like(target, n), groups: [`no-such-group-${n}`] }, 422);
    case 'no api key':
      return post('/api/v1/social-selling/dm', requestBodies.dm(target, n), 401, { 'content-type': 'application/json' });
    case 'wrong content type':
      return post('/api/v1/social-selling/connect', requestBodies.connect(target, n), 415, { ...json, 'content-type': 'text/plain' });
    case 'malformed json':
      return { ...post('/api/v1/transcript/add', {}, 400), body: '{"title": "cut off' };
  }
}
