/**
 * fast-check arbitraries of bad HTTP input, shared by the fuzz tests (tests/integration/fuzz):
 * bodies mutated from a valid one, odd headers, content types, raw and base64 bodies, path
 * parameters and query strings. Each value says what it broke, so a property can tell which
 * answer it must get where that is knowable (which field a 400 names, a 401, a 413, a 415).
 */
import fc from 'fast-check';

/** Keys that, assigned naively (`target[key] = value`), reach an object's prototype. */
export const prototypeKeys = ['__proto__', 'constructor', 'prototype'] as const;

/** The property an injected prototype object carries: found on `{}` afterwards, the prototype was polluted. */
export const POLLUTION_MARKER = 'fuzzPolluted';

/** Sets an own enumerable property, `__proto__` included (a plain assignment would set the prototype). */
export function withOwn<T extends object>(target: T, key: string, value: unknown): T {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

/** A JSON token written as is (a number JSON.stringify cannot write, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
  /** Counterexamples print a long token by its length, not its megabytes. */
  [fc.toStringMethod](): string {
    return this.text.length > 200 ? `RawJson(${this.text.slice(0, 40)}… ${this.text.length} chars)` : `RawJson(${this.text})`;
  }
}

/** JSON.stringify that writes RawJson tokens as they are and keeps own `__proto__` keys. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof RawJson) {
      raws.push(inner.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return inner;
  });
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_match, index: string) => raws[Number(index)]!);
}

/** Strings of any UTF-16 code units, lone surrogates and controls included. */
const codeUnitString = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength });

/** Unicode that trips naive text handling: lone surrogates, NUL, bidi marks, combining runs, emoji, BOM, separators. */
export const unicodeEdgeText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\ud800',
    'abc\udfff',
    'a\ud83dz',
    '\u0000',
    'x\u0000y',
    '\u202eevil\u202c',
    '\u200f\u200e',
    '\u200b\u200d',
    '\ufeffbom',
    'e\u0301\u0301\u0301\u0301',
    `Z${'\u0336\u0337\u0338'.repeat(30)}`,
    '👩‍👩‍👧‍👦',
    '🏳️‍🌈',
    '\u{10ffff}',
    '\u0085\u009f',
    '\u2028\u2029',
    '\r\n\r',
    '\u001b[31mred',
    '％ｕｎｉｃｏｄｅ',
  ),
  codeUnitString(12),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);

/** Strings that look like numbers or keywords to a lax parser. */
export const numberishText: fc.Arbitrary<string> = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e999',
  '0x1F',
  '1_000',
  ' 42 ',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '9007199254740993',
);

/** A JSON string of `length` units, plain or of emoji (two UTF-16 units each). */
export const longText = (length: number): fc.Arbitrary<RawJson> =>
  fc.constantFrom('x'.repeat(length), '😀'.repeat(Math.ceil(length / 2))).map((text) => new RawJson(JSON.stringify(text)));

/** A JSON array of `length` short strings. */
export const longArray = (length: number): RawJson => new RawJson(JSON.stringify(Array.from({ length }, (_, index) => `g${index}`)));

/** Values of every JSON type, some no JSON.stringify writes (1e400, NaN-ish), nested deep or long. */
export const oddJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    new RawJson('1e400'),
    new RawJson('-1e400'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('-0'),
    new RawJson('5e-324'),
  ),
  unicodeEdgeText,
  numberishText,
  fc.integer({ min: 1, max: 3000 }).map((depth) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
  fc.integer({ min: 1, max: 300 }).map((depth) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)),
  fc.array(fc.oneof(fc.integer(), unicodeEdgeText), { maxLength: 4 }),
  fc.constantFrom(3000, 70_000).chain(longText),
  fc.constantFrom(60, 600, 20_000).map(longArray),
  fc.dictionary(fc.oneof(fc.constantFrom(...prototypeKeys), fc.string({ maxLength: 5 })), fc.integer(), { maxKeys: 3 }),
);

