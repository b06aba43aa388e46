import type { z } from 'zod';
import { DEFAULT_MAX_BODY_BYTES } from '../../http/read-body';
import type { Route } from '../../http/routes';

/** Response headers the document describes (components.headers). */
export type ResponseHeader =
  | 'Location'
  | 'Retry-After'
  | 'WWW-Authenticate'
  | 'Allow'
  | 'Accept-Post'
  | 'Idempotent-Replayed'
  | 'ETag'
  | 'Cache-Control'
  | 'Content-Security-Policy'
  | 'RateLimit-Limit'
  | 'RateLimit-Remaining'
  | 'RateLimit-Reset';

/** One answer of an operation: JSON (a schema with a component name), problem+json, an HTML page, or nothing. */
export interface ResponseSpec {
  description: string;
  /** JSON body (`application/json`), a schema registered in components (see components.ts). */
  json?: z.core.$ZodType;
  /** `application/problem+json`: the error kinds (`/problems/<slug>`) this status stands for. */
  problems?: readonly string[];
  /** A page for a person (`text/html`). */
  html?: boolean;
  headers?: readonly ResponseHeader[];
}

export interface RequestBodySpec {
  /** The schema the body is documented with: the very object the handler validates with. */
  schema: z.core.$ZodType;
  mediaType: 'application/json' | 'application/x-www-form-urlencoded';
  /** The largest body accepted, in bytes (413 past it). */
  maxBytes: number;
  /** JSON is read whatever the request's content type says (the pipeline's `json-any-type`): no 415. */
  anyContentType?: boolean;
  /**
   * When the pipeline reads the body with a looser schema than the one documented (the approval
   * form reads any fields so that a bad one shows the form again), that schema; `schema` is then
   * checked by the use case.
   */
  readAs?: z.core.$ZodType;
}

export interface PathParameterSpec {
  description: string;
  example: string;
}

/** One route of the table (lib/http/routes.ts: method, path, operation id, auth), as the document describes it. */
export interface OperationSpec extends Route {
  tag: string;
  summary: string;
  description: string;
  /** A page for a person: its errors are pages too (text/html), not problem+json. */
  page?: boolean;
  pathParameters?: Readonly<Record<string, PathParameterSpec>>;
  /** The query string's schema: the very object the use case validates with (`validateQuery`). */
  query?: z.core.$ZodObject;
  body?: RequestBodySpec;
  responses: Readonly<Record<number, ResponseSpec>>;
}

/** A JSON body validated by `schema`, within the pipeline's default limit unless told. */
export function jsonBody(schema: z.core.$ZodType, maxBytes: number = DEFAULT_MAX_BODY_BYTES): RequestBodySpec {
  return { schema, mediaType: 'application/json', maxBytes };
}

/** A JSON body read whatever the content type says, or without one (a provider that sends none). */
export function jsonBodyOfAnyType(schema: z.core.$ZodType): RequestBodySpec {
  return { ...jsonBody(schema), anyContentType: true };
}
