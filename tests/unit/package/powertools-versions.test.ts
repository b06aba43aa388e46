import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Powertools for AWS Lambda packages are released together and share @aws-lambda-powertools/commons:
 * two versions side by side bundle two copies of it (and of its per-invocation state) into a
 * function. So every one is pinned to the same exact version, and the lockfile holds that version
 * only, commons included.
 */
const root = join(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };

const isPowertools = (name: string) => name.startsWith('@aws-lambda-powertools/');

describe('the Powertools for AWS Lambda packages', () => {
  const declared = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(([name]) => isPowertools(name));

  it('are declared at one exact version', () => {
    const versions = new Set(declared.map(([, version]) => version));

    expect(declared.map(([name]) => name)).toEqual(
      expect.arrayContaining(['@aws-lambda-powertools/logger', '@aws-lambda-powertools/metrics']),
    );
    expect(versions.size).toBe(1);
    expect([...versions][0]).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('are installed at that version only, commons included', () => {
    const [[, version]] = declared as [[string, string]];
    const installed = Object.entries(lock.packages)
      .filter(([path]) => isPowertools(path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)))
      .map(([path, entry]) => [path, entry.version]);

    expect(installed.map(([path]) => path)).toContain('node_modules/@aws-lambda-powertools/commons');
    expect(installed.filter(([, installedVersion]) => installedVersion !== version)).toEqual([]);
  });
});
