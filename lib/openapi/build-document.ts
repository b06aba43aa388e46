import * as z from 'zod';
import { IDEMPOTENCY_KEY_RE, IDEMPOTENCY_TTL_SECONDS } from '../http/idempotency';
import { PROBLEM_CONTENT_TYPE } from '../http/problem';
import { WEBHOOK_SECRET_HEADER } from '../schemas/unipile-webhook';
import { componentName, requestComponents, responseComponents } from './components';
import type { DocsRegistry } from './docs-registry';
import type { ResponseHeader, ResponseSpec, Route } from '../http/route';
import { allRoutes } from '../routes/all-routes';
import { responseBodies } from '../schemas/responses/response-bodies';
import { responsesOf } from './standard-responses';

/** A JSON Schema, or any part of the document, as plain data. */
export type Json = Record<string, unknown>;

const TAGS: Array<{ name: string; description: string }> = [
  {
    name: 'Social selling',
    description: "Have the workspace's accounts react, comment, connect and message: each request is a job, answered `202 Accepted`.",
  },
  { name: 'Jobs', description: 'The progress of accepted requests, per account; the list of them, and cancelling one.' },
  { name: 'Accounts', description: "The workspace's connected network accounts: their settings, limits, usage and health." },
  {
    name: 'Connect page',
    description: 'Connecting a network account through a link: the page a person opens (sandbox) and the provider’s report. No api key.',
  },
  {
    name: 'Workspace',
    description: 'The workspace the api key acts in, and the settings it changes itself (where approval requests are posted).',
  },
  { name: 'Groups', description: 'Named sets of the workspace’s accounts, which like and request-comment act from.' },
  {
    name: 'Approvals',
    description: 'What a person must OK first (a comment by an `ask` account or a commentor, a DM with `get_approved`), through the API.',
  },
  { name: 'Approval page', description: 'The same, through the single-use link a person opens: HTML pages, no api key.' },
  { name: 'Transcripts', description: 'Sales-call transcripts, stored and analysed for metrics and grounded content ideas.' },
  {
    name: 'Report page',
    description:
      "A transcript's report, and the themes across a period's calls, through the signed links a person opens: HTML pages, no api key.",
  },
  { name: 'Webhooks', description: 'Endpoints of the workspace that receive signed events (Standard Webhooks), delivered at least once.' },
  { name: 'Provider', description: 'Calls from the network provider, not from API callers.' },
  { name: 'Service', description: 'Liveness and this reference.' },
];

const HEADERS: Record<ResponseHeader | 'X-Request-Id', Json> = {
  'X-Request-Id': {
    description: "The request's id, also `requestId` of a problem: quote it when reporting one.",
    schema: { type: 'string' },
  },
  Location: { description: 'Where the created or accepted resource is read.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
  'WWW-Authenticate': { description: '`api-key`: the scheme this API expects.', schema: { type: 'string' } },
  Allow: { description: 'The methods the path answers.', schema: { type: 'string' } },
  'Accept-Post': { description: 'The media type the endpoint accepts.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`.',
    schema: { type: 'string', enum: ['true'] },
  },
  ETag: { description: 'The version of this representation, for `If-None-Match`.', schema: { type: 'string' } },
  'Cache-Control': { description: 'How long it may be cached.', schema: { type: 'string' } },
  'Content-Security-Policy': { description: 'What the page may load and run: nothing from elsewhere.', schema: { type: 'string' } },
  'RateLimit-Limit': {
    description: "The workspace's requests a minute (while a limit is configured).",
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': { description: 'Requests left in this minute.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the minute ends and the count starts again.', schema: { type: 'integer', minimum: 0 } },
};

const SECURITY_SCHEMES: Json = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'api-key',
    description: "A workspace's key (`wsk_…`), issued by the admin CLI. Every request acts in the key's workspace.",
  },
  unipileWebhookSecret: {
    type: 'apiKey',
    in: 'header',
    name: WEBHOOK_SECRET_HEADER,
    description: "The shared secret the provider's webhook calls carry (`UNIPILE_WEBHOOK_SECRET`).",
  },
};

