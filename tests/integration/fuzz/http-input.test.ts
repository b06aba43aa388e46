import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import fc from 'fast-check';
import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { allRoutes as routes } from '../../../lib/routes/all-routes';
import type { ContentTypeChoice, IdempotencyChoice, MutatedBody, SecretChoice } from '../../helpers/arbitraries';
import {
  POLLUTION_MARKER,
  base64Body,
  contentType,
  eventBodyValues,
  headerSpelling,
  idempotencyKey,
  listQuery,
  mutatedBody,
  mutatedBodyText,
  pathParameter,
  prototypeKeys,
  rawBodyText,
  secretHeader,
  toJsonText,
  unicodeEdgeText,
  wholeBodyTexts,
  withInvalidUtf8,
} from '../../helpers/arbitraries';
import { httpEvent, testSqs } from '../../helpers/factories';
import type { FuzzFixture, FuzzRoute } from './fuzz-routes';
import { createFuzzFixture, createFuzzQueues, fuzzEnv, fuzzRoutes } from './fuzz-routes';
import { WriteRecorder, loadRecordedHandler } from './recorded-handler';

/**
 * Property-based tests of bad input on every route, through its deployed handler against the
 * emulators: random and mutated bodies, headers, content types, raw and base64 bodies, path
 * parameters and query strings. Whatever comes in: never a 5xx; every error is problem+json
 * (an HTML page on the approval pages) and a 400 names the field; a refused request enqueues
 * nothing and writes nothing but its idempotency record; Object.prototype stays as it was.
 */
const RUNS = 1000;
const sqs = testSqs();
let fixture: FuzzFixture;

beforeAll(async () => {
  fixture = await createFuzzFixture();
}, 120_000);

type BodyChoice =
  | { kind: 'absent' }
  | { kind: 'mutated'; mutated: MutatedBody; base64: boolean }
  | { kind: 'raw'; text: string; base64: boolean }
  | { kind: 'whole'; text: string }
  | { kind: 'event-value'; value: unknown }
  | { kind: 'oversized'; excess: number }
  /** Bytes that are not UTF-8: base64-encoded, or as text decoded leniently (U+FFFD for each), as API Gateway hands over a JSON or form body. */
  | { kind: 'invalid-utf8'; base64Text: string; asText: boolean };

interface FuzzRequest {
  secret: SecretChoice | undefined;
  secretName: string;
  contentType: ContentTypeChoice;
  contentTypeName: string;
  idempotency: IdempotencyChoice;
  body: BodyChoice;
  params: Record<string, string>;
  /** Headers the route may read or should ignore (conditional requests, content negotiation, cookies), odd values. */
  extraHeaders: Record<string, string>;
  query: { query: Record<string, string>; limitValid: boolean } | undefined;
}

/** A form's text: the fields of a mutated body, any value written as a string. */
function formText(mutated: MutatedBody): string {
  const entries = Object.entries(mutated.body).map(([key, value]): [string, string] => [
    key,
    typeof value === 'string' ? value : toJsonText(value),
  ]);
  if (mutated.mutation.kind === 'duplicate') entries.push([mutated.mutation.field, toJsonText(mutated.mutation.value)]);
  return new URLSearchParams(entries).toString();
}

/** True one time in five. */
const sometimes = fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

function bodyArbitrary(route: FuzzRoute): fc.Arbitrary<BodyChoice> {
  const spec = route.body;
  if (!spec) {
    // Routes without a body ignore one: sent now and then all the same.
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant({ kind: 'absent' as const }) },
      { weight: 1, arbitrary: rawBodyText('{"a":1}').map((text) => ({ kind: 'raw' as const, text, base64: false })) },
    );
  }
  const valid = spec.valid(fixture);
  const validText = spec.format === 'json' ? toJsonText(valid) : new URLSearchParams(valid as Record<string, string>).toString();
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .tuple(mutatedBody(valid, spec.shape), sometimes)
        .map(([mutated, base64]) => ({ kind: 'mutated' as const, mutated, base64 })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(rawBodyText(validText), fc.boolean()).map(([text, base64]) => ({ kind: 'raw' as const, text, base64 })),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 5000 }).map((excess) => ({ kind: 'oversized' as const, excess })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(withInvalidUtf8(validText), fc.boolean())
        .map(([base64Text, asText]) => ({ kind: 'invalid-utf8' as const, base64Text, asText })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...wholeBodyTexts).map((text) => ({ kind: 'whole' as const, text })) },
    { weight: 1, arbitrary: fc.constantFrom(...eventBodyValues).map((value) => ({ kind: 'event-value' as const, value })) },
  );
}