/** The JSON type of a value, as a schema sees it. */
export function jsonTypeOf(value: unknown): string {
  if (value instanceof RawJson)
    return ({ '[': 'array', '{': 'object', '"': 'string' } as Record<string, string>)[value.text[0]!] ?? 'number';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** What a schema says about a body's fields, so a mutation knows when it must be refused. */
export interface BodyShape {
  /** Fields a request must carry. */
  required: readonly string[];
  /** Fields that accept null. */
  nullable?: readonly string[];
  /** Unknown fields are accepted and ignored (a third party's payload) instead of refused. */
  openObject?: boolean;
}

/** One mutation of a valid body; `field` is the top-level field it touched, when there is one. */
export type BodyMutation =
  | { kind: 'none' }
  | { kind: 'drop'; field: string }
  | { kind: 'rename'; field: string; to: string }
  | { kind: 'duplicate'; field: string; value: unknown }
  | { kind: 'replace'; field: string; value: unknown }
  | { kind: 'unknown-field'; field: string; value: unknown }
  | { kind: 'nested'; field: string; key: string; value: unknown }
  | { kind: 'element'; field: string; value: unknown };

export interface MutatedBody {
  /** The object sent (own `__proto__` keys kept). */
  body: Record<string, unknown>;
  mutation: BodyMutation;
  /** A field the answer must name in a 400's `errors[].path` (`field` or `field.…`), when known. */
  names?: string;
  /** The schema must refuse it (400), whatever else the request carries. */
  mustRefuse: boolean;
}

/** A name no schema knows: a prototype key, a near-miss of a real field (case, spaces), or anything. */
const unknownFieldName = (known: readonly string[]): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.constantFrom(...prototypeKeys),
      ...(known.length
        ? [fc.constantFrom(...known).map((name) => name.toUpperCase()), fc.constantFrom(...known).map((name) => `${name} `)]
        : []),
      fc.constantFrom('', 'workspaceId', 'toString', 'hasOwnProperty', '$where', 'a.b'),
      fc.string({ minLength: 1, maxLength: 8 }),
      unicodeEdgeText,
    )
    .filter((name) => !known.includes(name));

/** An object to inject under a prototype key: if it ever lands on a prototype, `{}` shows the marker. */
const pollution = fc.constantFrom({ [POLLUTION_MARKER]: true }, { prototype: { [POLLUTION_MARKER]: true } });

function copy(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body));
}

/**
 * Bodies mutated from `valid`: a field dropped, renamed, sent twice, given a value of another
 * type (null, huge numbers, NaN-ish strings, deep nesting, oversized strings and arrays), an
 * unknown or prototype key added at the top or inside a nested object, or an array element replaced.
 */
