import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(__dirname, '../..');

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The admin CLI as a person runs it (`npm run admin -- …` = tsx scripts/admin.ts), against the test stack's table. */
export async function admin(...args: string[]): Promise<AdminRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, STAGE: 'local' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as AdminRun;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