function requestArbitrary(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const secretName = route.auth === 'webhook-secret' ? 'x-webhook-secret' : 'api-key';
  const secretValue = route.auth === 'webhook-secret' ? fixture.webhookSecret : fixture.ws.apiKey;
  const known = route.params?.(fixture) ?? {};
  return fc.record({
    secret: route.auth === 'none' ? fc.constant(undefined) : secretHeader(secretValue, route.auth === 'api-key'),
    secretName: headerSpelling(secretName),
    contentType: contentType(route.body?.anyContentType ? 'json-any-type' : (route.body?.format ?? 'json')),
    contentTypeName: headerSpelling('content-type'),
    idempotency: route.route.startsWith('POST') ? idempotencyKey : fc.constant({ value: undefined, wellFormed: true }),
    body: bodyArbitrary(route),
    extraHeaders: fc.dictionary(
      fc.constantFrom('if-none-match', 'accept', 'accept-encoding', 'cookie', 'x-forwarded-for', 'x-request-id', ...prototypeKeys),
      fc.oneof(unicodeEdgeText, fc.constantFrom('*', 'W/"x"', '"x", *', '*/*', 'text/html;q=0')),
      { maxKeys: 2 },
    ),
    params: fc.record(Object.fromEntries(Object.entries(known).map(([name, ids]) => [name, pathParameter(ids)]))) as fc.Arbitrary<
      Record<string, string>
    >,
    query: route.list
      ? listQuery()
      : fc
          .option(
            fc.dictionary(unicodeEdgeText, unicodeEdgeText, { maxKeys: 2 }).map((query) => ({ query, limitValid: true })),
            { freq: 5 },
          )
          .map((query) => query ?? undefined),
  });
}

/** What the request's body is sent as: its text (or base64 of its bytes) and the flag. */
function encodedBody(route: FuzzRoute, body: BodyChoice): { body: string | undefined; isBase64Encoded: boolean } {
  switch (body.kind) {
    case 'absent':
      return { body: undefined, isBase64Encoded: false };
    case 'mutated': {
      const text = route.body?.format === 'form' ? formText(body.mutated) : mutatedBodyText(body.mutated);
      return body.base64 ? { body: base64Body(text), isBase64Encoded: true } : { body: text, isBase64Encoded: false };
    }
    case 'raw':
      return body.base64 ? { body: base64Body(body.text), isBase64Encoded: true } : { body: body.text, isBase64Encoded: false };
    case 'oversized':
      return { body: `{"a":"${'x'.repeat(route.body!.maxBytes + body.excess - 8)}"}`, isBase64Encoded: false };
    case 'invalid-utf8':
      return body.asText
        ? { body: Buffer.from(body.base64Text, 'base64').toString('utf8'), isBase64Encoded: false }
        : { body: body.base64Text, isBase64Encoded: true };
    case 'whole':
      return { body: body.text, isBase64Encoded: false };
    case 'event-value':
      // Not the string the event type promises: what serverless offline may pass.
      return { body: body.value as string | undefined, isBase64Encoded: false };
  }
}

function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate has no UTF-8: a client could not have sent it in a URL.
    return value;
  }
}

function eventOf(route: FuzzRoute, request: FuzzRequest) {
  const [method, template] = route.route.split(' ') as [string, string];
  const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => pathSegment(request.params[name] ?? ''));
  const headers: Record<string, string> = Object.fromEntries(Object.entries(request.extraHeaders));
  if (request.secret?.value !== undefined) headers[request.secretName] = request.secret.value;
  if (request.contentType.value !== undefined) headers[request.contentTypeName] = request.contentType.value;
  if (request.idempotency.value !== undefined) headers['Idempotency-Key'] = request.idempotency.value;
  const event = httpEvent({ method, path, pathParameters: route.params ? request.params : undefined });
  const query = request.query?.query;
  return {
    ...event,
    headers,
    ...encodedBody(route, request.body),
    ...(query ? { queryStringParameters: query, rawQueryString: new URLSearchParams(query).toString() } : {}),
  };
}

