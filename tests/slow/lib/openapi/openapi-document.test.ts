import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeKey, type Route } from '../../../../lib/http/route';
import type { Json } from '../../../../lib/openapi/build-document';
import { openApiDocument } from '../../../../lib/openapi/build-document';
import { allRoutes as operations } from '../../../../lib/routes/all-routes';
import { responsesOf } from '../../../../lib/openapi/standard-responses';
import { serverlessEntries } from '../../../../deploy/serverless-entries';
import { routeOf as operationOf } from '../../../helpers/routes';
import { webhookEventTypes } from '../../../../lib/webhooks/model/event-types';

/**
 * The OpenAPI document against the code it describes: one operation per route definition (lib/routes)
 * and per route of the deployment, the pipeline's errors on every operation that can give them, and
 * a structurally valid OpenAPI 3.1 document.
 */
const document = openApiDocument();
const routeKeys = (list: readonly Pick<Route, 'method' | 'path'>[]) => list.map(routeKey).sort();
const documented = (method: string, path: string) =>
  ((document.paths as Record<string, Json>)[path]?.[method.toLowerCase()] ?? undefined) as Json | undefined;

/** `METHOD /path` of every httpApi event of the deployment, but the catch-all `*`. */
const deployedRoutes = () =>
  Object.values(serverlessEntries().functions)
    .flatMap((fn) => fn.events.map((event) => event.httpApi))
    .filter((key): key is string => typeof key === 'string' && key !== '*');

describe('the OpenAPI document covers every route', () => {
  it('has one operation per route definition and per httpApi event of the deployment, and no other', () => {
    const operationKeys = Object.entries(document.paths as Record<string, Json>)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();

    expect(operationKeys).toEqual(routeKeys(operations));
    expect(operationKeys).toEqual(deployedRoutes().sort());
    expect(new Set(operationKeys).size).toBe(operationKeys.length);
  });

  it('documents the query schema each list or view validates with (the same exported object)', () => {
    const lib = join(__dirname, '../../../../lib');
    const callers = (name: string) =>
      readdirSync(lib, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .filter((file) => readFileSync(join(lib, file), 'utf8').includes(`validateQuery(${name},`));
    const withQuery = operations.filter((operation) => operation.query);

    expect(withQuery.map((operation) => operation.name).sort()).toEqual([
      'getInsights',
      'getJob',
      'getTranscript',
      'listAccounts',
      'listJobs',
      'listTranscripts',
      'listWebhookDeliveries',
    ]);
    for (const operation of withQuery) {
      // The schema's exported name, found by identity among the exports of lib/schemas.
      const schemasDir = join(lib, 'schemas');
      const name = readdirSync(schemasDir)
        .filter((file) => file.endsWith('.ts'))
        .flatMap((file) => Object.entries(jest.requireActual<Record<string, unknown>>(join(schemasDir, file))))
        .find(([, value]) => value === operation.query)?.[0];
      expect(name).toBeDefined();
      expect(callers(name!)).toHaveLength(1);
    }
  });

  it('gives every POST, PUT and PATCH that reads a body its request schema, and every operation its answers', () => {
    for (const operation of operations) {
      const item = documented(operation.method, operation.path)!;
      const responses = item.responses as Record<string, Json>;
      const statuses = Object.keys(responses).map(Number);

      expect({ route: `${operation.method} ${operation.path}`, success: statuses.some((status) => status >= 200 && status < 400) }).toEqual(
        { route: `${operation.method} ${operation.path}`, success: true },
      );
      for (const response of Object.values(responses)) expect(typeof response.description).toBe('string');
      if (operation.body) {
        expect(['POST', 'PUT', 'PATCH']).toContain(operation.method);
        const content = (item.requestBody as Json).content as Record<string, Json>;
        expect(Object.keys(content)).toEqual([operation.body.mediaType]);
      }
      if (operation.auth === 'api-key') {
        expect(statuses).toEqual(expect.arrayContaining([401, 429, 503]));
        expect((responses['429']!.headers as Json)['Retry-After']).toBeDefined();
        expect((responses['503']!.headers as Json)['Retry-After']).toBeDefined();
      }
      if (operation.auth === 'api-key' && operation.method === 'POST') {
        expect(item.parameters).toEqual(expect.arrayContaining([{ $ref: '#/components/parameters/IdempotencyKey' }]));
        expect(statuses).toEqual(expect.arrayContaining([409, 422]));
      }
      if (operation.body?.mediaType === 'application/json') expect(statuses).toEqual(expect.arrayContaining([400, 413, 415]));
    }
    // A re-sent delivery is read where it already was (its list); every other 202 says where to follow it.
    const acceptedWithoutLocation = operations.filter((operation) => {
      const accepted = (documented(operation.method, operation.path)!.responses as Record<string, Json>)['202'];
      return accepted && !(accepted.headers as Json).Location;
    });
    expect(acceptedWithoutLocation.map((operation) => operation.name)).toEqual(['resendWebhookDelivery']);
  });

  it('uses every error status of the API somewhere, with problem+json naming the fields', () => {
    const statuses = new Set(
      Object.values(document.paths as Record<string, Json>).flatMap((item) =>
        Object.values(item).flatMap((operation) => Object.keys((operation as Json).responses as Json)),
      ),
    );
    for (const status of ['400', '401', '404', '409', '413', '415', '422', '429', '500', '503']) expect(statuses).toContain(status);
    const components = document.components as Json;
    expect(Object.keys(components.responses as Json)).toEqual(['RouteNotFound', 'MethodNotAllowed']);
    const problem = (components.schemas as Record<string, Json>).ValidationProblem!;
    expect(problem.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'requestId', 'errors']));
    expect(((problem.properties as Json).errors as Json).items).toEqual({ $ref: '#/components/schemas/FieldError' });
  });

  it('lists the pipeline errors of a public page as pages, not problem+json', () => {
    const page = responsesOf(operationOf('POST /approve/{token}')!);

    expect(Object.keys(page).sort()).toEqual(['200', '400', '404', '409', '413', '415', '500', '503']);
    for (const response of Object.values(page)) expect(response.html).toBe(true);
  });
});

