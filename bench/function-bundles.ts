/**
 * Every function of the service (deploy/functions.ts) bundled as it is deployed (esbuild with `custom.esbuild`'s
 * options), beside a baseline bundle per function that only creates the AWS SDK clients the
 * function's bundle contains, captured by the X-Ray Tracer as every function's are (lib/tracer.ts)
 * when the function's bundle holds it. Shared by the cold-start and bundle-size benchmarks and the
 * bundle-budget test.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import { parse } from 'yaml';
import { allFunctions } from '../deploy/functions';

const ROOT = path.join(__dirname, '..');

/** The SDK clients a bundle may contain, and how the baseline creates each (`capture` wraps the client as the Tracer's capture, or not). */
const sdkClients: readonly { module: string; source: (capture: (client: string) => string) => string; imports: string[] }[] = [
  {
    module: '@aws-sdk/lib-dynamodb',
    source: (capture) =>
      `DynamoDBDocumentClient.from(${capture('new DynamoDBClient({ maxAttempts: 3 })')}, { marshallOptions: { removeUndefinedValues: true } })`,
    imports: [
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
      "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
    ],
  },
  {
    module: '@aws-sdk/client-sqs',
    source: (capture) => capture('new SQSClient({ maxAttempts: 3 })'),
    imports: ["import { SQSClient } from '@aws-sdk/client-sqs';"],
  },
  {
    module: '@aws-sdk/client-s3',
    source: (capture) => capture('new S3Client({ maxAttempts: 3 })'),
    imports: ["import { S3Client } from '@aws-sdk/client-s3';"],
  },
  {
    module: '@aws-sdk/client-bedrock-runtime',
    source: (capture) => capture('new BedrockRuntimeClient({ maxAttempts: 2 })'),
    imports: ["import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';"],
  },
  // The notifications worker mails through SES: left out, its baseline lacked a client it has (1.36x).
  {
    module: '@aws-sdk/client-sesv2',
    source: (capture) => capture('new SESv2Client({ maxAttempts: 3 })'),
    imports: ["import { SESv2Client } from '@aws-sdk/client-sesv2';"],
  },
];

/** The X-Ray Tracer (Powertools), in the baseline of a function whose bundle holds it. */
const TRACER_MODULE = '@aws-lambda-powertools/tracer';

export interface FunctionBundle {
  /** The function's name (deploy/functions.ts). */
  name: string;
  /** Its handler's file, e.g. functions/http/like.ts. */
  entry: string;
  file: string;
  bytes: number;
  zipBytes: number;
  /** The SDK client modules inside the bundle (`@aws-sdk/client-sqs`, …); the baseline creates these. */
  clients: string[];
  /** The bundle holds the X-Ray Tracer: the baseline captures its clients with it too. */
  traced: boolean;
  /** Every source file bundled, relative to the project (`lib/http/pipeline.ts`, `node_modules/…`), from esbuild's metafile. */
  inputs: string[];
  baseline: { file: string; bytes: number; zipBytes: number };
}

interface ServerlessYml {
  params: { default: Record<string, unknown> };
  custom: { esbuild: Record<string, unknown> };
}

/**
 * esbuild options as serverless-esbuild passes them from custom.esbuild when deployed (its own keys
 * left out): a `${param:name}` value is the default stage's (stage `local` bundles otherwise).
 */
function esbuildOptions(config: ServerlessYml): BuildOptions {
  const deployed = Object.fromEntries(
    Object.entries(config.custom.esbuild).map(([key, value]) => {
      const param = typeof value === 'string' ? /^\$\{param:(\w+)\}$/.exec(value)?.[1] : undefined;
      return [key, param === undefined ? value : config.params.default[param]];
    }),
  );
  const { bundle, minify, sourcemap, target, platform, format, packages } = deployed as BuildOptions;
  return { bundle, minify, sourcemap, target, platform, format, packages, logLevel: 'silent', metafile: true, absWorkingDir: ROOT };
}

/** Size of a .zip holding `bytes` as one deflated file named `name` (local header, data, central directory, end record). */
export function zipSize(name: string, bytes: Buffer): number {
  const nameBytes = Buffer.byteLength(name);
  return 30 + nameBytes + deflateRawSync(bytes, { level: 9 }).length + 46 + nameBytes + 22;
}

