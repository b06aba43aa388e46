/**
 * The service as serverless.yml declares it, fully resolved for one stage by the Framework
 * itself (`serverless print`), so the local stack never keeps a second copy of a resource.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { forEachLine, OutputTail, terminate } from './emulators';
import { LocalStackError, StartupAbortedError } from './stack-error';

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
}

export interface SqsEventSource {
  arn: unknown;
  batchSize?: number;
  functionResponseType?: string;
  maximumConcurrency?: number;
  enabled?: boolean;
}

export interface FunctionDefinition {
  handler?: string;
  name?: string;
  timeout?: number;
  events?: Array<Record<string, unknown>>;
}

export interface ServerlessConfig {
  service: string;
  provider: { stage?: string; region?: string; environment?: Record<string, unknown> };
  functions?: Record<string, FunctionDefinition>;
  resources?: { Resources?: Record<string, CfnResource> };
}

/** The path of the `serverless` command installed in the project. */
export function serverlessBin(projectRoot: string): string {
  return path.join(projectRoot, 'node_modules', '.bin', 'serverless');
}

export interface PrintOptions {
  projectRoot: string;
  stage: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/** `serverless print --stage <stage> --format json`, parsed. */
export async function printServerlessConfig(options: PrintOptions): Promise<ServerlessConfig> {
  const child = spawn(process.execPath, [serverlessBin(options.projectRoot), 'print', '--stage', options.stage, '--format', 'json'], {
    cwd: options.projectRoot,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk));
  const stderr = new OutputTail(40);
  forEachLine(child.stderr, (line) => stderr.push(line));
  const onAbort = () => void terminate(child, 'SIGKILL');
  options.signal?.addEventListener('abort', onAbort, { once: true });

  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (exitCode) => resolve(exitCode));
    });
    if (options.signal?.aborted) throw new StartupAbortedError('local stack startup was abandoned');
    const text = stdout.join('');
    if (code !== 0) {
      throw new LocalStackError(
        `\`serverless print --stage ${options.stage}\` failed (exit ${code}); serverless.yml could not be resolved:\n${stderr.text()}\n${text.trim()}`,
      );
    }
    try {
      return JSON.parse(text) as ServerlessConfig;
    } catch {
      throw new LocalStackError(`\`serverless print --stage ${options.stage} --format json\` did not print JSON:\n${text.slice(0, 2000)}`);
    }
  } catch (error) {
    if (error instanceof LocalStackError || error instanceof StartupAbortedError) throw error;
    throw new LocalStackError(`\`serverless\` could not be run (${(error as Error).message}): run \`npm install\`.`);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}

// Variable sources whose value `serverless print` computes from the files and environment alone.
const PURE_SOURCES = new Set(['env', 'opt', 'self', 'param', 'sls']);

/**
 * The files a `${file(./deploy/…)}` of serverless.yml is made from: the project's own modules
 * (deploy/, and the definitions of lib/ they read), each file's path and content.
 */
function deploymentSources(projectRoot: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.(ts|cjs)$/.test(entry.name)) files.push(`${relative}\n${readFileSync(path.join(projectRoot, relative), 'utf8')}`);
    }
  };
  walk('deploy');
  walk('lib');
  return files;
}

/**
 * What the printed config depends on: serverless.yml, the installed Framework and plugins (the
 * lockfile), the stage, the values of the variables that serverless.yml reads with `env:`, and the
 * project's own modules its `${file(./deploy/…)}` runs. Undefined when serverless.yml reads
 * anything else (another file, SSM, CloudFormation outputs, the instance id): that config is
 * printed every time.
 */
export function serverlessConfigKey(projectRoot: string, stage: string, env: NodeJS.ProcessEnv): string | undefined {
  let yml: string;
  let lock = '';
  try {
    yml = readFileSync(path.join(projectRoot, 'serverless.yml'), 'utf8');
    lock = readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8');
  } catch {
    return undefined;
  }
  // `${source:...}` anywhere (nested too), and the fallbacks of each `${a:x, b:y, 'default'}`.
  // `${AWS::Region}` and the like (a double colon) are CloudFormation's, inside a `!Sub`: the
  // Framework leaves them alone, and so does this key.
  const sources = [
    ...[...yml.matchAll(/\$\{\s*([A-Za-z]+)(?=[:(])(?!::)/g)].map((match) => match[1]!),
    ...[...yml.matchAll(/\$\{([^}]*)\}/g)].flatMap((match) =>
      match[1]!.split(',').map((part) => /^\s*([A-Za-z]+)(?=[:(])(?!::)/.exec(part)?.[1] ?? 'literal'),
    ),
  ].filter((source) => source !== 'literal');
  const ownFiles = [...yml.matchAll(/\$\{file\(([^)]*)\)/g)].map((match) => match[1]!);
  const readsOwnModules = ownFiles.length > 0 && ownFiles.every((file) => /^\.\/deploy\/[\w.-]+\.cjs$/.test(file));
  const known = (source: string) => PURE_SOURCES.has(source) || (source === 'file' && readsOwnModules);
  if (sources.some((source) => !known(source)) || /sls:instanceId/.test(yml)) return undefined;
  const variables = [...new Set([...yml.matchAll(/\benv:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!))].sort();
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ stage, node: process.version, env: variables.map((name) => [name, env[name] ?? null]) }));
  hash.update(yml);
  hash.update(lock);
  if (readsOwnModules) for (const source of deploymentSources(projectRoot)) hash.update(source);
  return hash.digest('hex');
}

