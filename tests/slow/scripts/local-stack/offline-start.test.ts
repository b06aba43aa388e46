import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerlessOffline } from '../../../../scripts/local-stack/offline';
import { findFreePorts } from '../../../../scripts/local-stack/ports';

/**
 * What `npm start` says while serverless offline starts, and when it does not: a new user on a
 * loaded machine got "did not open the Lambda invoke endpoint within 90 s. Its last output: (it
 * printed nothing)", with no word of what to change. Run here against a stand-in that never listens.
 */
describe('startServerlessOffline, when it does not open its ports in time', () => {
  let project: string;

  beforeEach(() => {
    project = mkdtempSync(path.join(tmpdir(), 'offline-start-'));
    const bin = path.join(project, 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    // A serverless that says nothing and listens on nothing, as it is while it bundles.
    writeFileSync(path.join(bin, 'serverless'), 'setTimeout(() => undefined, 60_000);\n');
    chmodSync(path.join(bin, 'serverless'), 0o755);
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it('says it is starting, and its timeout error names LOCAL_STACK_TIMEOUT_SECONDS', async () => {
    const [port, lambdaPort] = await findFreePorts(2);
    const lines: string[] = [];

    const started = startServerlessOffline({
      projectRoot: project,
      stage: 'local',
      port: port!,
      lambdaPort: lambdaPort!,
      env: { ...process.env, ESBUILD_WORK_FOLDER: path.join(project, '.esbuild') },
      log: (line) => lines.push(line),
      timeoutMs: 1500,
    });

    await expect(started).rejects.toThrow(/within 1\.5 s[\s\S]*set LOCAL_STACK_TIMEOUT_SECONDS/);
    expect(lines[0]).toBe(`[offline] starting: bundling the functions, then opening ports ${lambdaPort} and ${port}`);
  });
});
