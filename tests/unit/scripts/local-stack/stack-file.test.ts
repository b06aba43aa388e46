import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StackFile } from '../../../../scripts/local-stack/stack-file';
import { readRunningStack, removeStackFile, stackFilePath, writeStackFile } from '../../../../scripts/local-stack/stack-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'stack-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const content = (pid: number): StackFile => ({
  pid,
  startedAt: '2026-11-20T15:00:00.000Z',
  ports: { http: 3400, lambda: 3402, dynamodb: 8400, fauxqs: 4666 },
  endpoints: {
    api: 'http://127.0.0.1:3400',
    lambda: 'http://127.0.0.1:3402',
    dynamodb: 'http://127.0.0.1:8400',
    sqs: 'http://127.0.0.1:4666',
    s3: 'http://127.0.0.1:4666',
  },
  tableName: 'outreach-api-local',
  providerWebhookSecret: 'local-webhook-secret',
});
const goneProcess = () => spawnSync(process.execPath, ['-e', '0']).pid;

describe('the local stack file', () => {
  it('is .local/stack.json of the project unless LOCAL_STACK_FILE says otherwise', () => {
    expect(stackFilePath({})).toBe(path.resolve(__dirname, '../../../../.local/stack.json'));
    expect(stackFilePath({ LOCAL_STACK_FILE: '/somewhere/stack.json' })).toBe('/somewhere/stack.json');
  });

  it('is read back while its process runs, and is readable by its owner only (it holds the webhook secret)', () => {
    const file = path.join(dir, 'nested', 'stack.json');

    writeStackFile(file, content(process.pid));

    expect(readRunningStack(file)).toEqual(content(process.pid));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('is not trusted once its process is gone, nor when it is missing or not one npm start wrote', () => {
    const stale = path.join(dir, 'stale.json');
    const broken = path.join(dir, 'broken.json');
    const other = path.join(dir, 'other.json');
    writeStackFile(stale, content(goneProcess()));
    writeFileSync(broken, '{"pid": ');
    writeFileSync(other, JSON.stringify({ ...content(process.pid), ports: { http: 'x' } }));

    expect(readRunningStack(stale)).toBeUndefined();
    expect(readRunningStack(broken)).toBeUndefined();
    expect(readRunningStack(other)).toBeUndefined();
    expect(readRunningStack(path.join(dir, 'missing.json'))).toBeUndefined();
  });

  it('is removed by the process that wrote it, and left alone by another (a newer npm start replaced it)', () => {
    const file = path.join(dir, 'stack.json');
    writeStackFile(file, content(process.pid));

    removeStackFile(file, process.pid + 1);
    const kept = readFileSync(file, 'utf8');
    removeStackFile(file, process.pid);

    expect(JSON.parse(kept)).toMatchObject({ pid: process.pid });
    expect(existsSync(file)).toBe(false);
  });
});