/** What the answer must be, where the request says: the status, and the field a 400 must name. */
function expected(route: FuzzRoute, request: FuzzRequest): { status?: number; names?: string } {
  if (request.secret && !request.secret.valid) return { status: 401 };
  const { body } = request;
  if (route.body) {
    // The size is checked first; a mutation can make a body too large too (a huge array or string).
    const mutatedBytes =
      body.kind === 'mutated'
        ? Buffer.byteLength(route.body.format === 'json' ? mutatedBodyText(body.mutated) : formText(body.mutated))
        : 0;
    if (body.kind === 'oversized' || mutatedBytes > route.body.maxBytes) return { status: 413 };
    if (!request.contentType.accepted) return { status: 415 };
    // Decoded already, bad bytes are U+FFFD, which the provider's webhook keeps (its text may hold one).
    if (body.kind === 'invalid-utf8') return body.asText && route.body.anyContentType ? {} : { status: 400 };
    const json = route.body.format === 'json';
    if (json && body.kind === 'raw') return { status: 400 };
    // A U+FFFD written as such is what bad bytes become on the way: refused as not UTF-8, but by the provider's webhook.
    if (json && body.kind === 'mutated' && !route.body.anyContentType && mutatedBodyText(body.mutated).includes('\uFFFD')) {
      return { status: 400 };
    }
    // No JSON object (or no body): the 400 names the body itself.
    if (json && (body.kind === 'whole' || body.kind === 'event-value')) return { status: 400, names: '' };
    if (body.kind === 'mutated') {
      const { mutated } = body;
      // A form is judged once its approval is found; an unknown token is a 404 first.
      const reached = json || request.params.token === fixture.pageToken;
      // A form's values are all strings: only a missing or unknown field is sure to be refused.
      const refused = json
        ? mutated.mustRefuse
        : ['rename', 'unknown-field'].includes(mutated.mutation.kind) || (mutated.mutation.kind === 'drop' && mutated.mustRefuse);
      if (reached && refused) return { status: 400, ...(json && mutated.names !== undefined ? { names: mutated.names } : {}) };
      if (mutated.mutation.kind !== 'none') return json && mutated.names !== undefined ? { names: mutated.names } : {};
    }
  }
  if (
    route.auth === 'api-key' &&
    route.route.startsWith('POST') &&
    !request.idempotency.wellFormed &&
    (!route.body || (body.kind === 'mutated' && body.mutated.mutation.kind === 'none'))
  ) {
    return { status: 400, names: 'headers.idempotency-key' };
  }
  if (route.list && request.query && !request.query.limitValid) return { status: 400, names: 'query.limit' };
  return {};
}

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

