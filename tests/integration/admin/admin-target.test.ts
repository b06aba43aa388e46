import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StackFile } from '../../../scripts/local-stack/stack-file';
import { writeStackFile } from '../../../scripts/local-stack/stack-file';
import { recordLead } from '../../../lib/store/leads';
import { adminWith } from '../../helpers/admin-cli';
import { createTestWorkspace, testDb } from '../../helpers/factories';

/**
 * Where the admin CLI finds the local stack: an explicit variable, else the stack file that `npm
 * start` leaves in .local/ (here a file of its own, through LOCAL_STACK_FILE, so a developer's is
 * never touched), else the default ports.
 */
const testEndpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
const testPort = new URL(testEndpoint).port;
// A shell where nothing names the stack: only the file can.
const silent = ['AWS_ENDPOINT_URL_DYNAMODB', 'DYNAMODB_PORT', 'TABLE_NAME', 'API_BASE_URL', 'PORT', 'UNIPILE_WEBHOOK_SECRET'];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'admin-target-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stack file as `npm start` writes it, for process `pid`, with DynamoDB at `dynamodb` (and the API at `api`). */
function stackFile(
  name: string,
  pid: number,
  dynamodb: string,
  api = { url: 'http://127.0.0.1:3000', secret: 'local-webhook-secret' },
): string {
  const file = path.join(dir, `${name}.json`);
  const content: StackFile = {
    pid,
    startedAt: new Date().toISOString(),
    ports: { http: 3000, lambda: 3002, dynamodb: Number(new URL(dynamodb).port), fauxqs: 4566 },
    endpoints: { api: api.url, lambda: 'http://127.0.0.1:3002', dynamodb, sqs: 'http://127.0.0.1:4566', s3: 'http://127.0.0.1:4566' },
    tableName: process.env.TABLE_NAME!,
    providerWebhookSecret: api.secret,
  };
  writeStackFile(file, content);
  return file;
}

describe('admin CLI, finding the local stack', () => {
  it('reaches the stack of npm start on the ports it was given, through its stack file, when no variable names them', async () => {
    const file = stackFile('running', process.pid, testEndpoint);

    const result = await adminWith({ env: { LOCAL_STACK_FILE: file }, unset: silent }, 'workspace', 'list');

    expect(result.stderr).toContain(`(target: local stack (${testEndpoint}, table ${process.env.TABLE_NAME}, found in ${file}))`);
    expect(result.code).toBe(0);
    expect(Array.isArray(JSON.parse(result.stdout))).toBe(true);
  }, 30_000);

  it.each([
    ['AWS_ENDPOINT_URL_DYNAMODB', { AWS_ENDPOINT_URL_DYNAMODB: testEndpoint }],
    ['DYNAMODB_PORT', { DYNAMODB_PORT: testPort }],
  ])(
    'an explicit %s wins over the stack file',
    async (_name, env) => {
      const file = stackFile('elsewhere', process.pid, 'http://127.0.0.1:1');

      const result = await adminWith(
        { env: { ...env, LOCAL_STACK_FILE: file }, unset: silent.filter((name) => !(name in env)) },
        'workspace',
        'list',
      );

      expect(result.stderr).toContain(`(target: local stack (http://127.0.0.1:${testPort}, table`);
      expect(result.code).toBe(0);
    },
    30_000,
  );

  it('does not trust a stack file whose process is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const file = stackFile('stale', gone, testEndpoint);

    const result = await adminWith({ env: { LOCAL_STACK_FILE: file }, unset: silent }, 'workspace', 'list');

    expect(result.stderr).toContain('(target: local stack (http://127.0.0.1:8000, table');
    expect(result.stderr).not.toContain(testEndpoint);
  }, 30_000);

  it('sandbox reply posts to the API of npm start with its provider-webhook secret, both found in its stack file', async () => {
    const db = testDb();
    const ws = await createTestWorkspace(db, { accounts: 1, groups: {} });
    const account = ws.accounts[0]!;
    const publicId = `${ws.workspaceId}-answers`;
    const identity = {
      workspaceId: ws.workspaceId,
      accountId: account.accountId,
      providerAccountId: account.providerAccountId,
      providerId: `sbx-${publicId}`,
      publicIdentifier: publicId,
    };
    await recordLead(
      db,
      { ...identity, profileUrl: `https://www.linkedin.com/in/${publicId}`, jobId: 'job_1', jobType: 'connect' },
      { invitedAt: new Date().toISOString() },
      new Date(),
    );
    const running = stackFile('with-api', process.pid, testEndpoint, {
      url: process.env.API_BASE_URL!,
      secret: process.env.UNIPILE_WEBHOOK_SECRET!,
    });
    const stopped = stackFile('stopped', spawnSync(process.execPath, ['-e', '0']).pid, testEndpoint, {
      url: process.env.API_BASE_URL!,
      secret: process.env.UNIPILE_WEBHOOK_SECRET!,
    });

    const found = await adminWith(
      { env: { LOCAL_STACK_FILE: running }, unset: silent },
      'sandbox',
      'reply',
      '--workspace',
      ws.workspaceId,
      publicId,
      'Sounds good',
    );
    const notFound = await adminWith(
      {
        env: { LOCAL_STACK_FILE: stopped, AWS_ENDPOINT_URL_DYNAMODB: testEndpoint },
        unset: silent.filter((name) => name !== 'AWS_ENDPOINT_URL_DYNAMODB'),
      },
      'sandbox',
      'reply',
      '--workspace',
      ws.workspaceId,
      publicId,
      'Sounds good',
    );

    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout)).toMatchObject({ answer: { received: true, handled: true, leads: 1 } });
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toMatch(/no running local stack found: start it with `npm start`/);
  }, 60_000);
});