const CACHE_DIR = (projectRoot: string) => path.join(projectRoot, 'node_modules', '.cache', 'local-stack');
/** How many printed configs to keep (npm start and the tests differ by their environment). */
const CACHE_ENTRIES = 6;

function configCacheFile(projectRoot: string, stage: string, key: string): string {
  return path.join(CACHE_DIR(projectRoot), `serverless-print-${stage}-${key.slice(0, 16)}.json`);
}

function pruneConfigCache(projectRoot: string): void {
  const dir = CACHE_DIR(projectRoot);
  const entries = readdirSync(dir)
    .filter((name) => name.startsWith('serverless-print-') && name.endsWith('.json'))
    .map((name) => ({ file: path.join(dir, name), mtime: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { file } of entries.slice(CACHE_ENTRIES)) rmSync(file, { force: true });
}

/**
 * The resolved config of `stage`: `serverless print` (≈ 1.5 s of CPU), or its output remembered
 * from an earlier run with the same inputs (see `serverlessConfigKey`). LOCAL_STACK_NO_CACHE=1
 * always prints.
 */
export async function loadServerlessConfig(options: PrintOptions): Promise<{ config: ServerlessConfig; cached: boolean }> {
  const key = options.env.LOCAL_STACK_NO_CACHE ? undefined : serverlessConfigKey(options.projectRoot, options.stage, options.env);
  const file = key ? configCacheFile(options.projectRoot, options.stage, key) : undefined;
  if (key && file) {
    try {
      const remembered = JSON.parse(readFileSync(file, 'utf8')) as { key?: string; config?: ServerlessConfig };
      if (remembered.key === key && remembered.config) return { config: remembered.config, cached: true };
    } catch {
      /* nothing remembered yet */
    }
  }
  const config = await printServerlessConfig(options);
  if (key && file) {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      // Written aside then renamed: a concurrent run never reads half a file.
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, JSON.stringify({ key, config }));
      renameSync(partial, file);
      pruneConfigCache(options.projectRoot);
    } catch {
      /* only an optimisation */
    }
  }
  return { config, cached: false };
}

/** The logical id a `Fn::GetAtt [Id, Attr]` (or `Id.Attr`) points to, if `value` is one. */
export function getAttTarget(value: unknown, attribute = 'Arn'): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const getAtt = (value as Record<string, unknown>)['Fn::GetAtt'];
  if (Array.isArray(getAtt) && getAtt.length === 2 && getAtt[1] === attribute && typeof getAtt[0] === 'string') return getAtt[0];
  if (typeof getAtt === 'string' && getAtt.endsWith(`.${attribute}`)) return getAtt.slice(0, -attribute.length - 1);
  return undefined;
}

/** The logical id a `Ref` points to, if `value` is one. */
export function refTarget(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const ref = (value as Record<string, unknown>).Ref;
  return typeof ref === 'string' ? ref : undefined;
}

/** `JobsDeadLetterQueue` → `JOBS_DEAD_LETTER_QUEUE`: how a logical id names its variables. */
export function constantCase(logicalId: string): string {
  return logicalId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
}

/** The functions with an `sqs` event, with that event. */
export function sqsEventSources(config: ServerlessConfig): Array<{ functionKey: string; functionName: string; event: SqsEventSource }> {
  const sources: Array<{ functionKey: string; functionName: string; event: SqsEventSource }> = [];
  for (const [functionKey, definition] of Object.entries(config.functions ?? {})) {
    for (const event of definition.events ?? []) {
      const sqs = event.sqs;
      if (!sqs) continue;
      const source: SqsEventSource = typeof sqs === 'string' ? { arn: sqs } : (sqs as SqsEventSource);
      if (source.enabled === false) continue;
      sources.push({
        functionKey,
        functionName: definition.name ?? `${config.service}-${config.provider.stage}-${functionKey}`,
        event: source,
      });
    }
  }
  return sources;
}