export function mutatedBody(valid: Record<string, unknown>, shape: BodyShape): fc.Arbitrary<MutatedBody> {
  const fields = Object.keys(valid);
  const field = fc.constantFrom(...fields);
  const nestedFields = fields.filter(
    (name) =>
      jsonTypeOf(valid[name]) === 'object' ||
      (Array.isArray(valid[name]) && (valid[name] as unknown[]).some((item) => jsonTypeOf(item) === 'object')),
  );
  const arrayFields = fields.filter((name) => Array.isArray(valid[name]));
  const required = (name: string) => shape.required.includes(name);
  const wrongTypeRefused = (name: string, value: unknown) =>
    jsonTypeOf(value) !== jsonTypeOf(valid[name]) && !(jsonTypeOf(value) === 'null' && shape.nullable?.includes(name));

  const options: Array<fc.Arbitrary<MutatedBody>> = [
    fc.constant({ body: copy(valid), mutation: { kind: 'none' }, mustRefuse: false }),
    field.map((name) => {
      const body = copy(valid);
      delete body[name];
      return { body, mutation: { kind: 'drop', field: name }, mustRefuse: required(name), ...(required(name) ? { names: name } : {}) };
    }),
    fc.tuple(field, unknownFieldName(fields)).map(([name, to]) => {
      const body = copy(valid);
      delete body[name];
      withOwn(body, to, valid[name]);
      const refused = !shape.openObject || required(name);
      return { body, mutation: { kind: 'rename', field: name, to }, mustRefuse: refused, ...(shape.openObject ? {} : { names: to }) };
    }),
    fc.tuple(field, oddJsonValue).map(([name, value]) => ({
      body: copy(valid),
      mutation: { kind: 'duplicate', field: name, value },
      // JSON.parse keeps the last of a repeated key: the request is judged by the second value.
      mustRefuse: wrongTypeRefused(name, value),
      ...(wrongTypeRefused(name, value) ? { names: name } : {}),
    })),
    fc.tuple(field, oddJsonValue).map(([name, value]) => ({
      body: withOwn(copy(valid), name, value),
      mutation: { kind: 'replace', field: name, value },
      mustRefuse: wrongTypeRefused(name, value),
      ...(wrongTypeRefused(name, value) ? { names: name } : {}),
    })),
    fc.tuple(unknownFieldName(fields), fc.oneof(pollution, oddJsonValue)).map(([name, value]) => ({
      body: withOwn(copy(valid), name, value),
      mutation: { kind: 'unknown-field', field: name, value },
      mustRefuse: !shape.openObject,
      ...(shape.openObject ? {} : { names: name }),
    })),
  ];
  if (nestedFields.length) {
    options.push(
      fc
        .tuple(
          fc.constantFrom(...nestedFields),
          fc.oneof(fc.constantFrom(...prototypeKeys), unknownFieldName([])),
          fc.oneof(pollution, oddJsonValue),
        )
        .map(([name, key, value]) => {
          const body = copy(valid);
          const inner = valid[name];
          // Into the object, or into the first object element of the array.
          if (Array.isArray(inner))
            body[name] = inner.map((item, index) =>
              index === inner.findIndex((x) => jsonTypeOf(x) === 'object')
                ? withOwn(copy(item as Record<string, unknown>), key, value)
                : item,
            );
          else body[name] = withOwn(copy(inner as Record<string, unknown>), key, value);
          return {
            body,
            mutation: { kind: 'nested', field: name, key, value },
            mustRefuse: !shape.openObject,
            ...(shape.openObject ? {} : { names: name }),
          };
        }),
    );
  }
  if (arrayFields.length) {
    options.push(
      fc.tuple(fc.constantFrom(...arrayFields), oddJsonValue).map(([name, value]) => {
        const body = copy(valid);
        body[name] = [value, ...(valid[name] as unknown[]).slice(1)];
        // An element of another type than the valid one's; a string element may still be a valid one.
        const refused =
          jsonTypeOf(value) !== jsonTypeOf((valid[name] as unknown[])[0]) && !(name === 'transcript' && jsonTypeOf(value) === 'string');
        return { body, mutation: { kind: 'element', field: name, value }, mustRefuse: refused, ...(refused ? { names: name } : {}) };
      }),
    );
  }
  return fc.oneof(...options);
}

/** The JSON text of a mutated body: a `duplicate` mutation writes its field twice, the odd value last. */
export function mutatedBodyText({ body, mutation }: MutatedBody): string {
  const text = toJsonText(body);
  if (mutation.kind !== 'duplicate') return text;
  const extra = `${JSON.stringify(mutation.field)}:${toJsonText(mutation.value)}`;
  return text === '{}' ? `{${extra}}` : `${text.slice(0, -1)},${extra}}`;
}

/** A content type and whether the endpoint must take it (JSON, or an HTML form). */
export interface ContentTypeChoice {
  value: string | undefined;
  accepted: boolean;
}

const jsonContentTypes: ContentTypeChoice[] = [
  { value: 'application/json', accepted: true },
  { value: 'application/json; charset=utf-8', accepted: true },
  { value: 'APPLICATION/JSON;CHARSET=UTF-8', accepted: true },
  { value: 'application/json;charset="utf8"', accepted: true },
  { value: 'application/vnd.api+json', accepted: true },
  { value: 'application/merge-patch+json', accepted: true },
  { value: 'application/json; charset=latin1', accepted: false },
  { value: 'application/json; charset=utf-16', accepted: false },
  { value: 'application/json, text/plain', accepted: false },
  { value: 'text/plain', accepted: false },
  { value: 'text/json', accepted: false },
  { value: 'application/jsonp', accepted: false },
  { value: 'application/x-www-form-urlencoded', accepted: false },
  { value: 'multipart/form-data; boundary=----x', accepted: false },
  { value: '', accepted: false },
  { value: '\u0000', accepted: false },
  { value: 'application/json\u0000', accepted: false },
  { value: undefined, accepted: false },
];