describe('the OpenAPI document is valid OpenAPI 3.1', () => {
  it('has the required top-level fields', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toEqual(expect.objectContaining({ title: expect.any(String), version: expect.any(String) }));
    expect(Object.keys(document.paths as Json).every((path) => path.startsWith('/'))).toBe(true);
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it('resolves every $ref', () => {
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else walk(value);
        }
      }
    };
    walk(document);

    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/(schemas|parameters|headers|responses)\/[\w-]+$/);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect({ ref, resolved: target !== undefined }).toEqual({ ref, resolved: true });
    }
  });

  it('names every path parameter of a template, and no other', () => {
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      for (const operation of Object.values(item) as Json[]) {
        const inPath = (operation.parameters as Json[]).filter((parameter) => parameter.in === 'path');
        expect(inPath.map((parameter) => parameter.name).sort()).toEqual(templated);
        for (const parameter of inPath) expect(parameter.required).toBe(true);
      }
    }
  });

  it('has unique operation ids, known tags and security schemes, and JSON Schema component schemas', () => {
    const all = Object.values(document.paths as Record<string, Json>).flatMap((item) => Object.values(item) as Json[]);
    const ids = all.map((operation) => operation.operationId);
    const tags = (document.tags as Array<{ name: string }>).map((tag) => tag.name);
    const schemes = Object.keys((document.components as Json).securitySchemes as Json);

    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of all) {
      expect(tags).toContain((operation.tags as string[])[0]);
      for (const requirement of operation.security as Json[]) for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
    }
    const types = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
    for (const [name, schema] of Object.entries((document.components as Json).schemas as Record<string, Json>)) {
      expect({ name, dialectKeys: '$schema' in schema || '$id' in schema }).toEqual({ name, dialectKeys: false });
      if (schema.type !== undefined) expect(types.has(schema.type as string)).toBe(true);
    }
  });

  it('publishes every webhook event type with its own data schema, told apart by `type`', () => {
    const schemas = (document.components as Record<string, Json>).schemas as Record<string, Json>;
    const members = (schemas.WebhookEvent as { oneOf: { properties: { type: { const: string }; data: { $ref: string } } }[] }).oneOf;
    expect(members.map((member) => member.properties.type.const).sort()).toEqual([...webhookEventTypes, 'ping'].sort());
    for (const member of members) {
      const ref = member.properties.data.$ref;
      expect(ref).toMatch(/^#\/components\/schemas\/\w+EventData$/);
      expect(schemas[ref.split('/').at(-1)!]).toMatchObject({ type: 'object', properties: expect.any(Object) });
    }
  });

  it('is built once per container', () => {
    expect(openApiDocument()).toBe(document);
  });
});