function baselineSource(clients: string[], traced: boolean): string {
  const used = sdkClients.filter((client) => clients.includes(client.module));
  const capture = traced ? (client: string) => `tracer.captureAWSv3Client(${client})` : (client: string) => client;
  return [
    ...used.flatMap((client) => client.imports),
    ...(traced ? [`import { Tracer } from '${TRACER_MODULE}';`, 'const tracer = new Tracer();'] : []),
    ...used.map((client, index) => `export const client${index} = ${client.source(capture)};`),
    'export const handler = async () => undefined;',
    '',
  ].join('\n');
}

let built: Promise<{ dir: string; bundles: FunctionBundle[] }> | undefined;

/**
 * Bundles every function and its baseline into a temporary folder (once per process); `cleanUp`
 * removes it. Two esbuild calls: all functions, then all distinct baselines.
 */
export function bundleFunctions(): Promise<{ dir: string; bundles: FunctionBundle[] }> {
  built ??= (async () => {
    const config = parse(readFileSync(path.join(ROOT, 'serverless.yml'), 'utf8'), { logLevel: 'error' }) as ServerlessYml;
    const options = esbuildOptions(config);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'outreach-bundles-'));
    const functions = allFunctions.map((fn) => ({ name: fn.name, entry: fn.entry }));
    const result = await build({
      ...options,
      entryPoints: Object.fromEntries(functions.map((fn) => [fn.name, fn.entry])),
      outdir: path.join(dir, 'functions'),
    });

    // The metafile's paths are relative to absWorkingDir, the project.
    const inputsOf = (name: string): string[] =>
      Object.keys(result.metafile!.outputs[path.relative(ROOT, path.join(dir, 'functions', `${name}.js`))]?.inputs ?? {});
    const clientsIn = (inputs: string[]): string[] =>
      sdkClients.map((client) => client.module).filter((module) => inputs.some((input) => input.includes(`node_modules/${module}/`)));
    const withClients = functions.map((fn) => {
      const inputs = inputsOf(fn.name);
      const clients = clientsIn(inputs);
      return {
        ...fn,
        inputs,
        clients,
        traced: clients.length > 0 && inputs.some((input) => input.includes(`node_modules/${TRACER_MODULE}/`)),
      };
    });
    const baselineKey = (fn: { clients: string[]; traced: boolean }) => `${fn.clients.join('+') || 'none'}${fn.traced ? '+traced' : ''}`;
    const baselineNames = [...new Set(withClients.map(baselineKey))];
    const baselineDir = path.join(dir, 'baselines');
    const sourceDir = path.join(dir, 'baseline-sources');
    mkdirSync(sourceDir, { recursive: true });
    const entries: Record<string, string> = {};
    for (const [index, key] of baselineNames.entries()) {
      const file = path.join(sourceDir, `baseline-${index}.ts`);
      const [clients, traced] = [key.replace(/\+traced$/, ''), key.endsWith('+traced')];
      writeFileSync(file, baselineSource(clients === 'none' ? [] : clients.split('+'), traced));
      entries[`baseline-${index}`] = file;
    }
    // Resolved from the project, like the functions' own imports.
    await build({ ...options, entryPoints: entries, outdir: baselineDir, nodePaths: [path.join(ROOT, 'node_modules')] });

    const sizes = (file: string) => {
      const bytes = readFileSync(file);
      return { file, bytes: bytes.length, zipBytes: zipSize(path.basename(file), bytes) };
    };
    const bundles = withClients.map((fn): FunctionBundle => {
      const own = sizes(path.join(dir, 'functions', `${fn.name}.js`));
      const baseline = sizes(path.join(baselineDir, `baseline-${baselineNames.indexOf(baselineKey(fn))}.js`));
      return { name: fn.name, entry: fn.entry, clients: fn.clients, traced: fn.traced, inputs: fn.inputs, ...own, baseline };
    });
    return { dir, bundles };
  })();
  return built;
}

/** Removes the bundles' temporary folder. */
export async function cleanUpBundles(): Promise<void> {
  if (!built) return;
  const { dir } = await built;
  built = undefined;
  rmSync(dir, { recursive: true, force: true });
}

/** The short names of a bundle's clients: `DynamoDB+SQS`, and `, traced` when the Tracer captures them. */
export function clientLabel(clients: string[], traced = false): string {
  const short: Record<string, string> = {
    '@aws-sdk/lib-dynamodb': 'DynamoDB',
    '@aws-sdk/client-sqs': 'SQS',
    '@aws-sdk/client-s3': 'S3',
    '@aws-sdk/client-bedrock-runtime': 'Bedrock',
  };
  return `${clients.map((client) => short[client] ?? client).join('+') || 'none'}${traced ? ', traced' : ''}`;
}