const DESCRIPTION = `Social-selling actions on the professional network and sales-call transcripts, for a workspace's tools.

Every request but the public ones carries the header \`api-key\`. Input is strict: unknown fields are refused (400) and every refusal names each bad field. Accepted work answers \`202 Accepted\` with a \`Location\` to follow.

Every error is \`application/problem+json\` (RFC 9457) with a stable \`type\` (\`/problems/<slug>\`) and a \`requestId\`; a 400 lists \`errors\` as \`{path, message}\`. Any other path is a 404 (\`/problems/route-not-found\`), and a known path with another method a 405 (\`/problems/method-not-allowed\`, with \`Allow\`).

Send \`Idempotency-Key\` on any POST to make a retry safe: the same key and body within ${IDEMPOTENCY_TTL_SECONDS / 3600} hours replays the first answer.

Responses may gain fields: ignore the ones you do not know.`;

const JSON_SCHEMA_OPTIONS = { target: 'draft-2020-12', unrepresentable: 'any', cycles: 'ref', reused: 'inline' } as const;
const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * Keeps the generated JSON Schema to what a reader needs: zod's regular expressions for formats
 * already named (`date-time`, `email`) and its safe-integer bounds are noise; and responses are
 * open to new fields (`additionalProperties: false` is kept for requests only, where it is enforced).
 */
function tidy(io: 'input' | 'output') {
  return ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: Json }) => {
    const format = (zodSchema._zod.def as { format?: string }).format;
    if (format === 'datetime' || format === 'email') delete jsonSchema.pattern;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    const names = jsonSchema.propertyNames as Json | undefined;
    if (names && Object.keys(names).length === 1 && names.type === 'string') delete jsonSchema.propertyNames;
    if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
  };
}

/** Every component of a registry, as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) referring to the others by `#/components/schemas/<id>`. */
function componentSchemas(registry: DocsRegistry, io: 'input' | 'output'): Record<string, Json> {
  const { schemas } = z.toJSONSchema(registry, {
    ...JSON_SCHEMA_OPTIONS,
    io,
    metadata: registry,
    uri: (id) => `#/components/schemas/${id}`,
    override: tidy(io) as never,
  }) as { schemas: Record<string, Json> };
  if ('__shared' in schemas) throw new Error('a schema used twice was extracted as __shared: register it with an id in components.ts');
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]));
}

function queryParameters(query: z.core.$ZodObject): Json[] {
  const json = z.toJSONSchema(query, {
    ...JSON_SCHEMA_OPTIONS,
    io: 'input',
    metadata: requestComponents,
    override: tidy('input') as never,
  }) as Json;
  const required = (json.required as string[] | undefined) ?? [];
  return Object.entries(json.properties as Record<string, Json>).map(([name, { description, ...schema }]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    ...(description ? { description } : {}),
    schema,
  }));
}

function parametersOf(operation: Route): Json[] {
  const path = Object.entries(operation.pathParameters ?? {}).map(([name, { description, example }]) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: { type: 'string' },
    example,
  }));
  const idempotency =
    operation.auth === 'api-key' && operation.method === 'POST' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [];
  return [...path, ...(operation.query ? queryParameters(operation.query) : []), ...idempotency];
}

function problemContent(problems: readonly string[]): Json {
  const onlyValidation = problems.every((slug) => slug === 'validation-failed');
  return { [PROBLEM_CONTENT_TYPE]: { schema: schemaRef(onlyValidation ? 'ValidationProblem' : 'Problem') } };
}

