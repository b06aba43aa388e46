import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(__dirname, '../..');

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface AdminOptions {
  /** Variables given to the CLI on top of the test stack's environment. */
  env?: Record<string, string>;
  /** Variables of the test stack's environment the CLI does not get (a shell that never set them). */
  unset?: string[];
}

/**
 * The admin CLI as a person runs it (`npm run admin -- …` = tsx scripts/admin.ts), against the test
 * stack's table. `npm test` turns the SDK's Node version warning off for itself; a person's shell
 * does not, so neither does the CLI's environment here.
 */
export async function adminWith(options: AdminOptions, ...args: string[]): Promise<AdminRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, STAGE: 'local', ...options.env };
  for (const name of ['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', ...(options.unset ?? [])]) delete env[name];
  try {
    const { stdout, stderr } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/admin.ts', ...args], {
      cwd: root,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as AdminRun;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The admin CLI against the test stack's table (see {@link adminWith}). */
export function admin(...args: string[]): Promise<AdminRun> {
  return adminWith({}, ...args);
}
