import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { machineTimeout } from '../helpers/machine-timeout';

/**
 * docs/operations.md's "Adding an endpoint", done in a copy of the project: a route's definition, its
 * handler, its line in the list, then `npm run openapi` and `npm run build:client`. Every table made
 * from the definitions picks the route up with no other edit: the deployment's function and role,
 * the OpenAPI document and the typed client, the catch-all's routes, the bundle budgets; and the
 * tests' tables that need words of their own for it (the fuzz cases) fail to compile until they have them.
 */
const run = promisify(execFile);
const ROOT = path.join(__dirname, '../..');
let copy: string;

const definition = `import { defineRoute } from '../../http/route';

export const getScratch = defineRoute({
  name: 'getScratch',
  method: 'GET',
  path: '/api/v1/scratch/{scratchId}',
  auth: 'none',
  tag: 'Service',
  summary: 'A scratch route',
  description: 'Added by a test, in a copy of the project.',
  pathParameters: { scratchId: { description: 'Any id.', example: 'scr_1' } },
  responses: { 200: { description: 'Always.', json: 'Health' } },
  deployment: { permissions: { table: ['GetItem'], queries: ['gsi2'] }, bundle: { bytes: 300_000, zipBytes: 90_000 } },
});
`;

const handler = `import { publicEndpoint } from '../../lib/http/pipeline';
import { ok } from '../../lib/http/http-result';
import { getScratch as route } from '../../lib/routes/scratch/get-scratch';

export const handler = publicEndpoint({ route, handle: async ({ pathParameters }) => ok({ status: 'ok', id: pathParameters.scratchId }) });
`;

/** What the copy's own modules make of it, printed as JSON by a script run there. */
const probe = `import { serverlessEntries } from './deploy/serverless-entries';
import { bundleBudgets } from './bench/bundle-budgets';
import { openApiDocument } from './lib/openapi/build-document';
import { knownRoutes } from './lib/openapi/generated/known-routes';
import { allRoutes } from './lib/routes/all-routes';
import { handler } from './functions/http/get-scratch';
import { handler as notFound } from './functions/http/not-found';

const event = (method: string, rawPath: string, pathParameters?: Record<string, string>) =>
  ({ rawPath, headers: {}, requestContext: { http: { method }, requestId: 'r1' }, pathParameters }) as never;

async function main() {
  const { functions, roles } = serverlessEntries();
  const fn = functions.getScratch;
  const document = openApiDocument() as { paths: Record<string, Record<string, { operationId: string }>> };
  const answer = await handler(event('GET', '/api/v1/scratch/scr_9', { scratchId: 'scr_9' }), {} as never);
  const wrongMethod = await notFound(event('POST', '/api/v1/scratch/scr_9'), {} as never);
  // The handlers log a line a request: the answer is the last line.
  console.log('\\n' + JSON.stringify({
    routes: allRoutes.length,
    fn,
    role: fn && (roles.Resources as Record<string, unknown>)[fn.role as string],
    operation: document.paths['/api/v1/scratch/{scratchId}']?.get?.operationId,
    known: knownRoutes.some((route) => route.path === '/api/v1/scratch/{scratchId}'),
    budget: bundleBudgets.getScratch,
    answer: { status: answer.statusCode, body: answer.body },
    wrongMethod: { status: wrongMethod.statusCode, allow: wrongMethod.headers?.allow },
  }));
}
main();
`;

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'scratch-route-'));
  for (const entry of [
    'lib',
    'functions',
    'deploy',
    'bench',
    'scripts',
    'tests',
    'client/src',
    'client/package.json',
    'client/tsconfig.json',
  ])
    cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  for (const file of ['package.json', 'tsconfig.json', 'serverless.yml']) cpSync(path.join(ROOT, file), path.join(copy, file));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));

  // The steps of "Adding an endpoint" (the use case here is a line of the handler).
  mkdirSync(path.join(copy, 'lib/routes/scratch'));
  writeFileSync(path.join(copy, 'lib/routes/scratch/get-scratch.ts'), definition);
  writeFileSync(path.join(copy, 'functions/http/get-scratch.ts'), handler);
  const list = path.join(copy, 'lib/routes/all-routes.ts');
  writeFileSync(
    list,
    readFileSync(list, 'utf8')
      .replace(
        "import { like } from './social-selling/like';",
        "import { getScratch } from './scratch/get-scratch';\nimport { like } from './social-selling/like';",
      )
      .replace('\n] as const;', '\n  getScratch,\n] as const;'),
  );
  const tsx = path.join(copy, 'node_modules/.bin/tsx');
  await run(tsx, ['scripts/generate-openapi.ts'], { cwd: copy });
  await run(tsx, ['scripts/build-client.ts'], { cwd: copy });
}, machineTimeout(180_000));

afterAll(() => rmSync(copy, { recursive: true, force: true }));

it(
  'is deployed, documented, listed, budgeted and answered from its definition alone',
  async () => {
    writeFileSync(path.join(copy, 'probe.ts'), probe);
    const { stdout } = await run(path.join(copy, 'node_modules/.bin/tsx'), ['probe.ts'], { cwd: copy });
    const found = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

    expect(found.fn).toEqual({
      handler: 'functions/http/get-scratch.handler',
      role: 'GetScratchRole',
      events: [{ httpApi: 'GET /api/v1/scratch/{scratchId}' }],
    });
    expect(found.role.Properties.Policies[0].PolicyDocument.Statement).toEqual([
      { Effect: 'Allow', Action: ['dynamodb:GetItem'], Resource: { 'Fn::GetAtt': ['Table', 'Arn'] } },
      { Effect: 'Allow', Action: ['dynamodb:Query'], Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Table', 'Arn'] }, '/index/gsi2']] } },
    ]);
    expect(found.operation).toBe('getScratch');
    expect(found.known).toBe(true);
    expect(found.budget).toEqual({ bytes: 300_000, zipBytes: 90_000 });
    expect(found.answer).toEqual({ status: 200, body: JSON.stringify({ status: 'ok', id: 'scr_9' }) });
    expect(found.wrongMethod).toEqual({ status: 405, allow: 'GET' });
    expect(readFileSync(path.join(copy, 'client/src/schema.ts'), 'utf8')).toMatch(/\bgetScratch: \{/);
  },
  machineTimeout(60_000),
);

it(
  "is a type error in the tests' tables that need its own words, until they have them",
  async () => {
    const failure = await run(process.execPath, [path.join(copy, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', copy], {
      cwd: copy,
    }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    const errors = failure.split('\n').filter((line) => /error TS/.test(line));

    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^tests\/integration\/fuzz\/fuzz-routes\.ts\(\d+,\d+\): error TS2741: Property 'getScratch' is missing/);
  },
  machineTimeout(120_000),
);