/** Checks one answer against the properties every route keeps; throws (with the answer) when one fails. */
function checkAnswer(route: FuzzRoute, request: FuzzRequest, result: LambdaHttpResult, writes: ReturnType<WriteRecorder['take']>): void {
  const fail = (why: string) => {
    throw new Error(
      `${route.route}: ${why}\nanswer: ${result.statusCode} ${result.headers['content-type']} ${String(result.body).slice(0, 600)}`,
    );
  };
  const status = result.statusCode;
  if (status >= 500) fail('a 5xx for bad input');
  if (status >= 400) {
    if (route.errors === 'page') {
      if (!result.headers['content-type']?.startsWith('text/html')) fail('an error page that is not HTML');
    } else {
      if (result.headers['content-type'] !== 'application/problem+json') fail('an error that is not problem+json');
      const problem = JSON.parse(result.body as string) as Record<string, unknown>;
      if (typeof problem.type !== 'string' || !problem.type.startsWith('/problems/')) fail('a problem without its type');
      if (typeof problem.title !== 'string' || !problem.title) fail('a problem without a title');
      if (problem.status !== status) fail("a problem whose status is not the answer's");
      if (typeof problem.detail !== 'string' || !problem.detail) fail('a problem without a detail');
      if (problem.type === '/problems/validation-failed') {
        const errors = problem.errors as Array<{ path: unknown; message: unknown }> | undefined;
        if (
          !Array.isArray(errors) ||
          !errors.length ||
          errors.some((error) => typeof error.path !== 'string' || typeof error.message !== 'string' || !error.message)
        ) {
          fail('a validation problem without its errors');
        }
      }
    }
  }
  const want = expected(route, request);
  if (want.status !== undefined && status !== want.status) fail(`expected ${want.status}`);
  if (want.names !== undefined && status === 400 && route.errors === 'problem') {
    const problem = JSON.parse(result.body as string) as { type: string; errors?: Array<{ path: string }> };
    const related = route.body?.related ?? {};
    const accepted = [want.names, ...(Object.hasOwn(related, want.names) ? related[want.names]! : [])];
    const named = problem.errors?.some(({ path }) => accepted.some((field) => path === field || path.startsWith(`${field}.`)));
    // What `expected` names is a field a schema checks (a mutated body always parses): its 400 is a validation problem, never a bare one.
    if (problem.type !== '/problems/validation-failed' || !named) fail(`a 400 that does not name ${want.names}`);
  }
  if (status >= 300) {
    // Refused: nothing sent, nothing stored but the idempotency record of the key (which replays the
    // refusal). An S3 object the request put and then deleted again (a transcript's content refused
    // by the record's conditional write: 409) is not left behind, so it counts as nothing.
    const removed = new Set(writes.filter((write) => write.command === 'DeleteObjectCommand').flatMap((write) => write.items));
    const stray = writes.filter(
      (write) =>
        write.messages > 0 ||
        write.items.some((item) => !(item.startsWith('s3:') && removed.has(item)) && !item.split('|')[1]?.startsWith('IDEMPOTENCY#')),
    );
    if (stray.length) fail(`a refused request wrote ${JSON.stringify(stray)}`);
  }
  if (
    ({} as Record<string, unknown>)[POLLUTION_MARKER] !== undefined ||
    Object.getOwnPropertyNames(Object.prototype).sort().join() !== PROTOTYPE_NAMES.join()
  ) {
    fail('Object.prototype was polluted');
  }
}

async function messagesIn(queueUrl: string): Promise<number> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
    }),
  );
  return Object.values(Attributes).reduce((sum, count) => sum + Number(count), 0);
}

describe('fuzzing of bad input', () => {
  it('has a case for every route of lib/routes', () => {
    expect(fuzzRoutes.map((route) => route.route).sort()).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort());
  });

  describe.each(fuzzRoutes)('$route', (route) => {
    it(`keeps its promises over ${RUNS} random requests`, async () => {
      const queues = await createFuzzQueues(route.route.replace(/\W+/g, '-').slice(0, 40));
      const recorder = new WriteRecorder();
      const handler: HttpHandler = await loadRecordedHandler(route.load, fuzzEnv(queues), recorder);
      let sent = 0;
      const statuses = new Map<number, number>();

      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async (request) => {
          recorder.take();
          const result = await handler(eventOf(route, request));
          const writes = recorder.take();
          statuses.set(result.statusCode, (statuses.get(result.statusCode) ?? 0) + 1);
          checkAnswer(route, request, result, writes);
          sent += writes.reduce((sum, write) => sum + write.messages, 0);
        }),
        { numRuns: RUNS },
      );

      // The recorder saw every message that landed: what the queues hold is what accepted requests sent.
      const queued = (await Promise.all(Object.values(queues).map(messagesIn))).reduce((sum, count) => sum + count, 0);
      expect(queued).toBe(sent);
      // The fuzzing reached past the checks it fuzzes: some requests were refused (where one can be), and some accepted.
      expect([...statuses.keys()].some((status) => status >= 400)).toBe(
        route.auth !== 'none' || route.body !== undefined || route.params !== undefined,
      );
      expect({ route: route.route, accepted: [...statuses.keys()].some((status) => status < 300) }).toEqual({
        route: route.route,
        accepted: true,
      });
      if (route.mustReach !== undefined)
        expect({ route: route.route, reached: statuses.has(route.mustReach) }).toEqual({ route: route.route, reached: true });
    }, 120_000);
  });
});
