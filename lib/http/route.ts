import type * as z from '../zod';
import type { FunctionDeployment } from '../function-deployment';
import type { ResponseBodyName, responseBodies } from '../schemas/responses/response-bodies';
import type { HttpResult } from './http-result';
import { DEFAULT_MAX_BODY_BYTES } from './read-body';

/**
 * What a route of the API is, written once per route (lib/routes, a file each): its name, method,
 * path and caller, its request and answers (the very schemas the pipeline validates with and the
 * OpenAPI document shows), the words of its reference, and what its function needs of AWS. Read by
 * the pipeline (lib/http/pipeline.ts), the OpenAPI document (lib/openapi), the deployment
 * (deploy/functions.ts: the function, its role and its `httpApi` event) and the tables the tests and
 * benches go through (deploy/functions.ts `allFunctions`).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `api-key`: the workspace's key; `webhook-secret`: the provider's shared secret; `none`: public (a page's token is its credential). */
export type RouteAuth = 'api-key' | 'webhook-secret' | 'none';

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

/** One answer of a route: JSON (a schema with a component name), problem+json, an HTML page, or nothing. */
export interface ResponseSpec {
  readonly description: string;
  /** JSON body (`application/json`): its schema's name (lib/schemas/responses/response-bodies.ts). */
  readonly json?: ResponseBodyName;
  /** `application/problem+json`: the error kinds (`/problems/<slug>`) this status stands for. */
  readonly problems?: readonly string[];
  /** A page for a person (`text/html`). */
  readonly html?: boolean;
  readonly headers?: readonly ResponseHeader[];
}

export interface RequestBodySpec {
  /** The schema the body is documented and validated with. */
  readonly schema: z.core.$ZodType;
  readonly mediaType: 'application/json' | 'application/x-www-form-urlencoded';
  /** The largest body accepted, in bytes (413 past it). */
  readonly maxBytes: number;
  /** JSON is read whatever the request's content type says (a provider that sends none): no 415. */
  readonly anyContentType?: boolean;
  /**
   * When the pipeline reads the body with a looser schema than the one documented (the approval
   * form reads any fields so that a bad one shows the form again), that schema; `schema` is then
   * checked by the use case.
   */
  readonly readAs?: z.core.$ZodType;
}

export interface PathParameterSpec {
  readonly description: string;
  readonly example: string;
}

/** The names in a path's braces: `/a/{b}/c/{d}` gives `'b' | 'd'`. */
export type PathParameterName<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParameterName<Rest>
  : never;

/** A request's path parameters, one string for each name in the path's braces. */
export type PathParameters<Path extends string> = { readonly [Name in PathParameterName<Path>]: string };

export interface Route<Path extends string = string> {
  /** The route's one name: its OpenAPI operationId, its function's name, and (in kebab case) its files'. */
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: Path;
  readonly auth: RouteAuth;
  /** The reference's section. */
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  /** A page for a person: its errors are pages too (text/html), not problem+json. */
  readonly page?: boolean;
  /**
   * The path carries a secret (a link's token or signed state): logs, and a problem's `instance`,
   * name the route's template instead of the path. The use case still reads it from the parameters.
   */
  readonly secretPath?: boolean;
  /** The words of the reference on each parameter of the path. */
  readonly pathParameters?: string extends Path
    ? Readonly<Record<string, PathParameterSpec>>
    : { readonly [Name in PathParameterName<Path>]: PathParameterSpec };
  /** The query string's schema: the very object the use case validates with (`validateQuery`). */
  readonly query?: z.core.$ZodObject;
  readonly body?: RequestBodySpec;
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  readonly deployment: FunctionDeployment;
}

/** The JSON body named `Name`, as a handler must make it: what its schema reads. */
export type ResponseBody<Name extends ResponseBodyName> = z.input<(typeof responseBodies)[Name]>;

/**
 * One answer a handler may return for a status: a JSON answer's body typed by its schema (or its
 * text, when it is a document generated ahead of time); an empty answer without one.
 */
type AnswerAt<Status, Spec> = Spec extends { readonly json: infer Name extends ResponseBodyName }
  ? | { status: Status; body: ResponseBody<Name>; headers?: Record<string, string> }
    | { status: Status; body?: undefined; text: string; headers?: Record<string, string> }
  : Spec extends { readonly problems: readonly string[] }
    ? never
    : { status: Status; body?: undefined; text?: string; headers?: Record<string, string> };

/**
 * What a route's handler may answer: one of its documented answers other than its problems (those
 * are thrown, and the pipeline writes them), a JSON body as its schema says. A page's route answers
 * pages of the statuses its page module picks. A route that does not list its answers (a test's)
 * may answer anything.
 */
export type AnswerOf<R> = R extends { readonly page: true }
  ? Omit<HttpResult, 'body'>
  : R extends { readonly responses: infer Answers }
    ? { [Status in keyof Answers]: AnswerAt<Status, Answers[Status]> }[keyof Answers]
    : HttpResult;

/** A route, its types kept exactly as written (its path's parameters, its body's schema). */
export function defineRoute<const Path extends string, const R extends Route<Path>>(route: R & { readonly path: Path }): R {
  return route;
}

/** What the pipeline reads a route's body as: its `readAs` schema, else its documented one. */
export type BodySchemaOf<R extends Pick<Route, 'body'>> = R['body'] extends { readonly readAs: infer S extends z.core.$ZodType }
  ? S
  : R['body'] extends { readonly schema: infer S extends z.core.$ZodType }
    ? S
    : undefined;

/** A JSON body validated by `schema`, within the pipeline's default limit unless told. */
export function jsonBody<S extends z.core.$ZodType>(schema: S, maxBytes: number = DEFAULT_MAX_BODY_BYTES) {
  return { schema, mediaType: 'application/json', maxBytes } as const;
}

/** A JSON body read whatever the content type says, or without one (a provider that sends none). */
export function jsonBodyOfAnyType<S extends z.core.$ZodType>(schema: S) {
  return { ...jsonBody(schema), anyContentType: true } as const;
}

/** `METHOD /path`: how logs, idempotency records and the HTTP API name a route. */
export function routeKey(route: Pick<Route, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** The names in a path's braces, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

function matches(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`).test(path);
}

/** The methods `routes` answer on a path; empty when none has it. */
export function allowedMethods(routes: readonly Pick<Route, 'method' | 'path'>[], path: string): string[] {
  return routes.filter((route) => matches(route.path, path)).map((route) => route.method);
}
