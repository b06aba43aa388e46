import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StackFile } from '../../../scripts/local-stack/stack-file';
import { writeStackFile } from '../../../scripts/local-stack/stack-file';
import { adminWith } from '../../helpers/admin-cli';

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

/** A stack file as `npm start` writes it, for process `pid`, with DynamoDB at `dynamodb`. */
function stackFile(name: string, pid: number, dynamodb: string): string {
  const file = path.join(dir, `${name}.json`);
  const content: StackFile = {
    pid,
    startedAt: new Date().toISOString(),
    ports: { http: 3000, lambda: 3002, dynamodb: Number(new URL(dynamodb).port), fauxqs: 4566 },
    endpoints: { api: 'http://127.0.0.1:3000', lambda: 'http://127.0.0.1:3002', dynamodb, sqs: 'http://127.0.0.1:4566', s3: 'http://127.0.0.1:4566' },
    tableName: process.env.TABLE_NAME!,
    providerWebhookSecret: 'local-webhook-secret',
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
  ])('an explicit %s wins over the stack file', async (_name, env) => {
    const file = stackFile('elsewhere', process.pid, 'http://127.0.0.1:1');

    const result = await adminWith({ env: { ...env, LOCAL_STACK_FILE: file }, unset: silent.filter((name) => !(name in env)) }, 'workspace', 'list');

    expect(result.stderr).toContain(`(target: local stack (http://127.0.0.1:${testPort}, table`);
    expect(result.code).toBe(0);
  }, 30_000);

  it('does not trust a stack file whose process is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const file = stackFile('stale', gone, testEndpoint);

    const result = await adminWith({ env: { LOCAL_STACK_FILE: file }, unset: silent }, 'workspace', 'list');

    expect(result.stderr).toContain('(target: local stack (http://127.0.0.1:8000, table');
    expect(result.stderr).not.toContain(testEndpoint);
  }, 30_000);
});