const formContentTypes: ContentTypeChoice[] = [
  { value: 'application/x-www-form-urlencoded', accepted: true },
  { value: 'application/x-www-form-urlencoded; charset=UTF-8', accepted: true },
  { value: 'Application/X-WWW-Form-Urlencoded', accepted: true },
  { value: 'application/x-www-form-urlencoded; charset=iso-8859-1', accepted: false },
  { value: 'application/json', accepted: false },
  { value: 'multipart/form-data; boundary=----x', accepted: false },
  { value: 'text/plain', accepted: false },
  { value: '', accepted: false },
  { value: undefined, accepted: false },
];

/** Content types for a body of `format`, mostly accepted ones so the body behind them is reached. */
/**
 * The same content types for a route that reads JSON whatever the type says (Unipile's webhooks
 * send none): only a charset other than UTF-8 is refused.
 */
const anyTypeContentTypes: ContentTypeChoice[] = jsonContentTypes.map(({ value }) => {
  const charset = /charset\s*=\s*"?([^";\s]*)/i.exec(value ?? '')?.[1];
  return { value, accepted: charset === undefined || ['utf-8', 'utf8'].includes(charset.toLowerCase()) };
});

export function contentType(format: 'json' | 'form' | 'json-any-type'): fc.Arbitrary<ContentTypeChoice> {
  const choices = format === 'json' ? jsonContentTypes : format === 'form' ? formContentTypes : anyTypeContentTypes;
  return fc.oneof({ weight: 4, arbitrary: fc.constant(choices[0]!) }, { weight: 3, arbitrary: fc.constantFrom(...choices) });
}

