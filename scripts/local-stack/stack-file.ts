/**
 * `.local/stack.json`: where the stack of `npm start` listens (ports, endpoints, the API's base URL),
 * so that the tools reaching it from another terminal (the admin CLI) find it on whatever ports it
 * was given. `npm start` writes it once the stack is ready and removes it when it stops; a file whose
 * process is gone (a crash, a kill -9) is not trusted. Only `npm start` writes it: the test suite's
 * stack never replaces a developer's. LOCAL_STACK_FILE puts it elsewhere.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from '../../lib/zod';
import { PROJECT_ROOT } from './project';
import type { LocalStack } from './stack';

export const STACK_FILE_VARIABLE = 'LOCAL_STACK_FILE';

const port = z.int().check(z.minimum(1), z.maximum(65535));
const url = z.string().check(z.minLength(1));

const pid = z.int().check(z.positive());

const stackFileSchema = z.object({
  /** The process of `npm start`, which runs fauxqs and the SES emulator and started the others. */
  pid,
  /** Each other process of the stack, by name (rewritten when one is started again). */
  processes: z.optional(z.object({ dynamodb: z.optional(pid), offline: z.optional(pid), poller: z.optional(pid) })),
  startedAt: z.string(),
  ports: z.object({ http: port, lambda: port, dynamodb: port, fauxqs: port }),
  endpoints: z.object({ api: url, lambda: url, dynamodb: url, sqs: url, s3: url }),
  tableName: z.string().check(z.minLength(1)),
  /** The stack's UNIPILE_WEBHOOK_SECRET: what a call to its provider webhook must carry. */
  providerWebhookSecret: z.string(),
});
export type StackFile = z.output<typeof stackFileSchema>;

/** `.local/stack.json` of the project, or LOCAL_STACK_FILE. */
export function stackFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return env[STACK_FILE_VARIABLE] || path.join(PROJECT_ROOT, '.local', 'stack.json');
}

/** What the file says about a stack started with `withApi`, run by process `pid`. */
export function describeStack(stack: LocalStack, pid: number = process.pid, now: Date = new Date()): StackFile {
  const { env } = stack;
  return {
    pid,
    processes: stack.pids(),
    startedAt: now.toISOString(),
    ports: stack.ports,
    endpoints: {
      api: stack.baseUrl!,
      lambda: env.AWS_ENDPOINT_URL_LAMBDA!,
      dynamodb: env.AWS_ENDPOINT_URL_DYNAMODB!,
      sqs: env.AWS_ENDPOINT_URL_SQS!,
      s3: env.AWS_ENDPOINT_URL_S3!,
    },
    tableName: env.TABLE_NAME!,
    providerWebhookSecret: env.UNIPILE_WEBHOOK_SECRET ?? '',
  };
}

/** Writes the file whole (a reader never sees half of it), readable by its owner only: it holds the webhook secret. */
export function writeStackFile(file: string, content: StackFile): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${content.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, file);
}

function readStackFile(file: string): StackFile | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = stackFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the file while it is still that of process `pid` (another `npm start` may have replaced it since). */
export function removeStackFile(file: string, pid: number = process.pid): void {
  if (readStackFile(file)?.pid === pid) rmSync(file, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running stack's file; undefined when there is none, it is not one `npm start` wrote, or its process is gone. */
export function readRunningStack(file: string = stackFilePath()): StackFile | undefined {
  const stack = readStackFile(file);
  return stack && isRunning(stack.pid) ? stack : undefined;
}
