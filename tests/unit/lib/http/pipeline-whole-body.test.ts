import { DependencyUnavailableError } from '../../../../lib/errors';
import { publicEndpoint } from '../../../../lib/http/pipeline';
import { DEFAULT_MAX_BODY_BYTES } from '../../../../lib/http/read-body';
import { jsonBody } from '../../../../lib/http/route';
import { logger } from '../../../../lib/log';
import * as z from '../../../../lib/zod';
import { httpEvent } from '../../../helpers/factories';

/**
 * A body that is JSON, or nothing, but no object: a 400 naming the body (`path: ""`), never a 500,
 * and the use case never runs. API Gateway sends the body as text, or no `body` at all; serverless
 * offline also sends `null` (an empty body, or `null`) and the parsed value of `0` or `false`.
 */
const schema = z.strictObject({ name: z.string() });

function endpoint(bodyFormat: 'json' | 'form' = 'json') {
  const handle = jest.fn(async () => ({ status: 200, body: { ok: true } }));
  return {
    handle,
    handler: publicEndpoint({
      route: {
        method: 'POST',
        path: '/things',
        body:
          bodyFormat === 'json'
            ? jsonBody(schema)
            : {
                schema: z.record(z.string(), z.string()),
                mediaType: 'application/x-www-form-urlencoded',
                maxBytes: DEFAULT_MAX_BODY_BYTES,
              },
      },
      handle,
    }),
  };
}

function problemOf(result: { statusCode: number; headers: Record<string, string>; body?: string }): Record<string, unknown> {
  return {
    status: result.statusCode,
    contentType: result.headers['content-type'],
    ...(JSON.parse(result.body ?? '{}') as Record<string, unknown>),
  };
}