/** A header name as a client might spell it: the case of headers varies (HTTP/1.1) and must not matter. */
export const headerSpelling = (name: string): fc.Arbitrary<string> =>
  fc.constantFrom(
    name,
    name.toUpperCase(),
    name.replace(/(^|-)(\w)/g, (_match, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`),
  );

/** A secret header's value: the right one (mostly) or a near miss, an odd value or none. */
export interface SecretChoice {
  value: string | undefined;
  valid: boolean;
}

/** `trimmed`: the endpoint trims the value (as HTTP does to a header's surrounding spaces), so a padded secret is still the secret. */
export function secretHeader(valid: string, trimmed: boolean): fc.Arbitrary<SecretChoice> {
  const wrong = fc.oneof(
    fc.constantFrom(
      undefined,
      '',
      ' ',
      'null',
      'undefined',
      `${valid}x`,
      valid.slice(0, -1),
      valid.toUpperCase() === valid ? valid.toLowerCase() : valid.toUpperCase(),
      `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`,
      valid.replace(/^wsk_/, 'sk_'),
      `Bearer ${valid}`,
      `${valid},${valid}`,
      'x'.repeat(10_000),
      `${valid}\u0000`,
    ),
    unicodeEdgeText,
    fc.string({ maxLength: 60 }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant({ value: valid, valid: true }) },
    { weight: 1, arbitrary: fc.constant({ value: ` ${valid} `, valid: trimmed }) },
    { weight: 3, arbitrary: wrong.filter((value) => value?.trim() !== valid).map((value) => ({ value, valid: false })) },
  );
}

/** An Idempotency-Key: none (mostly), one of a few reused keys (replays, conflicts), or a malformed one. */
export interface IdempotencyChoice {
  value: string | undefined;
  wellFormed: boolean;
}

export const idempotencyKey: fc.Arbitrary<IdempotencyChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ value: undefined, wellFormed: true }) },
  { weight: 2, arbitrary: fc.constantFrom('fuzz-key-1', 'fuzz-key-2', 'f'.repeat(255)).map((value) => ({ value, wellFormed: true })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('', ' ', 'a b', 'k'.repeat(256), 'ключ', 'key\u0000', 'tab\tkey', '😀')
      .map((value) => ({ value, wellFormed: false })),
  },
);

/** Whole bodies that are JSON, or nothing, but no object: each must be a 400 naming the body (`path: ""`). */
export const wholeBodyTexts: readonly string[] = ['', ' \r\n\t ', 'null', '[]', '"text"', '0', 'true', 'false'];

/**
 * An event's `body` that is no string: none (API Gateway's empty body), `null` (serverless offline's
 * empty body, and its `null`), or the parsed value itself (serverless offline's `0` and `false`).
 */
export const eventBodyValues: readonly unknown[] = [undefined, null, 0, false];

/** A body that is not a JSON object: text, scalars, truncated JSON, a BOM, deep nesting. */
export function rawBodyText(validText: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    codeUnitString(40),
    fc.constantFrom(
      'null',
      'true',
      '1',
      '-0',
      '1e400',
      '"text"',
      '[]',
      '[{}]',
      '""',
      '{',
      '}',
      '{"a":',
      '{"a" 1}',
      "{'a':1}",
      '{"a":1,}',
      'NaN',
      '\ufeff{}',
      '\u0000',
    ),
    fc.integer({ min: 1, max: Math.max(1, validText.length - 1) }).map((length) => validText.slice(0, length)),
    fc.constant(`\ufeff${validText}`),
    fc.integer({ min: 1000, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  );
}

/** Byte sequences no UTF-8 decoder may accept: overlong forms, lone continuation bytes, encoded surrogates, 5-byte forms, past U+10FFFF. */
export const invalidUtf8: fc.Arbitrary<Buffer> = fc.constantFrom(
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xe0, 0x80, 0xaf]),
  Buffer.from([0x80]),
  Buffer.from([0xbf, 0xbf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xe2, 0x82]),
);

/** A body's bytes base64-encoded, as API Gateway sends a body it does not take for text. */
export function base64Body(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** `valid` (a JSON text) with invalid UTF-8 bytes spliced into its first string value. */
export const withInvalidUtf8 = (valid: string): fc.Arbitrary<string> =>
  invalidUtf8.map((bytes) => {
    const at = valid.indexOf('"', valid.indexOf(':')) + 1;
    return Buffer.concat([Buffer.from(valid.slice(0, at)), bytes, Buffer.from(valid.slice(at))]).toString('base64');
  });

/** A path parameter: one of `known` (existing ids, mostly), or something odd. */
export function pathParameter(known: readonly string[]): fc.Arbitrary<string> {
  const odd = fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '..',
      '../../etc/passwd',
      '%2F',
      '%00',
      'null',
      'undefined',
      '__proto__',
      'constructor',
      'x'.repeat(3000),
      'job_',
      'wh_',
      'dlv_',
    ),
    fc.constantFrom(...known).map((id) => id.toLowerCase()),
    fc.constantFrom(...known).map((id) => `${id}x`),
    unicodeEdgeText,
    fc.string({ maxLength: 30 }),
  );
  return known.length ? fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...known) }, { weight: 2, arbitrary: odd }) : odd;
}

/** A `limit` query value and whether it is one a list accepts (a whole number from 1 to 100). */
export const pageLimit: fc.Arbitrary<{ value: string; valid: boolean }> = fc.oneof(
  fc.integer({ min: 1, max: 100 }).map((limit) => ({ value: String(limit), valid: true })),
  fc
    .constantFrom('0', '101', '-1', '1e2', '1.5', ' 5', '5 ', 'abc', '', '0x10', '99999999999999999999', '٣')
    .map((value) => ({ value, valid: false })),
  unicodeEdgeText.filter((value) => !/^\d+$/.test(value)).map((value) => ({ value, valid: false })),
);

/** Query parameters of a list: an odd limit, a forged cursor, parameters no one asked for. */
export function listQuery(): fc.Arbitrary<{ query: Record<string, string>; limitValid: boolean }> {
  return fc
    .record(
      {
        limit: pageLimit,
        cursor: fc.oneof(
          fc.base64String({ maxLength: 60 }).map((text) => text.replace(/=+$/, '')),
          unicodeEdgeText,
          fc.constant('x'.repeat(500)),
        ),
        extra: fc.tuple(
          fc.oneof(fc.constantFrom(...prototypeKeys), fc.string({ minLength: 1, maxLength: 6 })),
          fc.string({ maxLength: 10 }),
        ),
      },
      { requiredKeys: [] },
    )
    .map(({ limit, cursor, extra }) => {
      const query: Record<string, string> = {};
      if (limit) query.limit = limit.value;
      if (cursor !== undefined) query.cursor = cursor;
      if (extra) withOwn(query, extra[0], extra[1]);
      return { query, limitValid: limit?.valid ?? true };
    });
}