function responseObject(operation: Route, status: number, response: ResponseSpec): Json {
  const replayable = operation.auth === 'api-key' && operation.method === 'POST' && status < 300;
  // Every request a valid key made is counted against the workspace's rate limit, and says where it stands.
  const counted = operation.auth === 'api-key' && status !== 401 ? ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] : [];
  const headers = ['X-Request-Id', ...(response.headers ?? []), ...(replayable ? ['Idempotent-Replayed'] : []), ...counted];
  const problems = response.problems ?? [];
  const content = response.json
    ? { 'application/json': { schema: schemaRef(componentName(responseComponents, responseBodies[response.json])) } }
    : response.html
      ? { 'text/html': { schema: { type: 'string' } } }
      : problems.length
        ? problemContent(problems)
        : undefined;
  const types = problems.length ? ` Problem types: ${problems.map((slug) => `\`/problems/${slug}\``).join(', ')}.` : '';
  return {
    description: `${response.description}${types}`,
    headers: Object.fromEntries(headers.map((name) => [name, { $ref: `#/components/headers/${name}` }])),
    ...(content ? { content } : {}),
    ...(problems.length ? { 'x-problem-types': problems.map((slug) => `/problems/${slug}`) } : {}),
  };
}

function operationObject(operation: Route): Json {
  const responses = responsesOf(operation);
  const body = operation.body;
  return {
    operationId: operation.name,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    security: operation.auth === 'api-key' ? [{ apiKey: [] }] : operation.auth === 'webhook-secret' ? [{ unipileWebhookSecret: [] }] : [],
    parameters: parametersOf(operation),
    ...(body
      ? {
          requestBody: {
            required: true,
            description: `At most ${body.maxBytes.toLocaleString('en-US')} bytes.${body.anyContentType ? ' Read as JSON whatever its content type, or without one.' : ''}`,
            content: { [body.mediaType]: { schema: schemaRef(componentName(requestComponents, body.schema)) } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.keys(responses)
        .map(Number)
        .sort((a, b) => a - b)
        .map((status) => [String(status), responseObject(operation, status, responses[status]!)]),
    ),
  };
}

/**
 * The OpenAPI 3.1 document of `operations`, generated from the zod schemas the handlers validate
 * with (requests) and the response schemas the tests check real answers against.
 */
export function buildOpenApiDocument(operations: readonly Route[] = allRoutes): Json {
  const requestSchemas = componentSchemas(requestComponents, 'input');
  const responseSchemas = componentSchemas(responseComponents, 'output');
  const clash = Object.keys(requestSchemas).find((id) => id in responseSchemas);
  if (clash) throw new Error(`component ${clash} is both a request and a response schema`);

  const paths: Record<string, Json> = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    item[operation.method.toLowerCase()] = operationObject(operation);
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Outreach & Transcript API', version: '1', description: DESCRIPTION },
    servers: [{ url: '/', description: 'This service' }],
    security: [{ apiKey: [] }],
    tags: TAGS.filter((tag) => operations.some((operation) => operation.tag === tag.name)),
    paths,
    components: {
      schemas: { ...requestSchemas, ...responseSchemas },
      securitySchemes: SECURITY_SCHEMES,
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: `Makes a retry safe: the same key on the same request (method, path with its ids, body as JSON) within ${IDEMPOTENCY_TTL_SECONDS / 3600} hours replays the first answer; the same key on another request is a 422; while the first is running, a 409.`,
          schema: { type: 'string', pattern: IDEMPOTENCY_KEY_RE.source },
          example: '3f6c1c1e-like-1',
        },
      },
      headers: HEADERS,
      responses: {
        RouteNotFound: {
          description: 'Any path this document does not list. Problem type: `/problems/route-not-found`.',
          headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
          content: problemContent(['route-not-found']),
        },
        MethodNotAllowed: {
          description:
            'A path this document lists, with a method it does not list; `Allow` says which. Problem type: `/problems/method-not-allowed`.',
          headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' }, Allow: { $ref: '#/components/headers/Allow' } },
          content: problemContent(['method-not-allowed']),
        },
      },
    },
  };
}

let built: Json | undefined;

/** The document of this API, built once per process: by `npm run openapi` (the functions serve its output, lib/openapi/generated) and by the tests. */
export function openApiDocument(): Json {
  built ??= buildOpenApiDocument();
  return built;
}
