import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../../scripts/local-stack/project';
import { serverlessConfigKey } from '../../../../scripts/local-stack/serverless-config';

/**
 * When `npm start` may reuse the printed config instead of running `serverless print` (≈ 5 s of a
 * start): only when serverless.yml reads nothing but the files and the environment.
 */
describe('serverlessConfigKey', () => {
  let dir: string;
  const keyOf = (yml: string, env: NodeJS.ProcessEnv = {}) => {
    writeFileSync(path.join(dir, 'serverless.yml'), yml);
    writeFileSync(path.join(dir, 'package-lock.json'), '{}');
    return serverlessConfigKey(dir, 'local', env);
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'config-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is given for this project's serverless.yml", () => {
    expect(serverlessConfigKey(PROJECT_ROOT, 'local', {})).toEqual(expect.any(String));
  });

  it("is given when a !Sub names CloudFormation's own ${AWS::…} values", () => {
    expect(keyOf("Resource: !Sub 'arn:${AWS::Partition}:sns:${AWS::Region}:${AWS::AccountId}:${self:service}'")).toEqual(
      expect.any(String),
    );
  });

  it('is not given when serverless.yml reads SSM, a file or CloudFormation outputs', () => {
    expect(keyOf('a: ${ssm:/path/to/secret}')).toBeUndefined();
    expect(keyOf('a: ${file(./config.json):x}')).toBeUndefined();
    expect(keyOf('a: ${env:X, cf:stack.output}')).toBeUndefined();
  });

  it("is given when serverless.yml runs the project's own deploy modules, and changes with the definitions they read", () => {
    const yml = 'functions: ${file(./deploy/entries.cjs):functions}';
    mkdirSync(path.join(dir, 'deploy'));
    mkdirSync(path.join(dir, 'lib', 'routes'), { recursive: true });
    writeFileSync(path.join(dir, 'deploy', 'entries.cjs'), 'module.exports = () => ({});');
    writeFileSync(path.join(dir, 'lib', 'routes', 'like.ts'), "export const like = { path: '/like' };");
    const before = keyOf(yml);

    expect(before).toEqual(expect.any(String));
    writeFileSync(path.join(dir, 'lib', 'routes', 'like.ts'), "export const like = { path: '/likes' };");
    expect(keyOf(yml)).not.toBe(before);
    expect(keyOf(`${yml}\nb: \${file(./elsewhere.cjs)}`)).toBeUndefined();
  });

  it('changes with the value of a variable serverless.yml reads, and not with another', () => {
    const yml = 'a: ${env:PORT, 3000}';

    expect(keyOf(yml, { PORT: '3000' })).not.toBe(keyOf(yml, { PORT: '4000' }));
    expect(keyOf(yml, { PORT: '3000', OTHER: '1' })).toBe(keyOf(yml, { PORT: '3000', OTHER: '2' }));
  });
});
