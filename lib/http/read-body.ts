import { HttpError, ValidationError } from '../errors';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;
/** Any content type, or none. */
const ANY_MEDIA_TYPE = /(?:)/;
const MALFORMED_JSON = { slug: 'malformed-json', title: 'Malformed JSON' };

/** Documented body limit of the JSON endpoints (the transcript endpoint sets its own). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export interface RawBody {
  /** The body as received, decoded from base64 when API Gateway encoded it. */
  text: string;
  /** The parsed body: JSON, or a form's fields as an object. */
  json: unknown;
}

const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded$/i;

/** Refuses invalid UTF-8 instead of replacing it; a BOM is kept, so JSON.parse still refuses one. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text, its lone surrogates replaced by U+FFFD (String.prototype.isWellFormed/toWellFormed: ES2024, in Node 20). */
const wellFormed = (text: string): string => (text.isWellFormed() ? text : text.toWellFormed());

/**
 * The event's body as the text the caller sent, or undefined for none. API Gateway gives a string,
 * or no `body` at all; an event may also carry `null` (serverless offline's empty body, and its
 * `null` body too: told apart by the request's `content-length`), or the parsed value itself
 * (serverless offline hands a JSON body of `0` or `false` through as that value), which is read as
 * its JSON text.
 */
export function eventBodyText(body: unknown, contentLength?: string): string | undefined {
  if (body === undefined) return undefined;
  if (body === null) return Number(contentLength) > 0 ? 'null' : undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/**
 * The body's text, after the checks every format shares: 413 past `maxBytes`, 415 for another
 * content type than `mediaType` (named `expected` in the error) or a charset other than UTF-8,
 * 400 (`malformed`) for bytes that are not UTF-8. `eventBody` is the event's `body`, whatever it is
 * (see `eventBodyText`).
 */
function bodyText(
  headers: Record<string, string | undefined>,
  eventBody: unknown,
  isBase64Encoded: boolean,
  maxBytes: number,
  mediaType: RegExp,
  expected: string,
  malformed: { slug: string; title: string },
): string {
  const body = eventBodyText(eventBody, headers['content-length']);
  // A body API Gateway passed as text is sized without copying it; only base64 is decoded to bytes.
  const bytes = isBase64Encoded && body !== undefined ? Buffer.from(body, 'base64') : undefined;
  const size = bytes ? bytes.length : body === undefined ? 0 : Buffer.byteLength(body, 'utf8');
  if (size > maxBytes) {
    throw new HttpError(
      413,
      'body-too-large',
      'Request body too large',
      `The body is ${size} bytes; this endpoint accepts at most ${maxBytes} bytes.`,
      {
        extra: { limitBytes: maxBytes },
      },
    );
  }

  const contentType = headers['content-type'];
  const [given = '', ...params] = (contentType ?? '').split(';').map((part) => part.trim());
  if (!mediaType.test(given)) {
    throw new HttpError(
      415,
      'unsupported-media-type',
      'Unsupported media type',
      contentType
        ? `Content-Type ${JSON.stringify(contentType.slice(0, 100))} is not supported; send ${expected}.`
        : `Content-Type is missing; send ${expected}.`,
      { headers: { 'accept-post': expected } },
    );
  }
  const charset = params
    .find((param) => param.toLowerCase().startsWith('charset='))
    ?.slice(8)
    .replace(/"/g, '');
  if (charset && !['utf-8', 'utf8'].includes(charset.toLowerCase())) {
    throw new HttpError(
      415,
      'unsupported-media-type',
      'Unsupported media type',
      `charset ${charset.slice(0, 40)} is not supported; send UTF-8.`,
    );
  }
  // Text already decoded (by the runtime) is valid UTF-8 but for lone surrogates, which encoding
  // to UTF-8 turns into U+FFFD: done here without the round trip through bytes.
  if (!bytes) return body === undefined ? '' : wellFormed(body);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    // Decoded leniently, bad bytes would become U+FFFD and be stored as if the caller had sent them.
    throw new HttpError(
      400,
      malformed.slug,
      malformed.title,
      'The body is not valid UTF-8 (overlong, truncated or out-of-range byte sequences); send it encoded as UTF-8.',
      {
        extra: { errors: [{ path: '', message: 'is not valid UTF-8' }] },
      },
    );
  }
}

type BodyReader = (headers: Record<string, string | undefined>, body: unknown, isBase64Encoded: boolean, maxBytes: number) => RawBody;

/**
 * A reader of JSON bodies sent with a content type that `mediaType` accepts. With
 * `refuseReplacementCharacter`, a string holding U+FFFD is refused as not UTF-8: API Gateway (and
 * serverless offline) decode a text body leniently, so bytes that are not UTF-8 reach the function
 * as U+FFFD, and a caller's own U+FFFD is not told apart from them (it can be sent as `\uFFFD`).
 */
const jsonReader =
  (mediaType: RegExp, options: { refuseReplacementCharacter: boolean }): BodyReader =>
  (headers, body, isBase64Encoded, maxBytes) => {
    const raw = parseJsonText(bodyText(headers, body, isBase64Encoded, maxBytes, mediaType, 'application/json', MALFORMED_JSON));
    const replaced = options.refuseReplacementCharacter && raw.text.includes('\uFFFD') ? firstStringPath(raw.json, /\uFFFD/) : undefined;
    if (replaced !== undefined) {
      const why = 'is not valid UTF-8: it holds U+FFFD, what bytes that are not UTF-8 become on the way here';
      throw new HttpError(
        400,
        MALFORMED_JSON.slug,
        MALFORMED_JSON.title,
        `${replaced === '' ? 'The body' : `\`${replaced}\``} ${why}. Send the text encoded as UTF-8; a U+FFFD of your own, as the escape \\uFFFD.`,
        { extra: { errors: [{ path: replaced, message: why }] } },
      );
    }
    return raw;
  };

/**
 * Reads a JSON request body: 413 past `maxBytes`, 415 for a non-JSON content type or a charset
 * other than UTF-8, 400 for an empty body, bytes that are not UTF-8, or malformed JSON (with the
 * parser's position).
 */
export const readJsonBody: BodyReader = jsonReader(JSON_MEDIA_TYPE, { refuseReplacementCharacter: true });

/**
 * Reads a JSON body whatever its content type says, or without one: for callers that send JSON
 * without saying so, as Unipile's webhooks created through its API do ("Webhook Content-Type",
 * developer.unipile.com/docs/webhooks-2: they carry no `Content-Type: application/json` unless the
 * caller adds it). Every other rule of `readJsonBody` holds (the size limit, UTF-8, valid JSON) but
 * one: a U+FFFD in a text is kept, as the provider's copy of a message may hold one, and refusing it
 * would lose the event.
 */
export const readJsonBodyOfAnyType: BodyReader = jsonReader(ANY_MEDIA_TYPE, { refuseReplacementCharacter: false });

/** The body's text parsed as JSON: 400 when empty, malformed, or holding a lone surrogate. */
function parseJsonText(text: string): RawBody {
  // Not `trim()`, which would copy a large body: \s is the set of characters trim() removes.
  if (!/\S/.test(text))
    throw new ValidationError([{ path: '', message: 'the body is empty; a JSON object is expected' }], 'The request body is empty.');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const why = `is not valid JSON: ${(error as Error).message.slice(0, 200)}`;
    // `errors` names the body (path ""), as every 400 names what is wrong.
    throw new HttpError(400, 'malformed-json', 'Malformed JSON', `The body ${why}`, { extra: { errors: [{ path: '', message: why }] } });
  }
  // Only a `\uD800`-style escape can put a lone surrogate in a string decoded strictly from UTF-8.
  const illFormed = SURROGATE_ESCAPE.test(text) ? firstStringPath(json, LONE_SURROGATE) : undefined;
  if (illFormed !== undefined) {
    throw new ValidationError([
      { path: illFormed, message: 'contains a lone surrogate (\\uD800-\\uDFFF escape without its pair): not valid Unicode' },
    ]);
  }
  return { text, json };
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The dotted path of the first string (value or key) that `pattern` finds something in, or
 * undefined: a lone surrogate (such a string can't be encoded as UTF-8: stored, it would be mangled,
 * or refused by DynamoDB as a 500), a replacement character. Walked with a stack of its own, not by
 * recursion: JSON nested ten thousand deep fits in a small body, and would overflow the call stack
 * (a 500) instead of getting its 400.
 */
function firstStringPath(json: unknown, pattern: RegExp): string | undefined {
  // The body itself has no path (undefined): a field named "" in it is `""`, and its first item `.0`.
  const pending: Array<[unknown, string | undefined]> = [[json, undefined]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (pattern.test(value)) return path ?? '';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const entries = Object.entries(value);
    // Pushed last to first, so the first field is looked at first (the error names the first one).
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      const itemPath = path === undefined ? key : `${path}.${key}`;
      if (pattern.test(key)) pending.push([key, itemPath]);
      else pending.push([item, itemPath]);
    }
  }
  return undefined;
}

/** Whether a form's `name=value` pair, percent-decoded, is UTF-8 (a `%` without two hex digits is kept as it is, as URLSearchParams does). */
function decodesAsUtf8(encoded: string): boolean {
  try {
    decodeURIComponent(encoded.replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads an HTML form's body (`application/x-www-form-urlencoded`) into an object of its fields;
 * a field sent twice keeps its last value. Same size and charset rules as JSON.
 */
export function readFormBody(
  headers: Record<string, string | undefined>,
  body: unknown,
  isBase64Encoded: boolean,
  maxBytes: number,
): RawBody {
  const text = bodyText(headers, body, isBase64Encoded, maxBytes, FORM_MEDIA_TYPE, 'application/x-www-form-urlencoded', {
    slug: 'malformed-form',
    title: 'Malformed form',
  });
  // URLSearchParams decodes a percent-escaped byte that is not UTF-8 (`%FF`) to U+FFFD; refused
  // instead, as a JSON body's are. (A U+FFFD of the person's own arrives as `%EF%BF%BD`, and passes.)
  const notUtf8 = text.includes('\uFFFD') || text.split('&').some((pair) => !decodesAsUtf8(pair.replace(/\+/g, ' ')));
  if (notUtf8) {
    throw new HttpError(400, 'malformed-form', 'Malformed form', 'The form is not valid UTF-8; send it encoded as UTF-8.', {
      extra: { errors: [{ path: '', message: 'is not valid UTF-8' }] },
    });
  }
  const fields = new URLSearchParams(text);
  // No form of ours has this field, and a schema's output object (zod's record) silently drops it
  // (assigning `__proto__` sets a prototype): refused here so it is never ignored unseen.
  if (fields.has('__proto__'))
    throw new ValidationError(
      [{ path: '__proto__', message: 'is not a known field' }],
      'The form is not valid; see `errors` for each field.',
    );
  return { text, json: Object.fromEntries(fields) };
}