beforeEach(() => {
  jest.spyOn(logger, 'info').mockImplementation(() => undefined);
  jest.spyOn(logger, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the pipeline, given a body that is no JSON object', () => {
  it.each([
    ['null', 'the body must be a JSON object, not null'],
    ['[]', 'the body must be a JSON object, not an array'],
    ['"text"', 'the body must be a JSON object, not a string'],
    ['0', 'the body must be a JSON object, not a number'],
    ['true', 'the body must be a JSON object, not a boolean'],
    ['', 'the body is empty; a JSON object is expected'],
    [' \r\n\t ', 'the body is empty; a JSON object is expected'],
  ])('answers the text %j with a 400 naming the body', async (text, message) => {
    const { handle, handler } = endpoint();

    const result = await handler(httpEvent({ method: 'POST', path: '/things', rawBody: text }));

    expect(problemOf(result)).toMatchObject({
      status: 400,
      contentType: 'application/problem+json',
      type: '/problems/validation-failed',
      errors: [{ path: '', message }],
    });
    expect(handle).not.toHaveBeenCalled();
  });

  it("names only the body when a schema's refinement would still run on an array", async () => {
    const refined = z
      .strictObject({ a: z.optional(z.string()), b: z.optional(z.string()) })
      .check(z.refine((value) => value.a !== undefined || value.b !== undefined, { path: ['a'], message: 'a or b is required' }));
    const handler = publicEndpoint({
      route: { method: 'POST', path: '/things', body: jsonBody(refined) },
      handle: async () => ({ status: 200, body: {} }),
    });

    const result = await handler(httpEvent({ method: 'POST', path: '/things', rawBody: '[]' }));

    expect(problemOf(result)).toMatchObject({ status: 400 });
    expect(problemOf(result).errors).toEqual([{ path: '', message: 'the body must be a JSON object, not an array' }]);
  });

  it.each([
    ['null', null],
    ['absent', undefined],
  ])('reads an event body that is %s as an empty body', async (_name, body) => {
    const { handle, handler } = endpoint();
    const event = { ...httpEvent({ method: 'POST', path: '/things' }), body: body as unknown as string };

    const result = await handler(event);

    expect(problemOf(result)).toMatchObject({
      status: 400,
      errors: [{ path: '', message: 'the body is empty; a JSON object is expected' }],
    });
    expect(handle).not.toHaveBeenCalled();
  });

  // Found by trying the API as a new user: the provider's webhook answered "the body is empty" to `null`.
  it("reads an event body of null with a content-length (serverless offline's JSON `null`) as null, not as empty", async () => {
    const { handler } = endpoint();
    const event = {
      ...httpEvent({ method: 'POST', path: '/things', headers: { 'content-length': '4' } }),
      body: null as unknown as string,
    };

    const result = await handler(event);

    expect(problemOf(result)).toMatchObject({ status: 400, errors: [{ path: '', message: 'the body must be a JSON object, not null' }] });
  });

  it.each([
    [0, 'a number'],
    [false, 'a boolean'],
  ])('reads an event body that is the value %j (as serverless offline passes it) as its JSON text', async (value, kind) => {
    const { handler } = endpoint();
    const event = { ...httpEvent({ method: 'POST', path: '/things' }), body: value as unknown as string };

    const result = await handler(event);

    expect(problemOf(result)).toMatchObject({
      status: 400,
      errors: [{ path: '', message: `the body must be a JSON object, not ${kind}` }],
    });
  });

  it('names the body when it is not JSON at all', async () => {
    const { handler } = endpoint();

    const result = await handler(httpEvent({ method: 'POST', path: '/things', rawBody: '{"name":' }));

    expect(problemOf(result)).toMatchObject({
      status: 400,
      type: '/problems/malformed-json',
      errors: [{ path: '', message: expect.stringMatching(/^is not valid JSON: /) }],
    });
  });

  it.each([null, undefined])('reads a form event body of %s as an empty form', async (body) => {
    const { handle, handler } = endpoint('form');
    const event = {
      ...httpEvent({ method: 'POST', path: '/things', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      body: body as unknown as string,
    };

    const result = await handler(event);

    expect(result.statusCode).toBe(200);
    expect(handle).toHaveBeenCalledWith(expect.objectContaining({ body: {} }));
  });
});

describe('moreProblems', () => {
  const strict = z.strictObject({ name: z.string(), groups: z.array(z.string()) });
  const withMore = (more: jest.Mock) =>
    publicEndpoint({
      route: { method: 'POST', path: '/things', body: jsonBody(strict) },
      moreProblems: more,
      handle: async () => ({ status: 200 }),
    });

  it("adds the use case's problems to a body's 400, so every problem is named at once", async () => {
    const more = jest.fn(async () => [{ path: 'groups.0', message: 'no such group' }]);

    const result = await withMore(more)(httpEvent({ method: 'POST', path: '/things', body: { groups: ['x'] } }));

    expect(problemOf(result).errors).toEqual([
      { path: 'name', message: expect.any(String) },
      { path: 'groups.0', message: 'no such group' },
    ]);
    expect(more).toHaveBeenCalledWith({ groups: ['x'] }, '');
  });

  it("answers the body's own 400 when finding more problems fails, not a 503 for a bad request", async () => {
    const more = jest.fn(async () => {
      throw new DependencyUnavailableError('DynamoDB is unavailable.');
    });

    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);

    const result = await withMore(more)(httpEvent({ method: 'POST', path: '/things', body: { groups: ['x'] } }));

    expect(warn).toHaveBeenCalledWith(expect.stringContaining('more problems'), expect.anything());
    expect(result.statusCode).toBe(400);
    expect(problemOf(result).errors).toEqual([{ path: 'name', message: expect.any(String) }]);
  });

  it('is not asked about a valid body', async () => {
    const more = jest.fn(async () => []);

    const result = await withMore(more)(httpEvent({ method: 'POST', path: '/things', body: { name: 'a', groups: [] } }));

    expect(result.statusCode).toBe(200);
    expect(more).not.toHaveBeenCalled();
  });
});
