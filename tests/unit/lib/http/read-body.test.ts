import { HttpError, ValidationError } from '../../../../lib/errors';
import { readFormBody, readJsonBody, readJsonBodyOfAnyType } from '../../../../lib/http/read-body';

const json = { 'content-type': 'application/json' };

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    return (error as HttpError).status;
  }
  return undefined;
}

describe('readJsonBody', () => {
  it('parses a JSON body and keeps its text', () => {
    const body = readJsonBody(json, '{"a":1}', false, 100);

    expect(body).toEqual({ text: '{"a":1}', json: { a: 1 } });
  });

  it('decodes a base64 body', () => {
    const body = readJsonBody(json, Buffer.from('{"é":"ü"}').toString('base64'), true, 100);

    expect(body.json).toEqual({ é: 'ü' });
  });

  it.each(['application/json; charset=utf-8', 'application/merge-patch+json', 'Application/JSON'])('accepts content type %s', (type) => {
    expect(readJsonBody({ 'content-type': type }, '{}', false, 100).json).toEqual({});
  });

  it('answers 413 past the limit, counting bytes, not characters', () => {
    const error = (() => {
      try {
        readJsonBody(json, JSON.stringify({ a: 'é'.repeat(30) }), false, 40);
      } catch (e) {
        return e as HttpError;
      }
    })();

    expect(error?.status).toBe(413);
    expect(error?.extra.limitBytes).toBe(40);
  });

  it.each([undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx'])(
    'answers 415 for content type %s',
    (type) => {
      expect(statusOf(() => readJsonBody({ 'content-type': type }, '{}', false, 100))).toBe(415);
    },
  );

  it('answers 415 for a charset other than UTF-8', () => {
    expect(statusOf(() => readJsonBody({ 'content-type': 'application/json; charset=latin1' }, '{}', false, 100))).toBe(415);
  });

  it.each(['{', '{"a":}', "{'a':1}", 'nul'])('answers 400 malformed-json for %s', (text) => {
    let error: HttpError | undefined;
    try {
      readJsonBody(json, text, false, 100);
    } catch (e) {
      error = e as HttpError;
    }
    expect(error?.status).toBe(400);
    expect(error?.slug).toBe('malformed-json');
  });

  // Found by the fuzz tests: bad bytes were decoded to U+FFFD and the request accepted as if sent so.
  it.each([
    ['an overlong form', [0xc0, 0xaf]],
    ['a lone continuation byte', [0x80]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
  ])('answers 400 for a body that is not UTF-8: %s', (_what, bad) => {
    const body = Buffer.concat([Buffer.from('{"a":"'), Buffer.from(bad), Buffer.from('"}')]).toString('base64');

    expect(() => readJsonBody(json, body, true, 100)).toThrow(expect.objectContaining({ status: 400, slug: 'malformed-json' }));
    expect(() => readFormBody({ 'content-type': 'application/x-www-form-urlencoded' }, body, true, 100)).toThrow(
      expect.objectContaining({ status: 400, slug: 'malformed-form' }),
    );
  });

  // Found by trying the API as an attacker: over HTTP the gateway decodes a text body leniently,
  // so `FF FE` inside a string reached the function as U+FFFD and was stored.
  it('refuses the same bad bytes whichever way they arrive: as base64, or already decoded to U+FFFD', () => {
    const bytes = Buffer.concat([Buffer.from('{"message":"hi '), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const asText = bytes.toString('utf8'); // what API Gateway and serverless offline hand over

    expect(asText).toContain('\uFFFD');
    for (const [body, base64] of [
      [bytes.toString('base64'), true],
      [asText, false],
    ] as const) {
      expect(() => readJsonBody(json, body, base64, 100)).toThrow(expect.objectContaining({ status: 400, slug: 'malformed-json' }));
    }
    expect(() => readJsonBody(json, asText, false, 100)).toThrow(
      expect.objectContaining({ extra: { errors: [{ path: 'message', message: expect.stringContaining('not valid UTF-8') }] } }),
    );
  });

  it('keeps a U+FFFD sent as the escape \\uFFFD, the one way to mean it', () => {
    expect(readJsonBody(json, '{"message":"\\uFFFD"}', false, 100).json).toEqual({ message: '\uFFFD' });
  });

  it.each([
    ['a lone high surrogate in a nested value', '{"a":{"b":["ok","x\\ud800"]}}', 'a.b.1'],
    ['a lone low surrogate', '{"title":"\\uDC00y"}', 'title'],
    ['a lone surrogate in a key', '{"\\ud83d":1}', '\ud83d'],
    ['a lone surrogate under a field named ""', '{"":["\\ud800"]}', '.0'],
  ])('refuses %s, naming where it is', (_case, text, path) => {
    let thrown: unknown;
    try {
      readJsonBody(json, text, false, 1000);
    } catch (error) {
      thrown = error;
    }

    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).errors).toEqual([{ path, message: expect.stringContaining('lone surrogate') }]);
  });

  it('names the first of several lone surrogates, and one nested ten thousand deep (not a stack overflow, a 500)', () => {
    const depth = 10_000;
    const deep = `${'['.repeat(depth)}"\\ud800"${']'.repeat(depth)}`;
    const errorsOf = (text: string) => {
      try {
        readJsonBody(json, text, false, 64 * 1024);
      } catch (error) {
        return (error as ValidationError).errors;
      }
      return undefined;
    };

    expect(errorsOf('{"a":"ok","b":["\\udc00",{"c":"\\ud800"}],"d":"\\ud800"}')).toEqual([
      { path: 'b.0', message: expect.stringContaining('lone surrogate') },
    ]);
    expect(errorsOf(deep)).toEqual([{ path: Array(depth).fill('0').join('.'), message: expect.stringContaining('lone surrogate') }]);
  });

  it('keeps a surrogate pair written as escapes (an emoji)', () => {
    expect(readJsonBody(json, '{"a":"\\ud83d\\ude00"}', false, 100).json).toEqual({ a: '\u{1F600}' });
  });

  it('answers 400 for an empty body', () => {
    expect(() => readJsonBody(json, '  ', false, 100)).toThrow(ValidationError);
    expect(() => readJsonBody(json, undefined, false, 100)).toThrow(ValidationError);
  });
});

describe('readFormBody', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('reads the fields, the last of a repeated one winning', () => {
    expect(readFormBody(form, 'decision=approve&text=a&text=b', false, 100).json).toEqual({ decision: 'approve', text: 'b' });
  });

  it('refuses a percent-escaped byte that is not UTF-8, which URLSearchParams would make U+FFFD', () => {
    for (const text of ['decision=approve&text=caf%E9', 'decision=approve&text=%FF%FE', `text=${'\uFFFD'}`]) {
      expect(() => readFormBody(form, text, false, 100)).toThrow(expect.objectContaining({ status: 400, slug: 'malformed-form' }));
    }
  });

  it("keeps UTF-8 escapes, a U+FFFD of the person's own, and a % that escapes nothing", () => {
    expect(readFormBody(form, 'text=caf%C3%A9+%EF%BF%BD+100%', false, 100).json).toEqual({ text: 'café \uFFFD 100%' });
  });

  // Found by the fuzz tests: the approval form's schema (a zod record) dropped the field silently.
  it('refuses a field named __proto__, naming it', () => {
    expect(() => readFormBody(form, 'decision=approve&__proto__=x', false, 100)).toThrow(
      expect.objectContaining({ status: 400, errors: [{ path: '__proto__', message: 'is not a known field' }] }),
    );
  });
});

describe('readJsonBodyOfAnyType', () => {
  it.each([undefined, 'text/plain', 'application/octet-stream', 'application/json'])('reads JSON sent with content type %s', (type) => {
    expect(readJsonBodyOfAnyType({ 'content-type': type }, '{"event":"x"}', false, 100).json).toEqual({ event: 'x' });
  });

  it('keeps every other rule: 413 past the limit, 415 for another charset, 400 for what is not JSON', () => {
    expect(statusOf(() => readJsonBodyOfAnyType({}, JSON.stringify({ a: 'x'.repeat(200) }), false, 100))).toBe(413);
    expect(statusOf(() => readJsonBodyOfAnyType({ 'content-type': 'text/plain; charset=latin1' }, '{}', false, 100))).toBe(415);
    expect(statusOf(() => readJsonBodyOfAnyType({}, 'event=x', false, 100))).toBe(400);
    expect(statusOf(() => readJsonBodyOfAnyType({}, Buffer.from([0xc3, 0x28]).toString('base64'), true, 100))).toBe(400);
  });
  it("keeps a U+FFFD in the provider's text: refusing it would lose the event", () => {
    expect(readJsonBodyOfAnyType({}, '{"message":"a \uFFFD b"}', false, 100).json).toEqual({ message: 'a \uFFFD b' });
  });
});
